/**
 * Gift vouchers (docs/payments.md#gift-vouchers): the calls of the Gift page, the printable
 * voucher, the review step's "Apply" and the admin's list. Money in integer cents.
 */
import { z } from './zod';
import { VOUCHER_MAX_CENTS, VOUCHER_MIN_CENTS, VOUCHER_STATUSES } from '../gift-vouchers';
import { localizedText } from './boat';
import { isoInstant, languageCode, optionalText, uuid } from './common';
import { emailAddress, optionalEmailAddress } from './email-address';

const cents = z.number().int().nonnegative();

/** POST /api/gift-vouchers: a voucher to buy by card. */
export const giftVoucherPurchaseSchema = z.object({
  /** Cents, VOUCHER_MIN_CENTS to VOUCHER_MAX_CENTS. */
  amount: z
    .number('validation.number')
    .int('validation.integer')
    .min(VOUCHER_MIN_CENTS, 'validation.voucherMin')
    .max(VOUCHER_MAX_CENTS, 'validation.voucherMax'),
  /** "For a trip on this boat": printed on the voucher, it pays for any boat. */
  boatId: uuid.optional(),
  purchaser: z.object({
    name: z.string().trim().min(1, 'validation.required').max(200),
    email: emailAddress,
  }),
  recipient: z.object({
    name: z.string().trim().min(1, 'validation.required').max(200),
    /** Absent: the voucher goes to the purchaser, to print or hand over. */
    email: optionalEmailAddress,
    message: optionalText(1000),
    language: languageCode,
  }),
  /** The purchaser's language (the receipt's); the recipient's by default. */
  lang: languageCode.optional(),
});
export type GiftVoucherPurchase = z.infer<typeof giftVoucherPurchaseSchema>;
export type GiftVoucherPurchaseInput = z.input<typeof giftVoucherPurchaseSchema>;

/** clientSecret has Stripe's form `{intentId}_secret_{random}`; amount in cents. */
export const giftVoucherPurchaseResponseSchema = z.object({
  voucherId: uuid,
  clientSecret: z.string().regex(/^.+_secret_.+$/),
  amount: cents,
});
export type GiftVoucherPurchaseResponse = z.infer<typeof giftVoucherPurchaseResponseSchema>;

/** A voucher as its holder sees it (the printable voucher, the confirmation). */
export const giftVoucherViewSchema = z.object({
  id: uuid,
  code: z.string(),
  amount: cents,
  /** Amount − redeemed (held or paid) + given back by refunds. */
  balance: cents,
  currency: z.literal('EUR'),
  expiresAt: isoInstant,
  status: z.enum(VOUCHER_STATUSES),
  purchaserName: z.string(),
  recipientName: z.string(),
  recipientLanguage: languageCode,
  message: z.string().nullable(),
  boat: z.object({ id: uuid, title: localizedText }).nullable(),
  createdAt: isoInstant,
});
export type GiftVoucherView = z.infer<typeof giftVoucherViewSchema>;

/** GET /api/gift-vouchers/confirm?payment_intent=…: the paid voucher and its signed token. */
export const giftVoucherConfirmQuerySchema = z.object({
  payment_intent: z.string().trim().min(1).max(255),
});
export const giftVoucherConfirmResponseSchema = z.object({
  voucher: giftVoucherViewSchema,
  token: z.string(),
});
export type GiftVoucherConfirmResponse = z.infer<typeof giftVoucherConfirmResponseSchema>;

/** GET /api/gift-vouchers/{id}?token=…: the printable voucher. */
export const giftVoucherViewQuerySchema = z.object({ token: z.string().trim().min(1).max(300) });
export const giftVoucherViewResponseSchema = z.object({ voucher: giftVoucherViewSchema });
export type GiftVoucherViewResponse = z.infer<typeof giftVoucherViewResponseSchema>;

/** GET /api/gift-vouchers/balance?code=…: what is left on a code. */
export const giftVoucherBalanceQuerySchema = z.object({ code: z.string().trim().min(1).max(64) });
export const giftVoucherBalanceResponseSchema = z.object({
  code: z.string(),
  balance: cents,
  expiresAt: isoInstant,
  status: z.enum(VOUCHER_STATUSES),
});
export type GiftVoucherBalanceResponse = z.infer<typeof giftVoucherBalanceResponseSchema>;

/** GET /api/boat/{id}/voucher?code=…&total=…: the review step's "Apply". */
export const voucherCheckQuerySchema = z.object({
  code: z.string().trim().max(64),
  /** The booking's total after a promo code, in cents, as the review step computed it. */
  total: z.coerce.number().int().min(0).max(99_999_999),
});
export const voucherCheckResponseSchema = z.object({
  code: z.string(),
  balance: cents,
  /** Cents the voucher pays of `total`; cardAmount is the rest (0, or at least the card minimum). */
  voucherAmount: cents,
  cardAmount: cents,
  expiresAt: isoInstant,
});
export type VoucherCheckResponse = z.infer<typeof voucherCheckResponseSchema>;

/** GET /api/admin/gift-vouchers: the admin's list. */
export const adminGiftVouchersQuerySchema = z.object({
  q: optionalText(200),
  status: z.preprocess((v) => (v === '' ? undefined : v), z.enum(VOUCHER_STATUSES).optional()),
  cursor: optionalText(500),
});

export const adminGiftVoucherSchema = giftVoucherViewSchema.extend({
  purchaserEmail: z.string(),
  recipientEmail: z.string().nullable(),
  redemptions: z.array(
    z.object({
      bookingId: uuid,
      reference: z.string(),
      /** Cents taken from the voucher, less what refunds gave back. */
      amount: cents,
      at: isoInstant,
    }),
  ),
});
export type AdminGiftVoucher = z.infer<typeof adminGiftVoucherSchema>;

export const adminGiftVouchersPageSchema = z.object({
  items: z.array(adminGiftVoucherSchema),
  nextCursor: z.string().nullable(),
});
export type AdminGiftVouchersPage = z.infer<typeof adminGiftVouchersPageSchema>;
