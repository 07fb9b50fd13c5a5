// The waitlist of a full shared trip (docs/public-site.md#waitlist). A visitor leaves an e-mail
// and the seats they want; when seats free up (a release, a lapsed hold, a cancellation: the
// domain events of the outbox say so, waitlist-offers below), the waiting entries are offered
// them in order. An offer is a real hold through the lifecycle (a pending booking that
// occupancy counts, WAITLIST_HOLD_MINUTES long), made under the trip's row lock as a checkout's
// hold is, so two releases at once never offer the same seats twice; its e-mail links to the
// payment step of that hold.
import { commissionBps } from '@boats/domain/fee-split';
import { fromBookingPassengers, seatsUsed } from '@boats/domain/passengers';
import { bookingPrice } from '@boats/domain/pricing';
import { entriesToOffer, waitlistOpen } from '@boats/domain/waitlist';
import type {
  WaitlistJoinResponse,
  WaitlistOfferResponse,
  waitlistJoinSchema,
} from '@boats/domain/schemas/waitlist';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { conflict, DomainError, invalidField, notFound } from '../../http/errors';
import { boatOfBooking, findBooking, findCheckoutTarget } from '../bookings/booking-repository';
import { intentOfHold } from '../bookings/hold-intent';
import { liveHoldsUnderLock, lockSlot } from '../bookings/capacity';
import { createBooking } from '../bookings/lifecycle';
import { emitEvent } from '../events/domain-events';
import { seatsLeft } from '../occupancy/occupancy';
import { holdIsLive } from '../occupancy/live-hold';
import {
  boatIdOfSlot,
  findEntry,
  insertEntry,
  markOffered,
  placeInLine,
  waitingEntries,
} from './waitlist-repository';
import { verifyWaitlistToken } from './waitlist-token';

const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;

/** "Tell me when seats free up": only on a shared trip that has fewer seats left than wanted. */
export async function joinWaitlist(
  ctx: AppContext,
  input: z.output<typeof waitlistJoinSchema>,
): Promise<WaitlistJoinResponse> {
  const now = ctx.now();
  const boatId = await boatIdOfSlot(ctx.db, input.slotId);
  const target = boatId ? await findCheckoutTarget(ctx.db, boatId, input.slotId, now) : undefined;
  const slot = target?.onPublicSite ? target.slot : null;
  if (!target || !slot) throw notFound('Trip');
  if (slot.type !== 'shared') throw conflict('not_shared', 'Only a shared trip has a waitlist.');
  if (slot.canceledAt || !slot.isOpen || !waitlistOpen(slot.startsAt, now)) {
    throw conflict('trip_closed', 'This trip is no longer open for booking.');
  }
  const party = fromBookingPassengers(input.passengers);
  const seats = seatsUsed(party);
  if (seats > slot.seatsTotal) {
    throw invalidField('body.passengers', 'too_many_seats', `This trip has ${slot.seatsTotal} seats in all.`);
  }
  if (seatsLeft(slot, target.heldSeats) >= seats) {
    throw conflict('seats_left', 'This trip still has these seats: book them now.');
  }
  const entry = await insertEntry(ctx.db, {
    slotId: slot.id,
    email: input.email,
    seats,
    ...party,
    language: input.lang,
  });
  if (!entry) {
    throw new DomainError(
      409,
      'already_waiting',
      'This e-mail is already on the waitlist of this trip.',
      undefined,
      [{ path: 'body.email', message: 'This e-mail is already on the waitlist of this trip.' }],
    );
  }
  return { position: await placeInLine(ctx.db, slot.id, entry.seq) };
}

/**
 * Offers the trip's free seats to its waiting entries, in waitlist order, in one transaction
 * under the trip's row lock (the lock order of docs/decisions/0015: the trip, then new
 * bookings). Each offer is a pending booking holding the entry's seats for
 * WAITLIST_HOLD_MINUTES and a `waitlist.offered` event (its e-mail). Answers how many entries
 * were offered seats. Safe to run at any time and on any instance: what is free is counted
 * under the lock, after every offer made before it.
 */
