/**
 * The payment link of a booking taken by staff (docs/payments.md#operator-taken-bookings): the
 * e-mail's link opens the booking's page on the public site, which shows the trip, the people,
 * the price and the hold's deadline, and the card payment while the hold lasts.
 */
import { z } from './zod';
import { count, isoInstant, uuid } from './common';
import { localizedText } from './boat';
import { paymentIntentResponseSchema } from './payment-intent';

/** POST /api/payment-link: the link's booking and its signed token. */
export const paymentLinkRequestSchema = z.object({
  booking: uuid,
  token: z.string().trim().min(1).max(200),
});
export type PaymentLinkRequest = z.infer<typeof paymentLinkRequestSchema>;

export const PAYMENT_LINK_STATES = ['open', 'paid', 'lapsed'] as const;
export type PaymentLinkState = (typeof PAYMENT_LINK_STATES)[number];

export const paymentLinkViewSchema = z.object({
  /** open: pay now; paid: done (see the booking); lapsed: the hold ended and the seats were released. */
  state: z.enum(PAYMENT_LINK_STATES),
  bookingId: uuid,
  ref: z.string(),
  boatId: uuid,
  boatTitle: localizedText,
  mode: z.enum(['private', 'shared']),
  start: isoInstant,
  end: isoInstant,
  passengers: z.object({ adults: count, children50: count, kidsFree: count }),
  /** Cents: what the customer pays. */
  amount: z.number().int().nonnegative(),
  /** When the seats stop being held (while open; the last deadline once lapsed). */
  holdExpiresAt: isoInstant.nullable(),
  customer: z.object({ name: z.string(), email: z.string(), phone: z.string() }),
  /** The card payment, while open. */
  intent: paymentIntentResponseSchema.nullable(),
  /**
   * The booking's checkout key: the link's holder is the customer the hold was made for, and
   * once paid the page links to the booking's own page with it (`/booking?booking=…&key=…`).
   */
  checkoutKey: z.string(),
});
export type PaymentLinkView = z.infer<typeof paymentLinkViewSchema>;

/** POST /api/crew/bookings/{id}/payment-link: the link e-mailed again. */
export const paymentLinkResentSchema = z.object({ holdExpiresAt: isoInstant, email: z.string() });
export type PaymentLinkResent = z.infer<typeof paymentLinkResentSchema>;
