// The customer changes the date of their own booking (docs/payments.md#the-customer-changes-the-date):
// the boat's reschedule policy says whether and until when, the domain's move rules say which
// trips (or a charter's starts and lengths) and at what price, and the lifecycle's one move
// (moveToTrip) does it. Equal or cheaper: moved at once, the difference refunded through the
// ledger. Dearer: the new seats or hours are held by a pending booking of their own while the card
// pays the difference; the payment moves the booking (bookings/reschedule-payment.ts).
import { heldUntil } from '@boats/domain/holds';
import { centsToEuros } from '@boats/domain/money';
import {
  effectiveReschedulePolicy,
  rescheduleEligibility,
  reschedulePolicyWire,
  rescheduleQuote,
  type RescheduleEligibility,
  type ReschedulePolicy,
} from '@boats/domain/reschedule-policy';
import type { RescheduleOffers } from '@boats/domain/schemas/manage-booking';
import { MOVE_HORIZON_DAYS, moveTargetVerdict, type MoveTarget } from '@boats/domain/trip-move';
import { canaryDayRange } from '@boats/domain/canary-time';
import { bookingPrice, type BookingPrice } from '@boats/domain/pricing';
import {
  charterChain,
  charterDurationRange,
  charterEnd,
  isDurationInRange,
  slotsForDuration,
} from '@boats/domain/charter';
import { and, asc, count, eq, gt, gte, isNull, lt, ne, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { bookingHistory, bookingSlots, bookings, boats, slots } from '../../db/schema';
import { conflict, DomainError, notFound } from '../../http/errors';
import { claimCounts, heldSeatsOn, seatsLeft } from '../occupancy/occupancy';
import {
  attachPaymentIntent,
  findBooking,
  lockBookingRow,
  updateBookingRow,
  type BookingRow,
} from '../bookings/booking-repository';
import { claimCharterSlots, lockSlots } from '../bookings/capacity';
import { createBooking, moveToTrip, transition } from '../bookings/lifecycle';
import { settleError, settleIntent, stopIntent } from '../bookings/payment-confirmation';
import {
  releaseChangeHolds,
  rescheduleHoldOf,
  rescheduleIntentMetadata,
} from '../bookings/reschedule-payment';
import { ratesOfRowAt } from '../boats/boat-mapper';
import { completeRefund, requestRefund } from '../bookings/refunds';
import { ledgerFrom, paymentsOf, refundsOf } from '../payments/ledger';
import type { BoatRow } from '../boats/boat-repository';
import type { BookingExtraRow } from '../bookings/schema';
import { localeTexts } from '../../locale-texts';
import { LANGUAGES } from '@boats/domain/languages';
import type { LocalizedText } from '@boats/domain/schemas/boat';

const HOUR = 3_600_000;
const SLOT_ID = sql.raw('"slots"."id"');
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
/** A charter lists more: several lengths' starts fall on one day. */
const MAX_CHARTER_OPTIONS = 24;

type Standing = {
  boat: BoatRow;
  /** The policy the booking was sold under (the boat's for one sold before it was kept). */
  policy: ReschedulePolicy;
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
  // The policy the booking was sold under; one sold before it was kept follows the boat's.
  const policy = booking.reschedulePolicy ?? effectiveReschedulePolicy(boat.reschedulePolicy);
  const eligibility = rescheduleEligibility(
    policy,
    {
      status: booking.status,
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
    policy,
    eligibility,
    heldCents: ledgerFrom(paymentRows, refundRows).refundableCents,
    feeCents: policy.feeCents,
  };
}

type Option = {
  slotId: string;
  startsAt: Date;
  endsAt: Date;
  hours: number;
  /** A charter's hours (slot ids, in order); empty for a shared trip. */
  chain: string[];
  seatsLeft: number;
  price: BookingPrice;
  extrasCents: number;
  discountCents: number;
  newTotalCents: number;
  differenceCents: number;
};

const hoursOf = (row: { startsAt: Date; endsAt: Date }) =>
  (row.endsAt.getTime() - row.startsAt.getTime()) / HOUR;

/** What `booking` becomes at `price`: the extras it keeps, its discount, the fee; the difference. */
function moneyOf(booking: BookingRow, standing: Standing, price: BookingPrice) {
  const extrasCents = booking.extras.reduce((sum, line) => sum + line.totalCents, 0);
  return {
    price,
    extrasCents,
    discountCents: Math.min(booking.discountCents, price.amountCents + extrasCents),
    ...rescheduleQuote({
      tripCents: price.amountCents,
      extrasCents,
      discountCents: booking.discountCents,
      feeCents: standing.feeCents,
      heldCents: standing.heldCents,
    }),
  };
}

/**
 * What the customer asks for: one trip priced (`onlySlot`), a charter's length, and the Canary
 * day whose trips to list (`day`; none: the soonest ahead).
 */
type Wanted = {
  onlySlot?: string | undefined;
  hours?: number | undefined;
  day?: { start: Date; end: Date } | undefined;
};

/**
 * Where `booking` may move now, soonest first: a shared booking to the same boat's open shared
 * trips with room for the party (the domain's moveTargetVerdict decides), a charter to another
 * start for `hours` (default its own length) within the boat's lengths and the run of open hours
 * nobody else holds (the domain's chaining, as the booking page). `onlySlot` prices one of them.
 */
async function optionsFor(
  db: Db,
  booking: BookingRow,
  standing: Standing,
  now: Date,
  wanted: Wanted = {},
): Promise<Option[]> {
  return booking.type === 'private'
    ? charterOptions(db, booking, standing, now, wanted)
    : sharedOptions(db, booking, standing, now, wanted);
}

async function sharedOptions(
  db: Db,
  booking: BookingRow,
  standing: Standing,
  now: Date,
  { onlySlot, day }: Wanted,
): Promise<Option[]> {
  const rows = await db
    // The column spelled out: inside the fragment's subquery a bare "id" would be the booking's.
    .select({ slot: slots, seatsHeld: heldSeatsOn(SLOT_ID, now) })
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
        day ? gte(slots.startsAt, day.start) : undefined,
        day ? lt(slots.startsAt, day.end) : undefined,
      ),
    )
    .orderBy(asc(slots.startsAt))
    .limit(60);
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
    options.push({
      slotId: slot.id,
      startsAt: slot.startsAt,
      endsAt: slot.endsAt,
      hours: hoursOf(slot),
      chain: [],
      seatsLeft: target.seatsLeft,
      ...moneyOf(booking, standing, verdict.price),
    });
  }
  return options.slice(0, MAX_OPTIONS);
}

