// Suspending an owner or pausing a boat with paid trips ahead (docs/back-office.md#safe-admin-actions):
// the back office lists those bookings first, and the step says what becomes of them: served as
// booked, or canceled. A paused boat's are each canceled through the lifecycle and refunded in
// full, with the customer's usual cancellation and refund e-mails. A suspended owner's trips are
// canceled as the operator cancels a trip (trip-cancellation-service.ts), the boat unavailable:
// each customer may move to another owner's trip like theirs or take the refund
// (docs/decisions/0037-a-suspended-owners-customers-are-offered-another-boat.md). The owner or
// boat leaves the site first, so nobody books it meanwhile, and its own trips are offered to
// nobody. Its open requests to book are declined either way (their cards were only authorized):
// nobody is charged later for a boat off the site, and a suspended owner cannot accept one
// meanwhile (request-decision.ts).
import { bookingReference } from '@boats/domain/booking-reference';
import { centsToEuros, eurosToCents } from '@boats/domain/money';
import { isUuid } from '@boats/domain/schemas/common';
import {
  OWNER_SUSPENDED_CAUSE,
  type UpcomingBookingsResponse,
  type UpcomingFate,
  type UpcomingOutcome,
} from '@boats/domain/schemas/upcoming-bookings';
import type { AppContext } from '../../context';
import type { TokenUser } from '../auth/access-token';
import { notFound } from '../../http/errors';
import { noteAudit } from '../audit/audit-trail';
import { cancelBooking, refundByOperator } from '../admin-bookings/admin-booking-service';
import { findBoat } from '../boats/boat-repository';
import { changeListing } from '../boats/listing-service';
import { getOwner, updateOwnerByAdmin } from '../owners/admin-owner-service';
import { findOwner } from '../owners/owner-repository';
import { enqueueEmail } from '../mail/outbox';
import { ownerSuspendedEmail } from '../mail/owner-suspended-email';
import { scopeOf } from '../owner-scope/owner-scope';
import { declineRequest } from '../booking-requests/request-decision';
import { DomainError } from '../../http/errors';
import { cancelBookingsOfTrip } from '../trip-cancellation/trip-cancellation-service';
import { finishTripRefunds } from '../trip-cancellation/trip-refunds';
import { openOfferBookings } from '../trip-cancellation/trip-change-service';
import { upcomingPaidBookings, upcomingRequests, type UpcomingRow } from './upcoming-repository';

type Of = { ownerId: string } | { boatId: string };

export async function upcomingBookings(
  ctx: AppContext,
  user: TokenUser,
  of: Of,
): Promise<UpcomingBookingsResponse> {
  // Another owner's boat is not found, as everywhere in an owner's scope (not an empty list).
  if ('boatId' in of && !(isUuid(of.boatId) && (await findBoat(ctx.db, scopeOf(user), of.boatId))))
    throw notFound('Boat');
  const [rows, requests] = await Promise.all([
    upcomingPaidBookings(ctx.db, scopeOf(user), of, ctx.now()),
    upcomingRequests(ctx.db, scopeOf(user), of, ctx.now()),
  ]);
  return {
    requests: requests.map((r) => ({
      _id: r.id,
      reference: bookingReference(r.id),
      boatTitle: r.boatTitle.en ?? '',
      startsAt: r.startsAt.toISOString(),
      customerName: r.customerName,
      people: r.people,
    })),
    items: rows.map((r) => ({
      _id: r.id,
      reference: bookingReference(r.id),
      boatTitle: r.boatTitle.en ?? '',
      startsAt: r.startsAt.toISOString(),
      customerName: r.customerName,
      people: r.people,
      paid: centsToEuros(r.heldCents),
    })),
  };
}

/**
 * Cancels each booking with the operator's reason and refunds what it holds, one after another;
 * `cause` marks the platform's own step (a suspension), which its e-mails tell in their words.
 */
async function cancelAndRefund(
  ctx: AppContext,
  user: TokenUser,
  rows: UpcomingRow[],
  reason: string,
  cause: string | undefined,
): Promise<Omit<UpcomingOutcome, 'declined'>> {
  let refundedCents = 0;
  for (const row of rows) {
    await cancelBooking(ctx, row.id, user, { reason, cause });
    if (row.heldCents > 0) {
      await refundByOperator(ctx, row.id, user, { reason, cause });
      refundedCents += row.heldCents;
    }
  }
  return { canceled: rows.length, refunded: centsToEuros(refundedCents), offered: 0 };
}

/**
 * A suspension's bookings ahead: each trip they are on is canceled as the operator cancels one,
 * for the reason its customers read as "the boat is not available" (never that its owner was
 * suspended) and with a choice: other owners' trips like theirs (the domain's cross-owner move,
 * at no extra cost to them), or the refund, at once when no trip has room for them.
 */
