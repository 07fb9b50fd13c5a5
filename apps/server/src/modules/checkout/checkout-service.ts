// POST /api/boat/payment-intent: checks the request against the boat, the slot and the price
// the server computes itself, holds the seats or charter hours in one transaction, then asks
// the card provider for an intent of exactly that amount.
import { continueBlockers, type BlockerCode, type ContinueInput } from '@boats/domain/booking-rules';
import { canaryDateKey, toInstant } from '@boats/domain/canary-time';
import { charterChain, charterDurationRange, charterEnd, slotsForDuration } from '@boats/domain/charter';
import { priceExtras, type ExtraChoice, type ExtraProblem } from '@boats/domain/extras';
import { commissionBps } from '@boats/domain/fee-split';
import { centsToEuros, eurosToCents } from '@boats/domain/money';
import { seatsUsed, type Passengers } from '@boats/domain/passengers';
import { bookingPrice, breakdownMatches, type BookingPrice } from '@boats/domain/pricing';
import type { PaymentIntentRequest, PaymentIntentResponse } from '@boats/domain/schemas/payment-intent';
import { bookingTripMinimum } from '@boats/domain/trip-state';
import { requiredLicence } from '@boats/domain/licences';
import { isUuid } from '@boats/domain/schemas/common';
import type { AppContext } from '../../context';
import { firstHoldMinutes } from './checkout-contact';
import { checkoutKey } from './checkout-key';
import { assertClientMayHoldSeats } from './client-hold-limits';
import { badRequest, conflict, DomainError, notFound, tooManyRequests } from '../../http/errors';
import { canRequestAt, effectiveBookingMode, requestDeadline } from '@boats/domain/request-to-book';
import { ratesOfRowAt } from '../boats/boat-mapper';
import type { BoatRow } from '../boats/boat-repository';
import type { BookingExtraRow } from '../../db/schema';
import { seatsLeft } from '../occupancy/occupancy';
import {
  attachPaymentIntent,
  boatOfBooking,
  findCheckoutTarget,
  lockBookingRow,
  lockClientAddress,
  privateSlotsFrom,
  type BookingRow,
  type SlotRow,
} from '../bookings/booking-repository';
import {
  assertSeatsFit,
  claimCharterSlots,
  liveHoldsUnderLock,
  lockSlot,
  lockSlots,
  seatsLeftMessage,
} from '../bookings/capacity';
import { CapacityLostError, createBooking, PromoNotKeptError, transition } from '../bookings/lifecycle';
import { lockBookingWithTrip } from '../bookings/lock-order';
import { voucherPartOf } from '../gift-vouchers/gift-voucher-repository';
import { stopIntent } from '../bookings/payment-confirmation';
import { emitEvent } from '../events/domain-events';
import { applyPromoUnderLock, previewPromo } from '../promo-codes/promo-code-service';
import { holdVoucherPart, reserveVoucherUnderLock } from '../gift-vouchers/gift-voucher-service';

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

const euros = (cents: number) => `€${centsToEuros(cents).toFixed(2)}`;

function field(path: string, code: string, message: string): DomainError {
  return badRequest(code, message, { field: path });
}

