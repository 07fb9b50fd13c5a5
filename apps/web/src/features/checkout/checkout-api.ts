// The checkout calls of spec §7, one function each. Errors carry the HTTP status so the
// screens can show the spec §8 texts ('PI create failed: {status}', 'Confirm failed: …').
import { z } from 'zod';
import { publicBookingSchema, type PublicBooking } from '@boats/domain/schemas/booking';
import {
  paymentIntentResponseSchema,
  paymentsConfigSchema,
  type PaymentsConfig,
  type PaymentIntentRequestInput,
  type PaymentIntentResponse,
} from '@boats/domain/schemas/payment-intent';
import { apiFetch } from '../../shared/api/http';

export type { PaymentsConfig };

export function fetchPaymentsConfig(): Promise<PaymentsConfig> {
  return apiFetch('/api/payments/config', { schema: paymentsConfigSchema });
}

export function createPaymentIntent(body: PaymentIntentRequestInput): Promise<PaymentIntentResponse> {
  return apiFetch('/api/boat/payment-intent', { method: 'POST', body, schema: paymentIntentResponseSchema });
}

export const sandboxConfirmSchema = z.object({
  status: z.enum(['succeeded', 'requires_action', 'requires_payment_method', 'processing']),
  message: z.string().optional(),
  redirectUrl: z.string().optional(),
});
export type SandboxConfirmResult = z.infer<typeof sandboxConfirmSchema>;

export type SandboxCard = { number: string; expMonth: number; expYear: number; cvc: string };

export function sandboxConfirm(
  clientSecret: string,
  card: SandboxCard,
  returnUrl: string,
): Promise<SandboxConfirmResult> {
  return apiFetch('/api/payments/sandbox/confirm', {
    method: 'POST',
    body: { clientSecret, card, returnUrl },
    schema: sandboxConfirmSchema,
  });
}

// Spec §7 answer: booking.booking._id. A flat bookingId is accepted too, to be lenient.
const confirmAnswerSchema = z.object({
  booking: z
    .object({ booking: z.object({ _id: z.string() }).optional(), _id: z.string().optional() })
    .optional(),
  bookingId: z.string().optional(),
});

/** Returns the booking id, or null when the answer carried none ('No bookingId returned…'). */
export async function confirmPayment(paymentIntentId: string): Promise<string | null> {
  const answer = await apiFetch(`/checkout/confirm?payment_intent=${encodeURIComponent(paymentIntentId)}`, {
    schema: confirmAnswerSchema,
    // Same key for the same intent: a repeated call is recognised by the server as a repeat.
    headers: { 'idempotency-key': `confirm-${paymentIntentId}` },
  });
  return answer.booking?.booking?._id ?? answer.booking?._id ?? answer.bookingId ?? null;
}

export function loadBooking(id: string): Promise<PublicBooking> {
  return apiFetch(`/checkout/booking/${encodeURIComponent(id)}`, {
    schema: z.union([
      z.object({ booking: publicBookingSchema }).transform((v) => v.booking),
      publicBookingSchema,
    ]),
  });
}