async function cancelTripsOffering(
  ctx: AppContext,
  admin: TokenUser,
  rows: UpcomingRow[],
  reason: string,
): Promise<Omit<UpcomingOutcome, 'declined'>> {
  const withoutTrip = rows.filter((r) => r.slotId === null);
  const trips = [...new Set(rows.flatMap((r) => (r.slotId === null ? [] : [r.slotId])))].sort();
  for (const slotId of trips) {
    await cancelBookingsOfTrip(ctx, slotId, {
      reasonCode: 'boat_unavailable',
      note: reason,
      message: null,
      offer: 'choice',
      cause: OWNER_SUSPENDED_CAUSE,
      actor: admin.email,
      actorUserId: admin.id,
    });
    await finishTripRefunds(ctx, slotId);
  }
  const offered = await openOfferBookings(
    ctx.db,
    rows.map((r) => r.id),
  );
  const alone = await cancelAndRefund(ctx, admin, withoutTrip, reason, OWNER_SUSPENDED_CAUSE);
  const refundedNow = rows
    .filter((r) => r.slotId !== null && !offered.has(r.id))
    .reduce((sum, r) => sum + r.heldCents, 0);
  return {
    canceled: rows.length,
    refunded: centsToEuros(refundedNow + eurosToCents(alone.refunded)),
    offered: offered.size,
  };
}

async function decide(
  ctx: AppContext,
  user: TokenUser,
  of: Of,
  fate: UpcomingFate,
  reason: string,
  cause?: string,
): Promise<UpcomingOutcome & { served: number }> {
  const declined = await declineRequests(ctx, user, of, reason);
  const rows = await upcomingPaidBookings(ctx.db, scopeOf(user), of, ctx.now());
  const outcome = {
    ...(fate === 'serve'
      ? { canceled: 0, refunded: 0, offered: 0 }
      : cause === OWNER_SUSPENDED_CAUSE
        ? await cancelTripsOffering(ctx, user, rows, reason)
        : await cancelAndRefund(ctx, user, rows, reason, cause)),
    declined,
    served: fate === 'serve' ? rows.length : 0,
  };
  noteAudit({
    changes: {
      upcomingBookings: {
        before: rows.map((r) => bookingReference(r.id)),
        after:
          fate === 'serve'
            ? 'served'
            : outcome.offered > 0
              ? 'canceled, another boat offered or refunded'
              : 'canceled and refunded',
      },
    },
  });
  return outcome;
}

/**
 * Declines the open requests ahead, each through the request's own decline (its authorization
 * canceled, the customer told why). One an accept claimed meanwhile is the accept's: skipped.
 */
async function declineRequests(ctx: AppContext, user: TokenUser, of: Of, reason: string): Promise<number> {
  let declined = 0;
  for (const request of await upcomingRequests(ctx.db, scopeOf(user), of, ctx.now())) {
    try {
      // The customer reads the code (the boat is not available), translated; the staff's
      // reason, in their words, stays in the booking's history.
      await declineRequest(
        ctx,
        request.id,
        { email: user.email, id: user.id },
        { reasonCode: 'boat_unavailable', note: reason },
      );
      declined += 1;
    } catch (err) {
      if (!(err instanceof DomainError && err.code === 'request_decided')) throw err;
    }
  }
  return declined;
}

/**
 * The platform suspends an owner: their boats leave the site, then their bookings ahead are served
 * or canceled (their customers told the boat is no longer offered), and the owner gets one e-mail
 * saying so, with the admin's `reason`, instead of one per booking.
 */
export async function suspendOwner(
  ctx: AppContext,
  admin: TokenUser,
  ownerId: string,
  { upcoming: fate, reason }: { upcoming: UpcomingFate; reason?: string | undefined },
) {
  const before = await findOwner(ctx.db, ownerId);
  await updateOwnerByAdmin(ctx, ownerId, { status: 'suspended' });
  const { served, ...outcome } = await decide(
    ctx,
    admin,
    { ownerId },
    fate,
    reason || 'The owner was suspended by the platform',
    OWNER_SUSPENDED_CAUSE,
  );
  // Told once, and only when this step suspended them (a second call changes nothing).
  if (before?.email && before.status !== 'suspended') {
    await enqueueEmail(
      ctx.db,
      ownerSuspendedEmail(before, {
        reason: reason || null,
        fate,
        canceled: outcome.canceled,
        refundedCents: eurosToCents(outcome.refunded),
        served,
        declined: outcome.declined,
        offered: outcome.offered,
      }),
    );
  }
  return { owner: await getOwner(ctx, ownerId), outcome };
}

/** The owner or the platform pauses a boat: it leaves the site, then its bookings ahead are served or canceled. */
export async function pauseBoat(ctx: AppContext, user: TokenUser, boatId: string, fate: UpcomingFate) {
  const boat = await changeListing(ctx, user, boatId, 'pause');
  const { canceled, refunded, offered, declined } = await decide(
    ctx,
    user,
    { boatId },
    fate,
    'The boat was taken off the site',
  );
  return { boat, outcome: { canceled, refunded, offered, declined } };
}
