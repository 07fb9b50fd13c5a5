/**
 * The platform's invoices to resellers (docs/invoicing.md#resellers-invoices; decision 27). A
 * reseller buys the seats at the net price and resells them, so its sales get no customer's
 * invoice; instead, once a Canary month has ended, each issuer (an owner whose customers' invoices
 * the platform issues in their name, or the platform for its own boats) invoices the reseller
 * once: a summary full invoice (F1), a line per booking at its net price, less what was refunded
 * of it in the month. A refund recorded later gets a rectifying invoice (R1, by differences).
 *
 * Lock order: the reseller's row first (so a month's close and a refund of one of its bookings
 * queue, and whichever comes second sees the other's invoice), then the series' counter, then the
 * issuer's chain head (appendRecord), last. A refund's path holds the booking's row before all.
 * One transaction per reseller and issuer: a transaction never takes a second chain head.
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { canaryPeriodRange, canaryYearMonth, lastEndedMonth } from '@boats/domain/canary-time';
import { splitTaxIncluded } from '@boats/domain/customer-invoice';
import { centsToEuros } from '@boats/domain/money';
import {
  missingBilling,
  monthInvoiceLines,
  resellerInvoiceNumber,
  resellerSeriesKey,
  type ResellerBilling,
} from '@boats/domain/reseller-invoice';
import type { ResellerInvoiceSummary } from '@boats/domain/schemas/resellers';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { owners } from '../../db/schema';
import { rowsOf } from '../../db/rows';
import { channelRefundedSql } from '../payments/ledger';
import { resellers } from '../resellers/schema';
import { sellerOfOwner } from './customer-invoices';
import { recordIssuedInvoice } from '../verifactu/issued-invoice-record';
import { takeNumber } from './invoice-repository';
import { refuseUnendedMonth } from './invoice-service';
import { resellerRecordParty } from '../verifactu/record-parties';
import { resellerInvoiceLines, resellerInvoices } from './schema';
import { aeatSubmissions, billingRecords } from '../verifactu/schema';

export type ResellerInvoiceRow = typeof resellerInvoices.$inferSelect;
export type ResellerInvoiceLineRow = typeof resellerInvoiceLines.$inferSelect;
type ResellerRow = typeof resellers.$inferSelect;

export function billingOf(reseller: ResellerRow): ResellerBilling {
  return {
    legalName: reseller.billingLegalName,
    taxId: reseller.billingTaxId,
    country: reseller.billingCountry,
    address: reseller.billingAddress,
  };
}

type MonthSaleRow = {
  booking_id: string;
  owner_id: string;
  starts_at: string | Date;
  adults: number;
  children_50: number;
  kids_free: number;
  net_cents: number | string;
  refunded_cents: number | string;
};

/**
 * The reseller's sales confirmed in the month (its `reseller` payments dated in it), with what was
 * refunded of each within the month, and the boat's owner. A booking the platform already invoiced
 * to its customer (sold before resellers were invoiced) is left out: it is invoiced once.
 */
async function monthSales(db: Db, resellerId: string, period: string, ownerId?: string) {
  const { start, end } = canaryPeriodRange(period);
  const result = await db.execute(sql`
    select b.id as booking_id, bt.owner_id, b.starts_at, b.adults, b.children_50, b.kids_free,
      p.amount_cents as net_cents,
      ${channelRefundedSql({ method: 'reseller', bookingIds: sql`(b.id)`, before: new Date(end.getTime() + 1) })}
        as refunded_cents
    from payments p
    join reseller_bookings rb on rb.booking_id = p.booking_id
    join bookings b on b.id = p.booking_id
    join boats bt on bt.id = b.boat_id
    where rb.reseller_id = ${resellerId} and p.method = 'reseller' and p.status = 'succeeded'
      and p.created_at between ${start.toISOString()} and ${end.toISOString()}
      and not exists (select 1 from customer_invoices ci where ci.booking_id = b.id)
      ${ownerId ? sql`and bt.owner_id = ${ownerId}` : sql``}
    order by p.created_at, b.id`);
  return monthInvoiceLines(
    rowsOf<MonthSaleRow>(result).map((r) => ({
      bookingId: r.booking_id,
      ownerId: r.owner_id,
      startsAt: new Date(r.starts_at),
      adults: Number(r.adults),
      children: Number(r.children_50),
      infants: Number(r.kids_free),
      netCents: Number(r.net_cents),
      refundedInMonthCents: Number(r.refunded_cents),
    })),
  );
}

