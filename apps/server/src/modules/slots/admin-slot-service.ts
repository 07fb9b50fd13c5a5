// Admin slot rules. The form rules are the shared newSlotProblems (the modal runs the same);
// on top, what only the server knows: seats already sold or held, paid bookings on the slot,
// and concurrent writers (the slot row is locked, and the EXCLUDE constraint refuses overlaps
// that slip past the check between two transactions).
import { bookingReference } from '@boats/domain/booking-reference';
import { eurosToCents } from '@boats/domain/money';
import type { AdminSlot, AdminSlotSave } from '@boats/domain/schemas/admin-slot';
import {
  hasSlotProblems,
  newSlotProblems,
  type SlotField,
  type SlotProblemCode,
  type SlotProblems,
} from '@boats/domain/schemas/slot';
import { count, eq } from 'drizzle-orm';
import { isUuid } from '@boats/domain/schemas/common';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { tripCancellationBookings, tripCancellations } from '../../db/schema';
import { badRequest, conflict, DomainError, notFound } from '../../http/errors';
import { emitEvent } from '../events/domain-events';
import { findBoat, type BoatRow } from '../boats/boat-repository';
import type { OwnerScope } from '../owner-scope/owner-scope';
import { seatsLeft } from '../occupancy/occupancy';
import { toAdminSlotDto } from './admin-slot-mapper';
import { slotProblemsText, slotProblemText } from './slot-problem-messages';
import {
  deleteSlot,
  insertSlot,
  listSlotsStartingIn,
  liveHoldsOnSlot,
  lockSlot,
  paidBookingsOnSlot,
  slotsOverlapping,
  updateSlot,
  withUsage,
  type NewSlotRow,
  type PaidBookingRef,
  type SlotRow,
} from './slot-repository';

const shortRef = (id: string) => `#${bookingReference(id)}`;

function overlapError(): DomainError {
  return conflict('slot_overlap', 'The slot overlaps another slot of this boat');
}

/** PostgreSQL exclusion_violation (23P01), possibly wrapped by the driver or drizzle. */
export function isExclusionViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: unknown } | undefined;
  if (!e) return false;
  if (e.code === '23P01') return true;
  return e.cause !== undefined && e.cause !== err && isExclusionViolation(e.cause);
}

function paidBookingsError(action: 'delete' | 'move', refs: PaidBookingRef[]): DomainError {
  const names = refs
    .map((b) => `${shortRef(b.id)}${b.customerName ? ` (${b.customerName})` : ''}`)
    .join(', ');
  const what = action === 'delete' ? 'deleted' : 'moved or retyped';
  return conflict(
    'slot_has_paid_bookings',
    `This slot cannot be ${what} while it has paid bookings: ${names}. Cancel them first.`,
    {
      bookings: refs.map((b) => ({
        _id: b.id,
        ref: shortRef(b.id),
        customerName: b.customerName,
        status: b.status,
      })),
    },
  );
}

