// The trips (slots) a boat sails.
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { SLOT_TYPES } from '@boats/domain/schemas/slot';
import { oneOf, createdAt, updatedAt, instant } from '../../db/columns';
import { boats } from '../boats/schema';

// seats_taken counts the seats of the bookings that occupy a shared trip (sold, or a request
// awaiting its owner), kept by the database's trigger (migration 0025), and the seats the
// operator marks as taken by hand; live holds are pending bookings whose hold has not expired,
// so an expired hold stops counting at once.
export const slots = pgTable(
  'slots',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    boatId: uuid('boat_id')
      .notNull()
      .references(() => boats.id, { onDelete: 'cascade' }),
    type: text('type', { enum: SLOT_TYPES }).notNull(),
    startsAt: instant('starts_at').notNull(),
    endsAt: instant('ends_at').notNull(),
    isOpen: boolean('is_open').notNull().default(true),
    seatPriceCents: integer('seat_price_cents').notNull().default(0),
    seatsTotal: integer('seats_total').notNull().default(0),
    seatsTaken: integer('seats_taken').notNull().default(0),
    // The operator lets this trip sail below its boat's minimum: the cutoff job leaves it alone.
    minimumWaived: boolean('minimum_waived').notNull().default(false),
    // When the trip got its start time (created, or moved): a trip scheduled after its own
    // minimum-to-depart cutoff has none (domain trip-state). Written by the code, at its clock.
    scheduledAt: instant('scheduled_at').notNull().defaultNow(),
    // Set when the operator (weather) or the minimum-to-depart cutoff cancels the whole trip.
    // A canceled trip is final: nothing opens it again (a new trip is a new slot).
    canceledAt: instant('canceled_at'),
    cancelReason: text('cancel_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('slots_type_check', oneOf(t.type, SLOT_TYPES)),
    check('slots_time_check', sql`${t.endsAt} > ${t.startsAt}`),
    check('slots_seats_check', sql`${t.seatsTaken} >= 0 and ${t.seatsTaken} <= ${t.seatsTotal}`),
    check('slots_price_check', sql`${t.seatPriceCents} >= 0`),
    index('slots_boat_start_idx').on(t.boatId, t.startsAt),
  ],
);
