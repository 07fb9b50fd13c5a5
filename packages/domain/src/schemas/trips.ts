import { z } from './zod';
import { count, dateKey, uuid, euroAmount, isoInstant } from './common';
import { localizedText } from './boat';
import { slotType } from './slot';
import { TRIP_STATES } from '../trip-state';
import { PASSENGER_TYPES } from '../passengers';
import { dayDepositsSchema, dayTakingSchema } from './operator-booking';
import { bookingExtraSchema } from './extras';
import { bookingChannelSchema } from './channel';
import { OWNER_SUSPENDED_CAUSE } from './upcoming-bookings';
import { skipperLicenceSchema } from './self-drive';
import { BOAT_LICENCES } from '../licences';
import { bookingConditionSchema } from './condition';

/** Query of GET /api/crew/trips: one Canary day. */
export const tripsQuerySchema = z.object({ date: dateKey });
export type TripsQuery = z.infer<typeof tripsQuerySchema>;

/** One trip (slot) on the operator's day. */
export const tripSchema = z.object({
  slotId: uuid,
  boatId: uuid,
  /** English; `boatTitleI18n` holds every language the boat has. */
  boatTitle: z.string(),
  boatTitleI18n: localizedText,
  type: slotType,
  start: isoInstant,
  end: isoInstant,
  isOpen: z.boolean(),
  seatsTotal: count,
  seatsSold: count,
  seatsHeld: count,
  /**
   * Seats a shared trip can still sell (0 on a charter's hour): its total less the seats taken
   * (sold, awaiting their owner, or marked taken by the operator) and those held live, as the
   * site, OCTO and the agent desk count them.
   */
  seatsLeft: count,
  /** Adults + children 6–12 of paid bookings: what the minimum counts. */
  paidSeats: count,
  minSeatsToDepart: count,
  minimumWaived: z.boolean(),
  state: z.enum(TRIP_STATES),
  /** When the minimum-to-depart cutoff decides this trip (shared trips with a minimum). */
  cutoffAt: isoInstant.nullable(),
  /** Scheduled after its own cutoff: it runs whatever the number of paid seats (no cutoff). */
  lastMinute: z.boolean(),
  /** Below minimum and the cutoff still ahead: the operator should act or waive. */
  atRisk: z.boolean(),
  /** People aboard when everyone shows up, and how many have boarded. */
  people: count,
  boarded: count,
  /** The bookings a canceled trip had when it was canceled (0 on a trip not canceled). */
  canceledBookings: count,
  /** The boat's owner lets their crew sell walk-ins below the minimum (domain walk-in-minimum). */
  crewMaySellBelowMinimum: z.boolean(),
  /** The platform's own boat: the admin gives its crew that permission. */
  platformBoat: z.boolean(),
  /**
   * The boat's shortest charter in hours: a charter's hour chains to the next ones (domain
   * charter.ts), so a walk-in on a 1-hour slot of a boat of 2 hours at least starts at 2.
   */
  charterMinHours: count,
});
export type Trip = z.infer<typeof tripSchema>;

export const tripsResponseSchema = z.object({
  date: dateKey,
  items: z.array(tripSchema),
  /** Money staff took in person that day, per method (the cash hand-over). */
  takings: z.array(dayTakingSchema),
  /** Security deposits staff took or handed back that day, per method: held, not takings. */
  deposits: z.array(dayDepositsSchema).optional(),
});
export type TripsResponse = z.infer<typeof tripsResponseSchema>;

export const slotIdParams = z.object({ slotId: uuid });

export const manifestTicketSchema = z.object({
  code: z.string(),
  seatNo: count,
  passengerType: z.enum(PASSENGER_TYPES),
  checkedInAt: isoInstant.nullable(),
  checkedInBy: z.string().nullable(),
});
export type ManifestTicket = z.infer<typeof manifestTicketSchema>;

