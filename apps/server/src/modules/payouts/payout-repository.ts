// Queries of earnings and payouts. An owner's scope is an argument (an owner id), never a check a
// route may forget.
import { and, asc, desc, eq, gt, gte, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bookings, ownerEarningLines, owners, payoutLines, payouts } from '../../db/schema';
import { commissionIgicSql, lineCoverCents, lineGrossCents } from '../earnings/earnings';
import { bookingChannelNameSql, bookingChannelSql, channelCommissionCentsSql } from '../bookings/channel';

import type { OwnerRow } from '../owners/owner-repository';
import type { BookingChannel } from '@boats/domain/booking-channel';
export type PayoutRow = typeof payouts.$inferSelect;
export type EarningLineRow = typeof ownerEarningLines.$inferSelect;

/** SQL: the line is in no live (pending or paid) payout. */
const unpaid = sql`not exists (select 1 from ${payoutLines} pl
  where pl.line_id = ${ownerEarningLines.id} and pl.active)`;

/** An owner's lines that are payable at `now` and in no live payout (what a payout needs of them). */
export async function payableLines(
  tx: Db,
  ownerId: string,
  now: Date,
): Promise<Pick<EarningLineRow, 'id' | 'ownerCents'>[]> {
  return tx
    .select({ id: ownerEarningLines.id, ownerCents: ownerEarningLines.ownerCents })
    .from(ownerEarningLines)
    .where(and(eq(ownerEarningLines.ownerId, ownerId), lte(ownerEarningLines.payableAt, now), unpaid))
    .orderBy(asc(ownerEarningLines.payableAt));
}

export type PayableBalance = Pick<
  OwnerRow,
  'id' | 'status' | 'payoutsOnHold' | 'isPlatform' | 'payoutDetailsChangedAt'
> & {
  balanceCents: number;
};

/** Every owner with payable lines in no live payout, and their sum (one query for a whole run). */
export async function payableBalances(db: Db, now: Date): Promise<PayableBalance[]> {
  return db
    .select({
      id: owners.id,
      status: owners.status,
      payoutsOnHold: owners.payoutsOnHold,
      payoutDetailsChangedAt: owners.payoutDetailsChangedAt,
      isPlatform: owners.isPlatform,
      balanceCents: sql<number>`sum(${ownerEarningLines.ownerCents})::int`,
    })
    .from(ownerEarningLines)
    .innerJoin(owners, eq(owners.id, ownerEarningLines.ownerId))
    .where(and(lte(ownerEarningLines.payableAt, now), unpaid))
    .groupBy(owners.id)
    .orderBy(asc(owners.displayName));
}

export async function insertPayout(
  tx: Db,
  values: typeof payouts.$inferInsert,
  lineIds: string[],
): Promise<PayoutRow> {
  const [payout] = await tx.insert(payouts).values(values).returning();
  if (!payout) throw new Error('payout insert returned nothing');
  // The ids as one array parameter: a first payout can carry thousands of lines, which as rows
  // of values made a statement of as many parameters for the server to build and bind.
  await tx.execute(sql`insert into ${payoutLines} (payout_id, line_id)
    select ${payout.id}, unnest(${`{${lineIds.join(',')}}`}::uuid[])`);
  return payout;
}

export async function pendingPayouts(db: Db, createdBefore: Date): Promise<PayoutRow[]> {
  return db
    .select()
    .from(payouts)
    .where(and(eq(payouts.state, 'pending'), lte(payouts.createdAt, createdBefore)))
    .orderBy(asc(payouts.createdAt));
}

export async function markPayoutPaid(db: Db, id: string, transferId: string, at: Date): Promise<void> {
  await db
    .update(payouts)
    .set({ state: 'paid', transferId, settledAt: at })
    .where(and(eq(payouts.id, id), eq(payouts.state, 'pending')));
}

/** A refused payout: failed, and its lines back in the owner's balance for the next run. */
export async function markPayoutFailed(db: Db, id: string, failure: string, at: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const [failed] = await tx
      .update(payouts)
      .set({ state: 'failed', failure, settledAt: at })
      .where(and(eq(payouts.id, id), eq(payouts.state, 'pending')))
      .returning({ id: payouts.id });
    if (failed) await tx.update(payoutLines).set({ active: false }).where(eq(payoutLines.payoutId, id));
  });
}

