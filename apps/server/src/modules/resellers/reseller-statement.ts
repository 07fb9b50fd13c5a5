// A reseller's monthly statement and its settlements (docs/channels.md#statements): what it sold on
// account in a Canary month (retail, commission, net owed), what went back for cancellations, what
// it paid, and its balance before and after, and the platform's invoices to it for the month
// (docs/invoicing.md#resellers-invoices).
import { bookingReference } from '@boats/domain/booking-reference';
import { canaryDateKey, canaryMonthRange } from '@boats/domain/canary-time';
import { bpsToPercent } from '@boats/domain/fee-split';
import { centsToEuros, eurosToCents } from '@boats/domain/money';
import { localized } from '@boats/domain/boat-card';
import { monthDateKeys, settlementDateProblem, settlementReceivedOn } from '@boats/domain/settlement-date';
import type { ResellerStatement, ResellerStatementLine } from '@boats/domain/schemas/resellers';
import type { AppContext } from '../../context';
import { invalidField, notFound } from '../../http/errors';
import { findReseller } from './reseller-repository';
import { resellerInvoicesOfMonth } from '../invoices/reseller-invoices';
import {
  accountLines,
  balanceBefore,
  balanceNow,
  insertSettlement,
  lockReseller,
  type AccountLineRow,
} from './statement-repository';

const iso = (value: string | Date) => new Date(value).toISOString();

function lineOf(row: AccountLineRow): ResellerStatementLine {
  const retail = Number(row.retail_cents);
  const amount = Number(row.amount_cents);
  return {
    kind: row.kind,
    at: iso(row.at),
    receivedOn: row.received_on,
    bookingId: row.booking_id,
    reference: row.booking_id ? bookingReference(row.booking_id) : null,
    resellerReference: row.reseller_reference,
    boat: row.boat_title ? localized(row.boat_title, row.boat_title.en ?? '', 'en') : null,
    tripStartsAt: row.starts_at ? iso(row.starts_at) : null,
    retail: centsToEuros(retail),
    commission: row.kind === 'sale' ? centsToEuros(retail - amount) : 0,
    amount: centsToEuros(amount),
    note: row.note,
  };
}

export async function resellerStatement(
  ctx: AppContext,
  resellerId: string,
  month: string,
): Promise<ResellerStatement> {
  const reseller = await findReseller(ctx.db, resellerId);
  if (!reseller) throw notFound('Reseller');
  const [year, monthNo] = month.split('-').map(Number);
  const range = canaryMonthRange(year!, monthNo!);
  const days = monthDateKeys(month);
  // A settlement is dated by the day it was received, whenever it was recorded.
  const dayOf = (row: AccountLineRow) => row.received_on ?? canaryDateKey(row.at);
  const rows = (await accountLines(ctx.db, resellerId, range, days)).sort((a, b) =>
    dayOf(a).localeCompare(dayOf(b)),
  );
  const opening = await balanceBefore(ctx.db, resellerId, range.start, days.first);
  const sum = (kind: AccountLineRow['kind'], pick: (r: AccountLineRow) => number) =>
    rows.filter((r) => r.kind === kind).reduce((n, r) => n + pick(r), 0);
  const netCents = sum('sale', (r) => Number(r.amount_cents));
  const retailCents = sum('sale', (r) => Number(r.retail_cents));
  const refundedCents = -sum('cancellation', (r) => Number(r.amount_cents));
  const settledCents = -sum('settlement', (r) => Number(r.amount_cents));
  const onAccount = netCents - refundedCents;
  return {
    reseller: {
      _id: reseller.id,
      name: reseller.name,
      commissionPercent: bpsToPercent(reseller.commissionBps),
    },
    month,
    lines: rows.map(lineOf),
    invoices: await resellerInvoicesOfMonth(ctx.db, resellerId, month),
    totals: {
      opening: centsToEuros(opening),
      sales: rows.filter((r) => r.kind === 'sale').length,
      retail: centsToEuros(retailCents),
      commission: centsToEuros(retailCents - netCents),
      net: centsToEuros(netCents),
      cancellations: rows.filter((r) => r.kind === 'cancellation').length,
      refunded: centsToEuros(refundedCents),
      onAccount: centsToEuros(onAccount),
      settled: centsToEuros(settledCents),
      closing: centsToEuros(opening + onAccount - settledCents),
    },
  };
}

/** A day of receipt after today, or before the account was made, is a 400 naming `receivedOn`. */
export function checkReceivedOn(receivedOn: string, now: Date, accountCreatedAt: Date): void {
  const problem = settlementDateProblem(receivedOn, { now, accountCreatedAt });
  if (problem === 'received_in_future') {
    throw invalidField('body.receivedOn', problem, 'The day received cannot be after today');
  }
  if (problem === 'received_before_account') {
    throw invalidField('body.receivedOn', problem, 'The day received cannot be before the account was made');
  }
}

/**
 * Records money the reseller paid against its account; more than it owes now is refused (a 400
 * naming `amount`), checked under a lock of its row.
 */
export async function settleReseller(
  ctx: AppContext,
  resellerId: string,
  input: { amount: number; note?: string | undefined; receivedOn?: string | undefined },
  recordedBy: string,
): Promise<{ settlementId: string; balance: number }> {
  const amountCents = eurosToCents(input.amount);
  const receivedOn = settlementReceivedOn(input.receivedOn, ctx.now());
  return ctx.db.transaction(async (tx) => {
    const reseller = await lockReseller(tx, resellerId);
    if (!reseller) throw notFound('Reseller');
    checkReceivedOn(receivedOn, ctx.now(), reseller.createdAt);
    const owed = await balanceNow(tx, resellerId);
    if (amountCents > owed) {
      throw invalidField('body.amount', 'settlement_exceeds_balance', 'More than the reseller owes');
    }
    const settlementId = await insertSettlement(tx, {
      resellerId,
      amountCents,
      note: input.note ?? '',
      recordedBy,
      at: ctx.now(),
      receivedOn,
    });
    return { settlementId, balance: centsToEuros(owed - amountCents) };
  });
}
