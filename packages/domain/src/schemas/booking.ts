import { CSV_SEPARATORS } from '../csv';
import { PAYMENT_METHODS } from './operator-booking';
import { z } from './zod';
import { BOOKING_STATUSES } from '../booking-status';
import { BOOKING_CHANNELS } from '../booking-channel';
import { bookingChannelSchema } from './channel';
import { PASSENGER_TYPES } from '../passengers';
import { boatRefSchema } from './boat';
import { bookingExtraSchema } from './extras';
import { count, uuid, euroAmount, fromQueryNumber, isoInstant, optionalText, languageCode } from './common';
import { slotType } from './slot';
import { BOAT_LICENCES } from '../licences';

export const bookingStatus = z.enum(BOOKING_STATUSES);
export const passengerType = z.enum(PASSENGER_TYPES);

export const TICKET_KINDS = ['seat', 'boarding_pass'] as const;

/**
 * One seat on a shared trip, or a charter's single boarding pass for the whole party (seat 1,
 * the charter price). pricePaid in euros.
 */
export const ticketSchema = z.object({
  code: z.string().min(1),
  kind: z.enum(TICKET_KINDS).default('seat'),
  seatNo: z.number().int().min(1),
  passengerType,
  pricePaid: euroAmount,
});
export type Ticket = z.infer<typeof ticketSchema>;

export const bookingPassengersSchema = z.object({ adults: count, child_u13: count, child_u6: count });

/** Contact details; null until the customer has given them (a fresh pending booking). */
export const bookingCustomerSchema = z.object({
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
});

/**
 * What anyone holding the booking link may see. Parsing a full booking with this schema strips
 * the admin-only fields (fee split, payment, provider, history), so route it through here.
 */
export const publicBookingSchema = z.object({
  _id: uuid,
  type: slotType,
  boat: boatRefSchema,
  start: isoInstant,
  end: isoInstant,
  status: bookingStatus,
  /** Seats the booking takes: for a shared trip adults + children 6–12 + under-6s; for a charter the people on board. */
  seats: count,
  people: count,
  passengers: bookingPassengersSchema,
  customer: bookingCustomerSchema,
  currency: z.literal('EUR'),
  amountGross: euroAmount,
  /** The extras bought with the trip, at their price then; amountGross includes them. */
  extras: z.array(bookingExtraSchema).optional(),
  /** The promo code it was sold with and what it took off (amountGross is after it); null: none. */
  promo: z.object({ code: z.string(), discount: euroAmount }).nullable().optional(),
  /** Euros of amountGross a gift voucher pays (the rest by card), less what refunds put back on it. */
  voucherAmount: euroAmount.optional(),
  /**
   * Euros of amountGross the platform pays: its cover of a move to another owner's dearer trip
   * (never the customer's money; what the customer paid is amountGross less it).
   */
  platformCover: euroAmount.optional(),
  tickets: z.array(ticketSchema),
  createdAt: isoInstant.optional(),
  /** Until when an unpaid booking holds its seats or hours; null once paid. */
  holdExpiresAt: isoInstant.nullable().optional(),
  /** The licence its skipper must bring (a self-drive boat, domain licences); null: none. */
  licence: z.enum(BOAT_LICENCES).nullable().optional(),
  /** Whether its boat takes an equivalent licence of another country (the ICC) besides `licence`. */
  foreignLicenceAccepted: z.boolean().optional(),
  /**
   * Its security deposit (docs/payments.md#the-security-deposit): the amount fixed at the sale,
   * held on the card the day before departure; its state is on manage my booking. Null: none.
   */
  deposit: z.object({ amount: euroAmount }).nullable().optional(),
  /**
   * A shared trip still below its minimum to depart (domain minimumToReach): it runs from
   * `seats` paid seats, else it is canceled and refunded in full at `cutoffAt`. Null: nothing to say.
   */
  minimum: z.object({ seats: count, cutoffAt: isoInstant }).nullable().optional(),
});
export type PublicBooking = z.infer<typeof publicBookingSchema>;

