import { z } from './zod';
import { publicBookingResponseSchema } from './booking';
import { uuid, isoInstant, languageCode } from './common';
import { optionalEmailAddress } from './email-address';
import { chosenExtrasSchema } from './extras';

/** Adult-equivalent units come in halves (a child 6–12 is half an adult). */
const halfUnits = z
  .number()
  .min(0)
  .max(10_000)
  .refine((n) => Number.isInteger(n * 2), 'validation.halfUnits');

/** Euros as the client computed them; the server recomputes and compares in cents. */
// Upper bounds keep absurd figures (1e308) out of the money arithmetic; real ones are far below.
export const priceBreakdownSchema = z.object({
  unitPerHour: z.number().min(0).max(1_000_000),
  paidUnits: halfUnits,
  hours: z.number().positive().max(1_000),
  total: z.number().min(0).max(10_000_000),
});
export type PriceBreakdownWire = z.infer<typeof priceBreakdownSchema>;

export const ticketsRequestSchema = z.object({
  adults: z.number().int().min(0).max(1_000),
  children50: z.number().int().min(0).max(1_000),
  kidsFree: z.number().int().min(0).max(1_000),
});

export const paymentIntentBookingSchema = z
  .object({
    boatId: uuid,
    mode: z.enum(['private', 'shared']),
    /** The slot the booking starts in; for a charter the first slot of the chain. */
    slotId: uuid,
    /** Start instant of the booking. */
    dateISO: isoInstant,
    /** Whole hours for a charter. A shared trip lasts its slot; the client sends that length. */
    durationHours: z.number().positive().max(1_000),
    /** The seats of a shared trip, or who comes on a charter (the price does not depend on it). */
    tickets: ticketsRequestSchema.optional(),
    /** The trip's price; `amount` is the trip plus the extras, less a promo code's discount. */
    priceBreakdown: priceBreakdownSchema,
    /** Extras of the boat's list, with how many of each (docs/payments.md#extras). */
    extras: chosenExtrasSchema.optional(),
    /** A promo code (docs/payments.md#promo-codes); `amount` is then the discounted total. */
    promoCode: z.string().trim().max(64).optional(),
    /**
     * A gift voucher's code (docs/payments.md#gift-vouchers): it pays what it can of `amount`
     * (after a promo code), the card the rest.
     */
    voucherCode: z.string().trim().max(64).optional(),
    /**
     * The customer confirms the skipper holds the licence the boat requires (domain licences);
     * a boat that requires one refuses the checkout without it.
     */
    licenceConfirmed: z.boolean().optional(),
    /**
     * The customer agrees that the card is saved and the boat's security deposit held on it before
     * departure (docs/payments.md#the-security-deposit); a boat with a deposit refuses without it.
     */
    depositAccepted: z.boolean().optional(),
  })
  .superRefine((b, ctx) => {
    if (b.mode === 'private' && b.durationHours > 0 && !Number.isInteger(b.durationHours)) {
      ctx.addIssue({ code: 'custom', path: ['durationHours'], message: 'validation.integer' });
    }
    // A shared trip's seats, or a charter's party on board.
    if (!b.tickets) {
      ctx.addIssue({ code: 'custom', path: ['tickets'], message: 'validation.required' });
    }
  });

/** POST /api/boat/payment-intent. `amount` is integer cents and must equal the server's price. */
export const paymentIntentRequestSchema = z.object({
  currency: z.enum(['eur', 'EUR']).transform(() => 'eur' as const),
  // Stripe's own ceiling for an amount in EUR is 999,999.99.
  amount: z.number().int().positive().max(99_999_999),
  booking: paymentIntentBookingSchema,
  customer: z
    .object({
      name: z.string().trim().max(200),
      email: optionalEmailAddress,
      phone: z.string().trim().max(40).optional(),
    })
    .optional(),
  lang: languageCode.optional(),
});
export type PaymentIntentRequest = z.infer<typeof paymentIntentRequestSchema>;
export type PaymentIntentRequestInput = z.input<typeof paymentIntentRequestSchema>;

/**
 * clientSecret has Stripe's form `{intentId}_secret_{random}`; null when a gift voucher pays
 * everything (then POST /checkout/booking/{id}/pay-with-voucher confirms the hold). Cents:
 * `amount` is the card part, `voucherAmount` what the voucher pays (0 without one).
 */
export const paymentIntentResponseSchema = z.object({
  clientSecret: z
    .string()
    .regex(/^.+_secret_.+$/)
    .nullable(),
  bookingId: uuid,
  /**
   * The checkout key every /checkout/booking/{id} call asks for (`?key=`): only this answer
   * carries it, so the browser keeps it beside the booking id (docs/security.md#customers-data).
   */
  checkoutKey: z.string(),
  holdExpiresAt: isoInstant,
  amount: z.number().int().nonnegative(),
  voucherAmount: z.number().int().nonnegative(),
  /**
   * A request-to-book (docs/payments.md#request-to-book): the card is authorized, not charged,
   * and the owner answers by this instant at the latest (counted from now; paying a few minutes
   * later moves it by as much, never past 12 hours before departure). Absent: an instant booking.
   */
  requestDecideBy: isoInstant.optional(),
});
export type PaymentIntentResponse = z.infer<typeof paymentIntentResponseSchema>;

/** The payment intent id inside a client secret. */
export function intentIdFromClientSecret(clientSecret: string): string | null {
  const at = clientSecret.indexOf('_secret_');
  return at > 0 ? clientSecret.slice(0, at) : null;
}

/** GET /checkout/confirm?payment_intent={id}. */
export const checkoutConfirmQuerySchema = z.object({
  payment_intent: z.string().trim().min(1).max(255),
});

/**
 * Answer of the confirm call, in docs/product.md §7's shape (booking.booking._id): the whole paid booking as
 * its customer sees it, tickets included, so the page needs no follow-up GET.
 */
export const checkoutConfirmResponseSchema = z.object({ booking: publicBookingResponseSchema });
export type CheckoutConfirmResponse = z.infer<typeof checkoutConfirmResponseSchema>;

/**
 * POST /api/payments/sandbox/confirm: the sandbox card form's call. The card goes only to this
 * server's sandbox, never anywhere else. returnUrl is where 3-D Secure comes back to.
 */
export const sandboxConfirmRequestSchema = z.object({
  clientSecret: z.string().trim().min(1).max(300),
  card: z.object({
    number: z.string().trim().min(1).max(30),
    expMonth: z.number().int().min(1).max(12),
    expYear: z.number().int().min(0).max(9999),
    cvc: z
      .string()
      .trim()
      .regex(/^\d{3,4}$/, 'CVC must be 3 or 4 digits'),
  }),
  returnUrl: z.string().trim().min(1).max(2000),
});
export type SandboxConfirmRequest = z.infer<typeof sandboxConfirmRequestSchema>;

export const sandboxConfirmResponseSchema = z.object({
  // requires_capture: a request-to-book's card is authorized, charged only when the owner accepts.
  status: z.enum([
    'succeeded',
    'requires_capture',
    'requires_action',
    'requires_payment_method',
    'processing',
  ]),
  message: z.string().optional(),
  redirectUrl: z.string().optional(),
});
export type SandboxConfirmResponse = z.infer<typeof sandboxConfirmResponseSchema>;
