// The documents' tables (docs/invoicing.md): what the system issues (the platform's commission
// invoices and credit notes to owners, customers' invoices, resellers' invoices) and their gap-free
// series; their billing records are verifactu/schema.ts's. Documents are append-only: a trigger
// (migration 0020) refuses UPDATE and DELETE; a correction is a new document.
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { InvoiceDocument } from '@boats/domain/customer-invoice';
import { INVOICE_KINDS } from '@boats/domain/commission-invoice';
import { INVOICE_TYPES } from '@boats/domain/verifactu';
import { instant, sqlList } from '../../db/columns';
import { ownerEarningLines } from '../earnings/schema';
import { owners } from '../owners/schema';
import { resellers } from '../resellers/schema';

/** A party of an invoice as it was at the issue: the platform (seller) or the owner (buyer). */
export type InvoiceParty = { name: string; taxId: string; address: string };

// The platform's invoices for its commission, and the credit notes that correct them. Issued
// once and never changed. `number` comes from invoice_counters inside the issuing transaction.
export const ownerInvoices = pgTable(
  'owner_invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: INVOICE_KINDS }).notNull(),
    number: text('number').notNull().unique(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => owners.id),
    // The Canary month invoiced, 'YYYY-MM'.
    period: text('period').notNull(),
    // A credit note: the invoice it corrects; a substitution: the invoice it replaces (whose lines
    // it carries: a line is on one document's rows at most, so the substitution has none of its own).
    correctsId: uuid('corrects_id').references((): AnyPgColumn => ownerInvoices.id),
    language: text('language').notNull(),
    seller: jsonb('seller').$type<InvoiceParty>().notNull(),
    buyer: jsonb('buyer').$type<InvoiceParty>().notNull(),
    baseCents: integer('base_cents').notNull(),
    igicBps: integer('igic_bps').notNull(),
    igicCents: integer('igic_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    // 'schedule' or the admin's e-mail.
    issuedBy: text('issued_by').notNull(),
    issuedAt: instant('issued_at').notNull(),
  },
  (t) => [
    check('owner_invoices_kind_check', sql`${t.kind} in ${sqlList(INVOICE_KINDS)}`),
    check(
      'owner_invoices_sign_check',
      sql`(${t.kind} = 'invoice' and ${t.baseCents} > 0 and ${t.correctsId} is null) or (${t.kind} = 'credit_note' and ${t.baseCents} < 0 and ${t.correctsId} is not null) or (${t.kind} = 'substitution' and ${t.baseCents} > 0 and ${t.correctsId} is not null)`,
    ),
    check('owner_invoices_total_check', sql`${t.baseCents} + ${t.igicCents} = ${t.totalCents}`),
    index('owner_invoices_owner_idx').on(t.ownerId, t.issuedAt),
  ],
);

// The earning lines a document carries: each line on one document at most (the unique index).
export const ownerInvoiceLines = pgTable(
  'owner_invoice_lines',
  {
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => ownerInvoices.id),
    earningLineId: uuid('earning_line_id')
      .notNull()
      .references(() => ownerEarningLines.id),
    bookingId: uuid('booking_id').notNull(),
    tripStartsAt: instant('trip_starts_at').notNull(),
    netCents: integer('net_cents').notNull(),
    feeCents: integer('fee_cents').notNull(),
    commissionBps: integer('commission_bps').notNull(),
    // On a booking an agent sold in the owner's name, the agent's commission the line carries
    // (domain agentCommissionOfLine; decision 36), invoiced beside the fee; 0 on any other.
    agentCommissionCents: integer('agent_commission_cents').notNull().default(0),
    // That agent's name as it was at the issue; null on any other line.
    agentName: text('agent_name'),
  },
  (t) => [
    primaryKey({ columns: [t.invoiceId, t.earningLineId] }),
    uniqueIndex('owner_invoice_lines_once_idx').on(t.earningLineId),
    index('owner_invoice_lines_booking_idx').on(t.bookingId),
  ],
);

