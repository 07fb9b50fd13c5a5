// The waitlist of a full shared trip (docs/public-site.md#waitlist). A visitor leaves an e-mail
// and the seats they want, and confirms the address through the link e-mailed to it (only a
// confirmed entry is offered seats); when seats free up (a release, a lapsed hold, a cancellation: the
// domain events of the outbox say so, waitlist-offers below), the waiting entries are offered
// them in order. An offer is a real hold through the lifecycle (a pending booking that
// occupancy counts, WAITLIST_HOLD_MINUTES long), made under the trip's row lock as a checkout's
// hold is, so two releases at once never offer the same seats twice, and counted against the
// hold limit of the address the entry was made from, as that client's checkout would be; its
// e-mail links to the payment step of that hold.
import { heldUntil } from '@boats/domain/holds';
import { commissionBps } from '@boats/domain/fee-split';
import { fromBookingPassengers, seatsUsed } from '@boats/domain/passengers';
import { bookingPrice } from '@boats/domain/pricing';
import { entriesToOffer, waitlistOpen } from '@boats/domain/waitlist';
import type {
  WaitlistConfirmResponse,
  WaitlistJoinResponse,
  WaitlistOfferResponse,
  waitlistJoinSchema,
} from '@boats/domain/schemas/waitlist';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { conflict, DomainError, invalidField, notFound } from '../../http/errors';
import { boatOfBooking, findBooking, findCheckoutTarget } from '../bookings/booking-repository';
import { intentOfHold } from '../bookings/hold-intent';
import { liveHoldsUnderLock, lockSlot } from '../bookings/capacity';
import { createBooking } from '../bookings/lifecycle';
import { emitEvent } from '../events/domain-events';
import { seatsLeft } from '../occupancy/occupancy';
import { clientRoom, visitorClient } from '../sales/client-hold-limits';
import { seatPricePerHourCents } from '../sales/sellable';
import { holdIsLive } from '../occupancy/live-hold';
import {
  boatIdOfSlot,
  confirmEntry,
  entriesForAddressSince,
  entryWithTrip,
  findEntry,
  insertEntry,
  markOffered,
  placeInLine,
  waitingEntries,
} from './waitlist-repository';
import { verifyWaitlistToken } from './waitlist-token';
import { checkoutKey } from '../checkout/checkout-key';

const HOUR_MS = 3_600_000;
/**
 * "Confirm your place on the waitlist" e-mails one address receives in an hour, from any number
 * of clients (the per-client limit is the route's): a stranger's address typed in by someone
 * else gets a few e-mails at most, a visitor joining several trips is not held back.
 */
const WAITLIST_CONFIRMATIONS_PER_ADDRESS_HOUR = 3;

/**
 * "Tell me when seats free up": only on a shared trip that has fewer seats left than wanted. The
 * entry waits unconfirmed until the visitor opens the link of the `waitlist.joined` e-mail.
 */
export async function joinWaitlist(
  ctx: AppContext,
  input: z.output<typeof waitlistJoinSchema>,
  clientIp: string,
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
  await ctx.db.transaction(async (tx) => {
    // The address's own limit, whichever clients send (issue 53): past it, nothing is written
    // and nothing e-mailed.
    const since = new Date(now.getTime() - HOUR_MS);
    if ((await entriesForAddressSince(tx, input.email, since)) >= WAITLIST_CONFIRMATIONS_PER_ADDRESS_HOUR)
      return;
    const row = await insertEntry(tx, {
      slotId: slot.id,
      email: input.email,
      seats,
      ...party,
      language: input.lang,
      clientIp,
      createdAt: now,
    });
    // No row: the address already waits for this trip; it was e-mailed when it joined.
    if (row) await emitEvent(tx, { kind: 'waitlist.joined', bookingId: null, payload: { entryId: row.id } });
  });
  // The same answer whether the entry was written, already waited or was over the address's
  // limit, so the form tells nobody which addresses wait or were typed before: the place a new
  // entry takes among the confirmed ones (its own entry is unconfirmed until the link is opened).
  return { position: await placeInLine(ctx.db, slot.id) };
}

/**
 * The confirmation link opened: the entry may be offered seats from now on, and is offered any
 * free at once. 403 for a token of another entry; opening it again changes nothing.
 */
export async function confirmWaitlistEntry(
  ctx: AppContext,
  input: { entry: string; token: string },
): Promise<WaitlistConfirmResponse> {
  if (!verifyWaitlistToken(input.entry, input.token, ctx.config.jwtSecret)) {
    throw new DomainError(403, 'invalid_waitlist_token', 'This link does not confirm this place in line.');
  }
  const entry = await confirmEntry(ctx.db, input.entry, ctx.now());
  if (!entry) throw notFound('Waitlist entry');
  await offerFreedSeats(ctx, entry.slotId);
  const trip = await entryWithTrip(ctx.db, entry.id);
  if (!trip) throw notFound('Waitlist entry');
  return {
    position: await placeInLine(ctx.db, entry.slotId, entry.seq),
    boatTitle: trip.boatTitle,
    seats: entry.seats,
    start: trip.startsAt.toISOString(),
  };
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
    const waiting = (await waitingEntries(tx, slotId)).map((e) => ({ ...e, client: e.clientIp }));
    const room = await clientsRoom(ctx, tx, slot, waiting, now);
    const offers = entriesToOffer(free, waiting, (client) => room.get(client) ?? 0);
    if (offers.length === 0) return 0;
    const boatId = slot.boatId;
    const target = await findCheckoutTarget(tx, boatId, slotId, now);
    if (!target?.onPublicSite) return 0;
    const hours = (slot.endsAt.getTime() - slot.startsAt.getTime()) / HOUR_MS;
    const holdExpiresAt = heldUntil(
      { channel: 'waitlist', minutes: ctx.config.WAITLIST_HOLD_MINUTES },
      now,
      slot.startsAt,
    );
    for (const entry of offers) {
      const passengers = { adults: entry.adults, children50: entry.children50, kidsFree: entry.kidsFree };
      // The seat price the site's checkout charges now: the slot's, with the boat's price rules.
      const price = bookingPrice({
        mode: 'shared',
        seatPricePerHourCents: seatPricePerHourCents(target.boat, slot),
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
          clientIp: entry.clientIp,
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

/** What each waiting client may still hold on the trip, as the checkout counts it (clientRoom). */
async function clientsRoom(
  ctx: AppContext,
  tx: Db,
  slot: { id: string; seatsTotal: number },
  waiting: readonly { client: string | null }[],
  now: Date,
): Promise<Map<string, number>> {
  const room = new Map<string, number>();
  for (const client of new Set(waiting.map((e) => e.client))) {
    if (client === null) continue;
    const held = await liveHoldsUnderLock(tx, { clientIp: client, slotId: slot.id, now });
    room.set(
      client,
      clientRoom(visitorClient(ctx.config, client), {
        seatsTotal: slot.seatsTotal,
        heldByClient: held.seatsHeldByClient,
        liveHolds: held.checkoutsOfClient,
      }),
    );
  }
  return room;
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
    if (booking.paidAt) {
      // The offer's link proves the customer: the paid booking's page opens with its key.
      throw conflict('offer_paid', 'These seats are paid.', {
        bookingId: booking.id,
        checkoutKey: checkoutKey(booking.id, ctx.config.jwtSecret),
      });
    }
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
      checkoutKey: checkoutKey(booking.id, ctx.config.jwtSecret),
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
