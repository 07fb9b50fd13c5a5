// Earnings and payouts to their wire shapes (euros), for the owner and the admin.
import { bpsToPercent } from '@boats/domain/fee-split';
import { centsToEuros } from '@boats/domain/money';
import type {
  AdminPayoutsResponse,
  EarningLine,
  OwnerBalance,
  OwnerEarningsResponse,
  OwnerPayoutsResponse,
  Payout,
} from '@boats/domain/schemas/payouts';
import type { AppContext } from '../../context';
import { lineRefundsCents } from '../earnings/earnings';
import {
  linesOfOwner,
  linesOfPayouts,
  listOwners,
  listPayouts,
  ownerMoney,
  type EarningLineView,
  type OwnerMoney,
  type PayoutRow,
} from './payout-repository';

function toLine(row: EarningLineView) {
  return {
    _id: row.id,
    bookingId: row.bookingId,
    kind: row.kind,
    tripStartsAt: row.bookingStartsAt.toISOString(),
    customerName: row.customerName,
    earnedAt: row.earnedAt.toISOString(),
    payableAt: row.payableAt.toISOString(),
    gross: centsToEuros(row.grossCents),
    refunds: centsToEuros(lineRefundsCents(row)),
    net: centsToEuros(row.netCents),
    fee: centsToEuros(row.feeCents),
    share: centsToEuros(row.ownerCents),
    commissionPercent: bpsToPercent(row.commissionBps),
    payoutId: row.payoutId,
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

export async function ownerEarnings(ctx: AppContext, ownerId: string): Promise<OwnerEarningsResponse> {
  const [[money], lines] = await Promise.all([
    ownerMoney(ctx.db, ctx.now(), ownerId),
    linesOfOwner(ctx.db, ownerId),
  ]);
  return { balance: toBalance(money ?? { ...ZERO, ownerId }), lines: lines.map(toLine) };
}

export async function ownerPayouts(ctx: AppContext, ownerId: string): Promise<OwnerPayoutsResponse> {
  const payouts = await listPayouts(ctx.db, ownerId);
  const lines = await linesOfPayouts(
    ctx.db,
    payouts.map((p) => p.id),
  );
  return {
    payouts: payouts.map((p) => ({
      ...toPayout(p),
      lines: lines.filter((l) => l.payoutId === p.id).map(toLine),
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
    })),
    payouts: payouts.map((p) => ({ ...toPayout(p), ownerName: nameOf.get(p.ownerId) ?? '' })),
  };
}
