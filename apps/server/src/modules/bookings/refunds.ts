/**
 * The one way money goes back to a customer.
 *
 *   const outcome = await refundBooking(ctx, bookingId, {
 *     amountCents?,          // default: everything still refundable (net received − pending)
 *     actor,                 // 'system' | 'customer' | 'provider' | admin e-mail
 *     reason,                // shown to the operator, stored on the refund row
 *     cause,                 // 'operator' | 'goodwill' | 'late_payment' | 'released' | your own ('weather'…)
 *     idempotencyKey?,       // a repeat with the same key answers the first refund, records nothing
 *     requestedBy?,          // { userId, at }: the back-office account asking (step-up's count)
 *   });
 *   // → { refund, status: 'succeeded' | 'pending' | 'failed' }
 *
 * Call it OUTSIDE any transaction (the provider is called between two transactions; the
 * sandbox provider shares the database). It never refunds more than was received: 409
 * nothing_to_refund when nothing is refundable, 409 refund_exceeds_received when the amount
 * is larger. A refund row is written `pending` first, so a crash before the provider answers
 * leaves a row the reconciliation job finishes (the provider call uses the row id as its
 * idempotency key, so a retry never refunds twice). On success a canceled booking whose net
 * reaches 0 becomes `refunded`, refund.succeeded is emitted (the customer's e-mail), and the
 * booking's invoice, if it has one, is corrected by a rectifying invoice for the amount refunded
 * (invoices/customer-invoices.ts invoiceRefund).
 */
import { centsToEuros } from '@boats/domain/money';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { conflict, DomainError, notFound } from '../../http/errors';
import { lockBookingRow } from './booking-repository';
import { transition } from './lifecycle';
import { syncBookingEarnings } from '../earnings/earnings';
import { agentCommissionHandedBack, invoiceRefund } from '../invoices/customer-invoices';
import { rectifyPlatformCover } from '../invoices/platform-cover-invoices';
import { invoiceResellerRefund } from '../invoices/reseller-invoices';
import { emitEvent, type RefundCause } from '../events/domain-events';
import {
  findPaymentByProviderId,
  findRefund,
  findRefundByKey,
  IN_PERSON_PROVIDER,
  insertRefund,
  lockAccountRefunds,
  RESELLER_PROVIDER,
  AGENT_PROVIDER,
  ledgerFrom,
  paymentHoldsCents,
  paymentsOf,
  refundedOrLeavingCents,
  refundsCountedForStepUpCents,
  refundsOf,
  settleRefundRow,
  type Ledger,
  type PaymentRow,
  type RefundRow,
} from '../payments/ledger';
import { refundShares } from '@boats/domain/gift-vouchers';
import { VOUCHER_PROVIDER } from '../gift-vouchers/gift-voucher-repository';
import type { ProviderIntent } from '../payments/payment-provider';
import { refundLimitOfThisCall } from '../auth/step-up';
import { GOODWILL_CAUSE, goodwillVerdict } from '@boats/domain/goodwill-refund';
import type { BookingStatus } from '@boats/domain/booking-status';

export type RefundRequest = {
  amountCents?: number;
  actor: string;
  reason: string;
  cause: RefundCause;
  idempotencyKey?: string;
  /** The back-office account that asks for it, and when (step-up counts its recent refunds). */
  requestedBy?: { userId: string; at: Date };
};

export type RefundOutcome = { refund: RefundRow; status: RefundRow['status'] };

export async function refundBooking(
  ctx: AppContext,
  bookingId: string,
  request: RefundRequest,
): Promise<RefundOutcome> {
  const refund = await ctx.db.transaction((tx) => requestRefund(tx, bookingId, request));
  return completeRefund(ctx, refund.id);
}

/**
 * The first half of refundBooking inside the caller's transaction: checks the ledger, writes
 * the `pending` refund row and emits refund.requested. A change that must not happen without
 * its refund (a customer's cancellation) commits both together and calls completeRefund after
 * the commit; if that never runs, the reconciliation job completes the pending row.
 */
