// Whole trips canceled, the bookings each touched, and the change offered to their customers.
import { check, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import {
  TRIP_CANCEL_BOOKING_STATES,
  TRIP_CANCEL_CAUSES,
  TRIP_CANCEL_OFFERS,
} from '@boats/domain/schemas/trips';
import { oneOf, createdAt, updatedAt, instant } from '../../db/columns';
import { bookings } from '../bookings/schema';
import { slots } from '../slots/schema';

// A whole trip canceled by the operator (weather) or by the minimum-to-depart cutoff. Its row is
// written in the transaction that cancels the trip's bookings, so a second run (another
// instance, a retry after a crash) finds it and only finishes what is left.
export const tripCancellations = pgTable(
  'trip_cancellations',
  {
    slotId: uuid('slot_id')
      .primaryKey()
      .references(() => slots.id, { onDelete: 'cascade' }),
    cause: text('cause', { enum: TRIP_CANCEL_CAUSES }).notNull(),
    offer: text('offer', { enum: TRIP_CANCEL_OFFERS }).notNull(),
    // The internal note (never e-mailed); for the cutoff, its own explanation.
    reason: text('reason').notNull(),
    // The standard reason customers read in their language (TRIP_CANCEL_REASONS); null for the
    // cutoff and for cancellations recorded before reasons were chosen.
    reasonCode: text('reason_code'),
    actor: text('actor').notNull(),
    // When the operator's summary (who moved, who was refunded) was queued, once every
    // customer's choice had closed: at most one, whatever the number of instances.
    summarySentAt: instant('summary_sent_at'),
    createdAt: createdAt(),
  },
  (t) => [
    check('trip_cancellations_cause_check', oneOf(t.cause, TRIP_CANCEL_CAUSES)),
    check('trip_cancellations_offer_check', oneOf(t.offer, TRIP_CANCEL_OFFERS)),
  ],
);

// Each booking a trip cancellation touched and what was decided for it. What it paid and where
// its refund stands are the ledger's (trips-repository.ts cancellationOfTrip reads them): only
// what the ledger cannot know is kept here, the customer's answer and the refunds' progress.
// offered: the customer may move to another trip or take a refund until the offer's deadline.
// moved: the customer moved (trip_change_offers keeps only a booking's latest offer, so a moved
// booking whose new trip is canceled too would lose it there).
// to_refund: step 2 (trip-refunds.ts) has yet to refund it or let its authorization go.
// refund_answered: step 2 is done with it (the provider answered, or nothing was left to
// refund); whether the money went back is the ledger's.
export const tripCancellationBookings = pgTable(
  'trip_cancellation_bookings',
  {
    slotId: uuid('slot_id')
      .notNull()
      .references(() => tripCancellations.slotId, { onDelete: 'cascade' }),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    state: text('state', { enum: TRIP_CANCEL_BOOKING_STATES }).notNull().default('to_refund'),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.slotId, t.bookingId] }),
    check('trip_cancellation_bookings_state_check', oneOf(t.state, TRIP_CANCEL_BOOKING_STATES)),
  ],
);

// The choice offered to a customer of a weather-canceled trip: move to another trip of the boat
// or a refund, until `deadline` (then refunded automatically). One per booking.
export const tripChangeOffers = pgTable('trip_change_offers', {
  bookingId: uuid('booking_id')
    .primaryKey()
    .references(() => bookings.id, { onDelete: 'cascade' }),
  slotId: uuid('slot_id')
    .notNull()
    .references(() => tripCancellations.slotId, { onDelete: 'cascade' }),
  deadline: instant('deadline').notNull(),
  decidedAt: instant('decided_at'),
  movedToSlotId: uuid('moved_to_slot_id').references(() => slots.id, { onDelete: 'set null' }),
});
