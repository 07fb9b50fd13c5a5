/**
 * Taking an owner or a boat off the site with paid trips still ahead (docs/back-office.md#safe-admin-actions):
 * the back office lists those bookings first, and the one who decides says what becomes of them.
 */
import { z } from './zod';
import { isoInstant, uuid } from './common';

/** Served as booked, or canceled with a full refund (the lifecycle's cancel and the usual e-mails). */
export const UPCOMING_FATES = ['serve', 'cancel_and_refund'] as const;
export type UpcomingFate = (typeof UPCOMING_FATES)[number];

const upcomingBookingSchema = z.object({
  _id: uuid,
  /** As the customer's e-mails print it. */
  reference: z.string(),
  boatTitle: z.string(),
  startsAt: isoInstant,
  customerName: z.string(),
  people: z.number().int(),
  /** What the ledger holds for it (received − refunded), in euros: what a cancellation refunds. */
  paid: z.number(),
});

/**
 * GET …/upcoming-bookings: paid and confirmed bookings whose trip has not started, soonest first;
 * and the open requests to book ahead (nobody has answered them), which taking the owner or the
 * boat off the site declines, whatever becomes of the paid ones: nothing was charged.
 */
export const upcomingBookingsResponseSchema = z.object({
  items: z.array(upcomingBookingSchema),
  requests: z.array(upcomingBookingSchema.omit({ paid: true })),
});
export type UpcomingBookingsResponse = z.infer<typeof upcomingBookingsResponseSchema>;

/** POST /api/admin/boats/{id}/pause. */
export const upcomingDecisionSchema = z.object({ upcoming: z.enum(UPCOMING_FATES) });

/**
 * POST /api/admin/owners/{id}/suspend: the decision, and why, in the admin's words: the owner's one
 * e-mail about it quotes them.
 */
export const suspensionSchema = upcomingDecisionSchema.extend({
  reason: z.string().trim().max(1000).optional(),
});

/**
 * The cause a suspension's cancellations and refunds carry (the status change's params.cause, the
 * refund's cause): their customers are told the boat is no longer offered, and the owner gets the
 * suspension's one e-mail instead of one per booking (owner-notifications.ts).
 */
export const OWNER_SUSPENDED_CAUSE = 'owner_suspended';

/**
 * What the step did to the bookings ahead: how many were canceled, what was refunded at once,
 * how many customers were offered another owner's boat instead (refunded in full if they do not
 * take it by their deadline; a suspension only), and requests declined.
 */
export const upcomingOutcomeSchema = z.object({
  canceled: z.number().int(),
  refunded: z.number(),
  offered: z.number().int(),
  declined: z.number().int(),
});
export type UpcomingOutcome = z.infer<typeof upcomingOutcomeSchema>;
