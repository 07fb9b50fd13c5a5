/**
 * The invoicing core's records over the wire (docs/invoicing.md): the admin's list of billing
 * records with their AEAT state, and the chain check. Amounts in euros.
 */
import { z } from './zod';
import { isoInstant, uuid } from './common';
import { periodSchema } from './invoices';
import { BILLED_DOCUMENT_KINDS, INVOICE_TYPES, RECORD_KINDS, SUBMISSION_STATES } from '../verifactu';
import { isRecipientTaxId } from '../eu-vat';

export const billingRecordSchema = z.object({
  _id: uuid,
  issuerNif: z.string(),
  issuerName: z.string(),
  position: z.number().int(),
  kind: z.enum(RECORD_KINDS),
  numSerie: z.string(),
  /** dd-mm-yyyy, as the AEAT writes it. */
  issueDate: z.string(),
  invoiceType: z.enum(INVOICE_TYPES).nullable(),
  /** A rectifying invoice's record: by differences (I) or by substitution (S); null otherwise. */
  rectificationType: z.enum(['I', 'S']).nullable(),
  /** The invoice's total (alta); null for a cancellation. */
  total: z.number().nullable(),
  hash: z.string(),
  generatedAt: z.string(),
  /** The invoice's recipient as the record names them (a Spanish NIF or another id); null: none. */
  recipient: z.object({ name: z.string(), taxId: z.string() }).nullable(),
  /** A correction of a record the AEAT rejected: the rejected one. */
  correctsRecordId: uuid.nullable(),
  /** A rejected record corrected: the record that corrects it. */
  correctedByRecordId: uuid.nullable(),
  /** The document the record is of (a customer's invoice, a commission or a reseller's invoice). */
  documentKind: z.enum(BILLED_DOCUMENT_KINDS),
  documentId: uuid,
  /** A registro de alta whose document was cancelled as issued by mistake: its registro de anulación. */
  cancelledByRecordId: uuid.nullable(),
  state: z.enum(SUBMISSION_STATES),
  errorCode: z.number().int().nullable(),
  errorText: z.string().nullable(),
  sentAt: isoInstant.nullable(),
  answeredAt: isoInstant.nullable(),
});
export type BillingRecordView = z.infer<typeof billingRecordSchema>;

export const billingRecordsQuerySchema = z.object({
  issuerNif: z.string().max(20).optional(),
  invoiceType: z.enum(INVOICE_TYPES).optional(),
  /** The Canary month of the record's generation. */
  month: periodSchema.optional(),
  /** The next page: the last record of the page before (`nextCursor`). */
  cursor: uuid.optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});
export type BillingRecordsQuery = z.infer<typeof billingRecordsQuerySchema>;

export const billingRecordsResponseSchema = z.object({
  /** A page of the filter's records, newest first. */
  records: z.array(billingRecordSchema),
  /** Where the next (older) page starts; null on the last page. */
  nextCursor: uuid.nullable(),
  /** Rejected records not yet corrected, anywhere (the admin's alert). */
  rejected: z.array(billingRecordSchema),
  /**
   * Records the AEAT holds but accepted with errors (e.g. 2001: a recipient's NIF its census does
   * not know), not yet corrected: the AEAT expects their correction (Subsanacion S).
   */
  acceptedWithErrors: z.array(billingRecordSchema),
  /**
   * Issuers whose messages the AEAT has not taken after STUCK_AFTER_TRIES tries (a message
   * refused as a whole, a service that does not answer): their records wait, the later ones
   * behind the first (the admin's alert).
   */
  stuck: z.array(
    z.object({
      issuerNif: z.string(),
      /** The issuer's records waiting to go. */
      waiting: z.number().int(),
      /** Tries of the record tried most. */
      attempts: z.number().int(),
      /** The last try's failure, as the sender stored it (the AEAT's fault text, a timeout). */
      why: z.string(),
    }),
  ),
  /**
   * Owners whose records wait because the platform holds no representation of theirs before the
   * AEAT (docs/invoicing.md#sending-for-others-lawfully): recorded on the owner, they go.
   */
  held: z.array(z.object({ issuerNif: z.string(), waiting: z.number().int() })),
  issuers: z.array(z.object({ nif: z.string(), name: z.string() })),
});
export type BillingRecordsResponse = z.infer<typeof billingRecordsResponseSchema>;

/**
 * GET /api/admin/invoicing/declaration: the software's declaración responsable (Orden HAC/1177/2024
 * art. 15.1), in Spanish, its items in the order's order.
 */
export const declarationResponseSchema = z.object({
  title: z.string(),
  items: z.array(z.object({ letter: z.string(), label: z.string(), value: z.string() })),
  /** Whether the producer signed this version's (its date and place are item l). */
  signed: z.boolean(),
});
export type DeclarationResponse = z.infer<typeof declarationResponseSchema>;

export const chainCheckSchema = z.object({
  ok: z.boolean(),
  total: z.number().int(),
  issuers: z.array(
    z.object({
      issuerNif: z.string(),
      ok: z.boolean(),
      count: z.number().int(),
      /** Where the chain breaks first (1-based), and why. */
      position: z.number().int().optional(),
      reason: z.string().optional(),
    }),
  ),
});
export type ChainCheckResponse = z.infer<typeof chainCheckSchema>;

/**
 * The recipient a rectifying invoice by substitution names in place of the one an invoice named
 * (POST /api/admin/invoicing/customer-invoices/{id}/recipient and
 * …/commission-invoices/{id}/recipient; docs/invoicing.md#changing-the-recipients-data): the
 * admin's form and the server's body.
 */
export const recipientChangeSchema = z.object({
  name: z.string().trim().min(2, 'validation.minChars2').max(120),
  /** A Spanish NIF, NIE or CIF (its check character right) or another EU VAT number. */
  taxId: z.string().trim().max(20).refine(isRecipientTaxId, 'validation.recipientTaxId'),
  address: z.string().trim().min(5, 'validation.minChars5').max(300),
});
export type RecipientChange = z.input<typeof recipientChangeSchema>;

/** The rectifying invoice by substitution just issued, and the invoice it replaces. */
export const recipientChangedSchema = z.object({
  _id: uuid,
  number: z.string(),
  rectifies: z.string(),
});

/** A customer's invoice cancelled as issued by mistake (POST /api/admin/invoicing/customer-invoices/{id}/cancellation). */
export const cancelledInvoiceSchema = z.object({ _id: uuid, number: z.string(), cancelled: z.literal(true) });

/**
 * POST /api/admin/invoicing/records/{id}/correction: a rejected record corrected by a new record
 * (Subsanacion S, RechazoPrevio S), or one accepted with errors (Subsanacion S alone), of the
 * invoice as it was issued: it takes nothing. The recipient's data is changed by a rectifying
 * invoice by substitution (recipientChangeSchema), never by a record alone, so a `recipient` is
 * refused by name.
 */
export const correctRecordRequestSchema = z
  .object({ recipient: z.undefined({ error: 'validation.recipientByRectification' }).optional() })
  .strict();