/** The charter lengths the boat sells, and the one asked for (default the booking's own). */
function charterLengths(boat: BoatRow, booking: BookingRow, hours: number | undefined) {
  const min = Math.max(1, boat.minDurationHours);
  return { min, max: Math.max(min, boat.maxDurationHours), chosen: hours ?? hoursOf(booking) };
}

async function charterOptions(
  db: Db,
  booking: BookingRow,
  standing: Standing,
  now: Date,
  wanted: Wanted,
): Promise<Option[]> {
  const { boat } = standing;
  const hours = charterLengths(boat, booking, wanted.hours).chosen;
  const horizon = new Date(now.getTime() + MOVE_HORIZON_DAYS * 24 * HOUR);
  // Every open hour of the boat ahead, and whether another booking's claim (sold, requested or a
  // live hold) is on it: the booking's own hours are free for it.
  const rows = await db
    .select({
      slot: slots,
      taken: sql<boolean>`exists (select 1 from ${bookingSlots} bs join ${bookings} b on b.id = bs.booking_id
        where bs.slot_id = ${SLOT_ID} and b.id <> ${booking.id} and ${claimCounts(now, sql.raw('bs'), sql.raw('b'))})`,
    })
    .from(slots)
    .where(
      and(
        eq(slots.boatId, booking.boatId),
        eq(slots.type, 'private'),
        isNull(slots.canceledAt),
        gt(slots.startsAt, now),
        lt(slots.startsAt, new Date(horizon.getTime() + boat.maxDurationHours * HOUR)),
      ),
    )
    .orderBy(asc(slots.startsAt));
  const candidates = rows.map(({ slot, taken }) => ({
    ...slot,
    _id: slot.id,
    start: slot.startsAt,
    end: slot.endsAt,
    available: !taken,
  }));
  const options: Option[] = [];
  for (const start of candidates) {
    if (options.length >= MAX_CHARTER_OPTIONS || start.startsAt >= horizon) break;
    if (wanted.onlySlot && start.id !== wanted.onlySlot) continue;
    if (wanted.day && (start.startsAt < wanted.day.start || start.startsAt >= wanted.day.end)) continue;
    // Its own start and length is where it is already.
    if (start.id === booking.slotId && hours === hoursOf(booking)) continue;
    if (!isDurationInRange(hours, charterDurationRange(boat, candidates, start.id))) continue;
    const claimed = slotsForDuration(charterChain(candidates, start.id), hours);
    const end = charterEnd(claimed, hours);
    if (claimed.length === 0 || !end) continue;
    const price = bookingPrice({
      mode: 'private',
      rates: ratesOfRowAt(boat, 0, start.startsAt).charter,
      hours,
    });
    options.push({
      slotId: start.id,
      startsAt: start.startsAt,
      endsAt: end,
      hours,
      chain: claimed.map((slot) => slot.id),
      seatsLeft: boat.capacity,
      ...moneyOf(booking, standing, price),
    });
  }
  return options;
}

