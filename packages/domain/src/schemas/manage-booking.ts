/**
 * Manage my booking: finding a booking by its number and e-mail, and what the customer may do
 * with it (see the cancellation, resend calls) with the manage token the lookup or the e-mail
 * link gives.
 */
import { z } from './zod';
import { dateKey, euroAmount, isoInstant, uuid } from './common';
import { emailAddress } from './email-address';
import { isRecipientTaxId } from '../eu-vat';
import { INVOICE_TYPES } from '../verifactu';
import { cancellationPolicySchema, reschedulePolicySchema } from './boat';
import { RESCHEDULE_REFUSALS } from '../reschedule-policy';
import { publicBookingSchema } from './booking';

/**
 * What a customer types as the booking number (`bookingReference` in booking-reference.ts):
 * '#3f9a 01bc' reads as '3F9A01BC'.
 */
export function normalizeBookingReference(raw: string): string {
  return raw.replace(/[\s#-]/g, '').toUpperCase();
}

export const bookingReferenceSchema = z
  .string()
  .max(40)
  .transform(normalizeBookingReference)
  .pipe(z.string().regex(/^[0-9A-F]{8}$/, 'validation.bookingReference'));

/** POST /api/bookings/lookup. */
export const bookingLookupRequestSchema = z.object({
  reference: bookingReferenceSchema,
  email: emailAddress,
});
export type BookingLookupRequest = z.input<typeof bookingLookupRequestSchema>;

/** The manage token: proof that the caller got the booking's e-mail or found it by number and e-mail. */
export const manageTokenSchema = z.string().trim().min(1).max(200);

export const bookingLookupResponseSchema = z.object({
  booking: publicBookingSchema,
  token: z.string(),
});
export type BookingLookupResponse = z.infer<typeof bookingLookupResponseSchema>;

/** GET /api/bookings/{id}/cancellation?token=: what cancelling now would refund. Euros. */
export const cancellationQuoteSchema = z.object({
  /** False once the trip has started or the booking is no longer paid or confirmed. */
  cancellable: z.boolean(),
  refundPercent: z.number().int().min(0).max(100),
  paid: euroAmount,
  refund: euroAmount,
  /** How `refund` is shared when a gift voucher paid part (refundShares): back on the voucher, and to the card. */
  refundToVoucher: euroAmount.default(0),
  refundToCard: euroAmount.default(0),
  /** Until when this refund holds; null when no rule applies any more. */
  deadline: isoInstant.nullable(),
  /** The rules of the booking's boat (its own or the site default), most generous first. */
  policy: cancellationPolicySchema,
  /**
   * The reseller the customer bought from, when one sold it: the customer paid them, so they
   * cancel and refund it (docs/channels.md#a-resellers-customer), never this site.
   */
  soldBy: z.string().nullable().default(null),
});
export type CancellationQuoteWire = z.infer<typeof cancellationQuoteSchema>;

export const manageTokenQuerySchema = z.object({ token: manageTokenSchema });

/**
 * The checkout key: the booking's id signed for its checkout, answered only to the browser that
 * started it (`checkoutKey` of POST /api/boat/payment-intent; docs/security.md#customers-data).
 * Every /checkout/booking/{id} call asks for it as `?key=`, since a booking id alone is no proof.
 */
export const checkoutKeySchema = z.string().trim().min(1).max(200);

export const checkoutKeyQuerySchema = z.object({ key: checkoutKeySchema });

/**
 * GET /checkout/booking/{id}: the checkout's browser sends its key, the manage page its token;
 * with neither the answer is a 400 naming `key`.
 */
export const bookingViewQuerySchema = z
  .object({ key: checkoutKeySchema.optional(), token: manageTokenSchema.optional() })
  .refine((q) => q.key !== undefined || q.token !== undefined, {
    path: ['key'],
    message: 'Required: the checkout key (or the manage token)',
  });

/**
 * POST /api/bookings/{id}/cancel. `expectedRefund` is the refund the customer was shown
 * (euros); when the policy has moved on since (a deadline passed), the cancel is refused with
 * 409 and the new figure instead of refunding less than promised.
 */
export const bookingCancelRequestSchema = z.object({
  token: manageTokenSchema,
  expectedRefund: euroAmount,
});

export const bookingCancelResponseSchema = z.object({
  booking: publicBookingSchema,
  refund: euroAmount,
});

/** POST /api/bookings/{id}/withdraw: the customer withdraws a request the owner has not answered. */
export const requestWithdrawSchema = z.object({ token: manageTokenSchema });

/** POST /api/bookings/{id}/resend. */
export const bookingResendRequestSchema = z.object({ token: manageTokenSchema });
export const bookingResendResponseSchema = z.object({ sent: z.literal(true) });

/** A charter's length in whole hours. */
const charterHoursSchema = z.number().int().min(1).max(24);

/** Euros that may be negative (a difference refunded), whole cents. */
const signedEuros = z
  .number()
  .refine((n) => Number.isFinite(n) && Math.abs(Math.round(n * 100) - n * 100) < 1e-6, 'validation.cents');

/** One trip a booking may move to, with the money of the move (euros). */
export const rescheduleOptionSchema = z.object({
  slotId: uuid,
  start: isoInstant,
  end: isoInstant,
  /** A charter's length (its chosen hours); a shared trip's own length. */
  hours: z.number().positive(),
  seatsLeft: z.number().int(),
  /** The party on this trip, at its own price (the boat's price rules applied). */
  tripPrice: euroAmount,
  /** The extras the booking keeps, at the prices they were sold at. */
  extras: euroAmount,
  /** The promo code's discount the booking keeps. */
  discount: euroAmount,
  fee: euroAmount,
  /** What the booking is worth after the move: trip + extras − discount + fee. */
  newTotal: euroAmount,
  /** newTotal − paid: above 0 paid by card, below 0 refunded, 0 moves at once. */
  difference: signedEuros,
});
export type RescheduleOption = z.infer<typeof rescheduleOptionSchema>;

/**
 * GET /api/bookings/{id}/reschedule?token=: the boat's reschedule policy, whether this booking
 * may move now (and why not), and the trips it may move to.
 */
export const rescheduleOffersSchema = z.object({
  policy: reschedulePolicySchema,
  allowed: z.boolean(),
  /** Why not (domain RESCHEDULE_REFUSALS); null when allowed. */
  reason: z.enum(RESCHEDULE_REFUSALS).nullable(),
  /** The last moment to move under the policy; null when the policy's time does not apply. */
  closesAt: isoInstant.nullable(),
  timesLeft: z.number().int().min(0),
  /** What the booking holds now (received − refunded). */
  paid: euroAmount,
  /**
   * A charter's lengths to choose from (the boat's minimum and maximum hours) and the one the
   * options are for (`?hours=`, default the booking's own); null for a shared trip.
   */
  charterHours: z
    .object({ min: z.number().int(), max: z.number().int(), chosen: z.number().int() })
    .nullable(),
  options: z.array(rescheduleOptionSchema),
});
export type RescheduleOffers = z.infer<typeof rescheduleOffersSchema>;

/**
 * POST /api/bookings/{id}/reschedule. `expectedDifference` is the difference (euros) the customer
 * was shown; a price that moved since is refused with 409 and the new figure.
 */
export const rescheduleRequestSchema = z.object({
  token: manageTokenSchema,
  slotId: uuid,
  /** A charter's new length in whole hours (default its own); a shared trip has its slot's. */
  hours: charterHoursSchema.optional(),
  expectedDifference: signedEuros,
});

/** GET /api/bookings/{id}/reschedule: the manage token, and a charter's length to list starts for. */
export const rescheduleOffersQuerySchema = z.object({
  token: manageTokenSchema,
  hours: z.coerce.number().pipe(charterHoursSchema).optional(),
  /** The Canary day whose trips to list (within the move's horizon); none: the soonest ahead. */
  date: dateKey.optional(),
});
export type RescheduleRequest = z.input<typeof rescheduleRequestSchema>;

export const rescheduleResponseSchema = z.object({
  booking: publicBookingSchema,
  /** What went back to the customer (a cheaper trip); 0 otherwise. */
  refunded: euroAmount,
  /**
   * A dearer trip: its seats or hours are held until `holdExpiresAt` while the difference
   * (`amount`, euros) is paid by card with `clientSecret`; the booking has not moved yet. Null
   * when it moved at once.
   */
  payment: z.object({ clientSecret: z.string(), amount: euroAmount, holdExpiresAt: isoInstant }).nullable(),
});

/**
 * POST /api/bookings/{id}/reschedule/confirm: the card paid the difference (the intent's id);
 * the booking moves, once, whoever reports the payment first (this call or the webhook).
 */
export const rescheduleConfirmRequestSchema = z.object({
  token: manageTokenSchema,
  paymentIntentId: z.string().trim().min(1).max(255),
});
export const rescheduleConfirmResponseSchema = z.object({
  booking: publicBookingSchema,
  /** The difference the card paid (euros). */
  paid: euroAmount,
});

/** POST /api/bookings/{id}/reschedule/release: the customer gives up a dearer trip's held seats. */
export const rescheduleReleaseRequestSchema = z.object({ token: manageTokenSchema });
export const rescheduleReleaseResponseSchema = z.object({ released: z.boolean() });

/**
 * POST /api/bookings/{id}/invoice (manage token): a company asks for a full invoice in its name,
 * replacing the booking's simplified one (an F3, docs/invoicing.md#customers-invoices-in-the-owners-name).
 * The tax id is a Spanish NIF, NIE or CIF with its check character, or another EU VAT number.
 */
/** The company a full invoice names: the form's fields, and the request's body with the token. */
export const fullInvoiceCompanySchema = z.object({
  name: z.string().trim().min(2, 'validation.minChars2').max(120),
  taxId: z.string().trim().max(20).refine(isRecipientTaxId, 'validation.recipientTaxId'),
  address: z.string().trim().min(5, 'validation.minChars5').max(300),
});
export type FullInvoiceCompany = z.input<typeof fullInvoiceCompanySchema>;
export const fullInvoiceRequestSchema = fullInvoiceCompanySchema.extend({ token: manageTokenSchema });
export type FullInvoiceRequest = z.infer<typeof fullInvoiceRequestSchema>;
export const fullInvoiceResponseSchema = z.object({
  invoice: z.object({ number: z.string(), invoiceType: z.literal('F3'), replaces: z.string() }),
});

/**
 * One of a booking's invoices as its customer reads them (GET /checkout/booking/{id}/invoices):
 * the sale's, a full invoice replacing it, a refund's rectifying one.
 */
export const bookingInvoiceSchema = z.object({
  _id: uuid,
  number: z.string(),
  invoiceType: z.enum(INVOICE_TYPES),
  total: z.number(),
  issuedAt: isoInstant,
  /** The number of the invoice a rectifying invoice corrects or a full invoice replaces. */
  corrects: z.string().nullable(),
  /** The company a requested full invoice names; null otherwise. */
  company: z.string().nullable(),
  /** A simplified invoice (or its rectifying one) a full invoice replaced: kept, but no longer the booking's. */
  replaced: z.boolean(),
  /** Cancelled by the platform as issued by mistake (a registro de anulación): kept, but it counts for nothing. */
  cancelled: z.boolean(),
});
export type BookingInvoice = z.infer<typeof bookingInvoiceSchema>;
export const bookingInvoicesResponseSchema = z.object({
  /** First issued first; empty when the platform issued none (the owner invoices themselves). */
  invoices: z.array(bookingInvoiceSchema),
  /** Whether a company may still ask for a full invoice in place of the simplified one. */
  fullInvoiceAvailable: z.boolean(),
  /**
   * The boat's owner when they invoice their customers themselves (the platform issued none): the
   * customer asks them; the booking's confirmation is a receipt. Null otherwise.
   */
  invoicedByOwner: z.object({ name: z.string(), taxId: z.string() }).nullable(),
});
export type BookingInvoicesResponse = z.infer<typeof bookingInvoicesResponseSchema>;