export async function offerFreedSeats(ctx: AppContext, slotId: string): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    const now = ctx.now();
    const slot = await lockSlot(tx, slotId);
    if (!slot || slot.type !== 'shared' || slot.canceledAt || !slot.isOpen) return 0;
    if (!waitlistOpen(slot.startsAt, now)) return 0;
    const held = await liveHoldsUnderLock(tx, { clientIp: '', slotId, now });
    const free = seatsLeft(slot, held.seatsHeld);
    if (free <= 0) return 0;
    const offers = entriesToOffer(free, await waitingEntries(tx, slotId));
    if (offers.length === 0) return 0;
    const boatId = slot.boatId;
    const target = await findCheckoutTarget(tx, boatId, slotId, now);
    if (!target?.onPublicSite) return 0;
    const hours = (slot.endsAt.getTime() - slot.startsAt.getTime()) / HOUR_MS;
    const holdExpiresAt = new Date(now.getTime() + ctx.config.WAITLIST_HOLD_MINUTES * MINUTE_MS);
    for (const entry of offers) {
      const passengers = { adults: entry.adults, children50: entry.children50, kidsFree: entry.kidsFree };
      const price = bookingPrice({
        mode: 'shared',
        seatPricePerHourCents: slot.seatPriceCents,
        passengers,
        hours,
      });
      const booking = await createBooking(
        ctx,
        tx,
        {
          boatId,
          slotId,
          type: 'shared',
          startsAt: slot.startsAt,
          endsAt: slot.endsAt,
          status: 'pending',
          holdExpiresAt,
          seats: entry.seats,
          ...passengers,
          customerName: '',
          customerEmail: entry.email,
          customerPhone: '',
          language: entry.language,
          amountGrossCents: price.amountCents,
          priceBreakdown: price.breakdown,
          extras: [],
          provider: ctx.payments.name,
          clientIp: null,
          commissionBps: commissionBps(target.ownerCommissionBps, ctx.config.PLATFORM_FEE_PERCENT),
        },
        { actor: 'waitlist', code: 'checkout_started', params: { seats: entry.seats } },
      );
      await markOffered(tx, entry.id, booking.id, now);
      await emitEvent(tx, {
        kind: 'waitlist.offered',
        bookingId: booking.id,
        payload: { entryId: entry.id },
      });
    }
    return offers.length;
  });
}

/**
 * The offer link opened: the held seats' payment step (the card payment for exactly the hold's
 * amount, made once per hold). 403 for a token of another entry; 409 before any offer; 410 once
 * the hold lapsed (the seats went to the next in line); 409 `offer_paid` once paid.
 */
export async function openOffer(
  ctx: AppContext,
  input: { entry: string; token: string },
): Promise<WaitlistOfferResponse> {
  if (!verifyWaitlistToken(input.entry, input.token, ctx.config.jwtSecret)) {
    throw new DomainError(403, 'invalid_waitlist_token', 'This link does not open this offer.');
  }
  const entry = await findEntry(ctx.db, input.entry);
  if (!entry) throw notFound('Waitlist entry');
  const booking = entry.offerBookingId ? await findBooking(ctx.db, entry.offerBookingId) : undefined;
  if (!entry.offeredAt || !booking) {
    throw conflict('not_offered', 'No seats have been offered to you yet: we e-mail you when they are.');
  }
  if (booking.status !== 'pending') {
    if (booking.paidAt) throw conflict('offer_paid', 'These seats are paid.', { bookingId: booking.id });
    throw lapsed();
  }
  if (!holdIsLive(booking, ctx.now())) throw lapsed();
  const boat = await boatOfBooking(ctx.db, booking.boatId);
  if (!boat) throw notFound('Boat');
  const intent = await intentOfHold(ctx, booking, boat.title.en);
  return {
    intent: {
      clientSecret: intent.clientSecret,
      bookingId: booking.id,
      holdExpiresAt: booking.holdExpiresAt.toISOString(),
      amount: booking.amountGrossCents,
      voucherAmount: 0,
    },
    boatId: boat.id,
    boatTitle: boat.title,
    seats: booking.seats,
    start: booking.startsAt.toISOString(),
    end: booking.endsAt.toISOString(),
  };
}

const lapsed = () =>
  new DomainError(410, 'offer_lapsed', 'This offer has lapsed: the seats went to the next person waiting.');
