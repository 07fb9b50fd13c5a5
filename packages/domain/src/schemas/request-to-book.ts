/**
 * The owner's answer to a request-to-book (docs/payments.md#request-to-book), and the boat's
 * switches. Messages are i18n keys.
 */
import { z } from './zod';
import { BOOKING_MODES } from '../request-to-book';

export const bookingModeSchema = z.enum(BOOKING_MODES);

/** POST /api/admin/bookings/{id}/decline: the reason is e-mailed to the customer as typed. */
export const requestDeclineSchema = z.object({
  reason: z.string().trim().min(2, 'validation.minChars2').max(500),
});
export type RequestDecline = z.infer<typeof requestDeclineSchema>;

/** POST /api/admin/boats/{id}/instant-forced: the platform admin's switch over the owner's choice. */
export const instantForcedSchema = z.object({ instantForced: z.boolean() });
