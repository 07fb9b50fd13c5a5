import { z } from './zod';
import { count, euroAmount, optionalText } from './common';
import { CANCELED_CUSTOMER_STATES, TRIP_CANCEL_CAUSES, TRIP_CANCEL_OFFERS } from './trips';

/**
 * The standard reasons an operator cancels a trip for: each customer's e-mail and choice page
 * name it in the customer's own language (docs/back-office.md#back-office-the-operators-day-trips-crew-check-in-weather-schedules).
 */
/**
 * The standard reasons customers read. boat_unavailable: the boat cannot take them out (an
 * operator's choice, and the reason a suspension of its owner gives: the customer is not told
 * about the owner, docs/decisions/0037).
 */
export const TRIP_CANCEL_REASONS = [
  'wind',
  'swell',
  'storm_warning',
  'technical_fault',
  'boat_unavailable',
] as const;
export type TripCancelReason = (typeof TRIP_CANCEL_REASONS)[number];
export const tripCancelReasonSchema = z.enum(TRIP_CANCEL_REASONS);

/** A stored reason code as one of the standard reasons; null for none (or one no longer known). */
export function tripCancelReasonCode(value: unknown): TripCancelReason | null {
  return (TRIP_CANCEL_REASONS as readonly unknown[]).includes(value) ? (value as TripCancelReason) : null;
}

/**
 * POST /api/admin/trips/{slotId}/cancel. `offer`: 'refund' refunds everyone at once; 'choice'
 * lets each customer move to another trip of the boat (costing the party at most what it paid,
 * the difference refunded: trip-move.ts) or take a refund, until a deadline; no answer by then
 * is a refund. `reasonCode` is what customers read (translated); `note` stays in the trip's and
 * each booking's history and is never e-mailed; `message`, when given, is sent as written.
 */
export const tripCancelRequestSchema = z.object({
  reasonCode: tripCancelReasonSchema,
  note: optionalText(500),
  message: optionalText(1000),
  offer: z.enum(TRIP_CANCEL_OFFERS),
});
export type TripCancelRequest = z.infer<typeof tripCancelRequestSchema>;

/**
 * GET /api/admin/trips/{slotId}/cancel/preview: before confirming, each customer's deadline to
 * choose if a choice is offered (null: no trip has room for them, so they are refunded at once),
 * and the least time the rules give (TRIP_CHANGE_MIN_HOURS).
 */
export const tripCancelPreviewSchema = z.object({
  minimumHours: count,
  customers: z.array(
    z.object({
      bookingId: z.string(),
      ref: z.string(),
      customerName: z.string(),
      paid: euroAmount,
      choiceDeadline: z.string().nullable(),
      /** Trips they could move to. */
      trips: count,
      /**
       * A request-to-book waiting for its owner: its card only authorized, so it is canceled
       * with the trip, the authorization let go, and nothing paid or offered.
       */
      request: z.boolean(),
    }),
  ),
});
export type TripCancelPreview = z.infer<typeof tripCancelPreviewSchema>;

export const tripCancelResultSchema = z.object({ canceled: count, refunded: count, emailed: count });
export type TripCancelResult = z.infer<typeof tripCancelResultSchema>;

/** GET /api/admin/trips/{slotId}/cancellation: progress while it runs, the report at the end. */
export const tripCancelReportSchema = z.object({
  cause: z.enum(TRIP_CANCEL_CAUSES),
  offer: z.enum(TRIP_CANCEL_OFFERS),
  /** The standard reason customers read; null for the minimum cutoff. */
  reasonCode: tripCancelReasonSchema.nullable(),
  /** The internal note (the cutoff's own explanation for the minimum). */
  reason: z.string(),
  createdAt: z.string(),
  bookings: z.array(
    z.object({
      bookingId: z.string(),
      ref: z.string(),
      customerName: z.string(),
      paid: euroAmount,
      state: z.enum(CANCELED_CUSTOMER_STATES),
    }),
  ),
  /**
   * waiting: customers who have not chosen yet (choice) or refunds not through yet; notCharged:
   * requests-to-book whose card was only authorized (nothing taken, nothing to refund).
   */
  totals: z.object({
    canceled: count,
    moved: count,
    refunded: count,
    waiting: count,
    failed: count,
    notCharged: count,
  }),
});
export type TripCancelReport = z.infer<typeof tripCancelReportSchema>;

/** A trip the customer of a canceled trip may move to; `refundDifference` in euros. */
export const tripChangeOptionSchema = z.object({
  slotId: z.string(),
  start: z.string(),
  end: z.string(),
  seatPrice: euroAmount,
  price: euroAmount,
  refundDifference: euroAmount,
  /**
   * A trip of another owner's boat (docs/payments.md#another-owners-boat): its name in the
   * customer's language and its harbour; null for the boat's own trips.
   */
  otherBoat: z.object({ title: z.string(), harbour: z.string() }).nullable(),
  /** Until when this trip may be chosen (a trip soon closes before the customer's deadline). */
  closesAt: z.string(),
});

/**
 * The open choice of a booking whose trip was canceled (the manage-my-booking page shows it):
 * GET /api/bookings/{id}/trip-change?token=, and `tripChangeOffer` on the public booking.
 */
export const tripChangeOfferSchema = z.object({
  /** Why the trip was canceled, as the customer reads it (translated); null: not enough people. */
  reasonCode: tripCancelReasonSchema.nullable(),
  deadline: z.string(),
  paid: euroAmount,
  options: z.array(tripChangeOptionSchema),
});
export type TripChangeOffer = z.infer<typeof tripChangeOfferSchema>;

export const tripChangeTokenQuery = z.object({ token: z.string().min(10).max(200) });

/** POST /api/bookings/{id}/trip-change: the customer's answer, with the manage token. */
export const tripChangeChoiceSchema = z.discriminatedUnion('choice', [
  z.object({ token: z.string().min(10).max(200), choice: z.literal('refund') }),
  z.object({
    token: z.string().min(10).max(200),
    choice: z.literal('move'),
    slotId: z.string().min(1).max(100),
  }),
]);
export type TripChangeChoice = z.infer<typeof tripChangeChoiceSchema>;

export const tripChangeResultSchema = z.object({
  result: z.enum(['moved', 'refunded']),
  /** Euros going back to the card: everything for a refund, the difference for a move. */
  refunded: euroAmount,
  start: z.string(),
});
export type TripChangeResult = z.infer<typeof tripChangeResultSchema>;
