// Earnings and payouts to their wire shapes (euros), for the owner and the admin.
import { payoutDetailsHoldUntil } from '@boats/domain/earnings';
import { addMonths, canaryPeriodRange, canaryYearMonth } from '@boats/domain/canary-time';
import { bpsToPercent } from '@boats/domain/fee-split';
import { centsToEuros } from '@boats/domain/money';
import type {
  AdminPayoutsResponse,
  EarningLine,
  OwnerBalance,
  OwnerEarningsResponse,
  OwnerPayoutsResponse,
  OwnerStatementResponse,
  Payout,
} from '@boats/domain/schemas/payouts';
import type { AppContext } from '../../context';
import { lineRefundsCents } from '../earnings/earnings';
import { findOwner } from '../owners/owner-repository';
import {
  earningSpan,
  lineCountsOfPayouts,
  linesOfOwner,
  linesOfPayouts,
  listOwners,
  listPayouts,
  nextPayableAt,
  ownerMoney,
  payoutsOfPeriod,
  type EarningLineView,
  type OwnerMoney,
  type PayoutRow,
} from './payout-repository';

function toLine(row: EarningLineView) {
  return {
    _id: row.id,
    bookingId: row.bookingId,
    kind: row.kind,
    tripStartsAt: row.bookingStartsAt?.toISOString() ?? null,
    customerName: row.customerName,
    channel: row.channel,
    channelName: row.channelName,
    channelCommission: centsToEuros(row.channelCommissionCents),
    commissionInvoice: row.commissionInvoiceNumber,
    agentCommissionInvoiced: centsToEuros(row.agentCommissionInvoicedCents),
    earnedAt: row.earnedAt.toISOString(),
    payableAt: row.payableAt.toISOString(),
    gross: centsToEuros(row.grossCents),
    platformCover: centsToEuros(row.coverCents),
    coverInvoice: row.coverInvoiceNumber,
    refunds: centsToEuros(lineRefundsCents(row)),
    net: centsToEuros(row.netCents),
    fee: centsToEuros(row.feeCents),
    igic: centsToEuros(row.igicCents),
    share: centsToEuros(row.ownerCents),
    commissionPercent: bpsToPercent(row.commissionBps),
    payoutId: row.payoutId,
    payoutAt: row.payoutAt?.toISOString() ?? null,
    transferId: row.transferId,
    invoice: row.invoiceNumber,
  } satisfies EarningLine;
}

const toBalance = (m: OwnerMoney): OwnerBalance => ({
  ownerId: m.ownerId,
  earned: centsToEuros(m.earnedCents),
  balance: centsToEuros(m.balanceCents),
  payable: centsToEuros(m.payableCents),
  inTransit: centsToEuros(m.inTransitCents),
  paidOut: centsToEuros(m.paidOutCents),
});

const toPayout = (p: PayoutRow): Payout => ({
  _id: p.id,
  ownerId: p.ownerId,
  amount: centsToEuros(p.amountCents),
  state: p.state,
  provider: p.provider,
  transferId: p.transferId,
  failure: p.failure,
  createdAt: p.createdAt.toISOString(),
  settledAt: p.settledAt?.toISOString() ?? null,
});

const ZERO: OwnerMoney = {
  ownerId: '',
  earnedCents: 0,
  balanceCents: 0,
  payableCents: 0,
  inTransitCents: 0,
  paidOutCents: 0,
};

/** The Canary months from the first's to the last's, newest first: 'YYYY-MM'. */
function monthsBetween(first: Date, last: Date): string[] {
  const months: string[] = [];
  let at = canaryYearMonth(last);
  const stop = canaryYearMonth(first);
  while (at.year > stop.year || (at.year === stop.year && at.month >= stop.month)) {
    months.push(`${at.year}-${String(at.month).padStart(2, '0')}`);
    at = addMonths(at.year, at.month, -1);
  }
  return months;
}

/** The balance, the months with earnings, and every line of `month` (else the latest month). */
async function ownerEarnings(
  ctx: AppContext,
  ownerId: string,
  asked?: string,
): Promise<OwnerEarningsResponse> {
  const [[money], span] = await Promise.all([
    ownerMoney(ctx.db, ctx.now(), ownerId),
    earningSpan(ctx.db, ownerId),
  ]);
  const months = span ? monthsBetween(span.first, span.last) : [];
  const month = asked ?? months[0] ?? null;
  const range = month ? canaryPeriodRange(month) : null;
  const lines = range ? await linesOfOwner(ctx.db, ownerId, range.start, range.end) : [];
  return { balance: toBalance(money ?? { ...ZERO, ownerId }), months, month, lines: lines.map(toLine) };
}