export const manifestBookingSchema = z.object({
  bookingId: uuid,
  /** Short reference: last 8 characters of the id, upper case. */
  ref: z.string(),
  status: z.string(),
  customerName: z.string(),
  customerPhone: z.string(),
  customerEmail: z.string(),
  language: z.string(),
  adults: count,
  children50: count,
  kidsFree: count,
  amountPaid: euroAmount,
  /** What the crew loads for this booking (prosecco, decoration) and the transfer to arrange. */
  extras: z.array(bookingExtraSchema).optional(),
  /** A self-drive boat: the crew checks the skipper's licence before boarding (domain licences). */
  licenceToCheck: z.boolean().optional(),
  /** A self-drive boat: the skipper's licence recorded (null: none yet), confirmed or refused by crew. */
  skipperLicence: skipperLicenceSchema.nullable().optional(),
  /** A self-drive boat: the licence it requires and whether a foreign one is accepted (the crew's form offline). */
  licenceTerms: z.object({ required: z.enum(BOAT_LICENCES), foreignAccepted: z.boolean() }).optional(),
  /** A self-drive boat: its checklist and the boat's condition recorded at departure and return. */
  condition: bookingConditionSchema.optional(),
  /** Who sold it (docs/channels.md#channels). */
  channel: bookingChannelSchema.optional(),
  tickets: z.array(manifestTicketSchema),
});
export type ManifestBooking = z.infer<typeof manifestBookingSchema>;

/**
 * What became of each customer of a canceled trip (docs/back-office.md): still choosing until
 * `deadline`, moved to the trip starting `movedTo`, refunded (at `refundedAt`), the refund on
 * its way, or refused by the card provider.
 */
export const CANCELED_CUSTOMER_STATES = [
  'offered',
  'moved',
  'to_refund',
  'refunded',
  'refund_failed',
  // A request-to-book canceled with its trip: its card only authorized, the hold let go.
  'not_charged',
] as const;
export type CanceledCustomerState = (typeof CANCELED_CUSTOMER_STATES)[number];

/**
 * Why a trip was canceled as a whole: the operator (weather, a fault), the minimum's cutoff, or
 * the platform's suspension of the boat's owner (docs/decisions/0037).
 */
export const TRIP_CANCEL_CAUSES = ['weather', 'minimum', OWNER_SUSPENDED_CAUSE] as const;
export type TripCancelCause = (typeof TRIP_CANCEL_CAUSES)[number];
/** What a canceled trip's customers are offered: a choice of another trip or a refund, or a refund. */
export const TRIP_CANCEL_OFFERS = ['choice', 'refund'] as const;

/**
 * Where the cancellation of one booking of a canceled trip stands, as stored: the customer is
 * offered a choice, moved, to be refunded, or the refund was answered (the ledger says how).
 */
export const TRIP_CANCEL_BOOKING_STATES = ['offered', 'moved', 'to_refund', 'refund_answered'] as const;
export type TripCancelBookingState = (typeof TRIP_CANCEL_BOOKING_STATES)[number];

/**
 * A canceled customer's state as the operator reads it. While the choice is open, or once the
 * customer moved, it is the stored one. Once it is the refund's, the ledger says where the money
 * stands: a booking never paid (a request-to-book, its card only authorized) that nothing was
 * taken from is "not charged", never "refunded" (its authorization is let go); a refund not yet
 * answered, or money on its way back, is "to refund"; an answered refund leaves the booking
 * refunded when nothing is held any more, else the provider refused it.
 */
export function canceledCustomerState(
  stored: TripCancelBookingState,
  money: { receivedCents: number; refundedCents: number; pendingRefundCents: number },
  neverPaid: boolean,
): CanceledCustomerState {
  if (stored === 'offered' || stored === 'moved') return stored;
  if (neverPaid && money.receivedCents === 0) return 'not_charged';
  if (stored === 'to_refund' || money.pendingRefundCents > 0) return 'to_refund';
  return money.receivedCents > money.refundedCents ? 'refund_failed' : 'refunded';
}
export const canceledCustomerSchema = z.object({
  bookingId: uuid,
  ref: z.string(),
  customerName: z.string(),
  customerPhone: z.string(),
  customerEmail: z.string(),
  people: count,
  paid: euroAmount,
  state: z.enum(CANCELED_CUSTOMER_STATES),
  deadline: isoInstant.nullable(),
  movedTo: isoInstant.nullable(),
  refundedAt: isoInstant.nullable(),
});
export type CanceledCustomer = z.infer<typeof canceledCustomerSchema>;

