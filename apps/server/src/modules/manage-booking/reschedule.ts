// The customer changes the date of their own booking (docs/payments.md#the-customer-changes-the-date):
// the boat's reschedule policy says whether and until when, the domain's move rules say which
// trips and at what price, and the lifecycle's one move (moveToTrip) does it. Equal or cheaper:
// moved at once, the difference refunded through the ledger.
import { centsToEuros } from '@boats/domain/money';
import {
  effectiveReschedulePolicy,
  rescheduleEligibility,
  reschedulePolicyWire,
  rescheduleQuote,
  type RescheduleEligibility,
} from '@boats/domain/reschedule-policy';
import type { RescheduleOffers } from '@boats/domain/schemas/manage-booking';
import { MOVE_HORIZON_DAYS, moveTargetVerdict, type MoveTarget } from '@boats/domain/trip-move';
import type { BookingPrice } from '@boats/domain/pricing';
import { and, asc, count, eq, gt, isNull, lt, ne } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { bookingHistory, boats, slots } from '../../db/schema';
import { conflict } from '../../http/errors';
import { heldSeatsOn, seatsLeft } from '../occupancy/occupancy';
import { findBooking, lockBookingRow, type BookingRow } from '../bookings/booking-repository';
import { lockSlots } from '../bookings/capacity';
import { moveToTrip } from '../bookings/lifecycle';
import { completeRefund, requestRefund } from '../bookings/refunds';
import { ledgerFrom, paymentsOf, refundsOf } from '../payments/ledger';
import type { BoatRow } from '../boats/boat-repository';
import type { BookingExtraRow } from '../bookings/schema';
import { localeTexts } from '../../locale-texts';
import { LANGUAGES } from '@boats/domain/languages';
import type { LocalizedText } from '@boats/domain/schemas/boat';

const HOUR = 3_600_000;
const emailTexts = localeTexts('email');

/**
 * The fee of a change as a line of the booking's extras (the owner's, shared like the trip): it
 * shows wherever the booking's price is broken down, and a later change keeps it as paid.
 */
function feeLine(booking: BookingRow, feeCents: number): BookingExtraRow {
  const n = booking.extras.filter((line) => line.id.startsWith('change-fee')).length + 1;
  return {
    id: `change-fee-${n}`,
    name: Object.fromEntries(
      LANGUAGES.map((lng) => [lng, emailTexts(lng)('rescheduled.feeLine')]),
    ) as LocalizedText,
    per: 'booking',
    provider: 'owner',
    quantity: 1,
    unitCents: feeCents,
    totalCents: feeCents,
  };
}
const MAX_OPTIONS = 12;

type Standing = {
  boat: BoatRow;
  eligibility: RescheduleEligibility;
  heldCents: number;
  feeCents: number;
};

/** The booking's policy, whether it may move now, and what it holds (read in `db`). */
async function standingOf(db: Db, booking: BookingRow, now: Date): Promise<Standing> {
  const [[boat], paymentRows, refundRows, [moved]] = await Promise.all([
    db.select().from(boats).where(eq(boats.id, booking.boatId)),
    paymentsOf(db, booking.id),
    refundsOf(db, booking.id),
    db
      .select({ n: count() })
      .from(bookingHistory)
      .where(and(eq(bookingHistory.bookingId, booking.id), eq(bookingHistory.code, 'rescheduled'))),
  ]);
  if (!boat) throw new Error('booking without its boat');
  const policy = effectiveReschedulePolicy(boat.reschedulePolicy);
  const eligibility = rescheduleEligibility(
    policy,
    {
      status: booking.status,
      type: booking.type,
      startsAt: booking.startsAt,
      timesMoved: moved?.n ?? 0,
      // Money received or still owed (a reseller's on account is settled later), never a refused card.
      paidWith: paymentRows
        .filter((p) => p.status !== 'failed' && p.status !== 'canceled')
        .map((p) => p.method),
    },
    now,
  );
  return {
    boat,
    eligibility,
    heldCents: ledgerFrom(paymentRows, refundRows).refundableCents,
    feeCents: policy.feeCents,
  };
}

