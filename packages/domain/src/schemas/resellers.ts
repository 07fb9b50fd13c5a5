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

/** OCTO's webhook events: only a change of a booking made on the supplier's side (octo/webhooks). */
export const OCTO_WEBHOOK_EVENTS = ['booking_update'] as const;

/** Where a webhook is delivered: an http(s) address (https in production, the server checks). */
export const webhookUrl = z.url({ protocol: /^https?$/, normalize: true }).max(2000);

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

/** A webhook as the back office shows it (OCTO's octo/webhooks; docs/channels.md#webhooks). */
export const resellerWebhookSchema = z.object({
  _id: z.string(),
  event: z.enum(OCTO_WEBHOOK_EVENTS),
  url: z.string(),
  createdAt: isoInstant,
});
export type ResellerWebhook = z.infer<typeof resellerWebhookSchema>;

export const resellerSchema = z.object({
  _id: z.string(),
  name: z.string(),
  contactName: z.string(),
  contactEmail: z.string(),
  commissionPercent: z.number(),
  cancellation: z.enum(RESELLER_CANCELLATION_AGREEMENTS),
  createdAt: isoInstant,
  keys: z.array(resellerApiKeySchema),
  webhooks: z.array(resellerWebhookSchema),
  /** Whether its webhooks are signed yet: the secret itself is shown only when made. */
  webhookSecretSet: z.boolean(),
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

/** POST /api/admin/resellers/{id}/webhooks: the admin sets where the reseller is told of changes. */
export const resellerWebhookInputSchema = z.object({ url: webhookUrl });

/** The webhook added, and the signing secret when this one made it (shown this once). */
export const addedWebhookResponseSchema = z.object({
  webhook: resellerWebhookSchema,
  secret: z.string().nullable(),
});

/** A new signing secret, shown this once. */
export const webhookSecretResponseSchema = z.object({ secret: z.string() });