export const tripCancellationSummarySchema = z.object({
  cause: z.enum(TRIP_CANCEL_CAUSES),
  /**
   * The operator's standard reason (trip-cancellation.ts TRIP_CANCEL_REASONS: wind, swell,
   * storm_warning, technical_fault), shown in the reader's language; null for the cutoff and for
   * cancellations recorded before reasons were chosen.
   */
  reasonCode: z.string().nullable(),
  canceledAt: isoInstant,
  customers: z.array(canceledCustomerSchema),
  totals: z.object({
    customers: count,
    people: count,
    paid: euroAmount,
    waiting: count,
    moved: count,
    refunded: count,
    notCharged: count,
  }),
});
export type TripCancellationSummary = z.infer<typeof tripCancellationSummarySchema>;

/** Answer of GET /api/crew/trips/{slotId}/manifest. A canceled trip keeps its customers in `cancellation`. */
export const manifestResponseSchema = z.object({
  trip: tripSchema,
  bookings: z.array(manifestBookingSchema),
  cancellation: tripCancellationSummarySchema.nullable(),
});
export type ManifestResponse = z.infer<typeof manifestResponseSchema>;

/**
 * A ticket code as crew type it at the pier, in its printed form "TF-7KQ2-M9XD-4H": any case,
 * with or without dashes and spaces, and the letters the code alphabet leaves out read as the
 * digits they look like (O as 0, I and L as 1). Anything else is passed on as it is, upper case.
 */
export function canonicalTicketCode(typed: string): string {
  const bare = typed.toUpperCase().replace(/[^0-9A-Z]/g, '');
  if (!/^TF[0-9A-Z]{10}$/.test(bare)) return typed.toUpperCase().replace(/\s+/g, '');
  const body = bare.slice(2).replace(/O/g, '0').replace(/[IL]/g, '1');
  return `TF-${body.slice(0, 4)}-${body.slice(4, 8)}-${body.slice(8)}`;
}

/** A scanned or typed code, read loosely (canonicalTicketCode). */
export const ticketCode = z
  .string()
  .trim()
  .min(4, 'validation.required')
  .max(64)
  .transform(canonicalTicketCode);

/**
 * POST /api/crew/checkin: `slotId` is the trip the crew is boarding, when one is chosen;
 * `scannedAt` when the phone scanned it, for a check-in recorded without signal and sent later
 * (the server boards at that time: checkinTime in checkin-verdict.ts).
 */
export const checkinRequestSchema = z.object({
  code: ticketCode,
  slotId: uuid.optional(),
  scannedAt: isoInstant.optional(),
});
export type CheckinRequest = z.input<typeof checkinRequestSchema>;

export const CHECKIN_RESULTS = [
  'boarded',
  'already',
  'wrong_trip',
  'not_today',
  'canceled',
  // The booking moved to another trip and has new tickets: `booking.start` is where it went.
  'replaced',
] as const;
export type CheckinResult = (typeof CHECKIN_RESULTS)[number];

export const checkinResponseSchema = z.object({
  result: z.enum(CHECKIN_RESULTS),
  code: z.string(),
  /** Null for a replaced code: its ticket no longer exists. */
  passengerType: z.enum(PASSENGER_TYPES).nullable(),
  /** 0 for a charter pass or a replaced code. */
  seatNo: count,
  /** People this code boards: 1 for a seat ticket, the whole party for a charter pass. */
  people: count,
  booking: z.object({
    ref: z.string(),
    customerName: z.string(),
    boatTitle: z.string(),
    boatTitleI18n: localizedText,
    slotId: uuid.nullable(),
    start: isoInstant,
  }),
  /** For boarded and already: when the code was first scanned, and by whom. */
  checkedInAt: isoInstant.nullable(),
  checkedInBy: z.string().nullable(),
  /**
   * For canceled: when the booking was canceled and by whom ('customer', 'system', 'provider'
   * or the operator's e-mail), so crew whose offline check-in met it can say so.
   */
  canceledAt: isoInstant.nullable(),
  canceledBy: z.string().nullable(),
});
export type CheckinResponse = z.infer<typeof checkinResponseSchema>;

/** PUT /api/admin/trips/{slotId}/minimum: let the trip sail below its minimum, or not. */
export const minimumWaiverSchema = z.object({ waived: z.boolean() });
