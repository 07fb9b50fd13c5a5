/**
 * Resellers (online travel agencies and booking platforms that connect through the OCTO API)
 * and their API keys, as the admin manages them (docs/channels.md#resellers-and-keys).
 */
import { z } from './zod';
import { dateKey, euroAmount, isoInstant, uuid } from './common';
import { periodSchema } from './invoices';
import { emailAddress } from './email-address';
import { commissionPercent } from './owner';
import { INVOICE_TYPES } from '../verifactu';
import { isResellerTaxId } from '../reseller-invoice';

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

/**
 * Which boats a reseller may sell (docs/channels.md#which-boats-a-reseller-sells): those listed,
 * or every boat whose owner opts in (`allOptedIn`, later ones too). Either way OCTO answers only
 * the boats their owners opt in as well.
 */
export const resellerBoatsInputSchema = z.object({
  allOptedIn: z.boolean(),
  boatIds: z.array(uuid).max(500),
});
export type ResellerBoatsInput = z.infer<typeof resellerBoatsInputSchema>;

/** POST /api/admin/resellers. */
export const resellerInputSchema = z.object({
  name: z.string().trim().min(2, 'validation.minChars2').max(120),
  contactName: z.string().trim().min(2, 'validation.minChars2').max(120),
  contactEmail: emailAddress,
  /** Its commission: its net price is the retail price less this percentage. */
  commissionPercent: commissionPercent.max(50, 'validation.percent'),
  cancellation: z.enum(RESELLER_CANCELLATION_AGREEMENTS),
  /** None when left out: a new reseller sells nothing until the admin picks its boats. */
  boats: resellerBoatsInputSchema.default({ allOptedIn: false, boatIds: [] }),
});
export type ResellerInput = z.infer<typeof resellerInputSchema>;
/** What a client sends: `boats` may be left out. */
export type ResellerCreateBody = z.input<typeof resellerInputSchema>;

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

/**
 * PUT /api/admin/resellers/{id}/billing: whom the platform's invoices to the reseller name
 * (docs/channels.md#invoices-to-the-reseller). The tax id is checked against the country: a
 * Spanish NIF with its check character, that EU country's VAT number, another country's id.
 */
export const resellerBillingInputSchema = z
  .object({
    legalName: z.string().trim().min(2, 'validation.minChars2').max(120),
    taxId: z.string().trim().min(2, 'validation.required').max(20),
    country: z
      .string()
      .trim()
      .transform((c) => c.toUpperCase())
      .pipe(z.string().regex(/^[A-Z]{2}$/, 'validation.country')),
    address: z.string().trim().min(5, 'validation.minChars5').max(300),
  })
  .superRefine((billing, issues) => {
    if (!isResellerTaxId(billing.taxId, billing.country)) {
      issues.addIssue({ code: 'custom', path: ['taxId'], message: 'validation.resellerTaxId' });
    }
  });
export type ResellerBillingInput = z.input<typeof resellerBillingInputSchema>;

/** A reseller's billing details as stored: empty strings until the admin gives them. */
export const resellerBillingSchema = z.object({
  legalName: z.string(),
  taxId: z.string(),
  country: z.string(),
  address: z.string(),
});

/**
 * What a reseller's keys may hold unconfirmed, all together (docs/channels.md#holds-and-the-lifecycle):
 * its share of a trip's seats (%), seats on one trip, seats one reservation of a shared trip may
 * take (OCTO's maxUnits), reservations at once and a reservation's longest life (minutes). The
 * ranges are the server settings' (RESELLER_MAX_*).
 */
export const RESELLER_HOLD_LIMIT_MAX = {
  maxHeldSharePercent: 100,
  maxHeldSeatsPerTrip: 10_000,
  maxSeatsPerReservation: 10_000,
  maxLiveHolds: 100_000,
  maxHoldMinutes: 1_440,
} as const;
export type ResellerHoldLimitName = keyof typeof RESELLER_HOLD_LIMIT_MAX;
export type ResellerHoldLimits = Record<ResellerHoldLimitName, number>;