/** Paid customers keep their trip, and a checkout in progress must not lose its slot. */
async function assertNoBookings(tx: Db, slotId: string, action: 'delete' | 'move', now: Date): Promise<void> {
  const paid = await paidBookingsOnSlot(tx, slotId);
  if (paid.length > 0) throw paidBookingsError(action, paid);
  const holds = await liveHoldsOnSlot(tx, slotId, now);
  if (holds.length > 0) {
    const until = Math.max(...holds.map((h) => h.holdExpiresAt?.getTime() ?? now.getTime()));
    const minutes = Math.max(1, Math.ceil((until - now.getTime()) / 60_000));
    throw conflict(
      'slot_has_checkouts',
      `A customer is paying for this slot right now; try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      { bookings: holds.map((h) => ({ _id: h.id, ref: shortRef(h.id) })) },
    );
  }
}

/** The boat, in the caller's scope: another owner's boat is not found. */
async function boatOr404(db: Db, scope: OwnerScope, boatId: string): Promise<BoatRow> {
  const boat = isUuid(boatId) ? await findBoat(db, scope, boatId) : undefined;
  if (!boat) throw notFound('Boat');
  return boat;
}

function rejectProblems(problems: SlotProblems, boat: BoatRow): void {
  if (!hasSlotProblems(problems)) return;
  const { overlaps, rest } = splitOverlap(problems);
  if (hasSlotProblems(rest)) {
    // Each problem also names its field, so a form puts the message under it.
    const fields = (Object.entries(rest) as [SlotField, SlotProblemCode][]).map(([field, code]) => ({
      path: `body.${field}`,
      message: slotProblemText(field, code, boat),
    }));
    throw new DomainError(400, 'slot_invalid', slotProblemsText(rest, boat), { problems: rest }, fields);
  }
  if (overlaps) throw overlapError();
}

function splitOverlap(problems: SlotProblems): { overlaps: boolean; rest: SlotProblems } {
  const rest = { ...problems };
  const overlaps = rest.start === 'overlaps';
  if (overlaps) delete rest.start;
  return { overlaps, rest };
}

export async function listAdminSlots(
  ctx: AppContext,
  scope: OwnerScope,
  boatId: string,
  range: { start: Date; end: Date },
): Promise<AdminSlot[]> {
  const boat = await boatOr404(ctx.db, scope, boatId);
  const now = ctx.now();
  return (await listSlotsStartingIn(ctx.db, boatId, range, now)).map((row) => toAdminSlotDto(row, boat, now));
}

/**
 * A canceled trip is final (docs/back-office.md, the operator's day): nothing opens, moves or
 * edits it again, and deleting it would lose the record of its customers. The operator adds a
 * new trip instead; the canceled one no longer takes its time.
 */
async function tripCanceledError(tx: Db, slot: SlotRow, action: 'edit' | 'delete'): Promise<DomainError> {
  const [record] = await tx.select().from(tripCancellations).where(eq(tripCancellations.slotId, slot.id));
  const cause = record?.cause ?? 'weather';
  const why = cause === 'minimum' ? 'by the minimum-to-depart cutoff' : 'by the operator';
  const what = action === 'delete' ? 'kept for the record of its customers' : 'final';
  return conflict(
    'trip_canceled',
    `This trip was canceled ${why} on ${slot.canceledAt?.toISOString() ?? ''} (${slot.cancelReason ?? ''}); a canceled trip is ${what}. Add a new trip instead.`,
    {
      reason: action === 'delete' ? 'delete' : cause,
      canceledAt: slot.canceledAt?.toISOString() ?? null,
      cancelReason: slot.cancelReason ?? '',
    },
  );
}

function columnsOf(input: AdminSlotSave): Omit<NewSlotRow, 'boatId'> {
  const shared = input.type === 'shared';
  return {
    type: input.type,
    startsAt: new Date(input.start),
    endsAt: new Date(input.end),
    isOpen: input.isOpen,
    // A private slot is the whole boat: it has no seats or seat price.
    seatPriceCents: shared ? eurosToCents(input.seatPrice) : 0,
    seatsTotal: shared ? input.seatsTotal : 0,
    seatsTaken: shared ? input.seatsTaken : 0,
  };
}

function checkSeatCounts(input: AdminSlotSave): void {
  if (input.type === 'shared' && input.seatsTaken > input.seatsTotal) {
    throw badRequest('slot_invalid', 'Taken seats cannot exceed the total', {
      problems: { seatsTaken: 'aboveTotal' },
    });
  }
}

export async function saveAdminSlot(
  ctx: AppContext,
  scope: OwnerScope,
  boatId: string,
  input: AdminSlotSave,
): Promise<AdminSlot> {
  const now = ctx.now();
  checkSeatCounts(input);
  try {
    const saved = await ctx.db.transaction(async (tx) => {
      const boat = await boatOr404(tx, scope, boatId);
      const values = columnsOf(input);
      const start = values.startsAt;
      const end = values.endsAt;
      const neighbours = async (ignore?: string) =>
        (await slotsOverlapping(tx, boatId, start, end > start ? end : start))
          .filter((s) => s.id !== ignore)
          .map((s) => ({ _id: s.id, start: s.startsAt, end: s.endsAt }));
      const rules = {
        minDurationHours: boat.minDurationHours,
        maxDurationHours: boat.maxDurationHours,
        capacity: boat.capacity,
        minSeatsToDepart: boat.sharedMinSeatsToDepart,
        now,
      };

      if (!input._id) {
        rejectProblems(newSlotProblems(input, { ...rules, daySlots: await neighbours() }), boat);
        return { boat, row: await insertSlot(tx, { ...values, boatId, scheduledAt: now }) };
      }

      const current = isUuid(input._id) ? await lockSlot(tx, boatId, input._id) : undefined;
      if (!current) throw notFound('Slot');
      if (current.canceledAt) throw await tripCanceledError(tx, current, 'edit');
      const moved =
        current.startsAt.getTime() !== start.getTime() ||
        current.endsAt.getTime() !== end.getTime() ||
        current.type !== input.type;
      if (moved) {
        // A moved slot must obey the rules of a new one, and paid customers keep their trip.
        rejectProblems(
          newSlotProblems(input, {
            ...rules,
            daySlots: await neighbours(current.id),
            ignoreSlotId: current.id,
          }),
          boat,
        );
        await assertNoBookings(tx, current.id, 'move', now);
      } else {
        // Same times: only the seat rules apply, so an existing or started slot can still be
        // closed or have its seats corrected.
        const problems = newSlotProblems(input, {
          daySlots: [],
          capacity: boat.capacity,
          minSeatsToDepart: boat.sharedMinSeatsToDepart,
          now,
          allowPast: true,
        });
        delete problems.start;
        delete problems.end;
        rejectProblems(problems, boat);
      }
      await checkSeatsNotUndercut(tx, current, input, now);
      // A moved trip is scheduled anew: its cutoff follows from now (domain trip-state).
      const row = await updateSlot(tx, current.id, {
        ...values,
        ...(moved ? { scheduledAt: now } : {}),
        updatedAt: now,
      });
      return { boat, row };
    });
    const [withCounts] = await withUsage(ctx.db, [saved.row], now);
    return toAdminSlotDto(withCounts!, saved.boat, now);
  } catch (err) {
    if (isExclusionViolation(err)) throw overlapError();
    throw err;
  }
}

async function checkSeatsNotUndercut(
  tx: Db,
  current: SlotRow,
  input: AdminSlotSave,
  now: Date,
): Promise<void> {
  if (input.type !== 'shared') return;
  const [usage] = await withUsage(tx, [current], now);
  const sold = usage?.seatsSold ?? 0;
  const held = usage?.seatsHeld ?? 0;
  if (input.seatsTaken < sold) {
    throw conflict(
      'seats_sold',
      `${sold} seat${sold === 1 ? ' is' : 's are'} already sold on this trip, so taken seats cannot go below ${sold}`,
      { seatsSold: sold, seatsHeld: held },
    );
  }
  if (seatsLeft(input, held) < 0) {
    throw conflict(
      'seats_held',
      `Total seats cannot be below ${input.seatsTaken + held}: ${input.seatsTaken} taken and ${held} held by checkouts in progress`,
      { seatsSold: sold, seatsHeld: held },
    );
  }
}

/**
 * Deletes a slot nobody has paid for or is paying for (those bookings are canceled first, by
 * the trip cancellation, so their customers are told and refunded). The reason and the admin
 * are recorded in the same transaction as a `slot.deleted` event.
 */
export async function deleteAdminSlot(
  ctx: AppContext,
  scope: OwnerScope,
  boatId: string,
  slotId: string,
  by: { reason: string; actor: string },
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await boatOr404(tx, scope, boatId);
    const current = isUuid(slotId) ? await lockSlot(tx, boatId, slotId) : undefined;
    if (!current) throw notFound('Slot');
    if (current.canceledAt && (await customersOfCanceledTrip(tx, current.id)) > 0)
      throw await tripCanceledError(tx, current, 'delete');
    await assertNoBookings(tx, current.id, 'delete', ctx.now());
    await deleteSlot(tx, current.id);
    await emitEvent(tx, {
      kind: 'slot.deleted',
      bookingId: null,
      payload: {
        slotId: current.id,
        boatId,
        type: current.type,
        start: current.startsAt.toISOString(),
        end: current.endsAt.toISOString(),
        reason: by.reason,
        actor: by.actor,
      },
    });
  });
}

async function customersOfCanceledTrip(tx: Db, slotId: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(tripCancellationBookings)
    .where(eq(tripCancellationBookings.slotId, slotId));
  return row?.n ?? 0;
}