async function loadTarget(ctx: AppContext, req: PaymentIntentRequest) {
  const b = req.booking;
  if (!isUuid(b.boatId)) throw field('booking.boatId', 'invalid_id', 'booking.boatId is not a valid id');
  if (!isUuid(b.slotId)) throw field('booking.slotId', 'invalid_id', 'booking.slotId is not a valid id');
  const target = await findCheckoutTarget(ctx.db, b.boatId, b.slotId, ctx.now());
  if (!target?.onPublicSite) throw notFound('Boat');
  const { boat, slot, heldSeats, paidSeatsSold, ownerCommissionBps } = target;
  if (!slot) throw notFound('Slot');
  if (slot.type !== b.mode) {
    throw field('booking.mode', 'mode_mismatch', `booking.mode is ${b.mode} but the slot is ${slot.type}`);
  }
  if (toInstant(b.dateISO).getTime() !== slot.startsAt.getTime()) {
    throw field('booking.dateISO', 'date_mismatch', 'booking.dateISO must be the start of the chosen slot');
  }
  return { boat, slot, heldSeats, paidSeatsSold, ownerCommissionBps };
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

/** The trip's breakdown must match, and `amount` must be the trip plus the extras less the discount. */
function assertPrice(req: PaymentIntentRequest, plan: Plan, amountCents: number): void {
  const { price } = plan;
  const clientTotalCents = eurosToCents(req.booking.priceBreakdown.total);
  if (req.amount !== amountCents || !breakdownMatches(req.booking.priceBreakdown, price.breakdown)) {
    const shown = req.amount !== amountCents ? req.amount : clientTotalCents;
    const expected = req.amount !== amountCents ? amountCents : price.amountCents;
    throw conflict(
      'price_mismatch',
      `The price has changed: the request says ${euros(shown)}, the price is ${euros(expected)}. Please review and try again.`,
      { clientAmount: req.amount, serverAmount: amountCents, serverBreakdown: price.breakdown },
    );
  }
}

export async function startCheckout(
  ctx: AppContext,
  req: PaymentIntentRequest,
  /** The client's key (http/client-key.ts): its holds are counted together. */
  clientIp: string,
): Promise<PaymentIntentResponse> {
  const target = await loadTarget(ctx, req);
  const { boat, slot, ownerCommissionBps } = target;
  const licence = requiredLicence(boat);
  if (licence && req.booking.licenceConfirmed !== true) {
    throw field(
      'booking.licenceConfirmed',
      'licence_not_confirmed',
      `This boat is driven by its customers: confirm that the skipper holds the required boat licence (${licence.toUpperCase()} or higher).`,
    );
  }
  const plan = await planBooking(ctx, target, req.booking);
  // A promo code's discount, by the code as it stands now; applied again under its lock below.
  const promoText = req.booking.promoCode?.trim();
  const promoFor = {
    code: promoText ?? '',
    boatId: boat.id,
    boatOwnerId: boat.ownerId,
    subtotalCents: plan.amountCents,
  };
  const preview = promoText ? await previewPromo(ctx, promoFor) : undefined;
  const voucherText = req.booking.voucherCode?.trim() || undefined;
  const chargedCents = plan.amountCents - (preview?.discountCents ?? 0);
  try {
    assertPrice(req, plan, chargedCents);
  } catch (err) {
    // The money helpers refuse figures that are not amounts (infinite, unsafe integers).
    if (err instanceof RangeError)
      throw badRequest('invalid_amount', `Invalid price figures: ${err.message}`);
    throw err;
  }

  const now = ctx.now();
  // Request-to-book: the owner must be able to answer before the last answer time.
  if (effectiveBookingMode(boat) === 'request' && !canRequestAt(now, plan.start)) {
    throw conflict(
      'request_too_late',
      'This boat is booked on request, and this trip starts too soon for its owner to answer. Please choose a later date.',
    );
  }
  const customer = req.customer;
  const holdExpiresAt = new Date(now.getTime() + firstHoldMinutes(ctx.config, customer) * 60_000);

  const booking = await ctx.db.transaction(async (tx) => {
    // One client's checkouts queue on an advisory lock, so the count below is exact even
    // with many parallel requests (taken before any slot lock: one lock order, no deadlock).
    await lockClientAddress(tx, clientIp);
    // The trip's rows next (a charter's hours by id: lock-order.ts), then every count in one
    // fresh statement under the locks.
    const locked = req.booking.mode === 'shared' ? await lockSlot(tx, slot.id) : undefined;
    if (req.booking.mode === 'private')
      await lockSlots(
        tx,
        plan.chain.map((s) => s.id),
      );
    if (req.booking.mode === 'shared' && !locked) throw conflict('slot_gone', 'This trip no longer exists.');
    const held = await liveHoldsUnderLock(tx, { clientIp, slotId: locked?.id ?? null, now });
    if (held.checkoutsOfClient >= ctx.config.MAX_LIVE_HOLDS_PER_IP) {
      throw tooManyRequests(
        'Too many unfinished checkouts from this address. Finish one or wait a few minutes.',
      );
    }
    if (locked) {
      assertSeatsFit(locked, plan.seats, held.seatsHeld);
      assertClientMayHoldSeats(ctx.config, {
        seatsTotal: locked.seatsTotal,
        seats: plan.seats,
        heldByClient: held.seatsHeldByClient,
      });
    }
    // The code's row last (lock-order.ts): its uses are counted under its lock and the booking
    // that takes one is inserted before the lock is released.
    const promo = promoText ? await applyPromoUnderLock(tx, now, promoFor) : undefined;
    if (promo && promo.discountCents !== preview?.discountCents) {
      throw conflict('price_mismatch', 'The promo code changed meanwhile. Please review and try again.');
    }
    // Then a gift voucher's row (lock-order.ts): its balance counted under its lock pays what it
    // can of the total after the promo code; the reservation is written with the booking below.
    const voucher = voucherText
      ? await reserveVoucherUnderLock(tx, now, { text: voucherText, totalCents: chargedCents })
      : undefined;
    const row = await createBooking(
      ctx,
      tx,
      {
        boatId: boat.id,
        slotId: slot.id,
        type: req.booking.mode,
        startsAt: plan.start,
        endsAt: plan.end,
        status: 'pending',
        holdExpiresAt,
        seats: plan.seats,
        adults: plan.passengers.adults,
        children50: plan.passengers.children50,
        kidsFree: plan.passengers.kidsFree,
        customerName: customer?.name ?? '',
        customerEmail: customer?.email ?? '',
        customerPhone: customer?.phone ?? '',
        language: req.lang ?? 'en',
        amountGrossCents: chargedCents,
        priceBreakdown: plan.price.breakdown,
        extras: plan.extras,
        promoCodeId: promo?.id ?? null,
        promoCode: promo?.code ?? null,
        discountCents: promo?.discountCents ?? 0,
        licenceConfirmed: licence !== null,
        provider: ctx.payments.name,
        clientIp,
        // The owner's rate when the customer buys: the fee split of this sale for good.
        commissionBps: commissionBps(ownerCommissionBps, ctx.config.PLATFORM_FEE_PERCENT),
      },
      { actor: 'customer', code: 'checkout_started' },
    );
    if (req.booking.mode === 'private') await claimCharterSlots(tx, row.id, plan.chain, now);
    if (voucher) await holdVoucherPart(tx, { bookingId: row.id, ...voucher, at: now });
    return { row, voucherCents: voucher?.voucherCents ?? 0 };
  });

  const cardCents = chargedCents - booking.voucherCents;
  // A voucher that pays everything needs no card: POST /checkout/booking/{id}/pay-with-voucher.
  if (cardCents === 0) {
    return {
      clientSecret: null,
      bookingId: booking.row.id,
      checkoutKey: checkoutKey(booking.row.id, ctx.config.jwtSecret),
      holdExpiresAt: holdExpiresAt.toISOString(),
      amount: 0,
      voucherAmount: booking.voucherCents,
    };
  }
  const intent = await createIntentOrRelease(ctx, booking.row, boat, cardCents);
  await attachPaymentIntent(ctx.db, { bookingId: booking.row.id, provider: ctx.payments.name, intent });
  return {
    clientSecret: intent.clientSecret,
    bookingId: booking.row.id,
    checkoutKey: checkoutKey(booking.row.id, ctx.config.jwtSecret),
    holdExpiresAt: holdExpiresAt.toISOString(),
    amount: cardCents,
    voucherAmount: booking.voucherCents,
    ...(effectiveBookingMode(boat) === 'request'
      ? { requestDecideBy: requestDeadline(now, plan.start, ctx.config.REQUEST_HOURS).toISOString() }
      : {}),
  };
}

/** A provider outage must not leave seats held for nothing. */
async function createIntentOrRelease(ctx: AppContext, booking: BookingRow, boat: BoatRow, cardCents: number) {
  try {
    return await ctx.payments.createIntent({
      amountCents: cardCents,
      currency: 'eur',
      metadata: { bookingId: booking.id },
      // Each checkout is its own booking, so the key is unique per attempt.
      idempotencyKey: `checkout-${booking.id}`,
      description: `${boat.title.en}, ${booking.startsAt.toISOString()}`,
      // Request-to-book: the card is authorized now and charged when the owner accepts.
      ...(effectiveBookingMode(boat) === 'request' ? { captureMethod: 'manual' as const } : {}),
    });
  } catch {
    await ctx.db.transaction(async (tx) => {
      const row = await lockBookingRow(tx, booking.id);
      if (row?.status === 'pending') {
        await transition(ctx, tx, row, 'canceled', { actor: 'system', code: 'payment_setup_failed' });
      }
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
 * Idempotent: a booking that was never paid and is no longer pending stays as it is; a paid
 * one cannot be released here. If the card was charged meanwhile, stopIntent refunds it.
 */
export async function releaseCheckout(ctx: AppContext, bookingId: string): Promise<void> {
  const released = await ctx.db.transaction(async (tx) => {
    const row = await lockBookingRow(tx, bookingId);
    if (!row) throw notFound('Booking');
    if ((row.status === 'canceled' || row.status === 'refunded') && !row.paidAt) return null;
    if (row.status !== 'pending') throw conflict('not_pending', 'A paid booking cannot be released.');
    return transition(ctx, tx, row, 'canceled', { actor: 'customer', code: 'released' });
  });
  if (released?.providerPaymentId) await stopIntent(ctx, released.providerPaymentId);
}

/**
 * POST /checkout/booking/{id}/pay-with-voucher: a hold whose gift voucher pays everything (no
 * card part) goes on through the lifecycle as after a card payment: sold, or on a boat booked on
 * request, requested (the voucher's part stays held until its owner answers). Idempotent: a
 * booking already paid or requested answers as it is. A lapsed hold whose seats were resold is
 * canceled, its voucher part given back (409 booking_released).
 */
export async function payWithVoucher(ctx: AppContext, bookingId: string): Promise<void> {
  const outcome = await ctx.db.transaction(async (tx) => {
    const row = await lockBookingWithTrip(tx, bookingId);
    const boat = row && (await boatOfBooking(tx, row.boatId));
    if (!row || !boat) throw notFound('Booking');
    if (row.paidAt || row.status === 'requested') return 'done' as const;
    if (row.status !== 'pending') return 'released' as const;
    const voucherCents = await voucherPartOf(tx, row.id);
    if (voucherCents <= 0 || voucherCents !== row.amountGrossCents) {
      throw conflict('card_part_due', 'Part of this booking is paid by card: pay it with the card form.');
    }
    try {
      if (effectiveBookingMode(boat) === 'request') {
        const requested = await transition(ctx, tx, row, 'requested', {
          actor: 'customer',
          code: 'payment_authorized',
        });
        await emitEvent(tx, {
          kind: 'booking.request_received',
          bookingId: row.id,
          payload: { decideBy: requested.requestDecideBy?.toISOString() ?? '' },
        });
      } else {
        await transition(ctx, tx, row, 'paid', { actor: 'customer', code: 'payment_succeeded' });
      }
      return 'done' as const;
    } catch (err) {
      if (!(err instanceof CapacityLostError)) throw err;
      await transition(ctx, tx, row, 'canceled', { actor: 'system', code: 'late_payment' });
      return err instanceof PromoNotKeptError ? ('promo' as const) : ('lost' as const);
    }
  });
  if (outcome === 'promo') {
    // The code's rules refused the sale (promoUseKept): the card path's neutral answer.
    throw conflict(
      'promo_not_applicable',
      'The promo code cannot be used for this booking, so it was not completed. Nothing was taken from the gift voucher.',
      { bookingId },
    );
  }
  if (outcome !== 'done') {
    throw conflict(
      'booking_released',
      'This booking was released before it was paid. Nothing was taken from the gift voucher.',
      { bookingId },
    );
  }
}