type Option = {
  slotId: string;
  startsAt: Date;
  endsAt: Date;
  seatsLeft: number;
  price: BookingPrice;
  extrasCents: number;
  discountCents: number;
  newTotalCents: number;
  differenceCents: number;
};

/**
 * The trips `booking` may move to now, soonest first: the same boat's open shared trips with room
 * for the party (the domain's moveTargetVerdict decides), `onlySlot` to price one of them.
 */
async function optionsFor(
  db: Db,
  booking: BookingRow,
  standing: Standing,
  now: Date,
  onlySlot?: string,
): Promise<Option[]> {
  const rows = await db
    .select({ slot: slots, seatsHeld: heldSeatsOn(slots.id, now) })
    .from(slots)
    .where(
      and(
        eq(slots.boatId, booking.boatId),
        eq(slots.type, 'shared'),
        eq(slots.isOpen, true),
        isNull(slots.canceledAt),
        booking.slotId ? ne(slots.id, booking.slotId) : undefined,
        onlySlot ? eq(slots.id, onlySlot) : undefined,
        gt(slots.startsAt, now),
        lt(slots.startsAt, new Date(now.getTime() + MOVE_HORIZON_DAYS * 24 * HOUR)),
      ),
    )
    .orderBy(asc(slots.startsAt))
    .limit(60);
  const extrasCents = booking.extras.reduce((sum, line) => sum + line.totalCents, 0);
  const options: Option[] = [];
  for (const { slot, seatsHeld } of rows) {
    const target: MoveTarget = {
      boatId: slot.boatId,
      type: slot.type,
      startsAt: slot.startsAt,
      endsAt: slot.endsAt,
      seatPriceCents: slot.seatPriceCents,
      priceRules: standing.boat.priceRules,
      isOpen: slot.isOpen,
      canceled: slot.canceledAt !== null,
      seatsLeft: seatsLeft(slot, Number(seatsHeld)),
    };
    const verdict = moveTargetVerdict(booking, target, now);
    if (!verdict.ok) continue;
    const quote = rescheduleQuote({
      tripCents: verdict.price.amountCents,
      extrasCents,
      discountCents: booking.discountCents,
      feeCents: standing.feeCents,
      heldCents: standing.heldCents,
    });
    options.push({
      slotId: slot.id,
      startsAt: slot.startsAt,
      endsAt: slot.endsAt,
      seatsLeft: target.seatsLeft,
      price: verdict.price,
      extrasCents,
      discountCents: Math.min(booking.discountCents, verdict.price.amountCents + extrasCents),
      ...quote,
    });
  }
  return options.slice(0, MAX_OPTIONS);
}

/** What manage my booking shows before the customer starts: the policy, and the trips. */
export async function rescheduleOffers(ctx: AppContext, booking: BookingRow): Promise<RescheduleOffers> {
  const now = ctx.now();
  const standing = await standingOf(ctx.db, booking, now);
  const { eligibility } = standing;
  const options = eligibility.ok ? await optionsFor(ctx.db, booking, standing, now) : [];
  return {
    policy: reschedulePolicyWire(effectiveReschedulePolicy(standing.boat.reschedulePolicy)),
    allowed: eligibility.ok,
    reason: eligibility.ok ? null : eligibility.reason,
    closesAt: eligibility.closesAt?.toISOString() ?? null,
    timesLeft: eligibility.ok ? eligibility.timesLeft : 0,
    paid: centsToEuros(standing.heldCents),
    options: options.map((o) => ({
      slotId: o.slotId,
      start: o.startsAt.toISOString(),
      end: o.endsAt.toISOString(),
      seatsLeft: o.seatsLeft,
      tripPrice: centsToEuros(o.price.amountCents),
      extras: centsToEuros(o.extrasCents),
      discount: centsToEuros(o.discountCents),
      fee: centsToEuros(standing.feeCents),
      newTotal: centsToEuros(o.newTotalCents),
      difference: centsToEuros(o.differenceCents),
    })),
  };
}