/**
 * The tables an owner's earnings, statement and payouts read (read-cache.test.ts holds them to
 * these), and the ledger's refunds, which their lines' amounts count.
 */
export const OWNER_MONEY_TABLES = [
  'agent_bookings',
  'agents',
  'boats',
  'bookings',
  'customer_invoices',
  'owner_earning_lines',
  'owner_invoice_lines',
  'owner_invoices',
  'owners',
  'payments',
  'payout_lines',
  'payouts',
  'refunds',
  'reseller_bookings',
  'resellers',
  'users',
];

/** The earnings, and the next instant one of their lines turns payable (the balance moves then). */
export async function ownerEarningsUntil(
  ctx: AppContext,
  ownerId: string,
  asked?: string,
): Promise<{ answer: OwnerEarningsResponse; validUntil: number | undefined }> {
  const [answer, next] = await Promise.all([
    ownerEarnings(ctx, ownerId, asked),
    nextPayableAt(ctx.db, ownerId, ctx.now()),
  ]);
  return { answer, validUntil: next?.getTime() };
}

/**
 * The latest payouts, each with how many lines it carries (its statement lists them), and until
 * when payouts wait after a change of the owner's bank details (null: they do not).
 */
export async function ownerPayouts(ctx: AppContext, ownerId: string): Promise<OwnerPayoutsResponse> {
  const [payouts, owner] = await Promise.all([listPayouts(ctx.db, ownerId), findOwner(ctx.db, ownerId)]);
  const counts = await lineCountsOfPayouts(
    ctx.db,
    payouts.map((p) => p.id),
  );
  const heldUntil = payoutDetailsHoldUntil(
    owner?.payoutDetailsChangedAt ?? null,
    ctx.config.PAYOUT_HOLD_AFTER_CHANGE_HOURS,
    ctx.now(),
  );
  return {
    payouts: payouts.map((p) => ({ ...toPayout(p), lineCount: counts.get(p.id) ?? 0 })),
    payoutsHeldUntil: heldUntil?.toISOString() ?? null,
  };
}

/** One month's statement: its lines, and its payouts with theirs. */
export async function ownerStatement(
  ctx: AppContext,
  ownerId: string,
  month: string,
): Promise<OwnerStatementResponse> {
  const { start, end } = canaryPeriodRange(month);
  const [lines, payouts] = await Promise.all([
    linesOfOwner(ctx.db, ownerId, start, end),
    payoutsOfPeriod(ctx.db, ownerId, start, end),
  ]);
  const payoutLines = await linesOfPayouts(
    ctx.db,
    payouts.map((p) => p.id),
  );
  return {
    month,
    lines: lines.map(toLine),
    payouts: payouts.map((p) => ({
      ...toPayout(p),
      lines: payoutLines.filter((l) => l.payoutId === p.id).map(toLine),
    })),
  };
}

export async function adminPayouts(ctx: AppContext): Promise<AdminPayoutsResponse> {
  const [owners, money, payouts] = await Promise.all([
    listOwners(ctx.db),
    ownerMoney(ctx.db, ctx.now()),
    listPayouts(ctx.db),
  ]);
  const moneyOf = new Map(money.map((m) => [m.ownerId, m]));
  const nameOf = new Map(owners.map((o) => [o.id, o.displayName]));
  return {
    owners: owners.map((o) => ({
      ...toBalance(moneyOf.get(o.id) ?? { ...ZERO, ownerId: o.id }),
      displayName: o.displayName,
      isPlatform: o.isPlatform,
      status: o.status,
      payoutsOnHold: o.payoutsOnHold,
      payoutsHeldUntil:
        payoutDetailsHoldUntil(
          o.payoutDetailsChangedAt,
          ctx.config.PAYOUT_HOLD_AFTER_CHANGE_HOURS,
          ctx.now(),
        )?.toISOString() ?? null,
    })),
    payouts: payouts.map((p) => ({ ...toPayout(p), ownerName: nameOf.get(p.ownerId) ?? '' })),
  };
}
