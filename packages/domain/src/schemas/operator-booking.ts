/**
 * Bookings taken by the operator (a walk-in at the harbour, a phone call): the staff member
 * books a trip or a charter for the customer and records the money taken in person
 * (docs/payments.md#operator-taken-bookings).
 */
import { z } from './zod';
import { bookingContactSchema } from './contact';
import { count, euroAmount, languageCode, uuid } from './common';

/** How a payment reached the business: the card form, or in person at the harbour. */
export const PAYMENT_METHODS = ['card', 'cash', 'terminal', 'bank_transfer'] as const;

/** The methods a staff member records by hand: the money is in the till, not at a provider. */
export const IN_PERSON_METHODS = ['cash', 'terminal', 'bank_transfer'] as const;
export type InPersonMethod = (typeof IN_PERSON_METHODS)[number];

export const operatorPaymentSchema = z.object({ method: z.enum(IN_PERSON_METHODS) });

const passengerCount = count.max(1_000);
const charterHours = z.number().int('validation.integer').min(1, 'validation.min1').max(24);

/** POST /api/admin/trips/{slotId}/bookings. */
export const operatorBookingRequestSchema = z.object({
  passengers: z.object({ adults: passengerCount, children50: passengerCount, kidsFree: passengerCount }),
  /** Whole hours of a charter from this slot; a shared trip lasts its slot. */
  durationHours: charterHours.optional(),
  customer: bookingContactSchema,
  language: languageCode,
  payment: operatorPaymentSchema,
});
export type OperatorBookingRequest = z.infer<typeof operatorBookingRequestSchema>;

export const operatorBookingResponseSchema = z.object({
  bookingId: uuid,
  ref: z.string(),
  status: z.enum(['pending', 'paid']),
  /** Euros: the price the server computed, the money taken. */
  amount: euroAmount,
  method: z.enum(IN_PERSON_METHODS),
});
export type OperatorBookingResponse = z.infer<typeof operatorBookingResponseSchema>;

/** The money staff took in person on a day, per method, for the hand-over at the end of it. */
export const dayTakingSchema = z.object({
  method: z.enum(IN_PERSON_METHODS),
  /** Received minus handed back that day, in euros. */
  amount: z.number(),
  payments: count,
});
export type DayTaking = z.infer<typeof dayTakingSchema>;

/**
 * The back office's walk-in form: the request's own parts, with numbers typed as text and a
 * charter's hours blank on a shared trip, so the form and the server refuse the same.
 */
export const operatorBookingFormSchema = z.object({
  passengers: z.object({
    adults: z.coerce.number<string>().pipe(passengerCount),
    children50: z.coerce.number<string>().pipe(passengerCount),
    kidsFree: z.coerce.number<string>().pipe(passengerCount),
  }),
  durationHours: z
    .string()
    .transform((text) => (text.trim() === '' ? undefined : Number(text)))
    .pipe(charterHours.optional()),
  customer: bookingContactSchema,
  language: languageCode,
  payment: operatorPaymentSchema,
}) satisfies z.ZodType<OperatorBookingRequest, unknown>;
