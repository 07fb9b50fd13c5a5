/**
 * The invoicing core's records over the wire (docs/invoicing.md): the admin's list of billing
 * records with their AEAT state, and the chain check. Amounts in euros.
 */
import { z } from './zod';
import { isoInstant, uuid } from './common';
import { periodSchema } from './invoices';
import { INVOICE_TYPES, RECORD_KINDS, SUBMISSION_STATES } from '../verifactu';

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
  /** The invoice's total (alta); null for a cancellation. */
  total: z.number().nullable(),
  hash: z.string(),
  generatedAt: z.string(),
  /** A correction of a record the AEAT rejected. */
  correctsRecordId: uuid.nullable(),
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
});

export const billingRecordsResponseSchema = z.object({
  records: z.array(billingRecordSchema),
  /** Rejected records not yet corrected, anywhere (the admin's alert). */
  rejected: z.array(billingRecordSchema),
  issuers: z.array(z.object({ nif: z.string(), name: z.string() })),
});
export type BillingRecordsResponse = z.infer<typeof billingRecordsResponseSchema>;

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