/** Locks the reseller's row (the first lock of every path that issues its invoices). */
async function lockReseller(tx: Db, resellerId: string): Promise<ResellerRow | undefined> {
  const [row] = await tx.select().from(resellers).where(eq(resellers.id, resellerId)).for('update');
  return row;
}

/** The month's invoice of one issuer to the reseller, if issued. */
async function monthInvoice(
  db: Db,
  resellerId: string,
  issuerNif: string,
  period: string,
): Promise<ResellerInvoiceRow | undefined> {
  const [row] = await db
    .select()
    .from(resellerInvoices)
    .where(
      and(
        eq(resellerInvoices.resellerId, resellerId),
        eq(resellerInvoices.issuerNif, issuerNif),
        eq(resellerInvoices.period, period),
        eq(resellerInvoices.invoiceType, 'F1'),
      ),
    );
  return row;
}

export type MonthOutcome = { issued: ResellerInvoiceRow[]; missing: (keyof ResellerBilling)[] };

/**
 * Issues the reseller's invoices of an ended month: per issuer with sales left to invoice, one F1,
 * unless it is issued already (safe to run twice, and on several instances at once: the reseller's
 * row lock queues them, and the second finds the first's invoice). Then the rectifying invoices of
 * refunds recorded after the month of bookings it invoiced, that a refund's own path could not
 * issue while the month waited. Nothing when the reseller's billing details are incomplete.
 */
export async function issueResellerMonth(
  ctx: AppContext,
  resellerId: string,
  period: string,
  actor: string,
): Promise<MonthOutcome> {
  refuseUnendedMonth(period, ctx.now(), 'body.month');
  const [reseller] = await ctx.db.select().from(resellers).where(eq(resellers.id, resellerId));
  if (!reseller) return { issued: [], missing: [] };
  const missing = missingBilling(billingOf(reseller));
  if (missing.length > 0) return { issued: [], missing };
  const ownerIds = [...new Set((await monthSales(ctx.db, resellerId, period)).map((s) => s.ownerId))];
  const issued: ResellerInvoiceRow[] = [];
  for (const ownerId of ownerIds) {
    const invoice = await ctx.db.transaction(async (tx) => {
      const locked = await lockReseller(tx, resellerId);
      if (!locked || missingBilling(billingOf(locked)).length > 0) return null;
      const [owner] = await tx.select().from(owners).where(eq(owners.id, ownerId));
      const seller = owner ? sellerOfOwner(ctx, owner) : null;
      if (!seller) return null;
      if (await monthInvoice(tx, resellerId, seller.issuer.taxId, period)) return null;
      const lines = await monthSales(tx, resellerId, period, ownerId);
      if (lines.length === 0) return null;
      const totalCents = lines.reduce((n, l) => n + l.amountCents, 0);
      const issuedAt = ctx.now();
      const { year } = canaryYearMonth(issuedAt);
      const number = resellerInvoiceNumber(
        'F1',
        year,
        await takeNumber(tx, resellerSeriesKey(seller.issuer.taxId, 'F1', year)),
      );
      const { baseCents, quotaCents } = splitTaxIncluded(totalCents, seller.igicBps);
      const billing = billingOf(locked);
      const [row] = await tx
        .insert(resellerInvoices)
        .values({
          resellerId,
          period,
          ownerId,
          issuerNif: seller.issuer.taxId,
          issuer: seller.issuer,
          byThirdParty: seller.byThirdParty,
          invoiceType: 'F1',
          number,
          correctsId: null,
          refundId: null,
          recipient: {
            name: billing.legalName,
            taxId: billing.taxId,
            address: billing.address,
            country: billing.country,
          },
          baseCents,
          igicBps: seller.igicBps,
          igicCents: quotaCents,
          totalCents,
          issuedBy: actor,
          issuedAt,
        })
        .returning();
      if (!row) throw new Error('reseller invoice insert returned nothing');
      await tx.insert(resellerInvoiceLines).values(
        lines.map((l) => ({
          invoiceId: row.id,
          bookingId: l.bookingId,
          tripStartsAt: l.startsAt,
          adults: l.adults,
          children: l.children,
          infants: l.infants,
          amountCents: l.amountCents,
        })),
      );
      await recordResellerInvoice(ctx, tx, row, null);
      return row;
    });
    if (invoice) issued.push(invoice);
  }
  issued.push(...(await rectifyLaterRefunds(ctx, resellerId, period)));
  return { issued, missing: [] };
}