/** What manage my booking shows before the customer starts: the policy, and the trips. */
export async function rescheduleOffers(
  ctx: AppContext,
  booking: BookingRow,
  hours?: number,
  /** A Canary day (YYYY-MM-DD) whose trips to list; none: the soonest ahead. */
  date?: string,
): Promise<RescheduleOffers> {
  const now = ctx.now();
  const standing = await standingOf(ctx.db, booking, now);
  const { eligibility } = standing;
  const day = date ? canaryDayRange(date) : undefined;
  const options = eligibility.ok ? await optionsFor(ctx.db, booking, standing, now, { hours, day }) : [];
  return {
    policy: reschedulePolicyWire(standing.policy),
    allowed: eligibility.ok,
    reason: eligibility.ok ? null : eligibility.reason,
    closesAt: eligibility.closesAt?.toISOString() ?? null,
    timesLeft: eligibility.ok ? eligibility.timesLeft : 0,
    paid: centsToEuros(standing.heldCents),
    charterHours: booking.type === 'private' ? charterLengths(standing.boat, booking, hours) : null,
    options: options.map((o) => ({
      slotId: o.slotId,
      start: o.startsAt.toISOString(),
      end: o.endsAt.toISOString(),
      hours: o.hours,
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

export type RescheduleOutcome = {
  refundedCents: number;
  /** A dearer trip: held for the customer while the card pays the difference. */
  payment: { clientSecret: string; amountCents: number; holdExpiresAt: Date } | null;
};

/**
 * Moves the booking to `slotId` (a charter: for `hours`) when the move costs what the customer
 * was shown: equal or cheaper at once, the difference of a cheaper trip refunded; a dearer one is
 * held for the customer while the card pays the difference (holdForPayment). Lock order
 * (docs/architecture.md#concurrency): both trips' rows by id, then the booking, so a checkout for
 * the target's last seats and this move queue on the target's row and exactly one gets them.
 */
export async function rescheduleBooking(
  ctx: AppContext,
  bookingId: string,
  request: { slotId: string; hours?: number | undefined; expectedDifferenceCents: number },
): Promise<RescheduleOutcome> {
  const now = ctx.now();
  const before = await findBooking(ctx.db, bookingId);
  if (!before) throw conflict('reschedule_refused', 'This booking can no longer be moved.');
  const wanted = { onlySlot: request.slotId, hours: request.hours };
  // A charter's trip rows are its hours: the ones it has and the ones it would take.
  const tripRows = await tripRowsOf(ctx, before, wanted, now);
  const step = await ctx.db.transaction(async (tx) => {
    await lockSlots(tx, tripRows);
    const booking = await lockBookingRow(tx, bookingId);
    // Moved meanwhile (another tab): its old trip is not the one locked; the customer looks again.
    if (
      !booking ||
      booking.slotId !== before.slotId ||
      booking.startsAt.getTime() !== before.startsAt.getTime()
    ) {
      throw conflict('reschedule_changed', 'This booking has just changed; please look at it again.');
    }
    // A dearer trip chosen before and not paid: its seats go back before the booking looks again.
    const stopped = (await releaseChangeHolds(ctx, tx, booking.id)).intents;
    const standing = await standingOf(tx, booking, now);
    if (!standing.eligibility.ok) {
      throw conflict('reschedule_refused', refusalMessage(standing.eligibility.reason), {
        reason: standing.eligibility.reason,
      });
    }
    const [option] = await optionsFor(tx, booking, standing, now, wanted);
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
    const extras =
      standing.feeCents > 0 ? [...booking.extras, feeLine(booking, standing.feeCents)] : booking.extras;
    if (option.differenceCents > 0) {
      const hold = await holdForPayment(ctx, tx, booking, option, extras, now);
      return { stopped, hold, differenceCents: option.differenceCents, refund: null };
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
        extras,
        chain: option.chain,
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
    const refund =
      option.differenceCents < 0
        ? await requestRefund(tx, bookingId, {
            amountCents: -option.differenceCents,
            actor: 'customer',
            reason: 'Moved to a cheaper trip',
            cause: 'reschedule',
            idempotencyKey: `reschedule:${bookingId}:${from}`,
          })
        : null;
    return { stopped, hold: null, differenceCents: option.differenceCents, refund };
  });
  for (const intent of step.stopped) await stopIntent(ctx, intent);
  if (step.refund) await completeRefund(ctx, step.refund.id);
  if (!step.hold) return { refundedCents: step.refund?.amountCents ?? 0, payment: null };
  const intent = await intentForHold(ctx, step.hold, bookingId, step.differenceCents);
  return {
    refundedCents: 0,
    payment: {
      clientSecret: intent.clientSecret,
      amountCents: intent.amountCents,
      holdExpiresAt: step.hold.holdExpiresAt ?? now,
    },
  };
}

/** The slot rows a move of `booking` locks: its own trip or hours and the target's (by id). */
async function tripRowsOf(
  ctx: AppContext,
  booking: BookingRow,
  wanted: Wanted,
  now: Date,
): Promise<string[]> {
  if (booking.type === 'shared')
    return [wanted.onlySlot ?? '', ...(booking.slotId ? [booking.slotId] : [])].filter(Boolean);
  const own = await ctx.db
    .select({ slotId: bookingSlots.slotId })
    .from(bookingSlots)
    .where(and(eq(bookingSlots.bookingId, booking.id), eq(bookingSlots.active, true)));
  const standing = await standingOf(ctx.db, booking, now);
  const [option] = standing.eligibility.ok
    ? await charterOptions(ctx.db, booking, standing, now, wanted)
    : [];
  return [...own.map((row) => row.slotId), ...(option?.chain ?? [])];
}

/**
 * A dearer trip's seats or hours held for the customer, as a checkout holds them (HOLD_MINUTES,
 * lapsing by itself): a pending booking of the party on the new trip at the booking's new price,
 * naming the booking it would move. A charter's hold claims the hours the booking does not have.
 */
async function holdForPayment(
  ctx: AppContext,
  tx: Db,
  booking: BookingRow,
  option: Option,
  extras: BookingExtraRow[],
  now: Date,
): Promise<BookingRow> {
  const hold = await createBooking(
    ctx,
    tx,
    {
      boatId: booking.boatId,
      slotId: option.slotId,
      type: booking.type,
      startsAt: option.startsAt,
      endsAt: option.endsAt,
      status: 'pending',
      holdExpiresAt: heldUntil(
        { channel: 'reschedule', minutes: ctx.config.HOLD_MINUTES },
        now,
        option.startsAt,
      ),
      seats: booking.seats,
      adults: booking.adults,
      children50: booking.children50,
      kidsFree: booking.kidsFree,
      customerName: booking.customerName,
      customerEmail: booking.customerEmail,
      customerPhone: booking.customerPhone,
      language: booking.language,
      amountGrossCents: option.newTotalCents,
      priceBreakdown: option.price.breakdown,
      extras,
      discountCents: option.discountCents,
      provider: ctx.payments.name,
      clientIp: null,
      commissionBps: booking.commissionBps,
    },
    { actor: 'customer', code: 'reschedule_held', params: { booking: booking.id } },
  );
  const held = await updateBookingRow(tx, hold.id, { reschedulesBookingId: booking.id });
  if (booking.type === 'private') {
    const own = await tx
      .select({ slotId: bookingSlots.slotId })
      .from(bookingSlots)
      .where(and(eq(bookingSlots.bookingId, booking.id), eq(bookingSlots.active, true)));
    const mine = new Set(own.map((row) => row.slotId));
    const fresh = option.chain.filter((id) => !mine.has(id)).map((id) => ({ id }));
    if (fresh.length > 0) await claimCharterSlots(tx, held.id, fresh, now);
  }
  return held;
}

/** The card payment of a change hold: the difference, its metadata naming the hold and the booking. */
async function intentForHold(ctx: AppContext, hold: BookingRow, bookingId: string, differenceCents: number) {
  try {
    const intent = await ctx.payments.createIntent({
      amountCents: differenceCents,
      currency: 'eur',
      metadata: rescheduleIntentMetadata(hold, bookingId),
      idempotencyKey: `reschedule-${hold.id}`,
      description: `Change of date, ${hold.startsAt.toISOString()}`,
    });
    await attachPaymentIntent(ctx.db, { bookingId: hold.id, provider: ctx.payments.name, intent });
    return intent;
  } catch (err) {
    // A provider outage must not leave seats held for nothing.
    await ctx.db.transaction(async (tx) => {
      const row = await lockBookingRow(tx, hold.id);
      if (row?.status === 'pending') {
        await transition(ctx, tx, row, 'canceled', { actor: 'system', code: 'payment_setup_failed' });
      }
    });
    if (err instanceof DomainError && err.statusCode < 500) throw err;
    throw new DomainError(
      502,
      'provider_unavailable',
      'The card payment could not be prepared. Please try again.',
    );
  }
}

/**
 * The customer's card paid a change hold's difference: settled as every payment is
 * (payment-confirmation.ts settleIntent, which a change's metadata sends to
 * bookings/reschedule-payment.ts), whoever reports it first.
 */
export async function confirmReschedulePayment(
  ctx: AppContext,
  bookingId: string,
  intentId: string,
): Promise<{ paidCents: number }> {
  const intent = await ctx.payments.retrieveIntent(intentId).catch((err: unknown) => {
    if ((err as { statusCode?: number }).statusCode === 404) throw notFound('Payment');
    throw err;
  });
  if (!rescheduleHoldOf(intent) || intent.metadata.rescheduleOf !== bookingId) throw notFound('Payment');
  const outcome = await settleIntent(ctx, intent, { actor: 'customer' });
  if (outcome.kind === 'paid') return { paidCents: intent.amountCents };
  if (outcome.kind === 'not_succeeded' || outcome.kind === 'no_booking') throw settleError(outcome);
  throw conflict(
    'reschedule_released',
    outcome.kind === 'refund_pending'
      ? 'The held trip was released before the payment completed: your booking keeps its date and a full refund is on its way.'
      : 'The held trip was released before the payment completed: your booking keeps its date and the payment has been refunded.',
  );
}

/**
 * The customer gives up a dearer trip before paying (Back on the card form): its held seats or
 * hours go back on sale at once, its intent is stopped (a payment made meanwhile is refunded).
 */
export async function releaseRescheduleHold(ctx: AppContext, bookingId: string): Promise<boolean> {
  const { released, intents } = await ctx.db.transaction(async (tx) => {
    const before = await findBooking(tx, bookingId);
    if (before?.slotId) await lockSlots(tx, [before.slotId]);
    if (!(await lockBookingRow(tx, bookingId))) return { released: 0, intents: [] };
    return releaseChangeHolds(ctx, tx, bookingId);
  });
  for (const intent of intents) await stopIntent(ctx, intent);
  return released > 0;
}

function refusalMessage(reason: string): string {
  const messages: Record<string, string> = {
    not_allowed: 'This boat does not allow changing the date; you may cancel under its cancellation policy.',
    too_late: 'It is too late to change the date of this booking.',
    limit_reached: 'This booking has already been moved as often as the boat allows.',
    not_upcoming: 'Only a paid booking whose trip is ahead can be moved.',
    paid_elsewhere: 'This booking was paid in person or through a reseller: please ask them to change it.',
  };
  return messages[reason] ?? 'This booking cannot be moved.';
}
