import { z } from './zod';
import { count, euroAmount } from './common';

/**
 * POST /api/admin/trips/{slotId}/cancel. `offer`: 'refund' refunds everyone at once; 'choice'
 * lets each customer move to another trip of the boat or take a refund (not built yet: see the
 * README), the server answers 501 for it.
 */
export const tripCancelRequestSchema = z.object({
  reason: z.string().trim().min(3, 'validation.minChars2').max(500),
  offer: z.enum(['choice', 'refund']),
});
export type TripCancelRequest = z.infer<typeof tripCancelRequestSchema>;

export const tripCancelResultSchema = z.object({ canceled: count, refunded: count, emailed: count });
export type TripCancelResult = z.infer<typeof tripCancelResultSchema>;

/** GET /api/admin/trips/{slotId}/cancellation: progress while it runs, the report at the end. */
export const tripCancelReportSchema = z.object({
  cause: z.enum(['weather', 'minimum']),
  offer: z.enum(['choice', 'refund']),
  reason: z.string(),
  createdAt: z.string(),
  bookings: z.array(
    z.object({
      bookingId: z.string(),
      ref: z.string(),
      customerName: z.string(),
      paid: euroAmount,
      state: z.enum(['to_refund', 'refunded', 'refund_failed']),
    }),
  ),
  totals: z.object({ canceled: count, refunded: count, waiting: count, failed: count }),
});
export type TripCancelReport = z.infer<typeof tripCancelReportSchema>;
