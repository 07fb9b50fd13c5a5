// POST /api/boat/payment-intent: checks the request against the boat, the slot and the price
// the server computes itself, holds the seats or charter hours in one transaction, then asks
// the card provider for an intent of exactly that amount.
import { charterPartyBlockers } from '@boats/domain/booking-rules';
import { toInstant, isPast } from '@boats/domain/canary-time';
import { charterChain, charterEnd, slotsForDuration } from '@boats/domain/charter';
import { centsToEuros, eurosToCents } from '@boats/domain/money';
import { paidSeats, seatsUsed, type Passengers } from '@boats/domain/passengers';
import { bookingPrice, breakdownMatches, type BookingPrice } from '@boats/domain/pricing';
import type { PaymentIntentRequest, PaymentIntentResponse } from '@boats/domain/schemas/payment-intent';
import type { AppContext } from '../../context';
import { badRequest, conflict, DomainError, notFound, tooManyRequests } from '../../http/errors';
import { findBoat, type BoatRow } from '../boats/boat-repository';
import { recordBookingTransition } from './booking-history';
import {
  findSlot,
  insertBooking,
  liveHoldsOfIp,
  lockBookingRow,
  lockClientAddress,
  privateSlotsFrom,
  updateBookingRow,
  type BookingRow,
} from './booking-repository';
import { assertSharedSeatsFree, claimCharterSlots, releaseBookingCapacity } from './capacity';

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const HOUR_MS = 3_600_000;

type SlotRow = NonNullable<Awaited<ReturnType<typeof findSlot>>>;

type Plan = {
  price: BookingPrice;
  start: Date;
  end: Date;
  hours: number;
  passengers: Passengers;
  seats: number;
  /** Charter: the slots the booking claims. */
  chain: SlotRow[];
};

const euros = (cents: number) => `€${centsToEuros(cents).toFixed(2)}`;

function field(path: string, code: string, message: string): DomainError {
  return badRequest(code, message, { field: path });
}

async function loadTarget(ctx: AppContext, req: PaymentIntentRequest) {
  const b = req.booking;
  if (!UUID_RE.test(b.boatId))
    throw field('booking.boatId', 'invalid_id', 'booking.boatId is not a valid id');
  if (!UUID_RE.test(b.slotId))
    throw field('booking.slotId', 'invalid_id', 'booking.slotId is not a valid id');
  const boat = await findBoat(ctx.db, b.boatId);
  if (!boat?.isActive) throw notFound('Boat');
  const slot = await findSlot(ctx.db, b.slotId);
  if (!slot || slot.boatId !== boat.id) throw notFound('Slot');
  if (slot.type !== b.mode) {
    throw field('booking.mode', 'mode_mismatch', `booking.mode is ${b.mode} but the slot is ${slot.type}`);
  }
  if (toInstant(b.dateISO).getTime() !== slot.startsAt.getTime()) {
    throw field('booking.dateISO', 'date_mismatch', 'booking.dateISO must be the start of the chosen slot');
  }
  if (!slot.isOpen) throw conflict('slot_closed', 'This time is not open for booking.');
  if (isPast(slot.startsAt, ctx.now())) {
    throw conflict('slot_started', 'This time has already started and can no longer be booked.');
  }
  return { boat, slot };
}

