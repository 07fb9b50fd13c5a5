/**
 * The platform's commission invoices and credit notes over the wire, and the admin's platform
 * month (docs/payments.md#commission-invoices). Amounts in euros; the server counts in cents.
 */
import { z } from './zod';
import { uuid, isoInstant, languageCode } from './common';
import { INVOICE_KINDS } from '../commission-invoice';

/** 'YYYY-MM': a Canary month. */
export const periodSchema = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'validation.date');

export const invoicePartySchema = z.object({ name: z.string(), taxId: z.string(), address: z.string() });
export type InvoiceParty = z.infer<typeof invoicePartySchema>;

export const invoiceLineSchema = z.object({
  bookingId: uuid,
  /** The booking's reference as the customer and the owner know it. */
  reference: z.string(),
  tripStartsAt: isoInstant,
  net: z.number(),
  fee: z.number(),
  commissionPercent: z.number(),
  /**
   * On a booking an agent sold in the owner's name, the agent's commission the line invoices the
   * owner for, beside the fee (decision 36; negative on a credit note); 0 on any other line.
   */
  agentCommission: z.number(),
  /** That agent's name as it was at the issue; null on any other line. */
  agentName: z.string().nullable(),
});
export type InvoiceLine = z.infer<typeof invoiceLineSchema>;

export const invoiceSummarySchema = z.object({
  _id: uuid,
  kind: z.enum(INVOICE_KINDS),
  number: z.string(),
  ownerId: uuid,
  ownerName: z.string(),
  period: periodSchema,
  /** A credit note: the invoice it corrects; a substitution: the invoice it replaces. */
  corrects: z.object({ _id: uuid, number: z.string(), issuedAt: isoInstant }).nullable(),
  /** The owner's language at the issue: the document's language. */
  language: languageCode,
  base: z.number(),
  igicPercent: z.number(),
  igic: z.number(),
  total: z.number(),
  issuedAt: isoInstant,
});
export type InvoiceSummary = z.infer<typeof invoiceSummarySchema>;

/**
 * The VERI*FACTU QR code's content: the AEAT's verification address, built from the document's
 * billing record (docs/invoicing.md#qr-code).
 */
export const verifactuQrSchema = z.object({ qrUrl: z.url() });
export type VerifactuQr = z.infer<typeof verifactuQrSchema>;

export const invoiceSchema = invoiceSummarySchema.extend({
  seller: invoicePartySchema,
  buyer: invoicePartySchema,
  lines: z.array(invoiceLineSchema),
  /** Null for a document issued before billing records were kept (no record, no QR). */
  verifactu: verifactuQrSchema.nullable(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

export const invoicesResponseSchema = z.object({ invoices: z.array(invoiceSummarySchema) });
export type InvoicesResponse = z.infer<typeof invoicesResponseSchema>;

export const issueInvoicesRequestSchema = z.object({
  /** The month to invoice; by default the last month that has ended. */
  period: periodSchema.optional(),
});

export const issueInvoicesResponseSchema = z.object({
  period: periodSchema,
  issued: z.array(invoiceSummarySchema),
});
export type IssueInvoicesResponse = z.infer<typeof issueInvoicesResponseSchema>;

/** The whole marketplace's month, from every owner's earning lines earned in it. */
export const platformMonthSchema = z.object({
  period: periodSchema,
  /** What customers paid for the trips completed in the month. */
  grossSales: z.number(),
  /** Refunded of those, before the trip and after it (refunds after the trip in the month). */
  refunds: z.number(),
  net: z.number(),
  fees: z.number(),
  /**
   * The IGIC of the commission invoices and credit notes issued in the month, withheld from the
   * owners (docs/payments.md#the-commissions-igic): net = fees + commissionIgic + ownersShares.
   */
  commissionIgic: z.number(),
  ownersShares: z.number(),
  /** Payouts paid in the month. */
  paidOut: z.number(),
  /** Owners' shares earned by the month's end (or now) and not paid out by then; not the platform's own. */
  owed: z.number(),
  /**
   * The platform's cost of moves to other owners' dearer trips (docs/payments.md#another-owners-boat):
   * what it covered of the bookings whose trips completed in the month (part of their gross sales).
   */
  movesCovered: z.number(),
  owners: z.array(
    z.object({
      ownerId: uuid,
      displayName: z.string(),
      net: z.number(),
      fee: z.number(),
      igic: z.number(),
      share: z.number(),
    }),
  ),
});
export type PlatformMonth = z.infer<typeof platformMonthSchema>;