/** Refunds recorded after `period` of bookings its invoices carry, with no rectifying invoice yet. */
async function rectifyLaterRefunds(
  ctx: AppContext,
  resellerId: string,
  period: string,
): Promise<ResellerInvoiceRow[]> {
  const { end } = canaryPeriodRange(period);
  const result = await ctx.db.execute(sql`
    select r.id, r.amount_cents, p.booking_id from refunds r
    join payments p on p.id = r.payment_id
    join reseller_invoice_lines l on l.booking_id = p.booking_id
    join reseller_invoices ri on ri.id = l.invoice_id
    where ri.reseller_id = ${resellerId} and ri.period = ${period} and ri.invoice_type = 'F1'
      and p.method = 'reseller' and r.status = 'succeeded' and r.created_at > ${end.toISOString()}
      and not exists (select 1 from reseller_invoices c where c.refund_id = r.id)
    order by r.created_at, r.id`);
  const issued: ResellerInvoiceRow[] = [];
  for (const refund of rowsOf<{ id: string; amount_cents: number | string; booking_id: string }>(result)) {
    const row = await ctx.db.transaction((tx) =>
      rectifyRefund(ctx, tx, refund.booking_id, Number(refund.amount_cents), refund.id),
    );
    if (row) issued.push(row);
  }
  return issued;
}

/**
 * A refund of a reseller's sale that succeeded (inside the transaction that records it, under the
 * booking's row lock: bookings/refunds.ts): when the month's invoice carrying the booking is issued,
 * its rectifying invoice (R1, by differences) for the amount refunded. Before that, nothing: the
 * month's invoice leaves out what was refunded in the month, and rectifies later refunds itself.
 */
export async function invoiceResellerRefund(
  ctx: AppContext,
  tx: Db,
  bookingId: string,
  refundCents: number,
  refundId: string,
): Promise<ResellerInvoiceRow | null> {
  if (refundCents <= 0) return null;
  const [onAccount] = await tx
    .execute(
      sql`
    select 1 as one from refunds r join payments p on p.id = r.payment_id
    where r.id = ${refundId} and p.method = 'reseller'`,
    )
    .then((r) => rowsOf<{ one: number }>(r));
  if (!onAccount) return null;
  return rectifyRefund(ctx, tx, bookingId, refundCents, refundId);
}

