// Recurring schedules and whole-day open/close. The plan (domain planSchedule) is computed
// from the boat's slots in the pattern's range; creation recomputes it inside a transaction
// that locks the boat row, so two operators creating at once queue, and what is created is
// exactly what a preview at that moment shows.
import { canaryDayRange } from '@boats/domain/canary-time';
import { eurosToCents } from '@boats/domain/money';
import type { scheduleInputSchema, SchedulePlanDto } from '@boats/domain/schemas/schedule';
import { cutoffOfNewTrip } from '@boats/domain/trip-state';
import { planSchedule, type SchedulePlan } from '@boats/domain/weekly-schedule';
import { and, asc, count, eq, gte, inArray, isNotNull, isNull, lt } from 'drizzle-orm';
import type { z } from 'zod';
import { isUuid } from '@boats/domain/schemas/common';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { boats, slots } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../http/errors';
import { isExclusionViolation } from '../slots/admin-slot-service';
import type { BoatRow } from '../boats/boat-repository';
import { boatsInScope, type OwnerScope } from '../owner-scope/owner-scope';

type ScheduleInput = z.output<typeof scheduleInputSchema>;

/** The boat, locked, in the caller's scope: another owner's boat is not found. */
async function lockedBoat(db: Db, scope: OwnerScope, boatId: string): Promise<BoatRow> {
  const [boat] = isUuid(boatId)
    ? await db
        .select()
        .from(boats)
        .where(and(eq(boats.id, boatId), boatsInScope(scope)))
        .for('update')
    : [];
  if (!boat) throw notFound('Boat');
  return boat;
}

// `reason` and the boat's limits let the back office say the refusal in the operator's language.
function checkAgainstBoat(input: ScheduleInput, boat: BoatRow): void {
  // A charter's slots are hours it chains (domain charter.ts): only a shared trip, one slot, is
  // held to the boat's shortest; no slot may be longer than its longest.
  const min = input.type === 'shared' ? boat.minDurationHours : Math.min(boat.minDurationHours, 1);
  if (input.durationHours < min || input.durationHours > boat.maxDurationHours) {
    throw badRequest(
      'schedule_invalid',
      `Duration must be between ${min} and ${boat.maxDurationHours} hours for this boat`,
      { field: 'durationHours', reason: 'duration', min, max: boat.maxDurationHours },
    );
  }
  if (input.type === 'shared' && input.seatsTotal > boat.capacity) {
    throw badRequest('schedule_invalid', `At most ${boat.capacity} seats on this boat`, {
      field: 'seatsTotal',
      reason: 'capacity',
      capacity: boat.capacity,
    });
  }
  // Fewer seats than the minimum to depart: every trip would be canceled at its cutoff.
  if (input.type === 'shared' && input.seatsTotal < boat.sharedMinSeatsToDepart) {
    throw badRequest(
      'schedule_invalid',
      `At least ${boat.sharedMinSeatsToDepart} seats: the boat's minimum to depart`,
      { field: 'seatsTotal', reason: 'minimum', minimum: boat.sharedMinSeatsToDepart },
    );
  }
}

async function planFor(db: Db, boatId: string, input: ScheduleInput, now: Date): Promise<SchedulePlan> {
  // Slots up to a day either side of the range can overlap occurrences near its edges.
  const start = canaryDayRange(input.from).start;
  const end = canaryDayRange(input.to).end;
  const existing = await db
    .select({ start: slots.startsAt, end: slots.endsAt })
    .from(slots)
    .where(
      and(
        eq(slots.boatId, boatId),
        lt(slots.startsAt, new Date(end.getTime() + 86_400_000)),
        gte(slots.endsAt, new Date(start.getTime() - 86_400_000)),
        // A canceled trip no longer takes its time.
        isNull(slots.canceledAt),
      ),
    );
  return planSchedule(input, existing, now);
}