// The last number taken in each gap-free series ('F-2026', 'R-2026'). The issuing transaction
// locks its row (FOR UPDATE) and takes the next number; a rollback gives it back with the rest.
export const invoiceCounters = pgTable('invoice_counters', {
  series: text('series').primaryKey(),
  lastNumber: integer('last_number').notNull(),
});

// A monthly invoice run, claimed once (the primary key: the month invoiced) by whichever instance
// gets there first.
export const invoiceRuns = pgTable('invoice_runs', {
  period: text('period').primaryKey(),
  startedAt: instant('started_at').notNull(),
  finishedAt: instant('finished_at'),
});

/** The seller of a customer's invoice: the owner (or the platform, for its own boats). */
export type CustomerInvoiceIssuer = InvoiceParty & { igicRegime: 'general' | 'exempt' };

// Customers' invoices (docs/invoicing.md#customers-invoices-in-the-owners-name): one per paid
// booking whose boat's owner lets the platform invoice in their name (issued as a third party),
// or whose boat is the platform's own (in its name). Numbered in the issuer's own series
// (invoice_counters `C:<NIF>:<letter>-<year>`), unique per issuer; issued once and never changed
// (the trigger of migration 0020 refuses UPDATE and DELETE, as for the commission invoices).
export const customerInvoices = pgTable(
  'customer_invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // No foreign key, as owner_invoice_lines: an invoice outlives whatever becomes of its booking.
    bookingId: uuid('booking_id').notNull(),
    // The boat's owner when it was sold: whose list it is on (the platform's row for its boats).
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => owners.id),
    issuerNif: text('issuer_nif').notNull(),
    issuer: jsonb('issuer').$type<CustomerInvoiceIssuer>().notNull(),
    // Issued by the platform in the owner's name (EmitidaPorTerceroODestinatario = T).
    byThirdParty: boolean('by_third_party').notNull(),
    // Issued by its recipient, the platform, in the owner's name (EmitidaPorTerceroODestinatario =
    // D): the owner's invoice to the platform for its cover of a move to their dearer boat, and its
    // rectification (docs/invoicing.md#the-platforms-cover-self-billed). Not a customer's document:
    // the booking's invoices to its customer leave it out.
    byRecipient: boolean('by_recipient').notNull().default(false),
    invoiceType: text('invoice_type', { enum: INVOICE_TYPES }).notNull(),
    number: text('number').notNull(),
    // A rectifying invoice: the invoice it corrects; an F3: the simplified one it replaces.
    correctsId: uuid('corrects_id').references((): AnyPgColumn => customerInvoices.id),
    // A rectifying invoice: the refund it is for (its e-mail carries it); null otherwise, and for
    // those issued before this was kept.
    refundId: uuid('refund_id'),
    // A rectifying invoice by substitution (TipoRectificativa S): it replaces the invoice it
    // corrects, total for total, naming the recipient's corrected data; false: by differences, or
    // not rectifying (docs/invoicing.md#changing-the-recipients-data).
    bySubstitution: boolean('by_substitution').notNull().default(false),
    // The customer named on a full invoice; null on a simplified one.
    recipient: jsonb('recipient').$type<InvoiceParty>(),
    language: text('language').notNull(),
    baseCents: integer('base_cents').notNull(),
    // The IGIC rate in basis points; null when the issuer is exempt.
    igicBps: integer('igic_bps'),
    igicCents: integer('igic_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    issuedAt: instant('issued_at').notNull(),
    // What the invoice shows beyond its parties and totals (its lines, the date of the operation,
    // the invoice it corrects), written once at issue: every rendering reads it, never the booking.
    document: jsonb('document').$type<InvoiceDocument>().notNull(),
  },
  (t) => [
    uniqueIndex('customer_invoices_number_idx').on(t.issuerNif, t.number),
    index('customer_invoices_booking_idx').on(t.bookingId),
    uniqueIndex('customer_invoices_refund_idx').on(t.refundId),
    index('customer_invoices_owner_idx').on(t.ownerId, t.issuedAt),
    check('customer_invoices_type_check', sql`${t.invoiceType} in ${sqlList(INVOICE_TYPES)}`),
    check('customer_invoices_total_check', sql`${t.baseCents} + ${t.igicCents} = ${t.totalCents}`),
  ],
);