export async function requestRefund(tx: Db, bookingId: string, request: RefundRequest): Promise<RefundRow> {
  const booking = await lockBookingRow(tx, bookingId);
  if (!booking) throw notFound('Booking');
  if (request.idempotencyKey) {
    const earlier = await findRefundByKey(tx, request.idempotencyKey);
    if (earlier) return earlier;
  }
  const paymentRows = await paymentsOf(tx, bookingId);
  const refundRows = await refundsOf(tx, bookingId);
  // What the platform put on the booking to cover a move to a dearer trip is never refunded to
  // the customer: they get back at most what they paid (docs/payments.md#another-owners-boat).
  const ledger = customerLedger(paymentRows, refundRows);
  if (ledger.refundableCents <= 0) {
    throw conflict(
      'nothing_to_refund',
      'Nothing has been received for this booking that is not refunded already.',
      {
        received: centsToEuros(ledger.receivedCents),
        refunded: centsToEuros(ledger.refundedCents + ledger.pendingRefundCents),
      },
    );
  }
  const amount = request.amountCents ?? ledger.refundableCents;
  // A goodwill refund leaves the booking as it is: checked here, under its lock, so a
  // cancellation or another refund in between is seen (docs/payments.md#goodwill-refunds).
  if (request.cause === GOODWILL_CAUSE) assertGoodwill(booking.status, amount, ledger.refundableCents);
  if (amount > ledger.refundableCents) {
    throw conflict(
      'refund_exceeds_received',
      `At most €${centsToEuros(ledger.refundableCents).toFixed(2)} can be refunded.`,
      { refundable: centsToEuros(ledger.refundableCents) },
    );
  }
  await refundWithinStepUp(tx, bookingId, amount);
  // A gift voucher's share goes back on the voucher, the rest to the card it came from (domain
  // refundShares: in proportion to what each still holds).
  const split = refundSplit(paymentRows, refundRows, amount);
  const key = request.idempotencyKey ?? null;
  const common = {
    bookingId,
    actor: request.actor,
    reason: request.reason,
    cause: request.cause,
    ...(request.requestedBy
      ? { requestedBy: request.requestedBy.userId, createdAt: request.requestedBy.at }
      : {}),
  };
  const cardRow =
    split.toCardCents > 0 && split.cardPayment
      ? await insertRefund(tx, {
          ...common,
          paymentId: split.cardPayment.id,
          provider: split.cardPayment.provider,
          amountCents: split.toCardCents,
          currency: split.cardPayment.currency,
          idempotencyKey: key,
        })
      : undefined;
  const voucherRow =
    split.toVoucherCents > 0 && split.voucherPayment
      ? await insertRefund(tx, {
          ...common,
          paymentId: split.voucherPayment.id,
          provider: split.voucherPayment.provider,
          amountCents: split.toVoucherCents,
          currency: split.voucherPayment.currency,
          // The key names the refund the caller gets back: the card's when there is one.
          idempotencyKey: key && cardRow ? `${key}:voucher` : key,
        })
      : undefined;
  const row = cardRow ?? voucherRow;
  if (!row) throw new Error('refundable money without a succeeded payment');
  if (voucherRow)
    await emitEvent(tx, { kind: 'refund.requested', bookingId, payload: refundPayload(voucherRow) });
  if (cardRow) await emitEvent(tx, { kind: 'refund.requested', bookingId, payload: refundPayload(cardRow) });
  return row;
}

