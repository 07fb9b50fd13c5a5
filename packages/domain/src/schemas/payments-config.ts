// On its own: the card forms read it (apps/web/src/features/checkout), without the booking schemas.
import { z } from './zod';

/**
 * GET /api/payments/config: the card form to show; `testBookings` when the operator runs the
 * sandbox on purpose (PAYMENTS=sandbox). The pages do not ask: the server writes the
 * test-bookings banner into them (apps/web/src/app/test-bookings-banner.tsx).
 */
export const paymentsConfigSchema = z.discriminatedUnion('provider', [
  z.object({ provider: z.literal('sandbox'), testBookings: z.boolean() }),
  z.object({ provider: z.literal('stripe'), publishableKey: z.string().min(1) }),
]);
export type PaymentsConfig = z.infer<typeof paymentsConfigSchema>;
