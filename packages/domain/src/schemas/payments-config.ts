// On its own: the card forms read it (apps/web/src/features/checkout), without the booking schemas.
import { z } from './zod';

/**
 * GET /api/payments/config: the card form to show. Whether bookings are tests (PAYMENTS=sandbox)
 * is not asked here: the server writes the test-bookings banner into every page it sends
 * (apps/web/src/app/test-bookings-banner.tsx).
 */
export const paymentsConfigSchema = z.discriminatedUnion('provider', [
  z.object({ provider: z.literal('sandbox') }),
  z.object({ provider: z.literal('stripe'), publishableKey: z.string().min(1) }),
]);
export type PaymentsConfig = z.infer<typeof paymentsConfigSchema>;