/** The reseller an invoice names, as it was at the issue. */
export type ResellerInvoiceRecipient = InvoiceParty & { country: string };

// The platform's invoices to resellers (docs/invoicing.md#resellers-invoices): per reseller, month
// and issuer one summary full invoice (F1, the unique index), and the rectifying invoices (R1) of
// refunds recorded after it, one per refund. Numbered in the issuer's own reseller series (V, RV),
// chained in its chain; append-only, as the other documents (the trigger of migration 0020).
export const resellerInvoices = pgTable(
  'reseller_invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    resellerId: uuid('reseller_id')
      .notNull()
      .references(() => resellers.id),
    // The Canary month invoiced ('YYYY-MM'); a rectifying invoice's is its corrected invoice's.
    period: text('period').notNull(),
    // The boats' owner (the platform's row for its own boats).
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => owners.id),
    issuerNif: text('issuer_nif').notNull(),
    issuer: jsonb('issuer').$type<CustomerInvoiceIssuer>().notNull(),
    byThirdParty: boolean('by_third_party').notNull(),
    invoiceType: text('invoice_type', { enum: ['F1', 'R1'] }).notNull(),
    number: text('number').notNull(),
    correctsId: uuid('corrects_id').references((): AnyPgColumn => resellerInvoices.id),
    // A rectifying invoice: the refund it is for (one each).
    refundId: uuid('refund_id'),
    recipient: jsonb('recipient').$type<ResellerInvoiceRecipient>().notNull(),
    baseCents: integer('base_cents').notNull(),
    // Null when the issuer is exempt.
    igicBps: integer('igic_bps'),
    igicCents: integer('igic_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    // 'schedule' or the admin's e-mail; a rectifying invoice: 'refund'.
    issuedBy: text('issued_by').notNull(),
    issuedAt: instant('issued_at').notNull(),
  },
  (t) => [
    uniqueIndex('reseller_invoices_number_idx').on(t.issuerNif, t.number),
    uniqueIndex('reseller_invoices_month_idx')
      .on(t.resellerId, t.issuerNif, t.period)
      .where(sql`${t.invoiceType} = 'F1'`),
    uniqueIndex('reseller_invoices_refund_idx').on(t.refundId),
    index('reseller_invoices_reseller_idx').on(t.resellerId, t.period),
    check('reseller_invoices_type_check', sql`${t.invoiceType} in ('F1', 'R1')`),
    check(
      'reseller_invoices_sign_check',
      sql`(${t.invoiceType} = 'F1' and ${t.totalCents} > 0 and ${t.correctsId} is null) or (${t.invoiceType} = 'R1' and ${t.totalCents} < 0 and ${t.correctsId} is not null)`,
    ),
    check('reseller_invoices_total_check', sql`${t.baseCents} + ${t.igicCents} = ${t.totalCents}`),
  ],
);

// A reseller invoice's lines: one per booking, at the net price (IGIC included), less what was
// refunded of it in the month; a rectifying invoice's line is the refund, negative.
export const resellerInvoiceLines = pgTable(
  'reseller_invoice_lines',
  {
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => resellerInvoices.id),
    bookingId: uuid('booking_id').notNull(),
    tripStartsAt: instant('trip_starts_at').notNull(),
    adults: integer('adults').notNull(),
    children: integer('children').notNull(),
    infants: integer('infants').notNull(),
    amountCents: integer('amount_cents').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.invoiceId, t.bookingId] }),
    index('reseller_invoice_lines_booking_idx').on(t.bookingId),
  ],
);
