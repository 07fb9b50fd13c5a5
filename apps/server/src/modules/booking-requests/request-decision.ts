// Request-to-book, decided once (docs/payments.md#request-to-book). A request's card is
// authorized, not charged; its owner (or the platform admin) accepts or declines, or nobody
// answers by its deadline and the job lets it lapse.
//
// Decided once, under the lock order of docs/decisions/0015 (the trip's rows, then the booking's,
// then, to accept, a share lock on the boat's owner, whose suspension declines open requests):
// - accept first claims the request in a transaction (request_accepted_at, refused once the
//   request is decided or its deadline passed), then captures at the provider (idempotent), then
//   records the payment and moves requested → paid through the lifecycle;
// - decline and the lapse move requested → canceled in a transaction that refuses a claimed
//   request, then cancel the authorization at the provider (no money moved).
// So a request declined or lapsed is never captured (its authorization is canceled and nothing
// claims it), and an accepted one is never declined. A crash after the claim leaves the capture
// to the job (captureAcceptedRequests), which retries it with the same idempotency key.
import { and, eq, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { RequestDecline } from '@boats/domain/schemas/request-to-book';
import type { AppContext } from '../../context';
import { boats, bookings, owners } from '../../db/schema';
import { conflict, DomainError, notFound } from '../../http/errors';
import { findPaymentByProviderId, recordPayment } from '../payments/ledger';
import { voucherPartOf } from '../gift-vouchers/gift-voucher-repository';
import type { ProviderIntent } from '../payments/payment-provider';
import type { BookingRow } from '../bookings/booking-repository';
import { transition } from '../bookings/lifecycle';
import { lockBookingWithTrip } from '../bookings/lock-order';
import { stopIntent } from '../bookings/payment-confirmation';

export type Decider = { email: string; id?: string | null };

const BATCH = 100;

function decided(row: BookingRow): DomainError {
  return conflict('request_decided', `This request was already answered (the booking is ${row.status}).`, {
    status: row.status,
  });
}

function acceptedAlready(): DomainError {
  return conflict('request_decided', 'This request was accepted already; its payment is being taken.', {
    status: 'requested',
    accepted: true,
  });
}

/** The owner accepts: the authorization is captured and the booking is paid (tickets, e-mail). */
export async function acceptRequest(ctx: AppContext, id: string, by: Decider): Promise<BookingRow> {
  const claimed = await ctx.db.transaction(async (tx) => {
    const row = await lockBookingWithTrip(tx, id);
    if (!row) throw notFound('Booking');
    if (row.status !== 'requested') throw decided(row);
    // Another accept claimed it first (two clicks, two staff): that one answers for it, and the
    // job finishes its capture if it could not; this one says so instead of answering 200 too.
    if (row.requestAcceptedAt) throw acceptedAlready();
    if (row.requestDecideBy && row.requestDecideBy <= ctx.now()) {
      throw conflict('request_expired', 'The time to answer this request has run out.');
    }
    // A suspended owner's boat takes no money: the suspension declines its requests, and an
    // accept racing it reads the owner's status under a share lock the suspension's update waits on.
    const [owner] = await tx
      .select({ status: owners.status })
      .from(boats)
      .innerJoin(owners, eq(owners.id, boats.ownerId))
      .where(eq(boats.id, row.boatId))
      .for('share', { of: owners });
    if (owner?.status === 'suspended') {
      throw conflict('owner_suspended', 'This boat’s owner is suspended: the request cannot be accepted.');
    }
    const [updated] = await tx
      .update(bookings)
      .set({ requestAcceptedAt: ctx.now(), updatedAt: sql`now()` })
      .where(eq(bookings.id, id))
      .returning();
    return updated ?? row;
  });
  return captureAccepted(ctx, claimed, by);
}

/**
 * Captures a claimed request's authorization and sells the booking. The provider refusing (the
 * authorization lapsed at the bank) cancels the request, nothing charged (capture_failed, 502);
 * an outage leaves it claimed for the job to retry (502).
 */
async function captureAccepted(ctx: AppContext, row: BookingRow, by: Decider): Promise<BookingRow> {
  const intentId = row.providerPaymentId;
  if (!intentId) return sellVoucherOnlyRequest(ctx, row, by);
  let intent: ProviderIntent | undefined;
  try {
    intent = await ctx.payments.captureIntent(intentId, `capture:${row.id}`);
  } catch (err) {
    const now = await ctx.payments.retrieveIntent(intentId).catch(() => undefined);
    if (now?.status === 'succeeded') intent = now;
    else if (now && now.status !== 'requires_capture') {
      await cancelRequest(ctx, row.id, { actor: 'system', code: 'capture_failed' }, { accepted: true });
      throw new DomainError(
        502,
        'capture_failed',
        'The card provider refused the payment; nothing was charged.',
      );
    } else throw err;
  }
  const sold = await ctx.db.transaction(async (tx) => {
    const locked = await lockBookingWithTrip(tx, row.id);
    if (!locked) throw notFound('Booking');
    await recordPayment(tx, { bookingId: locked.id, provider: ctx.payments.name, intent });
    // The provider's webhook may have sold it first.
    if (locked.status !== 'requested') return locked;
    return transition(ctx, tx, locked, 'paid', {
      actor: by.email,
      actorUserId: by.id ?? null,
      code: 'request_accepted',
    });
  });
  if (sold.status === 'canceled') {
    // Its trip was canceled between the claim and the capture (the trip's lock came first): the
    // capture is given back in full, and the owner is told the request is no longer theirs.
    await stopIntent(ctx, intentId);
    throw decided(sold);
  }
  return sold;
}

/**
 * A request a gift voucher pays in full (no card authorization): the owner's accept sells it,
 * the voucher's held part becoming spent (docs/payments.md#gift-vouchers).
 */
async function sellVoucherOnlyRequest(ctx: AppContext, row: BookingRow, by: Decider): Promise<BookingRow> {
  return ctx.db.transaction(async (tx) => {
    const locked = await lockBookingWithTrip(tx, row.id);
    if (!locked) throw notFound('Booking');
    if (locked.status !== 'requested') return locked;
    if ((await voucherPartOf(tx, locked.id)) !== locked.amountGrossCents) {
      throw conflict('no_payment', 'This request has no card authorization.');
    }
    return transition(ctx, tx, locked, 'paid', {
      actor: by.email,
      actorUserId: by.id ?? null,
      code: 'request_accepted',
    });
  });
}

/**
 * The owner declines, with a reason code the customer reads in their own language; the note,
 * staff's own words, stays in the booking's history. The authorization is canceled.
 */
export async function declineRequest(
  ctx: AppContext,
  id: string,
  by: Decider,
  decline: RequestDecline,
): Promise<BookingRow> {
  const canceled = await cancelRequest(ctx, id, {
    actor: by.email,
    actorUserId: by.id ?? null,
    code: 'request_declined',
    params: { reasonCode: decline.reasonCode },
    reason: decline.note || null,
  });
  if (!canceled) throw notFound('Booking');
  return canceled;
}

/**
 * The customer withdraws the request before its owner answers (manage my booking): canceled, its
 * authorization let go, nothing charged. Refused once the owner decided (an accept being
 * captured included).
 */
export async function withdrawRequest(ctx: AppContext, id: string): Promise<BookingRow> {
  const canceled = await cancelRequest(ctx, id, { actor: 'customer', code: 'request_withdrawn' });
  if (!canceled) throw notFound('Booking');
  return canceled;
}

/**
 * requested → canceled in one transaction, refused when the request is decided (or, unless
 * `accepted`, claimed by an accept); then the authorization is canceled at the provider.
 */
async function cancelRequest(
  ctx: AppContext,
  id: string,
  input: Parameters<typeof transition>[4],
  options: { accepted?: boolean; quiet?: boolean } = {},
): Promise<BookingRow | undefined> {
  const canceled = await ctx.db.transaction(async (tx) => {
    const row = await lockBookingWithTrip(tx, id);
    if (!row) return undefined;
    if (row.status !== 'requested') {
      if (options.quiet) return undefined;
      throw decided(row);
    }
    if (row.requestAcceptedAt && !options.accepted) {
      if (options.quiet) return undefined;
      throw acceptedAlready();
    }
    return transition(ctx, tx, row, 'canceled', input);
  });
  if (canceled?.providerPaymentId) await stopIntent(ctx, canceled.providerPaymentId);
  return canceled;
}

/**
 * After a request was canceled by something other than its owner (its trip canceled for the
 * weather or the minimum): lets its card authorization go at the provider. A capture that raced
 * through (an accept claimed before the cancellation and captured just after) is recorded and
 * refunded in full by the same call (settleIntent: a canceled booking never paid). Answers
 * 'released' (nothing charged), 'captured' (charged, its refund asked for) or 'pending' (the
 * provider did not answer: call again later; the reconciliation job does too).
 */
export async function releaseAuthorization(
  ctx: AppContext,
  booking: Pick<BookingRow, 'providerPaymentId'>,
): Promise<'released' | 'captured' | 'pending'> {
  const intentId = booking.providerPaymentId;
  if (!intentId) return 'released';
  await stopIntent(ctx, intentId);
  const payment = await findPaymentByProviderId(ctx.db, intentId);
  if (!payment || payment.status === 'canceled') return 'released';
  return payment.status === 'succeeded' ? 'captured' : 'pending';
}

/**
 * An unanswered request lapses: requested → canceled (history `request_expired` with the
 * deadline), its authorization canceled and the customer told. Nothing when it was answered
 * meanwhile. The job calls it at each request's deadline; the sandbox's clock for one request
 * (test bookings only) calls it before.
 */
export async function lapseRequest(
  ctx: AppContext,
  id: string,
  deadline: Date | null,
): Promise<BookingRow | undefined> {
  return cancelRequest(
    ctx,
    id,
    { actor: 'system', code: 'request_expired', params: { deadline: deadline?.toISOString() ?? '' } },
    { quiet: true },
  );
}

/**
 * The job: requests nobody answered by their deadline lapse (authorization canceled, seats or
 * hours freed, the customer told); accepted requests whose capture did not finish are captured.
 */
export async function expireRequests(ctx: AppContext): Promise<{ expired: number; captured: number }> {
  const now = ctx.now();
  const due = await ctx.db
    .select({ id: bookings.id, decideBy: bookings.requestDecideBy })
    .from(bookings)
    .where(
      and(
        eq(bookings.status, 'requested'),
        isNull(bookings.requestAcceptedAt),
        lte(bookings.requestDecideBy, now),
      ),
    )
    .limit(BATCH);
  let expired = 0;
  for (const request of due) {
    if (await lapseRequest(ctx, request.id, request.decideBy)) expired += 1;
  }
  const stuck = await ctx.db
    .select()
    .from(bookings)
    .where(and(eq(bookings.status, 'requested'), isNotNull(bookings.requestAcceptedAt)))
    .limit(BATCH);
  let captured = 0;
  for (const row of stuck) {
    const done = await captureAccepted(ctx, row, { email: 'system' }).catch(() => undefined);
    if (done?.status === 'paid') captured += 1;
  }
  return { expired, captured };
}
