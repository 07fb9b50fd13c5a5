// A booking and what hangs on it: the slots a charter covers, its tickets and its history.
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { BOOKING_STATUSES } from '@boats/domain/booking-status';
import type { ExtraLine } from '@boats/domain/extras';
import { PASSENGER_TYPES } from '@boats/domain/passengers';
import type { PriceBreakdown } from '@boats/domain/pricing';
import type { ReschedulePolicy } from '@boats/domain/reschedule-policy';
import type { LocalizedText } from '@boats/domain/schemas/boat';
import { TICKET_KINDS } from '@boats/domain/schemas/booking';
import { SLOT_TYPES } from '@boats/domain/schemas/slot';
import { oneOf, createdAt, updatedAt, instant } from '../../db/columns';
import { users } from '../auth/schema';
import { boats } from '../boats/schema';
import { promoCodes } from '../promo-codes/schema';
import { slots } from '../slots/schema';

/** An extra as sold with a booking: its name and price at the sale. */
export type BookingExtraRow = ExtraLine & { name: LocalizedText };

export const bookings = pgTable(
  'bookings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    boatId: uuid('boat_id')
      .notNull()
      .references(() => boats.id),
    slotId: uuid('slot_id').references(() => slots.id, { onDelete: 'set null' }),
    type: text('type', { enum: SLOT_TYPES }).notNull(),
    startsAt: instant('starts_at').notNull(),
    endsAt: instant('ends_at').notNull(),
    status: text('status', { enum: BOOKING_STATUSES }).notNull().default('pending'),
    holdExpiresAt: instant('hold_expires_at'),
    seats: integer('seats').notNull().default(0),
    adults: integer('adults').notNull().default(0),
    children50: integer('children_50').notNull().default(0),
    kidsFree: integer('kids_free').notNull().default(0),
    customerName: text('customer_name').notNull().default(''),
    customerEmail: text('customer_email').notNull().default(''),
    customerPhone: text('customer_phone').notNull().default(''),
    // The customer's postal address, asked online when the booking's invoice names them (above the
    // simplified-invoice limit: domain contactFor); '' otherwise.
    customerAddress: text('customer_address').notNull().default(''),
    language: text('language').notNull().default('en'),
    currency: text('currency').notNull().default('EUR'),
    amountGrossCents: integer('amount_gross_cents').notNull(),
    // The owner's commission rate when the customer bought (set by the checkout), in basis
    // points: the fee split of this booking, whatever the owner's rate becomes later. The split
    // itself is never stored: it is this rate applied to the net the ledger says
    // (owner_earning_lines once the trip is completed).
    commissionBps: integer('commission_bps'),
    priceBreakdown: jsonb('price_breakdown').$type<PriceBreakdown>(),
    // The extras sold with the trip, at their names and prices then; amount_gross_cents includes them.
    extras: jsonb('extras').$type<BookingExtraRow[]>().notNull().default([]),
    // The promo code it was sold with, as typed then, and what it took off; amount_gross_cents
    // is already the discounted total. A later change of the code never changes them.
    promoCodeId: uuid('promo_code_id').references((): AnyPgColumn => promoCodes.id),
    promoCode: text('promo_code'),
    discountCents: integer('discount_cents').notNull().default(0),
    provider: text('provider').notNull().default('sandbox'),
    // The checkout's current provider intent; its money is in the payments ledger.
    providerPaymentId: text('provider_payment_id').unique(),
    cancelReason: text('cancel_reason'),
    // Set in the transaction that queues the reminder e-mail, so it goes out once.
    reminderSentAt: instant('reminder_sent_at'),
    // The customer confirmed at checkout that the skipper holds the boat's licence (a boat that
    // requires one; false otherwise, or for a booking not taken by the customer online).
    licenceConfirmed: boolean('licence_confirmed').notNull().default(false),
    // When the customer of a shared trip with a minimum to depart was e-mailed at the cutoff that
    // the trip runs (the minimum was met), so it goes out once; a trip below it is canceled instead.
    tripRunsSentAt: instant('trip_runs_sent_at'),
    // The checkout's client key (http/client-key.ts: IPv4 address or IPv6 /64), for hold limits.
    clientIp: text('client_ip'),
    // When the booking was sold: set on → paid by the lifecycle's status statement, with the
    // booking's `paid` history line, and never changed after. Not the ledger's capture: a card
    // captured after its hold was released is refunded on a booking never sold, and the late
    // payment's refund, the reconciliation job and the money invariants tell the two apart by
    // it (test/api/bookings/sold-at.test.ts).
    paidAt: instant('paid_at'),
    // Request-to-book (docs/payments.md#request-to-book): when an unanswered request lapses, and
    // when its owner accepted it (the capture is then due; a decline or the lapse refuse it).
    requestDecideBy: instant('request_decide_by'),
    requestAcceptedAt: instant('request_accepted_at'),
    // A hold for a change of date to a dearer trip (docs/payments.md#the-customer-changes-the-date):
    // the new trip's seats or hours held, like a checkout's, for the booking named here while its
    // customer pays the difference; null on every other booking.
    reschedulesBookingId: uuid('reschedules_booking_id').references((): AnyPgColumn => bookings.id, {
      onDelete: 'cascade',
    }),
    // The change-of-date policy the booking was sold under (its boat's, or the site default, as
    // it stood at the sale or the request; docs/payments.md#the-customer-changes-the-date): a
    // later change of the boat's applies to later bookings only. Null before it was kept
    // (migration 0088) and on unsold holds: the boat's policy as it is now.
    reschedulePolicy: jsonb('reschedule_policy').$type<ReschedulePolicy>(),
    // The staff member or agent who booked it in the back office (walk-in, phone, agent's desk);
    // null for the site's checkout and a reseller's. The channel is derived from it
    // (bookings/channel.ts).
    soldByUserId: uuid('sold_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('bookings_status_check', oneOf(t.status, BOOKING_STATUSES)),
    check('bookings_type_check', oneOf(t.type, SLOT_TYPES)),
    check(
      'bookings_counts_check',
      sql`${t.seats} >= 0 and ${t.adults} >= 0 and ${t.children50} >= 0 and ${t.kidsFree} >= 0`,
    ),
    // seats is the party (adults, children at half price, free children), kept because the
    // seats_taken trigger (0025) and the capacity checks read it; the database holds it to its source.
    check(
      'bookings_seats_are_the_party_check',
      sql`${t.seats} = ${t.adults} + ${t.children50} + ${t.kidsFree}`,
    ),
    check('bookings_money_check', sql`${t.amountGrossCents} >= 0`),
    check('bookings_commission_check', sql`${t.commissionBps} between 0 and 10000`),
    check('bookings_discount_check', sql`${t.discountCents} >= 0`),
    index('bookings_starts_idx').on(t.startsAt),
    index('bookings_status_starts_idx').on(t.status, t.startsAt),
    // The completion job's batch: paid and confirmed bookings whose trip has ended, oldest first.
    index('bookings_status_ends_idx').on(t.status, t.endsAt),
    index('bookings_slot_idx').on(t.slotId),
    // The back office's search (admin-booking-repository.ts): `ilike '%…%'` on a name or an e-mail
    // answered by pg_trgm's trigram indexes, and a boat's bookings by this one, so a search
    // reads its matches instead of every booking of the month (migration 0051).
    index('bookings_boat_starts_idx').on(t.boatId, t.startsAt),
    index('bookings_customer_name_trgm_idx').using('gin', t.customerName.op('gin_trgm_ops')),
    index('bookings_customer_email_trgm_idx').using('gin', t.customerEmail.op('gin_trgm_ops')),
    // Manage my booking finds a booking by its e-mail and number.
    index('bookings_customer_email_idx').on(sql`lower(${t.customerEmail})`),
    // The customer as the promo codes' per-e-mail rules count them (canonical_email, migration 0036).
    index('bookings_customer_canonical_email_idx').on(sql`canonical_email(${t.customerEmail})`),
    index('bookings_reschedules_idx')
      .on(t.reschedulesBookingId)
      .where(sql`${t.reschedulesBookingId} is not null`),
    index('bookings_sold_by_idx')
      .on(t.soldByUserId)
      .where(sql`${t.soldByUserId} is not null`),
    index('bookings_promo_code_idx')
      .on(t.promoCodeId)
      .where(sql`${t.promoCodeId} is not null`),
    // The channel report by sale date (channel-report-repository.ts) reads a month of sales by
    // `paid_at`; only sold bookings have one, so the index holds only them.
    index('bookings_paid_at_idx')
      .on(t.paidAt)
      .where(sql`${t.paidAt} is not null`),
  ],
);