const holdLimit = (name: ResellerHoldLimitName) =>
  z
    .number('validation.number')
    .int('validation.integer')
    .min(1, 'validation.min1')
    .max(RESELLER_HOLD_LIMIT_MAX[name], `validation.holdLimitMax.${name}`);

/**
 * PUT /api/admin/resellers/{id}/hold-limits: the reseller's own limits; null leaves one to the
 * server's setting.
 */
export const resellerHoldLimitsInputSchema = z.object({
  maxHeldSharePercent: holdLimit('maxHeldSharePercent').nullable(),
  maxHeldSeatsPerTrip: holdLimit('maxHeldSeatsPerTrip').nullable(),
  maxSeatsPerReservation: holdLimit('maxSeatsPerReservation').nullable(),
  maxLiveHolds: holdLimit('maxLiveHolds').nullable(),
  maxHoldMinutes: holdLimit('maxHoldMinutes').nullable(),
});
export type ResellerHoldLimitsInput = z.infer<typeof resellerHoldLimitsInputSchema>;

/** A limit typed in the back office's form: empty for the server's setting. */
const typedHoldLimit = (name: ResellerHoldLimitName) =>
  z
    .string()
    .trim()
    .transform((typed) => (typed === '' ? null : Number(typed)))
    .pipe(holdLimit(name).nullable());

export const resellerHoldLimitsFormSchema = z.object({
  maxHeldSharePercent: typedHoldLimit('maxHeldSharePercent'),
  maxHeldSeatsPerTrip: typedHoldLimit('maxHeldSeatsPerTrip'),
  maxSeatsPerReservation: typedHoldLimit('maxSeatsPerReservation'),
  maxLiveHolds: typedHoldLimit('maxLiveHolds'),
  maxHoldMinutes: typedHoldLimit('maxHoldMinutes'),
});

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
  boats: resellerBoatsInputSchema,
  billing: resellerBillingSchema,
  /** Its own hold limits, null where it follows the server's setting… */
  holdLimits: resellerHoldLimitsInputSchema,
  /** …and those settings (what it gets where its own is null). */
  holdLimitDefaults: z.object({
    maxHeldSharePercent: z.number(),
    maxHeldSeatsPerTrip: z.number(),
    maxSeatsPerReservation: z.number(),
    maxLiveHolds: z.number(),
    maxHoldMinutes: z.number(),
  }) satisfies z.ZodType<ResellerHoldLimits>,
});
export type Reseller = z.infer<typeof resellerSchema>;

export const resellerResponseSchema = z.object({ reseller: resellerSchema });
export const resellersListResponseSchema = z.object({ items: z.array(resellerSchema) });

/** A boat as the reseller's boat list shows it: whose it is and whether its owner sells it so. */
export const resellerBoatChoiceSchema = z.object({
  _id: z.string(),
  title: z.string(),
  ownerName: z.string(),
  /** The owner's opt-in (boats.resellers_allowed): unticked, no reseller sells it. */
  resellersAllowed: z.boolean(),
  /** On the public site now: a boat off it is no product even when chosen. */
  onPublicSite: z.boolean(),
});
export type ResellerBoatChoice = z.infer<typeof resellerBoatChoiceSchema>;

/** GET /api/admin/resellers/boats. */
export const resellerBoatChoicesResponseSchema = z.object({ items: z.array(resellerBoatChoiceSchema) });

/** POST /api/admin/resellers/{id}/keys. */
export const issueApiKeyInputSchema = z.object({
  label: z.string().trim().min(2, 'validation.minChars2').max(80),
});

/** The new key, whole: shown this once, stored only as its hash. */
export const issuedApiKeyResponseSchema = z.object({ key: resellerApiKeySchema, secret: z.string() });

/**
 * The back office's form of a new reseller: the commission typed as text ("22,5" or "22.5"); its
 * boats are chosen on its card once it exists.
 */