export type OwnerMoney = {
  ownerId: string;
  /** Every line's owner share. */
  earnedCents: number;
  /** Lines in no live payout: what the platform owes the owner, payable or not yet. */
  balanceCents: number;
  /** …of which payable now. */
  payableCents: number;
  /** Payouts the provider has not answered yet. */
  inTransitCents: number;
  paidOutCents: number;
};

/**
 * Each owner's money (one owner's with `ownerId`), from the lines and payouts. What is in a live
 * payout is read through the owner's own payouts, so one owner's figures cost their own lines,
 * never every payout line of the marketplace.
 */
export async function ownerMoney(db: Db, now: Date, ownerId?: string): Promise<OwnerMoney[]> {
  const at = now.toISOString();
  const result = await db.execute<Record<string, string | number>>(sql`
    select o.id as owner_id, earned.all_cents as earned, earned.payable_cents as payable_earned,
      paid_lines.all_cents as in_payouts, paid_lines.payable_cents as payable_in_payouts,
      coalesce((select sum(p.amount_cents) from payouts p where p.owner_id = o.id and p.state = 'pending'), 0)::int as in_transit,
      coalesce((select sum(p.amount_cents) from payouts p where p.owner_id = o.id and p.state = 'paid'), 0)::int as paid_out
    from owners o
    cross join lateral (
      select coalesce(sum(l.owner_cents), 0)::int as all_cents,
        coalesce(sum(l.owner_cents) filter (where l.payable_at <= ${at}), 0)::int as payable_cents
      from owner_earning_lines l where l.owner_id = o.id) earned
    cross join lateral (
      select coalesce(sum(l.owner_cents), 0)::int as all_cents,
        coalesce(sum(l.owner_cents) filter (where l.payable_at <= ${at}), 0)::int as payable_cents
      from payouts p
      join payout_lines pl on pl.payout_id = p.id and pl.active
      join owner_earning_lines l on l.id = pl.line_id
      where p.owner_id = o.id) paid_lines
    ${ownerId ? sql`where o.id = ${ownerId}` : sql``}
    order by o.is_platform desc, o.display_name`);
  return (result as { rows: Record<string, string | number>[] }).rows.map((r) => ({
    ownerId: String(r.owner_id),
    earnedCents: Number(r.earned),
    balanceCents: Number(r.earned) - Number(r.in_payouts),
    payableCents: Number(r.payable_earned) - Number(r.payable_in_payouts),
    inTransitCents: Number(r.in_transit),
    paidOutCents: Number(r.paid_out),
  }));
}

/** The next instant one of the owner's lines turns payable (its balance moves with the clock alone). */
export async function nextPayableAt(db: Db, ownerId: string, now: Date): Promise<Date | null> {
  const [row] = await db
    .select({
      at: sql<Date | null>`min(${ownerEarningLines.payableAt})`.mapWith(ownerEarningLines.payableAt),
    })
    .from(ownerEarningLines)
    .where(and(eq(ownerEarningLines.ownerId, ownerId), gt(ownerEarningLines.payableAt, now)));
  return row?.at ?? null;
}

export async function listOwners(db: Db): Promise<OwnerRow[]> {
  return db.select().from(owners).orderBy(desc(owners.isPlatform), asc(owners.displayName));
}

/** Payouts, newest first; one owner's with `ownerId`. */
export async function listPayouts(db: Db, ownerId?: string, limit = 200): Promise<PayoutRow[]> {
  return db
    .select()
    .from(payouts)
    .where(ownerId ? eq(payouts.ownerId, ownerId) : sql`true`)
    .orderBy(desc(payouts.createdAt))
    .limit(limit);
}

/** How many lines each payout carries (its live ones, or all of a failed payout's). */
export async function lineCountsOfPayouts(db: Db, payoutIds: string[]): Promise<Map<string, number>> {
  if (payoutIds.length === 0) return new Map();
  const rows = await db
    .select({ payoutId: payoutLines.payoutId, count: sql<number>`count(*)::int` })
    .from(payoutLines)
    .where(inArray(payoutLines.payoutId, payoutIds))
    .groupBy(payoutLines.payoutId);
  return new Map(rows.map((r) => [r.payoutId, Number(r.count)]));
}

/** An owner's payouts settled in [start, end], or made in it while still pending. */
export async function payoutsOfPeriod(db: Db, ownerId: string, start: Date, end: Date): Promise<PayoutRow[]> {
  const at = sql`coalesce(${payouts.settledAt}, ${payouts.createdAt})`;
  return db
    .select()
    .from(payouts)
    .where(
      and(eq(payouts.ownerId, ownerId), sql`${at} between ${start.toISOString()} and ${end.toISOString()}`),
    )
    .orderBy(asc(at));
}

