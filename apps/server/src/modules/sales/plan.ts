// What a wish makes on a trip, by the same rules as the browser's Continue: the price the server
// computes itself, the times, the passengers and seats, the trip's minimum, a charter's hours and
// the extras. Every channel's sale plans here (sell.ts), so a booking costs the same and is
// refused for the same reasons whoever sells it.
import { continueBlockers, type BlockerCode, type ContinueInput } from '@boats/domain/booking-rules';
import { canaryDateKey } from '@boats/domain/canary-time';
import { charterChain, charterDurationRange, charterEnd, slotsForDuration } from '@boats/domain/charter';
import { priceExtras, type ExtraChoice, type ExtraProblem } from '@boats/domain/extras';
import { seatsUsed, type Passengers } from '@boats/domain/passengers';
import { bookingPrice, type BookingPrice } from '@boats/domain/pricing';
import type { PaymentIntentRequest } from '@boats/domain/schemas/payment-intent';
import { bookingTripMinimum } from '@boats/domain/trip-state';
import type { AppContext } from '../../context';
import type { BookingExtraRow } from '../../db/schema';
import { badRequest, conflict, DomainError } from '../../http/errors';
import { ratesOfRowAt } from '../boats/boat-mapper';
import type { BoatRow } from '../boats/boat-repository';
import { privateSlotsFrom, type SlotRow } from '../bookings/booking-repository';
import { seatsLeftMessage } from '../bookings/capacity';
import { seatsLeft } from '../occupancy/occupancy';

const HOUR_MS = 3_600_000;

export type Plan = {
  /** The trip's price (what priceBreakdown describes). */
  price: BookingPrice;
  /** The extras chosen, at their prices now. */
  extras: BookingExtraRow[];
  /** What the customer pays: the trip and the extras. */
  amountCents: number;
  start: Date;
  end: Date;
  hours: number;
  passengers: Passengers;
  seats: number;
  /** Charter: the slots the booking claims. */
  chain: SlotRow[];
};

/**
 * What a plan writes on its booking: the party and what it costs (a sale's new booking, and a
 * reseller's hold replanned for other units).
 */
export function plannedParty(plan: Plan) {
  return {
    seats: plan.seats,
    adults: plan.passengers.adults,
    children50: plan.passengers.children50,
    kidsFree: plan.passengers.kidsFree,
    amountGrossCents: plan.amountCents,
    priceBreakdown: plan.price.breakdown,
  };
}

function field(path: string, code: string, message: string): DomainError {
  return badRequest(code, message, { field: path });
}

type BlockerAnswer = { status: 400 | 409; field?: string; message: (input: ContinueInput) => string };

/** How the server words each of Continue's refusals; the code is the domain's own. */
const BLOCKER_ANSWERS: Record<BlockerCode, BlockerAnswer> = {
  noDate: { status: 409, message: () => 'This time is not open for booking.' },
  noSlot: { status: 409, message: () => 'This time is not open for booking.' },
  slotStarted: { status: 409, message: () => 'This time has already started and can no longer be booked.' },
  noDuration: { status: 400, field: 'booking.durationHours', message: () => 'Choose how many hours.' },
  durationOutOfRange: {
    status: 400,
    field: 'booking.durationHours',
    message: (i) =>
      i.durationRange
        ? `From this start time a charter of this boat lasts ${i.durationRange.min} to ${i.durationRange.max} hours.`
        : 'There are not enough consecutive open hours from this start time.',
  },
  noSeats: { status: 400, field: 'booking.tickets', message: () => 'Choose at least one seat.' },
  tooManySeats: { status: 409, message: (i) => seatsLeftMessage(i.slot?.seatsLeft ?? 0) },
  belowMinToDepart: {
    status: 400,
    field: 'booking.tickets',
    message: (i) =>
      `This trip runs from ${i.minimum?.seats ?? 0} paid seats (adults and children 6–12) and has ${i.minimum?.paidSeatsSold ?? 0}; this booking must bring it there.`,
  },
  tooManyFreeKids: {
    status: 400,
    field: 'booking.tickets.kidsFree',
    message: () => 'At most one child under 6 per adult.',
  },
  noAdult: {
    status: 400,
    field: 'booking.tickets.adults',
    message: () => 'A charter needs at least one adult on board.',
  },
  aboveCapacity: {
    status: 400,
    field: 'booking.tickets',
    message: (i) => `This boat takes at most ${i.capacity ?? 0} people.`,
  },
};

/** The browser's Continue rules, decided by the same domain function on the server's data. */
function assertContinue(input: ContinueInput, now: Date): void {
  const [code] = continueBlockers(input, now);
  if (!code) return;
  const answer = BLOCKER_ANSWERS[code];
  throw new DomainError(
    answer.status,
    code,
    answer.message(input),
    answer.field ? { field: answer.field } : undefined,
  );
}

/** What a booking asks for, from the customer's checkout or a staff member's form. */
export type BookingWish = {
  mode: 'private' | 'shared';
  tickets?: PaymentIntentRequest['booking']['tickets'];
  /** A charter's whole hours (a shared trip lasts its slot). */
  durationHours: number;
  extras?: readonly ExtraChoice[] | undefined;
};

export type CheckoutTarget = { boat: BoatRow; slot: SlotRow; heldSeats: number; paidSeatsSold: number };

