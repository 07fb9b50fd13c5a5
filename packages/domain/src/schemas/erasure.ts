/**
 * The right to erasure (GDPR art. 17, docs/privacy.md#erasure): a customer opens a link sent to
 * their address (schemas/data-rights.ts); the request is carried out at once when nothing is pending, else it waits in the
 * admin's queue until the due date (one month, art. 12(3)).
 */
import { z } from './zod';
import { isoInstant, uuid } from './common';

/** What keeps a request from being carried out at once: the customer still has business with us. */
export const ERASURE_WAITS_FOR = ['upcoming_trip', 'open_refund'] as const;
export type ErasureWaitsFor = (typeof ERASURE_WAITS_FOR)[number];

export const erasureAnswerSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('done') }),
  z.object({
    status: z.literal('queued'),
    dueAt: isoInstant,
    waitingFor: z.array(z.enum(ERASURE_WAITS_FOR)),
  }),
]);
export type ErasureAnswer = z.infer<typeof erasureAnswerSchema>;

/** One request in the admin's queue (GET /api/admin/erasure-requests). */
export const erasureQueueEntrySchema = z.object({
  _id: uuid,
  /** The booking whose manage link asked, for requests made before links proved the address. */
  bookingId: uuid.nullable(),
  email: z.string(),
  requestedAt: isoInstant,
  dueAt: isoInstant,
  /** What is still pending now (recomputed at each read; empty: nothing stops it). */
  waitingFor: z.array(z.enum(ERASURE_WAITS_FOR)),
});
export type ErasureQueueEntry = z.infer<typeof erasureQueueEntrySchema>;

export const erasureQueueSchema = z.object({ requests: z.array(erasureQueueEntrySchema) });

export const erasureCarriedOutSchema = z.object({ carriedOut: z.literal(true) });
