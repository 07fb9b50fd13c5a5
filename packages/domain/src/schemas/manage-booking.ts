/**
 * Manage my booking: finding a booking by its number and e-mail, and what the customer may do
 * with it (see the cancellation, resend calls) with the manage token the lookup or the e-mail
 * link gives.
 */
import { z } from './zod';
import { euroAmount, isoInstant } from './common';
import { emailAddress } from './email-address';
import { cancellationPolicySchema } from './boat';
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
});
export type CancellationQuoteWire = z.infer<typeof cancellationQuoteSchema>;

export const manageTokenQuerySchema = z.object({ token: manageTokenSchema });

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

/** POST /api/bookings/{id}/resend. */
export const bookingResendRequestSchema = z.object({ token: manageTokenSchema });
export const bookingResendResponseSchema = z.object({ sent: z.literal(true) });
