/**
 * Payout runs (docs/payments.md#from-a-card-to-an-owners-bank). A run, by the schedule or the
 * admin's "run payouts now":
 *
 * 1. per owner, under the owner's row lock, takes the payable lines in no live payout, nets them
 *    (negative lines against positive ones) and, unless the owner is suspended, on hold, changed
 *    their payout details less than PAYOUT_HOLD_AFTER_CHANGE_HOURS ago, the platform or below
 *    PAYOUT_MINIMUM, writes one `pending` payout carrying them — the partial
 *    unique index on payout_lines makes a line part of at most one live payout;
 * 2. sends every pending payout (this run's, and any a killed run left) through the provider with
 *    the payout's id as idempotency key: `paid`, or `failed` with its lines back in the balance
 *    (the next run takes them again). An outage leaves it pending for the next run.
 *
 * A run killed anywhere and started again pays nobody twice: step 1 finds the lines already in a
 * payout, step 2 asks the provider again with the same key.
 */
import { centsToEuros } from '@boats/domain/money';
import { payoutDecision, payoutDetailsHoldUntil, type PayoutSkip } from '@boats/domain/earnings';
import type { AppContext } from '../../context';
import { TransferRefusedError } from './payout-provider';
import {
  insertPayout,
  markPayoutFailed,
  markPayoutPaid,
  payableBalances,
  payableLines,
  pendingPayouts,
  type PayoutRow,
} from './payout-repository';
import { lockOwner, type OwnerRow } from '../owners/owner-repository';

type RunSkip = PayoutSkip | 'no_account';

export type PayoutRunReport = {
  paid: { ownerId: string; amountCents: number; payoutId: string }[];
  failed: { ownerId: string; amountCents: number; payoutId: string; failure: string }[];
  /** Payouts the provider did not answer (an outage): sent again at the next run. */
  pending: string[];
  skipped: { ownerId: string; reason: RunSkip; balanceCents: number }[];
};

export async function runPayouts(ctx: AppContext, actor: string): Promise<PayoutRunReport> {
  const skipped: PayoutRunReport['skipped'] = [];
  // One query finds who has anything payable; each payout is then made under the owner's lock.
  for (const owner of await payableBalances(ctx.db, ctx.now())) {
    const decision = decide(ctx, owner, owner.balanceCents);
    const skip = decision.pay ? await groupOwnerPayout(ctx, owner.id, actor) : decision;
    if (skip) skipped.push({ ownerId: owner.id, reason: skip.skip, balanceCents: skip.balanceCents });
  }
  const sent = await sendPendingPayouts(ctx, ctx.now());
  return { ...sent, skipped };
}

function decide(
  ctx: AppContext,
  owner: Pick<OwnerRow, 'status' | 'payoutsOnHold' | 'isPlatform' | 'payoutDetailsChangedAt'>,
  balanceCents: number,
): { pay: true; amountCents: number } | { pay: false; skip: PayoutSkip; balanceCents: number } {
  const decision = payoutDecision({
    balanceCents,
    minimumCents: ctx.config.PAYOUT_MINIMUM,
    suspended: owner.status === 'suspended',
    onHold: owner.payoutsOnHold,
    detailsJustChanged:
      payoutDetailsHoldUntil(
        owner.payoutDetailsChangedAt,
        ctx.config.PAYOUT_HOLD_AFTER_CHANGE_HOURS,
        ctx.now(),
      ) !== null,
    isPlatform: owner.isPlatform,
  });
  return decision.pay ? decision : { ...decision, balanceCents };
}

/** Step 2 for one owner, under their row lock: a pending payout of their payable balance, or why none. */
async function groupOwnerPayout(
  ctx: AppContext,
  ownerId: string,
  actor: string,
): Promise<{ skip: RunSkip; balanceCents: number } | null> {
  return ctx.db.transaction(async (tx) => {
    const owner = await lockOwner(tx, ownerId);
    if (!owner) return null;
    const now = ctx.now();
    const lines = await payableLines(tx, owner.id, now);
    if (lines.length === 0) return null;
    const balanceCents = lines.reduce((n, l) => n + l.ownerCents, 0);
    const decision = decide(ctx, owner, balanceCents);
    if (!decision.pay) return decision;
    const account = ctx.payouts.accountOf(owner);
    if (!account) return { skip: 'no_account', balanceCents };
    await insertPayout(
      tx,
      {
        ownerId: owner.id,
        amountCents: decision.amountCents,
        provider: ctx.payouts.name,
        account,
        actor,
        createdAt: now,
      },
      lines.map((l) => l.id),
    );
    return null;
  });
}

/** Step 3: every payout still pending that was made before `createdBefore`, sent once more. */
export async function sendPendingPayouts(
  ctx: AppContext,
  createdBefore: Date,
): Promise<Omit<PayoutRunReport, 'skipped'>> {
  const report: Omit<PayoutRunReport, 'skipped'> = { paid: [], failed: [], pending: [] };
  for (const payout of await pendingPayouts(ctx.db, createdBefore)) {
    const outcome = await sendPayout(ctx, payout);
    const entry = { ownerId: payout.ownerId, amountCents: payout.amountCents, payoutId: payout.id };
    if (outcome.state === 'paid') report.paid.push(entry);
    else if (outcome.state === 'failed') report.failed.push({ ...entry, failure: outcome.failure });
    else report.pending.push(payout.id);
  }
  return report;
}

async function sendPayout(
  ctx: AppContext,
  payout: PayoutRow,
): Promise<{ state: 'paid' } | { state: 'failed'; failure: string } | { state: 'pending' }> {
  try {
    const transfer = await ctx.payouts.transfer({
      account: payout.account,
      amountCents: payout.amountCents,
      currency: payout.currency,
      idempotencyKey: payout.id,
      description: `Payout €${centsToEuros(payout.amountCents).toFixed(2)}`,
    });
    await markPayoutPaid(ctx.db, payout.id, transfer.id, ctx.now());
    return { state: 'paid' };
  } catch (err) {
    if (!(err instanceof TransferRefusedError)) return { state: 'pending' };
    await markPayoutFailed(ctx.db, payout.id, err.message, ctx.now());
    return { state: 'failed', failure: err.message };
  }
}
