// On its own: every page reads it (the test-bookings banner), so it must not bring the booking
// schemas into the landing page's scripts.
import { z } from './zod';

/**
 * GET /api/payments/config: the card form to show; `testBookings` when the operator runs the
 * sandbox on purpose (PAYMENTS=sandbox), so every page says the bookings are tests.
 */
export const paymentsConfigSchema = z.discriminatedUnion('provider', [
  z.object({ provider: z.literal('sandbox'), testBookings: z.boolean() }),
  z.object({ provider: z.literal('stripe'), publishableKey: z.string().min(1) }),
]);
export type PaymentsConfig = z.infer<typeof paymentsConfigSchema>;
