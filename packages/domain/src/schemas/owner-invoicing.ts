/**
 * An owner's invoicing settings (docs/invoicing.md#customers-invoices-in-the-owners-name):
 * whether the platform invoices the owner's customers in the owner's name (invoicing by a third
 * party, RD 1619/2012 art. 5; on for new owners, who accept it with the terms of listing, and
 * its acceptance kept with its date), and the owner's IGIC regime: general with its rate, or
 * exempt as a small business, whose invoices carry the legal mention.
 */
import { z } from './zod';
import { isoInstant, languageCode } from './common';
import { invoicePartySchema, verifactuQrSchema } from './invoices';
import { aeatRepresentationSchema } from './owner';
import { INVOICE_TYPES } from '../verifactu';
import { hasWholeCents } from '../money';

export const IGIC_REGIMES = ['general', 'exempt'] as const;
export const igicRegime = z.enum(IGIC_REGIMES);
export type IgicRegime = z.infer<typeof igicRegime>;

/**
 * The mention an exempt small business's invoice carries (Ley 20/1991, art. 10.1.28º: the
 * Canary Islands' small-business exemption). In Spanish whatever the customer reads, as the
 * AEAT's legend is: it is the words the law asks for.
 */
export const IGIC_EXEMPT_MENTION =
  'Operación exenta del IGIC en virtud del artículo 10.1.28º de la Ley 20/1991 (régimen especial del pequeño empresario o profesional).';

/** An IGIC rate in percent, at most two decimals; the Canary rates run from 0 to 20 %. */
export const igicPercent = z
  .number('validation.number')
  .min(0, 'validation.nonNegative')
  .max(20, 'validation.igicRate')
  .refine(hasWholeCents, 'validation.cents');

/** PUT /api/owner/invoicing: what the owner chooses. */
export const ownerInvoicingUpdateSchema = z.object({
  invoicesCustomers: z.boolean(),
  igicRegime,
  /** The general regime's rate; ignored (kept) when exempt. */
  igicPercent,
});
export type OwnerInvoicingUpdate = z.infer<typeof ownerInvoicingUpdateSchema>;

/** GET /api/owner/invoicing: the settings, when they were accepted, and the identity invoiced in. */
export const ownerInvoicingSchema = ownerInvoicingUpdateSchema.extend({
  /** When the owner accepted that the platform invoices in their name; null: never (or withdrawn). */
  acceptedAt: isoInstant.nullable(),
  /** The platform's own boats: always invoiced in the platform's name, nothing to choose. */
  isPlatform: z.boolean(),
  /** The name, NIF and address the invoices carry (the owner's details, which the admin corrects). */
  legalName: z.string(),
  taxId: z.string(),
  address: z.string(),
  exemptMention: z.string(),
  /**
   * The owner's representation of the platform before the AEAT, as the admin recorded it; null:
   * none, and the records of the invoices issued in their name wait until it is.
   */
  representation: aeatRepresentationSchema.nullable(),
});
export type OwnerInvoicing = z.infer<typeof ownerInvoicingSchema>;

export const ownerInvoicingResponseSchema = z.object({ settings: ownerInvoicingSchema });
export type OwnerInvoicingResponse = z.infer<typeof ownerInvoicingResponseSchema>;

/** One of the invoices the platform issued to an owner's customers in the owner's name. */
export const customerInvoiceSummarySchema = z.object({
  _id: z.string(),
  bookingId: z.string(),
  number: z.string(),
  /** F1 full, F2 simplified, F3 full replacing a simplified one, R1/R5 rectifying a refund. */
  invoiceType: z.enum(INVOICE_TYPES),
  /** The company a full invoice names; null for a consumer's. */
  recipient: z.string().nullable(),
  total: z.number(),
  issuedAt: isoInstant,
});
export type CustomerInvoiceSummary = z.infer<typeof customerInvoiceSummarySchema>;

/** GET /api/owner/customer-invoices: newest first, each with whether it was cancelled as issued by mistake. */
export const customerInvoicesResponseSchema = z.object({
  invoices: z.array(customerInvoiceSummarySchema.extend({ cancelled: z.boolean() })),
});
export type CustomerInvoicesResponse = z.infer<typeof customerInvoicesResponseSchema>;

/**
 * A customer's invoice in full, as its printable page (the owner's) and its PDF (the customer's
 * e-mail and download) show it: one builder on the server, so the two cannot differ.
 */
export const customerInvoiceDetailSchema = customerInvoiceSummarySchema.extend({
  /** The booking's reference as the customer and the owner know it. */
  reference: z.string(),
  /**
   * The language this copy is drawn in: the customer's, as issued, unless a reader asked for a
   * copy in theirs (the owner's page, `?lang=`).
   */
  language: languageCode,
  /** The language the invoice was issued in: the customer's (their PDF and e-mail). */
  issuedIn: languageCode,
  /** The date of the operation: the trip's start when the invoice was issued. */
  tripStartsAt: isoInstant,
  issuer: invoicePartySchema,
  /** The company a full invoice names, or the consumer's name on an F1; null on a simplified one. */
  buyer: invoicePartySchema.nullable(),
  /** The platform's name when it issued the invoice in the owner's name; null for its own boats. */
  issuedByPlatform: z.string().nullable(),
  /**
   * The platform issued it as its recipient (self-billing: the owner's invoice to the platform for
   * its cover of a move, docs/invoicing.md#the-platforms-cover-self-billed), not for a customer.
   */
  byRecipient: z.boolean(),
  /** The exemption's legal mention of an exempt owner's invoice; null under the general regime. */
  exemptMention: z.string().nullable(),
  /** The invoice a rectifying invoice corrects or a full invoice replaces, with its day of issue. */
  corrects: z
    .object({
      number: z.string(),
      issuedAt: isoInstant,
      /** Replaced by this rectifying invoice by substitution (the recipient's data corrected). */
      bySubstitution: z.boolean(),
    })
    .nullable(),
  /** What was sold or changed, as written at issue, in the invoice's language; adds up to the total. */
  lines: z.array(z.object({ description: z.string(), amount: z.number() })),
  /** What a gift voucher paid of the total (a means of payment); null when none did. */
  paidByVoucher: z.number().nullable(),
  base: z.number(),
  /** Null when exempt. */
  igicPercent: z.number().nullable(),
  igic: z.number(),
  /** Null for an invoice without a billing record (none today: every one is recorded). */
  verifactu: verifactuQrSchema.nullable(),
});
export type CustomerInvoiceDetail = z.infer<typeof customerInvoiceDetailSchema>;