async function rectifyRefund(
  ctx: AppContext,
  tx: Db,
  bookingId: string,
  refundCents: number,
  refundId: string,
): Promise<ResellerInvoiceRow | null> {
  const [carried] = await tx
    .select({ invoice: resellerInvoices, line: resellerInvoiceLines })
    .from(resellerInvoiceLines)
    .innerJoin(resellerInvoices, eq(resellerInvoices.id, resellerInvoiceLines.invoiceId))
    .where(and(eq(resellerInvoiceLines.bookingId, bookingId), eq(resellerInvoices.invoiceType, 'F1')));
  if (!carried) return null;
  const corrected = carried.invoice;
  // The reseller's row, then read again: a close running at once has committed or waits.
  if (!(await lockReseller(tx, corrected.resellerId))) return null;
  const [done] = await tx
    .select({ id: resellerInvoices.id })
    .from(resellerInvoices)
    .where(eq(resellerInvoices.refundId, refundId));
  if (done) return null;
  // Never more than the line still stands for (its own earlier rectifying invoices taken off).
  const [rectified] = rowsOf<{ cents: number | string }>(
    await tx.execute(sql`
      select coalesce(sum(l.amount_cents), 0) as cents from reseller_invoice_lines l
      join reseller_invoices ri on ri.id = l.invoice_id
      where l.booking_id = ${bookingId} and ri.corrects_id = ${corrected.id}`),
  );
  const cents = Math.min(refundCents, carried.line.amountCents + Number(rectified?.cents ?? 0));
  if (cents <= 0) return null;
  const issuedAt = ctx.now();
  const { year } = canaryYearMonth(issuedAt);
  const number = resellerInvoiceNumber(
    'R1',
    year,
    await takeNumber(tx, resellerSeriesKey(corrected.issuerNif, 'R1', year)),
  );
  const { baseCents, quotaCents } = splitTaxIncluded(cents, corrected.igicBps);
  const [row] = await tx
    .insert(resellerInvoices)
    .values({
      resellerId: corrected.resellerId,
      period: corrected.period,
      ownerId: corrected.ownerId,
      issuerNif: corrected.issuerNif,
      issuer: corrected.issuer,
      byThirdParty: corrected.byThirdParty,
      invoiceType: 'R1',
      number,
      correctsId: corrected.id,
      refundId,
      recipient: corrected.recipient,
      baseCents: -baseCents,
      igicBps: corrected.igicBps,
      igicCents: -quotaCents,
      totalCents: -cents,
      issuedBy: 'refund',
      issuedAt,
    })
    .returning();
  if (!row) throw new Error('rectifying invoice insert returned nothing');
  await tx.insert(resellerInvoiceLines).values({
    invoiceId: row.id,
    bookingId,
    tripStartsAt: carried.line.tripStartsAt,
    adults: carried.line.adults,
    children: carried.line.children,
    infants: carried.line.infants,
    amountCents: -cents,
  });
  await recordResellerInvoice(ctx, tx, row, corrected);
  return row;
}

/** A reseller invoice's billing record, chained after its issuer's last one, the reseller named. */
async function recordResellerInvoice(
  ctx: AppContext,
  tx: Db,
  invoice: ResellerInvoiceRow,
  rectified: ResellerInvoiceRow | null,
): Promise<void> {
  await recordIssuedInvoice(
    ctx,
    tx,
    invoice,
    { kind: 'reseller_invoice' },
    {
      rectified: rectified ?? undefined,
      // The AEAT's records are in Spanish.
      description: rectified
        ? `Devolución de plazas vendidas al revendedor, factura ${rectified.number}`
        : `Plazas en embarcación vendidas al revendedor, ${invoice.period}`,
      withoutRecipientId: false,
      recipients: [resellerRecordParty(invoice.recipient)],
    },
  );
}

/** The background job: every reseller's invoices of the month that last ended. */
export async function issueLastMonthResellerInvoices(ctx: AppContext): Promise<void> {
  const period = lastEndedMonth(ctx.now());
  const { start, end } = canaryPeriodRange(period);
  const result = await ctx.db.execute(sql`
    select distinct rb.reseller_id from payments p
    join reseller_bookings rb on rb.booking_id = p.booking_id
    where p.method = 'reseller' and p.status = 'succeeded'
      and p.created_at between ${start.toISOString()} and ${end.toISOString()}`);
  for (const { reseller_id } of rowsOf<{ reseller_id: string }>(result)) {
    await issueResellerMonth(ctx, reseller_id, period, 'schedule');
  }
}