/**
 * The booking a wish makes on a slot, by the same rules as the browser's Continue: price,
 * times, passengers, seats, the trip's minimum, and a charter's hours. Refuses what Continue
 * would refuse.
 */
export async function planBooking(ctx: AppContext, target: CheckoutTarget, wish: BookingWish): Promise<Plan> {
  const trip =
    wish.mode === 'shared'
      ? planShared(ctx, wish, target)
      : await planCharter(ctx, wish, target.boat, target.slot);
  const extras = priceExtras(target.boat.extras, wish.extras ?? [], {
    people: trip.seats,
    startsAt: trip.start,
    now: ctx.now(),
  });
  if (!extras.ok) throw extraRefusal(extras.problems[0]!);
  const lines = extras.lines.map((line) => ({
    ...line,
    name: target.boat.extras.find((e) => e.id === line.id)?.name ?? { en: '' },
  }));
  return { ...trip, extras: lines, amountCents: trip.price.amountCents + extras.totalCents };
}

/** The first problem with the chosen extras, as a 400 naming the field. */
function extraRefusal(problem: ExtraProblem): DomainError {
  const at = `booking.extras.${problem.index}`;
  switch (problem.code) {
    case 'unknownExtra':
      return field(`${at}.id`, 'unknown_extra', 'This boat does not offer this extra.');
    case 'extraTooMany':
      return field(`${at}.quantity`, 'extra_too_many', `At most ${problem.max ?? 0} of this extra.`);
    case 'extraTooLate':
      return field(`${at}.id`, 'extra_too_late', 'This extra must be ordered earlier before departure.');
  }
}

type TripPlan = Omit<Plan, 'extras' | 'amountCents'>;

function planShared(
  ctx: AppContext,
  wish: BookingWish,
  { boat, slot, heldSeats, paidSeatsSold }: CheckoutTarget,
): TripPlan {
  const t = wish.tickets;
  if (!t) throw field('booking.tickets', 'required', 'booking.tickets is required for a shared trip');
  const passengers: Passengers = { adults: t.adults, children50: t.children50, kidsFree: t.kidsFree };
  const seats = seatsUsed(passengers);
  const now = ctx.now();
  // Seats left as the booking screen saw them; the hold itself is checked again under the
  // slot's lock (assertSeatsFit).
  const left = seatsLeft(slot, heldSeats);
  assertContinue(
    {
      mode: 'shared',
      date: canaryDateKey(slot.startsAt),
      slot: { start: slot.startsAt, isOpen: slot.isOpen, seatsLeft: left },
      passengers,
      minimum: bookingTripMinimum({
        type: 'shared',
        startsAt: slot.startsAt,
        scheduledAt: slot.scheduledAt,
        minSeatsToDepart: boat.sharedMinSeatsToDepart,
        minimumWaived: slot.minimumWaived,
        cutoffHours: boat.cutoffHours,
        paidSeats: paidSeatsSold,
      }),
    },
    now,
  );
  const hours = (slot.endsAt.getTime() - slot.startsAt.getTime()) / HOUR_MS;
  return {
    // The slot's seat price with the boat's price rules for its start (docs/payments.md#pricing).
    price: bookingPrice({
      mode: 'shared',
      seatPricePerHourCents: ratesOfRowAt(boat, slot.seatPriceCents, slot.startsAt).seatPerHourCents,
      passengers,
      hours,
    }),
    start: slot.startsAt,
    end: slot.endsAt,
    hours,
    passengers,
    seats,
    chain: [],
  };
}

async function planCharter(
  ctx: AppContext,
  wish: BookingWish,
  boat: BoatRow,
  slot: SlotRow,
): Promise<TripPlan> {
  const hours = wish.durationHours;
  const t = wish.tickets;
  if (!t) throw field('booking.tickets', 'required', 'booking.tickets (the party on board) is required');
  const passengers: Passengers = { adults: t.adults, children50: t.children50, kidsFree: t.kidsFree };
  // Occupancy is not read here: the claim itself is refused by the database if taken.
  const candidates = (await privateSlotsFrom(ctx.db, boat.id, slot.startsAt, boat.maxDurationHours + 1)).map(
    (s) => ({ ...s, _id: s.id, start: s.startsAt, end: s.endsAt }),
  );
  assertContinue(
    {
      mode: 'private',
      date: canaryDateKey(slot.startsAt),
      slot: { start: slot.startsAt, isOpen: slot.isOpen },
      durationHours: hours,
      durationRange: charterDurationRange(boat, candidates, slot.id),
      passengers,
      capacity: boat.capacity,
    },
    ctx.now(),
  );
  const people = seatsUsed(passengers);
  const chain = charterChain(candidates, slot.id);
  const claimed = slotsForDuration(chain, hours);
  if (claimed.length === 0) {
    throw conflict(
      'slots_unavailable',
      `There are not ${hours} consecutive open hours from this start time.`,
    );
  }
  return {
    price: bookingPrice({ mode: 'private', rates: ratesOfRowAt(boat, 0, slot.startsAt).charter, hours }),
    start: slot.startsAt,
    end: charterEnd(chain, hours) ?? slot.endsAt,
    hours,
    passengers,
    seats: people,
    chain: claimed,
  };
}