export const resellerFormSchema = resellerInputSchema.omit({ boats: true }).extend({
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

/** GET /api/admin/resellers/{id}/statement?month=YYYY-MM. */
export const resellerStatementQuerySchema = z.object({ month: periodSchema });

/** POST /api/admin/resellers/{id}/settlements: money the reseller paid against its account (euros). */
export const resellerSettlementInputSchema = z.object({
  amount: euroAmount.refine((n) => n > 0, 'validation.positive'),
  note: z.string().trim().max(200).optional(),
  /** The Canary day it was received (today when left out): the month it counts in. */
  receivedOn: dateKey.optional(),
});

/**
 * A line of a reseller's month (euros): a sale (confirmed: retail, its commission, the net owed),
 * a cancellation's refund credited back (net negative), or a settlement it paid.
 */
export const resellerStatementLineSchema = z.object({
  kind: z.enum(['sale', 'cancellation', 'settlement']),
  /** When it was recorded. */
  at: isoInstant,
  /** A settlement: the Canary day the money was received, which dates the line; else null. */
  receivedOn: dateKey.nullable(),
  bookingId: z.string().nullable(),
  reference: z.string().nullable(),
  resellerReference: z.string().nullable(),
  boat: z.string().nullable(),
  tripStartsAt: isoInstant.nullable(),
  retail: z.number(),
  commission: z.number(),
  /** What the line adds to the reseller's balance: a sale's net, minus a refund or a settlement. */
  amount: z.number(),
  note: z.string().nullable(),
});
export type ResellerStatementLine = z.infer<typeof resellerStatementLineSchema>;

/** One of the platform's invoices to a reseller, as its card and statement list them (euros). */
export const resellerInvoiceSummarySchema = z.object({
  _id: z.string(),
  number: z.string(),
  invoiceType: z.enum(INVOICE_TYPES),
  /** The Canary month it invoices (a rectifying invoice: the month of the invoice it corrects). */
  month: periodSchema,
  /** Who issued it: the boats' owner (the platform issuing in their name) or the platform. */
  issuer: z.object({ name: z.string(), taxId: z.string() }),
  /** A rectifying invoice: the number of the invoice it corrects. */
  corrects: z.string().nullable(),
  base: z.number(),
  igic: z.number(),
  total: z.number(),
  lines: z.number().int(),
  issuedAt: isoInstant,
  /** Where its billing record stands with the AEAT (pending, sent, accepted, …). */
  aeatState: z.string().nullable(),
});
export type ResellerInvoiceSummary = z.infer<typeof resellerInvoiceSummarySchema>;

/** GET /api/admin/resellers/{id}/invoices?month=YYYY-MM: the month's invoices and whether they wait. */
export const resellerInvoicesResponseSchema = z.object({
  month: periodSchema,
  /** Whether the month has ended (only an ended month is invoiced). */
  closed: z.boolean(),
  /** The billing details the reseller lacks: its invoices wait until none is missing. */
  missingBilling: z.array(z.enum(['legalName', 'taxId', 'country', 'address'])),
  /** The month's sales of boats whose issuer has not invoiced the reseller for it yet. */
  uninvoicedSales: z.number().int(),
  invoices: z.array(resellerInvoiceSummarySchema),
});
export type ResellerInvoicesResponse = z.infer<typeof resellerInvoicesResponseSchema>;

/** POST /api/admin/resellers/{id}/invoices: issue a closed month's invoices. */
export const issueResellerInvoicesInputSchema = z.object({ month: periodSchema });

/** A reseller's month (docs/channels.md#statements), in euros. */
export const resellerStatementSchema = z.object({
  reseller: z.object({ _id: z.string(), name: z.string(), commissionPercent: z.number() }),
  month: periodSchema,
  lines: z.array(resellerStatementLineSchema),
  /** The platform's invoices to the reseller issued for the month, and those correcting them. */
  invoices: z.array(resellerInvoiceSummarySchema),
  totals: z.object({
    /** Owed before the month: on account less settled. */
    opening: z.number(),
    sales: z.number().int(),
    retail: z.number(),
    commission: z.number(),
    net: z.number(),
    cancellations: z.number().int(),
    refunded: z.number(),
    /** On account this month: net less refunded. */
    onAccount: z.number(),
    settled: z.number(),
    /** Owed at the month's end: opening + on account − settled. */
    closing: z.number(),
  }),
});
export type ResellerStatement = z.infer<typeof resellerStatementSchema>;