/** Refuses a goodwill refund the booking cannot take now: 409 with what it may take instead. */
function assertGoodwill(status: BookingStatus, amountCents: number, refundableCents: number): void {
  const verdict = goodwillVerdict(status, amountCents, refundableCents);
  if (verdict.ok) return;
  if (verdict.reason === 'not_sailing') {
    throw conflict('invalidTransition', `A ${status} booking gets no goodwill refund`, {
      from: status,
      to: status,
    });
  }
  const held = `€${centsToEuros(refundableCents).toFixed(2)}`;
  throw conflict(
    'goodwill_is_cancellation',
    `A goodwill refund is part of what the booking holds: at most €${centsToEuros(verdict.maxCents).toFixed(2)} of ${held}. Refunding all of it is a cancellation: cancel the booking, then refund it.`,
    { refundable: centsToEuros(refundableCents), max: centsToEuros(verdict.maxCents) },
  );
}

/**
 * How a refund of `amountCents` is shared between a gift voucher's payment and the card's (or
 * the money taken in person): what each still holds (paid, less refunds made or on their way),
 * shared by the domain's refundShares. The latest succeeded payment of each kind carries it.
 */
export function refundSplit(paymentRows: PaymentRow[], refundRows: RefundRow[], amountCents: number) {
  const succeeded = paymentRows.filter((p) => p.status === 'succeeded');
  const voucherPayment = succeeded.filter((p) => p.method === 'voucher').at(-1);
  const cardPayment = succeeded.filter((p) => p.method !== 'voucher' && p.method !== 'platform').at(-1);
  const voucherCents = voucherPayment ? paymentHoldsCents(voucherPayment, refundRows) : 0;
  const refundable = customerLedger(paymentRows, refundRows).refundableCents;
  const shares = refundShares(amountCents, {
    voucherCents,
    cardCents: Math.max(0, refundable - voucherCents),
  });
  return { ...shares, voucherPayment, cardPayment };
}

/** The ledger as the customer's refund sees it: without what the platform's cover of a move holds. */
function customerLedger(paymentRows: PaymentRow[], refundRows: RefundRow[]): Ledger {
  const ledger = ledgerFrom(paymentRows, refundRows);
  const platformHolds = paymentRows
    .filter((p) => p.method === 'platform' && p.status === 'succeeded')
    .reduce((n, p) => n + paymentHoldsCents(p, refundRows), 0);
  return { ...ledger, refundableCents: Math.max(0, ledger.refundableCents - platformHolds) };
}

function refundPayload(row: RefundRow) {
  return {
    refundId: row.id,
    amountCents: row.amountCents,
    cause: row.cause,
    reason: row.reason,
    actor: row.actor,
    // Back on a gift voucher, not to a card (the e-mail says so).
    ...(row.provider === VOUCHER_PROVIDER ? { toVoucher: true } : {}),
  };
}

/**
 * Asks the provider to carry out a pending refund and records its answer. Safe to repeat (the
 * reconciliation job calls it for refunds left pending by a crash or an outage).
 */
