/**
 * Owners: the parties boats belong to (docs/back-office.md#owners). The platform operator is an
 * owner of its own boats too. Messages are i18n keys.
 */
import { z } from './zod';
import { dateKey, uuid, isoInstant, languageCode } from './common';
import { emailAddress } from './email-address';
import { isSpanishTaxId, normalizeTaxId } from '../spanish-tax-id';
import { hasWholeCents } from '../money';

export const OWNER_STATUSES = ['active', 'suspended'] as const;
export const ownerStatus = z.enum(OWNER_STATUSES);
export type OwnerStatus = z.infer<typeof ownerStatus>;

/** NIF, NIE or CIF with its check character; stored normalised ('B12345674'). */
export const taxIdField = z
  .string()
  .trim()
  .max(20)
  .refine(isSpanishTaxId, 'validation.taxId')
  .transform(normalizeTaxId);

const PHONE_CHARS_RE = /^[\d\s\-()+]+$/;
export const ownerPhone = z
  .string()
  .trim()
  .max(40)
  .refine((p) => PHONE_CHARS_RE.test(p) && p.replace(/\D/g, '').length >= 7, 'validation.phone');

/** A commission rate in percent with at most two decimals (12.5 → 1250 basis points). */
export const commissionPercent = z
  .number('validation.number')
  .min(0, 'validation.nonNegative')
  .max(100, 'validation.percent')
  .refine(hasWholeCents, 'validation.cents');

/** Who an owner is: what the application form asks and the admin may correct. */
export const ownerDetailsSchema = z.object({
  displayName: z.string().trim().min(2, 'validation.minChars2').max(120),
  legalName: z.string().trim().min(2, 'validation.minChars2').max(200),
  taxId: taxIdField,
  address: z.string().trim().min(5, 'validation.minChars5').max(300),
  phone: ownerPhone,
  email: emailAddress,
  language: languageCode,
});
export type OwnerDetails = z.infer<typeof ownerDetailsSchema>;
export type OwnerDetailsInput = z.input<typeof ownerDetailsSchema>;

/**
 * PUT /api/admin/owners/{id}/aeat-representation: the owner's apoderamiento of the platform
 * before the AEAT (docs/invoicing.md#sending-for-others-lawfully), as the admin checked it: the
 * day it was granted (not ahead of today, the server checks) and the evidence (the AEAT's
 * registration number or receipt of it).
 */
export const aeatRepresentationSchema = z.object({
  since: dateKey,
  evidence: z.string().trim().min(5, 'validation.minChars5').max(300),
});
export type AeatRepresentation = z.infer<typeof aeatRepresentationSchema>;

/** An owner as the back office shows it (the admin, and the owner their own). */
export const ownerSchema = z.object({
  _id: uuid,
  isPlatform: z.boolean(),
  displayName: z.string(),
  legalName: z.string(),
  taxId: z.string(),
  address: z.string(),
  phone: z.string(),
  email: z.string(),
  language: languageCode,
  /** The platform's fee on this owner's sales, in percent (the site default unless overridden). */
  commissionPercent: z.number(),
  /** True when the admin set this owner's own rate; false: it follows the site default. */
  commissionOverridden: z.boolean(),
  status: ownerStatus,
  boatCount: z.number().int(),
  createdAt: isoInstant,
  /** The owner's representation of the platform before the AEAT, as recorded; null: none (their records wait). */
  aeatRepresentation: aeatRepresentationSchema.nullable(),
});
export type Owner = z.infer<typeof ownerSchema>;

export const ownerListResponseSchema = z.object({ items: z.array(ownerSchema) });
export const ownerResponseSchema = z.object({ owner: ownerSchema });

/**
 * PATCH /api/admin/owners/{id}: the admin corrects details, sets the commission (null: back to
 * the site default) or suspends and reactivates.
 */
export const ownerUpdateSchema = ownerDetailsSchema
  .partial()
  .extend({ commissionPercent: commissionPercent.nullable().optional(), status: ownerStatus.optional() });
export type OwnerUpdate = z.infer<typeof ownerUpdateSchema>;

export const BOAT_HISTORY_ACTIONS = [
  'created',
  'edited',
  'archived',
  'restored',
  'published',
  'unpublished',
  'suspended',
  'unsuspended',
  // The listing's other steps (packages/domain listing-state).
  'submitted',
  'withdrawn',
  'sent_back',
  'paused',
  'resumed',
  // The platform admin forced instant booking over the owner's request-to-book, or let it go.
  'instant_forced',
  'instant_released',
] as const;

/** A stored value short enough to show in the history (a number, a yes/no, a short text). */
export const boatHistoryValue = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export type BoatHistoryValue = z.infer<typeof boatHistoryValue>;

/**
 * One field an edit changed (the boat's stored name: `capacity`, `pricePerHourCents`, …), with
 * its value before and after when both are short; texts in every language, photos, extras and
 * rules carry no values (the history says that they changed, the editor shows what they are).
 */
export const boatHistoryChangeSchema = z.object({
  field: z.string(),
  from: boatHistoryValue.optional(),
  to: boatHistoryValue.optional(),
});
export type BoatHistoryChange = z.infer<typeof boatHistoryChangeSchema>;

/** One line of a boat's history: who did what to it, when (and which fields an edit changed). */
export const boatHistoryEntrySchema = z.object({
  at: isoInstant,
  action: z.enum(BOAT_HISTORY_ACTIONS),
  /** The signed-in account's e-mail address. */
  actor: z.string(),
  actorRole: z.string(),
  /** The fields an edit changed, sorted; `changes` says the same with the short values. */
  fields: z.array(z.string()),
  changes: z.array(boatHistoryChangeSchema),
});
export type BoatHistoryEntry = z.infer<typeof boatHistoryEntrySchema>;
export const boatHistoryResponseSchema = z.object({ items: z.array(boatHistoryEntrySchema) });
