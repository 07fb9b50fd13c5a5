import { z } from './zod';
import { PROMO_KINDS } from '../promo-codes';
import { dateKey, euroAmount, uuid } from './common';
import { hasWholeCents } from '../money';

/** Letters, digits and dashes, 3 to 32, as customers type them (stored upper case). */
export const promoCodeText = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9-]{3,32}$/, 'validation.promoCode');

/** A form's blank field is "none" (null); the form's text becomes a number. */
const blankIsNull = (value: unknown) => (value === '' || value === undefined ? null : value);
const asNumber = (value: unknown) =>
  typeof value === 'string' && value.trim() !== '' ? Number(value) : value;

const optionalLimit = z.preprocess(
  (v) => asNumber(blankIsNull(v)),
  z.number('validation.number').int('validation.integer').min(1, 'validation.min1').max(1_000_000).nullable(),
);

/**
 * A promo code in the back office's form (docs/back-office.md#promo-codes): `value` is a
 * percentage (0.01 to 100) or euros, by `kind`; the dates are Canary dates, both included. The
 * form sends its fields' text; the API sends numbers and null.
 */
export const promoCodeInputSchema = z
  .object({
    code: promoCodeText,
    kind: z.enum(PROMO_KINDS),
    value: z.preprocess(asNumber, z.number('validation.number').positive('validation.positive').max(100_000)),
    validFrom: z.preprocess(blankIsNull, dateKey.nullable()),
    validUntil: z.preprocess(blankIsNull, dateKey.nullable()),
    /** Empty: every boat of the creator (the admin: every boat). */
    boatIds: z.preprocess((v): unknown => (Array.isArray(v) ? (v as unknown[]) : []), z.array(uuid).max(100)),
    minSpend: z.preprocess((v) => asNumber(v === '' ? 0 : v), euroAmount.max(100_000)),
    maxUses: optionalLimit,
    maxUsesPerEmail: optionalLimit,
    firstBookingOnly: z.boolean(),
    active: z.boolean(),
  })
  .superRefine((c, ctx) => {
    if (c.kind === 'percent' && c.value > 100) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'validation.percent' });
    }
    if (!hasWholeCents(c.value)) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'validation.cents' });
    }
    if (c.validFrom && c.validUntil && c.validUntil < c.validFrom) {
      ctx.addIssue({ code: 'custom', path: ['validUntil'], message: 'validation.dateOrder' });
    }
  });
export type PromoCodeInput = z.infer<typeof promoCodeInputSchema>;
/** The form's values: numbers as the fields' text, blanks for none. */
export type PromoCodeFormValues = {
  code: string;
  kind: (typeof PROMO_KINDS)[number];
  value: string | number;
  validFrom: string | null;
  validUntil: string | null;
  boatIds: string[];
  minSpend: string | number;
  maxUses: string | number | null;
  maxUsesPerEmail: string | number | null;
  firstBookingOnly: boolean;
  active: boolean;
};

/** A code in the back office, with its report: uses (sold and held now) and the discount sold. */
export const promoCodeSchema = z.object({
  id: uuid,
  code: z.string(),
  kind: z.enum(PROMO_KINDS),
  value: z.number(),
  validFrom: z.string().nullable(),
  validUntil: z.string().nullable(),
  boatIds: z.array(uuid),
  /** The owner who created it; null: the platform's. */
  ownerId: uuid.nullable(),
  minSpend: z.number(),
  maxUses: z.number().int().nullable(),
  maxUsesPerEmail: z.number().int().nullable(),
  firstBookingOnly: z.boolean(),
  active: z.boolean(),
  report: z.object({
    /** Paid bookings sold with the code. */
    sold: z.number().int(),
    /** Checkouts holding a use now (unpaid, hold not lapsed). */
    held: z.number().int(),
    /** What the sold bookings took off, in euros. */
    discount: z.number(),
  }),
});
export type PromoCodeWire = z.infer<typeof promoCodeSchema>;

export const promoCodeResponseSchema = z.object({ promoCode: promoCodeSchema });
export const promoCodesListResponseSchema = z.object({ items: z.array(promoCodeSchema) });

/** GET /api/boat/:id/promo-code?code=…: what a code takes off on this boat, for the review step. */
export const promoCheckQuerySchema = z.object({
  code: z.string().max(64),
  /** The trip and the extras, in cents, as the review step computed them. */
  subtotal: z.coerce.number().int().min(0).max(99_999_999),
});
export const promoCheckResponseSchema = z.object({
  code: z.string(),
  kind: z.enum(PROMO_KINDS),
  /** Basis points (percent) or cents (amount): the domain's PromoTerms. */
  value: z.number().int(),
});
export type PromoCheckResponse = z.infer<typeof promoCheckResponseSchema>;