/**
 * Moves the booking to `slotId` when the move costs what the customer was shown and no more than
 * the booking holds; the difference of a cheaper trip is refunded. Lock order
 * (docs/architecture.md#concurrency): both trips by id, then the booking, so a checkout for the
 * target's last seats and this move queue on the target's row and exactly one gets them.
 */
export async function rescheduleBooking(
  ctx: AppContext,
  bookingId: string,
  request: { slotId: string; expectedDifferenceCents: number },
): Promise<{ refundedCents: number }> {
  const now = ctx.now();
  const before = await findBooking(ctx.db, bookingId);
  if (!before) throw conflict('reschedule_refused', 'This booking can no longer be moved.');
  const moved = await ctx.db.transaction(async (tx) => {
    await lockSlots(tx, [request.slotId, ...(before.slotId ? [before.slotId] : [])]);
    const booking = await lockBookingRow(tx, bookingId);
    // Moved meanwhile (another tab): its old trip is not the one locked; the customer looks again.
    if (!booking || booking.slotId !== before.slotId) {
      throw conflict('reschedule_changed', 'This booking has just changed; please look at it again.');
    }
    const standing = await standingOf(tx, booking, now);
    if (!standing.eligibility.ok) {
      throw conflict('reschedule_refused', refusalMessage(standing.eligibility.reason), {
        reason: standing.eligibility.reason,
      });
    }
    const [option] = await optionsFor(tx, booking, standing, now, request.slotId);
    if (!option) {
      throw conflict(
        'trip_unavailable',
        'This trip no longer has room for your party; please pick another one.',
      );
    }
    if (option.differenceCents !== request.expectedDifferenceCents) {
      throw conflict('difference_changed', 'The price of this change has moved; please look at it again.', {
        difference: centsToEuros(option.differenceCents),
      });
    }
    if (option.differenceCents > 0) {
      throw conflict('payment_required', 'This trip costs more: the difference is paid by card.', {
        difference: centsToEuros(option.differenceCents),
      });
    }
    const from = booking.startsAt.toISOString();
    await moveToTrip(
      ctx,
      tx,
      booking,
      {
        id: option.slotId,
        startsAt: option.startsAt,
        endsAt: option.endsAt,
        price: option.price,
        grossCents: option.newTotalCents,
        discountCents: option.discountCents,
        extras:
          standing.feeCents > 0 ? [...booking.extras, feeLine(booking, standing.feeCents)] : booking.extras,
      },
      {
        actor: 'customer',
        code: 'rescheduled',
        params: {
          from,
          to: option.startsAt.toISOString(),
          fee: centsToEuros(standing.feeCents),
          difference: centsToEuros(option.differenceCents),
        },
      },
    );
    // The refund row commits with the move, so a crash before the provider answers leaves a
    // pending refund the reconciliation job completes, never a move without its refund.
    return option.differenceCents < 0
      ? requestRefund(tx, bookingId, {
          amountCents: -option.differenceCents,
          actor: 'customer',
          reason: 'Moved to a cheaper trip',
          cause: 'reschedule',
          idempotencyKey: `reschedule:${bookingId}:${from}`,
        })
      : null;
  });
  if (moved) await completeRefund(ctx, moved.id);
  return { refundedCents: moved?.amountCents ?? 0 };
}

function refusalMessage(reason: string): string {
  const messages: Record<string, string> = {
    not_allowed: 'This boat does not allow changing the date; you may cancel under its cancellation policy.',
    too_late: 'It is too late to change the date of this booking.',
    limit_reached: 'This booking has already been moved as often as the boat allows.',
    not_upcoming: 'Only a paid booking whose trip is ahead can be moved.',
    not_shared: 'A charter’s date is changed by the operator; please write to us.',
    paid_elsewhere: 'This booking was paid in person or through a reseller: please ask them to change it.',
  };
  return messages[reason] ?? 'This booking cannot be moved.';
}
