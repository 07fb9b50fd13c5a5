// Queries of commission invoices (docs/payments.md#commission-invoices). Every read an owner can
// reach takes an OwnerScope and puts it into its own query: another owner's invoice is not found.
import { and, asc, desc, eq, gt, inArray, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { AgentSale } from '@boats/domain/commission-invoice';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { qualified } from '../../db/columns';
import { agentBookings, agents, bookings, ownerEarningLines, owners } from '../../db/schema';
import { agentCommissionCentsSql, receivedCentsSql } from '../payments/ledger';
import { invoiceCounters, ownerInvoiceLines, ownerInvoices } from './schema';
import type { OwnerScope } from '../owner-scope/owner-scope';

export type InvoiceRow = typeof ownerInvoices.$inferSelect;
export type InvoiceLineRow = typeof ownerInvoiceLines.$inferSelect;
export type InvoiceView = InvoiceRow & {
  ownerName: string;
  correctsNumber: string | null;
  correctsIssuedAt: Date | null;
};

const inScope = (scope: OwnerScope): SQL =>
  scope.all ? sql`true` : sql`${ownerInvoices.ownerId} = ${scope.ownerId}`;

const corrected = alias(ownerInvoices, 'corrected');

function viewQuery(db: Db, where: SQL) {
  return db
    .select({
      invoice: ownerInvoices,
      ownerName: owners.displayName,
      correctsNumber: corrected.number,
      correctsIssuedAt: corrected.issuedAt,
    })
    .from(ownerInvoices)
    .innerJoin(owners, eq(owners.id, ownerInvoices.ownerId))
    .leftJoin(corrected, eq(corrected.id, ownerInvoices.correctsId))
    .where(where);
}

const toView = (r: {
  invoice: InvoiceRow;
  ownerName: string;
  correctsNumber: string | null;
  correctsIssuedAt: Date | null;
}): InvoiceView => ({
  ...r.invoice,
  ownerName: r.ownerName,
  correctsNumber: r.correctsNumber,
  correctsIssuedAt: r.correctsIssuedAt,
});

/** The scope's invoices and credit notes, newest first. */
export async function listInvoices(db: Db, scope: OwnerScope, limit = 500): Promise<InvoiceView[]> {
  const rows = await viewQuery(db, inScope(scope))
    .orderBy(desc(ownerInvoices.issuedAt), desc(ownerInvoices.number))
    .limit(limit);
  return rows.map(toView);
}

/** One invoice of the scope, or nothing (another owner's is not found). */
export async function findInvoice(db: Db, scope: OwnerScope, id: string): Promise<InvoiceView | undefined> {
  const [row] = await viewQuery(db, and(eq(ownerInvoices.id, id), inScope(scope))!);
  return row ? toView(row) : undefined;
}

export async function linesOfInvoice(db: Db, invoiceId: string): Promise<InvoiceLineRow[]> {
  return db
    .select()
    .from(ownerInvoiceLines)
    .where(eq(ownerInvoiceLines.invoiceId, invoiceId))
    .orderBy(asc(ownerInvoiceLines.tripStartsAt), asc(ownerInvoiceLines.bookingId));
}

/**
 * A line earned before `before` that no invoice or credit note carries yet, with a fee or on a
 * booking an agent sold on commission (whose agent's commission the owner bears: decision 36). A
 * captured deposit's line bears no commission and is never invoiced (decision 38).
 */
function awaitingInvoice(before: Date) {
  return and(
    lt(ownerEarningLines.earnedAt, before),
    ne(ownerEarningLines.kind, 'deposit'),
    or(
      ne(ownerEarningLines.feeCents, 0),
      sql`(${ownerEarningLines.netCents} <> 0 and exists (select 1 from ${agentBookings} ab
        where ab.booking_id = ${ownerEarningLines.bookingId} and ab.commission_bps > 0))`,
    ),
    sql`not exists (select 1 from ${ownerInvoiceLines} il where il.earning_line_id = ${ownerEarningLines.id})`,
  );
}

/** Owners (not the platform) with a line earned before `before` that no document carries yet. */
export async function ownersToInvoice(db: Db, before: Date): Promise<string[]> {
  const rows = await db
    .selectDistinct({ ownerId: ownerEarningLines.ownerId })
    .from(ownerEarningLines)
    .innerJoin(owners, eq(owners.id, ownerEarningLines.ownerId))
    .where(and(eq(owners.isPlatform, false), awaitingInvoice(before)));
  return rows.map((r) => r.ownerId);
}

/** A booking's line (a commission's IGIC line has no fee, so no document carries it). */
export type UninvoicedLineRow = typeof ownerEarningLines.$inferSelect & {
  bookingId: string;
  tripStartsAt: Date;
};

/** An owner's lines earned before `before` on no document yet (the caller holds the owner's lock). */
export async function uninvoicedLines(tx: Db, ownerId: string, before: Date): Promise<UninvoicedLineRow[]> {
  const rows = await tx
    .select({ line: ownerEarningLines, bookingId: bookings.id, tripStartsAt: bookings.startsAt })
    .from(ownerEarningLines)
    .innerJoin(bookings, eq(bookings.id, ownerEarningLines.bookingId))
    .where(and(eq(ownerEarningLines.ownerId, ownerId), awaitingInvoice(before)))
    .orderBy(asc(bookings.startsAt), asc(ownerEarningLines.createdAt));
  return rows.map((r) => ({ ...r.line, bookingId: r.bookingId, tripStartsAt: r.tripStartsAt }));
}

/** What an owner's booking an agent sold on commission brings to its invoicing (decision 36). */
export type AgentSaleFacts = {
  /** The agent's cash (the net) and the commission it kept at the sale's rate. */
  sale: AgentSale;
  agentName: string;
  /** The booking's lines' nets earned before the run's end, and the agents' commission its documents carry. */
  netCents: number;
  invoicedCents: number;
};

/** For the bookings an agent sold on commission among `bookingIds`, their AgentSaleFacts. */
export async function agentSalesOf(
  tx: Db,
  bookingIds: string[],
  before: Date,
): Promise<Map<string, AgentSaleFacts>> {
  if (bookingIds.length === 0) return new Map();
  // Qualified: inside the subqueries an unqualified "id" would be the payment's.
  const booking = qualified(bookings.id);
  const rows = await tx
    .select({
      bookingId: bookings.id,
      agentName: agents.name,
      commissionCents: sql<number>`coalesce(${agentCommissionCentsSql(booking, qualified(bookings.amountGrossCents))}, 0)`,
      saleNetCents: receivedCentsSql(booking, 'agent_cash'),
      netCents: sql<number>`(select coalesce(sum(l.net_cents), 0)::int from ${ownerEarningLines} l
        where l.booking_id = ${booking} and l.kind <> 'deposit' and l.earned_at < ${before.toISOString()})`,
      invoicedCents: sql<number>`(select coalesce(sum(il.agent_commission_cents), 0)::int
        from ${ownerInvoiceLines} il where il.booking_id = ${booking})`,
    })
    .from(bookings)
    .innerJoin(agentBookings, eq(agentBookings.bookingId, bookings.id))
    .innerJoin(agents, eq(agents.userId, agentBookings.agentUserId))
    .where(and(inArray(bookings.id, bookingIds), gt(agentBookings.commissionBps, 0)));
  return new Map(
    rows.map((r) => [
      r.bookingId,
      {
        sale: { netCents: Number(r.saleNetCents), commissionCents: Number(r.commissionCents) },
        agentName: r.agentName,
        netCents: Number(r.netCents),
        invoicedCents: Number(r.invoicedCents),
      },
    ]),
  );
}

/**
 * For each booking, the issued invoice its earlier lines are on (the first one, if several), or
 * the substitution that stands in its place (a credit note corrects the invoice that stands).
 */
export async function invoiceOfBookings(tx: Db, bookingIds: string[]): Promise<Map<string, string>> {
  if (bookingIds.length === 0) return new Map();
  const rows = await tx
    .select({ bookingId: ownerInvoiceLines.bookingId, invoiceId: ownerInvoices.id })
    .from(ownerInvoiceLines)
    .innerJoin(ownerInvoices, eq(ownerInvoices.id, ownerInvoiceLines.invoiceId))
    .where(and(inArray(ownerInvoiceLines.bookingId, bookingIds), eq(ownerInvoices.kind, 'invoice')))
    .orderBy(asc(ownerInvoices.issuedAt), asc(ownerInvoices.number));
  const map = new Map<string, string>();
  for (const r of rows) if (!map.has(r.bookingId)) map.set(r.bookingId, r.invoiceId);
  // Follow each invoice to the substitution that replaced it, and that one's, to the last.
  let replaced = [...new Set(map.values())];
  while (replaced.length > 0) {
    const substitutions = await tx
      .select({ id: ownerInvoices.id, correctsId: ownerInvoices.correctsId })
      .from(ownerInvoices)
      .where(and(inArray(ownerInvoices.correctsId, replaced), eq(ownerInvoices.kind, 'substitution')));
    const by = new Map(substitutions.map((s) => [s.correctsId, s.id]));
    for (const [booking, invoice] of map) {
      const substitute = by.get(invoice);
      if (substitute) map.set(booking, substitute);
    }
    replaced = substitutions.map((s) => s.id);
  }
  return map;
}

/**
 * The next number of a gap-free series, taken inside the issuing transaction: the counter's row
 * is locked (by the upsert that moves it on) until the transaction ends, so numbers follow the order of commits, and
 * a rollback gives the number back with the document that would have carried it.
 */
export async function takeNumber(tx: Db, series: string): Promise<number> {
  // One statement: the upsert creates the series at 1 or moves it on, and holds its row's lock.
  const [counter] = await tx
    .insert(invoiceCounters)
    .values({ series, lastNumber: 1 })
    .onConflictDoUpdate({
      target: invoiceCounters.series,
      set: { lastNumber: sql`${invoiceCounters.lastNumber} + 1` },
    })
    .returning({ lastNumber: invoiceCounters.lastNumber });
  if (!counter) throw new Error(`invoice counter ${series} missing`);
  return counter.lastNumber;
}

export async function insertInvoice(
  tx: Db,
  values: typeof ownerInvoices.$inferInsert,
  lines: (typeof ownerInvoiceLines.$inferInsert)[],
): Promise<InvoiceRow> {
  const [invoice] = await tx.insert(ownerInvoices).values(values).returning();
  if (!invoice) throw new Error('invoice insert returned nothing');
  // A substitution has no lines of its own: it carries those of the invoice it replaces.
  if (lines.length > 0) {
    await tx.insert(ownerInvoiceLines).values(lines.map((l) => ({ ...l, invoiceId: invoice.id })));
  }
  return invoice;
}