/** When an owner's first and latest lines were earned (null without lines). */
export async function earningSpan(db: Db, ownerId: string): Promise<{ first: Date; last: Date } | null> {
  const [row] = await db
    .select({
      first: sql<Date | null>`min(${ownerEarningLines.earnedAt})`.mapWith((v: string | Date | null) =>
        v === null ? null : new Date(v),
      ),
      last: sql<Date | null>`max(${ownerEarningLines.earnedAt})`.mapWith((v: string | Date | null) =>
        v === null ? null : new Date(v),
      ),
    })
    .from(ownerEarningLines)
    .where(eq(ownerEarningLines.ownerId, ownerId));
  return row?.first && row.last ? { first: row.first, last: row.last } : null;
}

export type EarningLineView = EarningLineRow & {
  /** The booking's trip and customer; null on a commission's IGIC line. */
  bookingStartsAt: Date | null;
  customerName: string | null;
  /** Who sold the booking, the reseller's or agent's name, and what it kept (a trip line's). */
  channel: BookingChannel | null;
  channelName: string | null;
  channelCommissionCents: number;
  /** The commission document carrying the line, and the agent's commission it invoices on it. */
  commissionInvoiceNumber: string | null;
  agentCommissionInvoicedCents: number;
  /** The line's gross (earnings lineGrossCents), for the statements, and the platform's cover in it. */
  grossCents: number;
  coverCents: number;
  /** The commission's IGIC the line withholds (earnings commissionIgicSql). */
  igicCents: number;
  /** The owner's standing invoice to the platform for the cover (self-billed by the platform). */
  coverInvoiceNumber: string | null;
  payoutId: string | null;
  /** That payout's day (paid, else made) and transfer id: the owner matches their bank by them. */
  payoutAt: Date | null;
  transferId: string | null;
  /**
   * The document behind the line: a booking's standing customer invoice
   * (docs/invoicing.md#customers-invoices-in-the-owners-name), an IGIC line's commission document.
   */
  invoiceNumber: string | null;
};

/** What a line's view adds to its row: its booking (the trip, the customer) and its gross. */
const lineView = {
  line: ownerEarningLines,
  bookingStartsAt: bookings.startsAt,
  customerName: bookings.customerName,
  // Who sold the booking; null on an IGIC line, which has none (the left join's nulls).
  channel: sql<BookingChannel | null>`(case when ${bookings.id} is not null
    then ${bookingChannelSql(bookings.id, bookings.soldByUserId)} end)`,
  channelName: bookingChannelNameSql(bookings.id),
  // What the seller kept of the customer's price: once per booking, on its trip line.
  channelCommissionCents: sql<number>`(case when ${ownerEarningLines.kind} = 'trip'
    then ${channelCommissionCentsSql(bookings.id, bookings.amountGrossCents)} else 0 end)::int`,
  // The commission invoice or credit note carrying the line (the substitution that replaced it,
  // if one did), and the agent's commission it invoices on the line (decision 36).
  commissionInvoiceNumber: sql<string | null>`(select coalesce(
      (select s.number from owner_invoices s where s.corrects_id = oi.id and s.kind = 'substitution'
        order by s.issued_at desc limit 1), oi.number)
    from owner_invoice_lines il join owner_invoices oi on oi.id = il.invoice_id
    where il.earning_line_id = ${ownerEarningLines.id})`,
  agentCommissionInvoicedCents: sql<number>`coalesce((select il.agent_commission_cents
    from owner_invoice_lines il where il.earning_line_id = ${ownerEarningLines.id}), 0)::int`,
  grossCents: lineGrossCents,
  coverCents: lineCoverCents,
  igicCents: sql<number>`${commissionIgicSql}::int`,
  coverInvoiceNumber: sql<string | null>`(case when ${ownerEarningLines.kind} = 'trip' then
    (select ci.number from customer_invoices ci where ci.booking_id = ${bookings.id} and ci.by_recipient
      and ci.invoice_type = 'F1' and ci.owner_id = ${ownerEarningLines.ownerId} limit 1) end)`,
  // The booking's sale invoice that stands: its F1 or F2, or the F3 that replaced its F2; an IGIC
  // line's commission invoice or credit note.
  invoiceNumber: sql<string | null>`coalesce((select ci.number from customer_invoices ci
    where ci.booking_id = ${bookings.id} and ci.invoice_type in ('F1', 'F2', 'F3') and not ci.by_recipient
      and not exists (select 1 from customer_invoices f3
        where f3.corrects_id = ci.id and f3.invoice_type = 'F3')
    limit 1), (select oi.number from owner_invoices oi where oi.id = ${ownerEarningLines.ownerInvoiceId}))`,
};

