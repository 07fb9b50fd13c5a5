// POST /api/boat/payment-intent: checks the request against the boat, the slot and the price
// the server computes itself, holds the seats or charter hours through the one sale
// (sales/sell.ts), then asks the card provider for an intent of exactly that amount.
import { effectiveReschedulePolicy } from '@boats/domain/reschedule-policy';
import { toInstant } from '@boats/domain/canary-time';
import { commissionBps } from '@boats/domain/fee-split';
import { centsToEuros, eurosToCents } from '@boats/domain/money';
import { breakdownMatches } from '@boats/domain/pricing';
import type { PaymentIntentRequest, PaymentIntentResponse } from '@boats/domain/schemas/payment-intent';
import { requiredLicence } from '@boats/domain/licences';
import { isUuid } from '@boats/domain/schemas/common';
import type { AppContext } from '../../context';
import { firstHoldMinutes } from './checkout-contact';
import { checkoutKey } from './checkout-key';
import { badRequest, conflict, DomainError, notFound } from '../../http/errors';
import { canRequestAt, effectiveBookingMode, requestDeadline } from '@boats/domain/request-to-book';
import type { BoatRow } from '../boats/boat-repository';
import {
  attachPaymentIntent,
  boatOfBooking,
  findCheckoutTarget,
  lockBookingRow,
  type BookingRow,
} from '../bookings/booking-repository';
import { CapacityLostError, PromoNotKeptError, transition } from '../bookings/lifecycle';
import { lockBookingWithTrip } from '../bookings/lock-order';
import { voucherPartOf } from '../gift-vouchers/gift-voucher-repository';
import { stopIntent } from '../bookings/payment-confirmation';
import { emitEvent } from '../events/domain-events';
import { applyPromoUnderLock, previewPromo } from '../promo-codes/promo-code-service';
import { holdVoucherPart, reserveVoucherUnderLock } from '../gift-vouchers/gift-voucher-service';
import { planBooking, type Plan } from '../sales/plan';
import { visitorClient } from '../sales/client-hold-limits';
import { sell } from '../sales/sell';
import { depositCustomerFor, scheduleDeposit } from '../deposits/deposit-service';

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
  if (boat.depositCents > 0 && req.booking.depositAccepted !== true) {
    throw field(
      'booking.depositAccepted',
      'deposit_not_accepted',
      `This boat asks a security deposit of ${euros(boat.depositCents)}: agree that it is held on your card before departure.`,
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
  // The voucher's reservation of the sale's last attempt (a retried transaction reserves again).
  let voucher: Awaited<ReturnType<typeof reserveVoucherUnderLock>> | undefined;
  const { booking } = await sell(ctx, {
    slot,
    plan,
    client: visitorClient(ctx.config, clientIp),
    hold: { channel: 'checkout', minutes: firstHoldMinutes(ctx.config, customer) },
    booking: {
      amountGrossCents: chargedCents,
      customerName: customer?.name ?? '',
      customerEmail: customer?.email ?? '',
      customerPhone: customer?.phone ?? '',
      language: req.lang ?? 'en',
      licenceConfirmed: licence !== null,
      provider: ctx.payments.name,
      // The owner's rate when the customer buys: the fee split of this sale for good.
      commissionBps: commissionBps(ownerCommissionBps, ctx.config.PLATFORM_FEE_PERCENT),
      // And the boat's change-of-date policy now, which the booking keeps (docs/payments.md).
      reschedulePolicy: effectiveReschedulePolicy(boat.reschedulePolicy),
    },
    history: { actor: 'customer', code: 'checkout_started' },
    async underLock(tx) {
      // The code's uses are counted under its lock, and the booking that takes one is inserted
      // before the lock is released.
      const promo = promoText ? await applyPromoUnderLock(tx, now, promoFor) : undefined;
      if (promo && promo.discountCents !== preview?.discountCents) {
        throw conflict('price_mismatch', 'The promo code changed meanwhile. Please review and try again.');
      }
      // Then the voucher's balance, counted under its lock, pays what it can of the total after
      // the promo code; its held part is written with the booking (record).
      voucher = voucherText
        ? await reserveVoucherUnderLock(tx, now, { text: voucherText, totalCents: chargedCents })
        : undefined;
      return {
        promoCodeId: promo?.id ?? null,
        promoCode: promo?.code ?? null,
        discountCents: promo?.discountCents ?? 0,
      };
    },
    async record(tx, row) {
      // The boat's security deposit, at its amount now, held on the card before departure.
      await scheduleDeposit(ctx, tx, row, boat.depositCents);
      if (!voucher) return;
      await holdVoucherPart(tx, { bookingId: row.id, ...voucher, at: now });
    },
  });
  const holdExpiresAt = booking.holdExpiresAt ?? now;
  const voucherCents = voucher?.voucherCents ?? 0;
  const cardCents = chargedCents - voucherCents;
  // A voucher that pays everything needs no card: POST /checkout/booking/{id}/pay-with-voucher.
  if (cardCents === 0) {
    return {
      clientSecret: null,
      bookingId: booking.id,
      checkoutKey: checkoutKey(booking.id, ctx.config.jwtSecret),
      holdExpiresAt: holdExpiresAt.toISOString(),
      amount: 0,
      voucherAmount: voucherCents,
    };
  }
  const intent = await createIntentOrRelease(ctx, booking, boat, cardCents);
  await attachPaymentIntent(ctx.db, { bookingId: booking.id, provider: ctx.payments.name, intent });
  return {
    clientSecret: intent.clientSecret,
    bookingId: booking.id,
    checkoutKey: checkoutKey(booking.id, ctx.config.jwtSecret),
    holdExpiresAt: holdExpiresAt.toISOString(),
    amount: cardCents,
    voucherAmount: voucherCents,
    ...(effectiveBookingMode(boat) === 'request'
      ? { requestDecideBy: requestDeadline(now, plan.start, ctx.config.REQUEST_HOURS).toISOString() }
      : {}),
  };
}

/** A provider outage must not leave seats held for nothing. */
async function createIntentOrRelease(ctx: AppContext, booking: BookingRow, boat: BoatRow, cardCents: number) {
  try {
    // A boat with a security deposit: the card is saved, with the customer's consent, to a
    // provider customer for the deposit's off-session authorisation before departure.
    const saveCardFor = boat.depositCents > 0 ? await depositCustomerFor(ctx, booking) : undefined;
    return await ctx.payments.createIntent({
      ...(saveCardFor ? { saveCardFor } : {}),
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