function planShared(req: PaymentIntentRequest, boat: BoatRow, slot: SlotRow): Plan {
  const t = req.booking.tickets;
  if (!t) throw field('booking.tickets', 'required', 'booking.tickets is required for a shared trip');
  const passengers: Passengers = { adults: t.adults, children50: t.children50, kidsFree: t.kidsFree };
  const seats = seatsUsed(passengers);
  if (seats <= 0) throw field('booking.tickets', 'no_seats', 'Choose at least one seat.');
  if (passengers.kidsFree > passengers.adults) {
    throw field('booking.tickets.kidsFree', 'too_many_free_kids', 'At most one child under 6 per adult.');
  }
  const minimum = boat.sharedMinSeatsToDepart;
  if (minimum > 0 && paidSeats(passengers) < minimum) {
    throw field(
      'booking.tickets',
      'below_min_to_depart',
      `This trip needs at least ${minimum} paid seats (adults and children 6–12) to depart.`,
    );
  }
  const hours = (slot.endsAt.getTime() - slot.startsAt.getTime()) / HOUR_MS;
  return {
    price: bookingPrice({ mode: 'shared', seatPricePerHourCents: slot.seatPriceCents, passengers, hours }),
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
  req: PaymentIntentRequest,
  boat: BoatRow,
  slot: SlotRow,
): Promise<Plan> {
  const hours = req.booking.durationHours;
  if (hours < boat.minDurationHours || hours > boat.maxDurationHours) {
    throw field(
      'booking.durationHours',
      'duration_out_of_range',
      `A charter of this boat lasts ${boat.minDurationHours} to ${boat.maxDurationHours} hours.`,
    );
  }
  const t = req.booking.tickets;
  if (!t) throw field('booking.tickets', 'required', 'booking.tickets (the party on board) is required');
  const passengers: Passengers = { adults: t.adults, children50: t.children50, kidsFree: t.kidsFree };
  const people = seatsUsed(passengers);
  const [problem] = charterPartyBlockers(passengers, boat.capacity);
  if (problem === 'noAdult') {
    throw field('booking.tickets.adults', 'no_adult', 'A charter needs at least one adult on board.');
  }
  if (problem === 'aboveCapacity') {
    throw field('booking.tickets', 'above_capacity', `This boat takes at most ${boat.capacity} people.`);
  }
  if (problem === 'tooManyFreeKids') {
    throw field('booking.tickets.kidsFree', 'too_many_free_kids', 'At most one child under 6 per adult.');
  }
  // Occupancy is not read here: the claim itself is refused by the database if taken.
  const candidates = await privateSlotsFrom(ctx.db, boat.id, slot.startsAt, hours + 1);
  const chain = charterChain(
    candidates.map((s) => ({ ...s, _id: s.id, start: s.startsAt, end: s.endsAt })),
    slot.id,
  );
  const claimed = slotsForDuration(chain, hours);
  if (claimed.length === 0) {
    throw conflict(
      'slots_unavailable',
      `There are not ${hours} consecutive open hours from this start time.`,
    );
  }
  return {
    price: bookingPrice({ mode: 'private', perHourCents: boat.pricePerHourCents, hours }),
    start: slot.startsAt,
    end: charterEnd(chain, hours) ?? slot.endsAt,
    hours,
    passengers,
    seats: people,
    chain: claimed,
  };
}

function assertPrice(req: PaymentIntentRequest, price: BookingPrice): void {
  const clientTotalCents = eurosToCents(req.booking.priceBreakdown.total);
  if (req.amount !== price.amountCents || !breakdownMatches(req.booking.priceBreakdown, price.breakdown)) {
    const shown = req.amount !== price.amountCents ? req.amount : clientTotalCents;
    throw conflict(
      'price_mismatch',
      `The price has changed: the request says ${euros(shown)}, the price is ${euros(price.amountCents)}. Please review and try again.`,
      { clientAmount: req.amount, serverAmount: price.amountCents, serverBreakdown: price.breakdown },
    );
  }
}

export async function startCheckout(
  ctx: AppContext,
  req: PaymentIntentRequest,
  clientIp: string,
): Promise<PaymentIntentResponse> {
  const { boat, slot } = await loadTarget(ctx, req);
  const plan =
    req.booking.mode === 'shared' ? planShared(req, boat, slot) : await planCharter(ctx, req, boat, slot);
  try {
    assertPrice(req, plan.price);
  } catch (err) {
    // The money helpers refuse figures that are not amounts (infinite, unsafe integers).
    if (err instanceof RangeError)
      throw badRequest('invalid_amount', `Invalid price figures: ${err.message}`);
    throw err;
  }

  const now = ctx.now();
  const holdExpiresAt = new Date(now.getTime() + ctx.config.HOLD_MINUTES * 60_000);
  const customer = req.customer;

  const booking = await ctx.db.transaction(async (tx) => {
    // One address's checkouts queue on an advisory lock, so the count below is exact even
    // with many parallel requests (taken before any slot lock: one lock order, no deadlock).
    await lockClientAddress(tx, clientIp);
    if ((await liveHoldsOfIp(tx, clientIp, now)) >= ctx.config.MAX_LIVE_HOLDS_PER_IP) {
      throw tooManyRequests(
        'Too many unfinished checkouts from this address. Finish one or wait a few minutes.',
      );
    }
    if (req.booking.mode === 'shared') await assertSharedSeatsFree(tx, slot.id, plan.seats, now);
    const row = await insertBooking(tx, {
      boatId: boat.id,
      slotId: slot.id,
      type: req.booking.mode,
      startsAt: plan.start,
      endsAt: plan.end,
      durationHours: Math.round(plan.hours),
      status: 'pending',
      holdExpiresAt,
      seats: plan.seats,
      adults: plan.passengers.adults,
      childrenU13: plan.passengers.children50,
      childrenU6: plan.passengers.kidsFree,
      customerName: customer?.name ?? '',
      customerEmail: customer?.email ?? '',
      customerPhone: customer?.phone ?? '',
      language: req.lang ?? 'en',
      amountGrossCents: plan.price.amountCents,
      priceBreakdown: plan.price.breakdown,
      provider: ctx.payments.name,
      clientIp,
    });
    if (req.booking.mode === 'private') await claimCharterSlots(tx, row.id, plan.chain, now);
    await recordBookingTransition(tx, {
      bookingId: row.id,
      from: null,
      to: 'pending',
      actor: 'customer',
      reason: 'Checkout started',
      at: now,
    });
    return row;
  });

  const intent = await createIntentOrRelease(ctx, booking, boat);
  await updateBookingRow(ctx.db, booking.id, { providerPaymentId: intent.id });
  return {
    clientSecret: intent.clientSecret,
    bookingId: booking.id,
    holdExpiresAt: holdExpiresAt.toISOString(),
    amount: plan.price.amountCents,
  };
}

/** A provider outage must not leave seats held for nothing. */
async function createIntentOrRelease(ctx: AppContext, booking: BookingRow, boat: BoatRow) {
  try {
    return await ctx.payments.createIntent({
      amountCents: booking.amountGrossCents,
      currency: 'eur',
      metadata: { bookingId: booking.id },
      // Each checkout is its own booking, so the key is unique per attempt.
      idempotencyKey: `checkout-${booking.id}`,
      description: `${boat.title.en}, ${booking.startsAt.toISOString()}`,
    });
  } catch {
    await ctx.db.transaction(async (tx) => {
      await releaseBookingCapacity(tx, booking);
      await updateBookingRow(tx, booking.id, {
        status: 'canceled',
        cancelReason: 'payment_setup_failed',
        holdExpiresAt: null,
      });
      await recordBookingTransition(tx, {
        bookingId: booking.id,
        from: 'pending',
        to: 'canceled',
        actor: 'system',
        reason: 'The card provider could not create the payment',
      });
    });
    throw new DomainError(
      502,
      'provider_unavailable',
      'The card payment could not be prepared. Please try again.',
    );
  }
}

/**
 * The customer leaves the payment step (Back): the hold is given up at once rather than at
 * expiry, so going back and choosing again never runs into the customer's own holds.
 * Idempotent: an already released booking stays as it is; a paid one cannot be released here.
 */
export async function releaseCheckout(ctx: AppContext, bookingId: string): Promise<void> {
  const released = await ctx.db.transaction(async (tx) => {
    const row = await lockBookingRow(tx, bookingId);
    if (!row) throw notFound('Booking');
    if (row.status === 'canceled' && row.amountReceivedCents === 0) return null;
    if (row.status !== 'pending') throw conflict('not_pending', 'A paid booking cannot be released.');
    await releaseBookingCapacity(tx, row);
    await updateBookingRow(tx, row.id, { status: 'canceled', cancelReason: 'released' });
    await recordBookingTransition(tx, {
      bookingId: row.id,
      from: 'pending',
      to: 'canceled',
      actor: 'customer',
      reason: 'released',
      at: ctx.now(),
    });
    return row;
  });
  // If the card was charged meanwhile, the confirmation refunds it; a refusal here is harmless.
  if (released?.providerPaymentId)
    await ctx.payments.cancelIntent?.(released.providerPaymentId).catch(() => {});
}