/** The day a line is listed at: its trip's start, or an IGIC line's document's issue. */
const lineDate = sql`coalesce(${bookings.startsAt}, ${ownerEarningLines.earnedAt})`;

/** The payout a line went into (joined as `payouts` through `payout_lines`): null columns for none. */
const payoutOfLine = {
  payoutId: payouts.id,
  payoutAt: sql<Date | null>`coalesce(${payouts.settledAt}, ${payouts.createdAt})`.mapWith(
    (v: string | Date | null) => (v === null ? null : new Date(v)),
  ),
  transferId: payouts.transferId,
};

/**
 * An owner's lines earned in [start, end], oldest trip first (an IGIC line at its document's
 * issue), with their booking and live payout.
 */
export async function linesOfOwner(
  db: Db,
  ownerId: string,
  start: Date,
  end: Date,
): Promise<EarningLineView[]> {
  const rows = await db
    .select({ ...lineView, ...payoutOfLine })
    .from(ownerEarningLines)
    .leftJoin(bookings, eq(bookings.id, ownerEarningLines.bookingId))
    // At most one live payout carries a line (payout_lines_one_live_idx).
    .leftJoin(payoutLines, and(eq(payoutLines.lineId, ownerEarningLines.id), eq(payoutLines.active, true)))
    .leftJoin(payouts, eq(payouts.id, payoutLines.payoutId))
    .where(
      and(
        eq(ownerEarningLines.ownerId, ownerId),
        gte(ownerEarningLines.earnedAt, start),
        lte(ownerEarningLines.earnedAt, end),
      ),
    )
    .orderBy(asc(lineDate), asc(ownerEarningLines.earnedAt));
  return rows.map(({ line, ...view }) => ({ ...line, ...view }));
}

/** The lines each payout carries (its live ones, or all of a failed payout's), with their booking. */
export async function linesOfPayouts(
  db: Db,
  payoutIds: string[],
): Promise<(EarningLineView & { payoutId: string })[]> {
  if (payoutIds.length === 0) return [];
  const rows = await db
    .select({ ...lineView, ...payoutOfLine, payoutId: payoutLines.payoutId })
    .from(payoutLines)
    .innerJoin(ownerEarningLines, eq(ownerEarningLines.id, payoutLines.lineId))
    .leftJoin(bookings, eq(bookings.id, ownerEarningLines.bookingId))
    .innerJoin(payouts, eq(payouts.id, payoutLines.payoutId))
    .where(inArray(payoutLines.payoutId, payoutIds))
    .orderBy(asc(ownerEarningLines.earnedAt));
  return rows.map(({ line, ...view }) => ({ ...line, ...view }));
}

export async function setPayoutsOnHold(
  db: Db,
  ownerId: string,
  onHold: boolean,
): Promise<OwnerRow | undefined> {
  const [row] = await db
    .update(owners)
    .set({ payoutsOnHold: onHold, updatedAt: new Date() })
    .where(eq(owners.id, ownerId))
    .returning();
  return row;
}

/**
 * The owner is changing their payout details (the provider's page): their account (when the
 * provider made one) and the time, from which payouts wait.
 */
export async function markPayoutDetailsChanged(
  db: Db,
  ownerId: string,
  account: string,
  at: Date,
): Promise<void> {
  await db
    .update(owners)
    .set({ payoutAccount: account, payoutDetailsChangedAt: at })
    .where(eq(owners.id, ownerId));
}

/** The owner's first payout account: nothing was paid anywhere before, so nothing waits. */
export async function setFirstPayoutAccount(db: Db, ownerId: string, account: string): Promise<void> {
  await db.update(owners).set({ payoutAccount: account }).where(eq(owners.id, ownerId));
}

/** Whether any payout was ever made (or started) to the owner. */
export async function ownerWasPaid(db: Db, ownerId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: payouts.id })
    .from(payouts)
    .where(eq(payouts.ownerId, ownerId))
    .limit(1);
  return row !== undefined;
}
