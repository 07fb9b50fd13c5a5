/**
 * The owner's answer to a request-to-book (docs/payments.md#request-to-book), and the boat's
 * switches. Messages are i18n keys.
 */
import { z } from './zod';
import { BOOKING_MODES } from '../request-to-book';

export const bookingModeSchema = z.enum(BOOKING_MODES);

/**
 * Why an owner declines a request, as a code: the customer's e-mail says it in the customer's
 * language (email.json requestDeclined.reasons.*), never staff's own words, which may be in
 * another language or not meant for the customer.
 */
export const REQUEST_DECLINE_REASONS = [
  'boat_unavailable',
  'crew_unavailable',
  'weather_forecast',
  'group_not_suitable',
  'other',
] as const;
export type RequestDeclineReason = (typeof REQUEST_DECLINE_REASONS)[number];

/** A stored code read back (a history row's payload): null for anything else. */
export function requestDeclineReasonOf(value: unknown): RequestDeclineReason | null {
  return (REQUEST_DECLINE_REASONS as readonly unknown[]).includes(value)
    ? (value as RequestDeclineReason)
    : null;
}

/**
 * POST /api/admin/bookings/{id}/decline: the code is what the customer reads (translated); the
 * note stays in the booking's history for staff.
 */
export const requestDeclineSchema = z.object({
  reasonCode: z.enum(REQUEST_DECLINE_REASONS),
  note: z.string().trim().max(500).optional(),
});
export type RequestDecline = z.infer<typeof requestDeclineSchema>;

/** POST /api/admin/boats/{id}/instant-forced: the platform admin's switch over the owner's choice. */
export const instantForcedSchema = z.object({ instantForced: z.boolean() });