/** One recorded status change. `from` is null for creation; `by` is an admin e-mail or 'system'. */
export const bookingHistoryEntrySchema = z.object({
  at: isoInstant,
  by: z.string(),
  from: bookingStatus.nullable(),
  to: bookingStatus,
  /** What happened (HISTORY_CODES), for the viewer's language, with its values. */
  code: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
  reason: z.string().nullable().optional(),
});
export type BookingHistoryEntry = z.infer<typeof bookingHistoryEntrySchema>;

/** The back office's view: everything of docs/product.md §3, amounts in euros. */
export const adminBookingSchema = publicBookingSchema.extend({
  /**
   * The split of the money kept (received − refunded) at the booking's fee rate: fee + owner =
   * net to the cent; both 0 while unpaid (fee-split.ts).
   */
  platformFee: euroAmount,
  ownerAmount: euroAmount,
  /** Received and refunded come from the ledger; total is the price (gross); fee = platformFee. */
  payment: z.object({
    received: euroAmount,
    refunded: euroAmount.default(0),
    total: euroAmount,
    fee: euroAmount,
  }),
  provider: z.string(),
  providerPaymentId: z.string().nullable(),
  history: z.array(bookingHistoryEntrySchema),
  /**
   * Its trip was canceled and the customer may still move or take a refund until then: not a
   * booking to refund by hand yet. Null otherwise.
   */
  choiceDeadline: isoInstant.nullable().default(null),
  /** A request-to-book waiting for its owner: the answer is due by then, else it lapses. */
  requestDecideBy: isoInstant.nullable().default(null),
  /** Who sold it (docs/channels.md#channels). */
  channel: bookingChannelSchema.default({ kind: 'site', name: null }),
});
export type AdminBooking = z.infer<typeof adminBookingSchema>;

export const PAYMENT_STATUSES = [
  'requires_action',
  // Authorized, not charged: a request-to-book waiting for its owner.
  'requires_capture',
  'processing',
  'succeeded',
  'failed',
  'canceled',
] as const;
export const REFUND_STATUSES = ['pending', 'succeeded', 'failed'] as const;

/** One payment of a booking (the ledger), amount in euros. */
export const ledgerPaymentSchema = z.object({
  provider: z.string(),
  providerId: z.string(),
  /** card through the provider, or cash / card terminal / bank transfer taken in person. */
  method: z.enum(PAYMENT_METHODS),
  /** The staff member who recorded a payment taken in person. */
  recordedBy: z.string().nullable(),
  amount: euroAmount,
  status: z.enum(PAYMENT_STATUSES),
  createdAt: isoInstant,
});

/** One refund of a booking; `actor` is 'system', 'provider' or the admin's e-mail. */
export const ledgerRefundSchema = z.object({
  amount: euroAmount,
  status: z.enum(REFUND_STATUSES),
  reason: z.string(),
  actor: z.string(),
  createdAt: isoInstant,
});

/** Answer of GET /api/admin/bookings/{id}: the booking with its ledger. */
export const adminBookingDetailsSchema = adminBookingSchema.extend({
  payments: z.array(ledgerPaymentSchema),
  refunds: z.array(ledgerRefundSchema),
  /** Received minus refunded. */
  netReceived: euroAmount,
});
export type AdminBookingDetails = z.infer<typeof adminBookingDetailsSchema>;

/** KPI tiles of the bookings page; revenue and held (received, not refunded, on canceled bookings) in euros. */
export const bookingsKpisSchema = z.object({
  count: count,
  revenue: euroAmount,
  held: euroAmount,
  seatsSold: count,
  completed: count,
  /**
   * The sold bookings per channel (and reseller or agent by name): how many, what their customers
   * were charged at retail, and their revenue (retail less the channel's commission and refunds).
   */
  byChannel: z
    .array(bookingChannelSchema.extend({ count: count, retail: euroAmount, revenue: euroAmount }))
    .default([]),
});
export type BookingsKpis = z.infer<typeof bookingsKpisSchema>;

