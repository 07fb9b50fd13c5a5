/**
 * Resellers (online travel agencies and booking platforms that connect through the OCTO API)
 * and their API keys, as the admin manages them (docs/channels.md#resellers-and-keys).
 */
import { z } from './zod';
import { isoInstant } from './common';
import { emailAddress } from './email-address';
import { commissionPercent } from './owner';

/**
 * What a reseller's cancellation costs it: the boat's own cancellation policy (what a customer
 * of the site would get back), or a full release until departure (an agreement some resellers
 * sign for, against a higher commission elsewhere).
 */
export const RESELLER_CANCELLATION_AGREEMENTS = ['boat_policy', 'full_refund'] as const;
export type ResellerCancellationAgreement = (typeof RESELLER_CANCELLATION_AGREEMENTS)[number];

/** POST /api/admin/resellers. */
export const resellerInputSchema = z.object({
  name: z.string().trim().min(2, 'validation.minChars2').max(120),
  contactName: z.string().trim().min(2, 'validation.minChars2').max(120),
  contactEmail: emailAddress,
  /** Its commission: its net price is the retail price less this percentage. */
  commissionPercent: commissionPercent.max(50, 'validation.percent'),
  cancellation: z.enum(RESELLER_CANCELLATION_AGREEMENTS),
});
export type ResellerInput = z.infer<typeof resellerInputSchema>;

/** An API key as the back office shows it: never the key itself, only its first characters. */
export const resellerApiKeySchema = z.object({
  _id: z.string(),
  label: z.string(),
  /** The key's first characters, to tell keys apart. */
  prefix: z.string(),
  createdAt: isoInstant,
  lastUsedAt: isoInstant.nullable(),
  revokedAt: isoInstant.nullable(),
});
export type ResellerApiKey = z.infer<typeof resellerApiKeySchema>;

export const resellerSchema = z.object({
  _id: z.string(),
  name: z.string(),
  contactName: z.string(),
  contactEmail: z.string(),
  commissionPercent: z.number(),
  cancellation: z.enum(RESELLER_CANCELLATION_AGREEMENTS),
  createdAt: isoInstant,
  keys: z.array(resellerApiKeySchema),
});
export type Reseller = z.infer<typeof resellerSchema>;

export const resellerResponseSchema = z.object({ reseller: resellerSchema });
export const resellersListResponseSchema = z.object({ items: z.array(resellerSchema) });

/** POST /api/admin/resellers/{id}/keys. */
export const issueApiKeyInputSchema = z.object({
  label: z.string().trim().min(2, 'validation.minChars2').max(80),
});

/** The new key, whole: shown this once, stored only as its hash. */
export const issuedApiKeyResponseSchema = z.object({ key: resellerApiKeySchema, secret: z.string() });

/** The back office's form of a new reseller: the commission typed as text ("22,5" or "22.5"). */
export const resellerFormSchema = resellerInputSchema.extend({
  commissionPercent: z
    .string()
    .trim()
    .min(1, 'validation.required')
    .transform((typed) => Number(typed.replace(',', '.')))
    .pipe(commissionPercent.max(50, 'validation.percent')),
});