export async function completeRefund(ctx: AppContext, refundId: string): Promise<RefundOutcome> {
  const refund = await findRefund(ctx.db, refundId);
  if (!refund) throw notFound('Refund');
  if (refund.status !== 'pending') return { refund, status: refund.status };
  const [payment] = (await paymentsOf(ctx.db, refund.bookingId)).filter((p) => p.id === refund.paymentId);
  if (!payment) throw new Error('refund without its payment');

  // A gift voucher's share goes back on the voucher at once: nobody outside is asked. The
  // voucher's shares of this booking are finished before the card's, so the booking becomes
  // refunded only once the card's is back too.
  if (payment.provider !== VOUCHER_PROVIDER) {
    for (const other of await refundsOf(ctx.db, refund.bookingId)) {
      if (other.status === 'pending' && other.provider === VOUCHER_PROVIDER) {
        await finishRefund(ctx, other.id, {
          status: 'succeeded',
          providerId: `${VOUCHER_PROVIDER}:${other.id}`,
        });
      }
    }
  }
  if (payment.provider === VOUCHER_PROVIDER) {
    return finishRefund(ctx, refund.id, {
      status: 'succeeded',
      providerId: `${VOUCHER_PROVIDER}:${refund.id}`,
    });
  }

  // Money taken in person goes back the same way, by the staff member who records the refund.
  if (payment.provider === IN_PERSON_PROVIDER) {
    return finishRefund(ctx, refund.id, { status: 'succeeded', providerId: `handed-back:${refund.id}` });
  }
  // An agent's cash sale: the agent hands the money back to its customer, owing that much less.
  if (payment.provider === AGENT_PROVIDER) {
    return finishRefund(ctx, refund.id, {
      status: 'succeeded',
      providerId: `agent-handed-back:${refund.id}`,
    });
  }
  // A reseller's sale was on its account: the refund is credited back to the account at once.
  if (payment.provider === RESELLER_PROVIDER) {
    return finishRefund(ctx, refund.id, { status: 'succeeded', providerId: `credited:${refund.id}` });
  }
  let answer: { status: 'succeeded'; providerId: string } | { status: 'failed' };
  try {
    const { id } = await ctx.payments.refund({
      paymentIntentId: payment.providerId,
      amountCents: refund.amountCents,
      idempotencyKey: `refund-${refund.id}`,
    });
    answer = { status: 'succeeded', providerId: id };
  } catch (err) {
    // A refusal (4xx) is final; an outage leaves the row pending for the next job run.
    if (err instanceof DomainError && err.statusCode < 500) answer = { status: 'failed' };
    else return { refund, status: 'pending' };
  }

  return finishRefund(ctx, refund.id, answer);
}

/** Records the provider's answer on a pending refund: status, event, booking → refunded at 0 net. */
async function finishRefund(
  ctx: AppContext,
  refundId: string,
  answer: { status: 'succeeded'; providerId: string } | { status: 'failed' },
): Promise<RefundOutcome> {
  return ctx.db.transaction(async (tx) => {
    const refund = await findRefund(tx, refundId);
    if (!refund) throw notFound('Refund');
    const booking = await lockBookingRow(tx, refund.bookingId);
    const settled = await settleRefundRow(tx, refund.id, answer, ctx.now());
    if (!booking || !settled) {
      const now = (await findRefund(tx, refund.id)) ?? refund;
      return { refund: now, status: now.status };
    }
    // An agent's cash sale: the agent hands back, with the refund, its commission's part of it
    // (decision 36), which the customer gets too and their e-mail and rectifying invoice say.
    const agentPart =
      answer.status === 'succeeded'
        ? await agentCommissionHandedBack(tx, booking.id, settled.amountCents)
        : 0;
    await emitEvent(tx, {
      kind: answer.status === 'succeeded' ? 'refund.succeeded' : 'refund.failed',
      bookingId: booking.id,
      payload: { ...refundPayload(settled), ...(agentPart !== 0 && { agentCommissionCents: agentPart }) },
    });
    // Money back after the trip (goodwill, a dispute): the owner's negative line, in this transaction.
    if (answer.status === 'succeeded' && booking.status === 'completed') {
      await syncBookingEarnings(ctx, tx, booking);
    }
    if (answer.status === 'succeeded' && booking.status === 'canceled') {
      await returnPlatformCover(ctx, tx, booking.id);
      const ledger = ledgerFrom(await paymentsOf(tx, booking.id), await refundsOf(tx, booking.id));
      if (ledger.netCents <= 0) {
        await transition(ctx, tx, booking, 'refunded', {
          actor: refund.actor,
          code: 'refunded',
          params: { amount: centsToEuros(ledger.refundedCents) },
          reason: null,
        });
      }
    }
    // The rectifying invoice for what this refund gave back, last in the transaction: it locks
    // its series' counter and its issuer's chain head after the booking's row. A reseller's sale
    // is invoiced to the reseller (its month's invoice, once issued); any other, to the customer.
    if (answer.status === 'succeeded') {
      await invoiceResellerRefund(ctx, tx, booking.id, settled.amountCents, settled.id);
      await invoiceRefund(ctx, tx, booking.id, settled.amountCents, settled);
    }
    return { refund: settled, status: settled.status };
  });
}