/** Each trip to create says whether it will have a minimum-to-depart cutoff (domain trip-state). */
const toDto = (plan: SchedulePlan, input: ScheduleInput, boat: BoatRow, now: Date): SchedulePlanDto => ({
  create: plan.create.map((s) => ({
    start: s.start.toISOString(),
    end: s.end.toISOString(),
    lastMinute:
      input.type === 'shared' &&
      cutoffOfNewTrip(
        s.start,
        { minSeatsToDepart: boat.sharedMinSeatsToDepart, cutoffHours: boat.cutoffHours },
        now,
      ).kind === 'last_minute',
  })),
  skipped: plan.skipped.map((s) => ({
    start: s.start.toISOString(),
    end: s.end.toISOString(),
    reason: s.reason,
  })),
});

export async function previewSchedule(
  ctx: AppContext,
  scope: OwnerScope,
  boatId: string,
  input: ScheduleInput,
): Promise<SchedulePlanDto> {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const boat = await lockedBoat(tx, scope, boatId);
    checkAgainstBoat(input, boat);
    return toDto(await planFor(tx, boatId, input, now), input, boat, now);
  });
}

export async function createSchedule(
  ctx: AppContext,
  scope: OwnerScope,
  boatId: string,
  input: ScheduleInput,
): Promise<SchedulePlanDto & { createdIds: string[] }> {
  const now = ctx.now();
  try {
    return await insertPlanned(ctx, scope, boatId, input, now);
  } catch (err) {
    // A single slot saved at the same moment slipped in between: nothing was created.
    if (isExclusionViolation(err))
      throw conflict('slot_overlap', 'A slot was added meanwhile; preview again');
    throw err;
  }
}

async function insertPlanned(
  ctx: AppContext,
  scope: OwnerScope,
  boatId: string,
  input: ScheduleInput,
  now: Date,
) {
  return ctx.db.transaction(async (tx) => {
    const boat = await lockedBoat(tx, scope, boatId);
    checkAgainstBoat(input, boat);
    const plan = await planFor(tx, boatId, input, now);
    const shared = input.type === 'shared';
    const created =
      plan.create.length === 0
        ? []
        : await tx
            .insert(slots)
            .values(
              plan.create.map((s) => ({
                boatId,
                type: input.type,
                startsAt: s.start,
                endsAt: s.end,
                seatsTotal: shared ? input.seatsTotal : 0,
                seatPriceCents: shared ? eurosToCents(input.seatPrice) : 0,
                scheduledAt: now,
              })),
            )
            .returning({ id: slots.id });
    return { ...toDto(plan, input, boat, now), createdIds: created.map((c) => c.id) };
  });
}

/**
 * Opens or closes every slot of the boat starting on that Canary day; answers how many changed
 * and how many canceled trips it left closed (a canceled trip is final: nothing reopens it).
 */
export async function setDayOpen(
  ctx: AppContext,
  scope: OwnerScope,
  boatId: string,
  date: string,
  isOpen: boolean,
): Promise<{ updated: number; canceled: number }> {
  return ctx.db.transaction(async (tx) => {
    await lockedBoat(tx, scope, boatId);
    const day = canaryDayRange(date);
    const ofTheDay = and(
      eq(slots.boatId, boatId),
      gte(slots.startsAt, day.start),
      lt(slots.startsAt, day.end),
    );
    // Several trips' rows: locked by id first, as every path that locks several does (lock-order.ts).
    const ids = await tx
      .select({ id: slots.id })
      .from(slots)
      .where(and(ofTheDay, eq(slots.isOpen, !isOpen), isNull(slots.canceledAt)))
      .orderBy(asc(slots.id))
      .for('update');
    const changed =
      ids.length === 0
        ? []
        : await tx
            .update(slots)
            .set({ isOpen, updatedAt: ctx.now() })
            .where(
              inArray(
                slots.id,
                ids.map((r) => r.id),
              ),
            )
            .returning({ id: slots.id });
    const [canceled] = await tx
      .select({ n: count() })
      .from(slots)
      .where(and(ofTheDay, isNotNull(slots.canceledAt)));
    return { updated: changed.length, canceled: canceled?.n ?? 0 };
  });
}