/** The reseller's invoices of a month (and those correcting them), newest last, as listed. */
export async function resellerInvoicesOfMonth(
  db: Db,
  resellerId: string,
  period: string,
): Promise<ResellerInvoiceSummary[]> {
  const rows = await db
    .select()
    .from(resellerInvoices)
    .where(and(eq(resellerInvoices.resellerId, resellerId), eq(resellerInvoices.period, period)))
    .orderBy(resellerInvoices.issuedAt, resellerInvoices.number);
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [lines, states] = await Promise.all([
    db
      .select({ invoiceId: resellerInvoiceLines.invoiceId })
      .from(resellerInvoiceLines)
      .where(inArray(resellerInvoiceLines.invoiceId, ids)),
    db
      .select({ documentId: billingRecords.documentId, state: aeatSubmissions.state })
      .from(billingRecords)
      .innerJoin(aeatSubmissions, eq(aeatSubmissions.recordId, billingRecords.id))
      .where(
        and(eq(billingRecords.documentKind, 'reseller_invoice'), inArray(billingRecords.documentId, ids)),
      )
      .orderBy(desc(billingRecords.position)),
  ]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return rows.map((r) => ({
    _id: r.id,
    number: r.number,
    invoiceType: r.invoiceType,
    month: r.period,
    issuer: { name: r.issuer.name, taxId: r.issuer.taxId },
    corrects: (r.correctsId && byId.get(r.correctsId)?.number) ?? null,
    base: centsToEuros(r.baseCents),
    igic: centsToEuros(r.igicCents),
    total: centsToEuros(r.totalCents),
    lines: lines.filter((l) => l.invoiceId === r.id).length,
    issuedAt: r.issuedAt.toISOString(),
    aeatState: states.find((s) => s.documentId === r.id)?.state ?? null,
  }));
}

/** How many of the month's sales wait for an invoice (their issuer has not invoiced the month). */
export async function uninvoicedSalesOfMonth(
  ctx: AppContext,
  resellerId: string,
  period: string,
): Promise<number> {
  const sales = await monthSales(ctx.db, resellerId, period);
  const ownerIds = [...new Set(sales.map((s) => s.ownerId))];
  const ownerRows = ownerIds.length
    ? await ctx.db.select().from(owners).where(inArray(owners.id, ownerIds))
    : [];
  let waiting = 0;
  for (const owner of ownerRows) {
    const seller = sellerOfOwner(ctx, owner);
    if (!seller) continue;
    if (await monthInvoice(ctx.db, resellerId, seller.issuer.taxId, period)) continue;
    waiting += sales.filter((s) => s.ownerId === owner.id).length;
  }
  return waiting;
}

/** One reseller invoice with its lines; undefined for another reseller's or none. */
export async function resellerInvoiceWithLines(
  db: Db,
  resellerId: string,
  invoiceId: string,
): Promise<
  { invoice: ResellerInvoiceRow; lines: ResellerInvoiceLineRow[]; corrects: string | null } | undefined
> {
  const [invoice] = await db
    .select()
    .from(resellerInvoices)
    .where(and(eq(resellerInvoices.id, invoiceId), eq(resellerInvoices.resellerId, resellerId)));
  if (!invoice) return undefined;
  const lines = await db
    .select()
    .from(resellerInvoiceLines)
    .where(eq(resellerInvoiceLines.invoiceId, invoice.id))
    .orderBy(resellerInvoiceLines.tripStartsAt, resellerInvoiceLines.bookingId);
  const [corrected] = invoice.correctsId
    ? await db
        .select({ number: resellerInvoices.number })
        .from(resellerInvoices)
        .where(eq(resellerInvoices.id, invoice.correctsId))
    : [];
  return { invoice, lines, corrects: corrected?.number ?? null };
}