/**
 * A canceled booking whose customer has all their money back gives the platform back what it
 * covered of a move to a dearer trip (docs/payments.md#another-owners-boat): a refund of the
 * 'platform' payment, succeeded at once (nobody outside is asked), so the booking's net is 0.
 */
async function returnPlatformCover(ctx: AppContext, tx: Db, bookingId: string): Promise<void> {
  const paymentRows = await paymentsOf(tx, bookingId);
  const refundRows = await refundsOf(tx, bookingId);
  if (customerLedger(paymentRows, refundRows).refundableCents > 0) return;
  for (const cover of paymentRows.filter((p) => p.method === 'platform' && p.status === 'succeeded')) {
    const left = paymentHoldsCents(cover, refundRows);
    if (left <= 0) continue;
    await insertRefund(tx, {
      bookingId,
      paymentId: cover.id,
      provider: cover.provider,
      providerId: `returned:${cover.id}`,
      amountCents: left,
      currency: cover.currency,
      status: 'succeeded',
      actor: 'system',
      reason: 'The platform’s cover of a move, back with the booking’s refund',
      cause: 'platform_cover',
    });
    // The owner's invoice to the platform for it, rectified by what went back.
    await rectifyPlatformCover(ctx, tx, bookingId, left);
  }
}

/**
 * A refund made at the provider itself (e.g. in Stripe's dashboard), reported by a webhook:
 * whatever the provider says was refunded beyond the ledger's refunds is recorded as one
 * succeeded refund by 'provider', through the same completion (event, status).
 */
export async function recordProviderRefund(ctx: AppContext, intent: ProviderIntent): Promise<void> {
  const payment = await findPaymentByProviderId(ctx.db, intent.id);
  const reported = intent.amountRefundedCents;
  // A gift voucher's sale has no booking: a refund of it at the provider is not booked here
  // (docs/payments.md#gift-vouchers).
  if (!payment?.bookingId || reported === undefined) return;
  const bookingId = payment.bookingId;
  const created = await ctx.db.transaction(async (tx) => {
    const booking = await lockBookingRow(tx, bookingId, { noWait: true });
    if (!booking) return undefined;
    const known = refundedOrLeavingCents(payment, await refundsOf(tx, booking.id));
    if (reported <= known) return undefined;
    return insertRefund(tx, {
      bookingId: booking.id,
      paymentId: payment.id,
      provider: payment.provider,
      amountCents: reported - known,
      currency: payment.currency,
      actor: 'provider',
      reason: 'Refund made at the card provider',
      cause: 'provider',
    });
  });
  if (!created) return;
  // The provider already refunded: mark it so without asking for a second refund.
  await finishRefund(ctx, created.id, { status: 'succeeded', providerId: `${intent.id}:${created.id}` });
}

/**
 * On a route marked stepUpAboveRefundLimit whose session's factor is not recent
 * (modules/auth/step-up.ts), refuses the refund when it brings what the account refunded in the
 * window, together with the booking's earlier refunds, above the limit. It takes the account's
 * advisory lock first (after the booking's row: lock order in
 * docs/architecture.md#concurrency), so refunds sent at once are counted one after the other.
 * Outside such a call (the customer's cancellation, a job) it does nothing.
 */
async function refundWithinStepUp(tx: Db, bookingId: string, amountCents: number): Promise<void> {
  const limit = refundLimitOfThisCall();
  if (!limit) return;
  await lockAccountRefunds(tx, limit.userId);
  const counted = await refundsCountedForStepUpCents(tx, {
    bookingId,
    userId: limit.userId,
    since: limit.since,
  });
  if (counted + amountCents > limit.limitCents) throw limit.refusal;
}