/** Answer of GET /checkout/bookings. `total` and `kpis` cover the whole filtered range, not the page. */
export const bookingsPageSchema = z.object({
  items: z.array(adminBookingSchema),
  nextCursor: z.string().nullable(),
  total: count,
  kpis: bookingsKpisSchema,
});
export type BookingsPage = z.infer<typeof bookingsPageSchema>;

export const BOOKINGS_PAGE_SIZE = 50;
export const BOOKINGS_SORTS = ['upcoming', 'asc', 'desc'] as const;
export type BookingsSort = (typeof BOOKINGS_SORTS)[number];
export const BOOKINGS_MAX_PAGE_SIZE = 200;

/** Query of GET /checkout/bookings. Blank parameters count as absent. start/end filter on trip start. */
export const bookingsQuerySchema = z.object({
  start: z.preprocess(emptyToUndef, isoInstant.optional()),
  end: z.preprocess(emptyToUndef, isoInstant.optional()),
  status: z.preprocess(emptyToUndef, bookingStatus.optional()),
  type: z.preprocess(emptyToUndef, slotType.optional()),
  channel: z.preprocess(emptyToUndef, z.enum(BOOKING_CHANNELS).optional()),
  q: optionalText(200),
  cursor: optionalText(500),
  limit: z.preprocess(
    fromQueryNumber,
    z.number().int().min(1).max(BOOKINGS_MAX_PAGE_SIZE).default(BOOKINGS_PAGE_SIZE),
  ),
  /** By trip start, oldest or latest first; or upcoming first (soonest), then the past (latest). */
  sort: z.preprocess(emptyToUndef, z.enum(BOOKINGS_SORTS).default('asc')),
  /** The CSV export's language (headers, statuses, types, boat titles); English by default. */
  lang: z.preprocess(emptyToUndef, languageCode.default('en')),
  /** The export's field separator and decimal mark; by default the one of `lang`'s spreadsheets. */
  separator: z.preprocess(emptyToUndef, z.enum(CSV_SEPARATORS).optional()),
});
export type BookingsQuery = z.infer<typeof bookingsQuerySchema>;

function emptyToUndef(value: unknown): unknown {
  return value === '' ? undefined : value;
}

/** Admin status changes: PATCH /api/admin/bookings/{id} body. */
export const bookingStatusPatchSchema = z.object({ status: z.literal('confirmed') });

/**
 * Optional body of the cancel and refund calls. `reason` is the internal note, kept in the
 * booking's history and never e-mailed; `message` (cancel only) goes to the customer as written.
 */
export const bookingActionBodySchema = z
  .object({ reason: optionalText(500), message: optionalText(1000) })
  .optional();

/**
 * Optional body of the refund call: a partial amount in euros (default: all of the net received).
 * A booking that sails or sailed is refunded only as a goodwill gesture, whose body is
 * goodwillRefundBodySchema's (the server asks for the reason then: 400 naming body.reason).
 */
export const bookingRefundBodySchema = z
  .object({
    reason: optionalText(500),
    amount: euroAmount.refine((v) => v > 0, 'validation.positive').optional(),
  })
  .optional();

/**
 * A goodwill refund (docs/payments.md#goodwill-refunds): how much, and why in words the customer
 * reads in the refund's e-mail. The most it may be depends on the booking (goodwillMaxCents).
 */
export const goodwillRefundBodySchema = z.object({
  amount: euroAmount.refine((v) => v > 0, 'validation.positive'),
  reason: z.string().trim().min(1, 'validation.required').max(500),
});

/** Answer of GET /checkout/booking/{id}. */
export const publicBookingResponseSchema = z.object({ booking: publicBookingSchema });