// The private slots a charter covers. `active` is true while the booking holds or owns the slot;
// the partial unique index makes a second live claim on the same slot impossible.
export const bookingSlots = pgTable(
  'booking_slots',
  {
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    slotId: uuid('slot_id')
      .notNull()
      .references(() => slots.id, { onDelete: 'cascade' }),
    active: boolean('active').notNull().default(true),
  },
  (t) => [
    primaryKey({ columns: [t.bookingId, t.slotId] }),
    uniqueIndex('booking_slots_one_live_idx')
      .on(t.slotId)
      .where(sql`${t.active}`),
  ],
);

export const tickets = pgTable(
  'tickets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    code: text('code').notNull().unique(),
    // A shared trip has one 'seat' per passenger; a charter one 'boarding_pass' for the whole
    // party (seat 1, the charter price), which check-in looks up by its code like any ticket.
    kind: text('kind', { enum: TICKET_KINDS }).notNull().default('seat'),
    seatNo: integer('seat_no').notNull(),
    passengerType: text('passenger_type', { enum: PASSENGER_TYPES }).notNull(),
    pricePaidCents: integer('price_paid_cents').notNull(),
    // Boarding: set once by the first scan; later scans answer "already" with these two.
    checkedInAt: instant('checked_in_at'),
    checkedInBy: text('checked_in_by'),
    createdAt: createdAt(),
  },
  (t) => [
    check('tickets_passenger_type_check', oneOf(t.passengerType, PASSENGER_TYPES)),
    check('tickets_price_check', sql`${t.pricePaidCents} >= 0`),
    check('tickets_kind_check', oneOf(t.kind, TICKET_KINDS)),
    index('tickets_booking_idx').on(t.bookingId),
  ],
);

export const bookingHistory = pgTable(
  'booking_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    at: instant('at').notNull().defaultNow(),
    // 'system', 'customer', 'provider' or the admin's e-mail.
    actor: text('actor').notNull(),
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    // What happened, as a code the back office translates (see HISTORY_CODES), with its values.
    code: text('code').notNull().default('status_changed'),
    params: jsonb('params').$type<Record<string, string | number>>().notNull().default({}),
    // Free text typed by the operator, shown as written.
    reason: text('reason'),
  },
  (t) => [index('booking_history_booking_idx').on(t.bookingId)],
);
