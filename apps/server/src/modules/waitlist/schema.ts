// The waitlist of full shared trips.
import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, instant } from '../../db/columns';
import { bookings } from '../bookings/schema';
import { slots } from '../slots/schema';

// Waitlist (issue 30, docs/public-site.md#waitlist): a visitor waiting for seats on a full shared
// trip, one entry per e-mail and trip, in the order of `seq`. `offer_booking_id` is the hold
// made for them when seats freed up (a pending booking the lifecycle and occupancy count like
// any other): an entry without one is still waiting; an entry is offered once. Deleted when the
// trip departs.
export const waitlistEntries = pgTable(
  'waitlist_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    slotId: uuid('slot_id')
      .notNull()
      .references(() => slots.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    seats: integer('seats').notNull(),
    // The party, as a booking asks it, so the offer is priced as theirs (a child 6–12 at half
    // price, an under-6 free); seats is their sum, which the offers count.
    adults: integer('adults').notNull().default(0),
    children50: integer('children_50').notNull().default(0),
    kidsFree: integer('kids_free').notNull().default(0),
    language: text('language').notNull(),
    // The address it was made from: an offer counts against that client's hold limit, as a
    // checkout does (null for entries made before the rule).
    clientIp: text('client_ip'),
    // When the visitor opened the link of the confirmation e-mail: only a confirmed entry is
    // offered seats, so nobody can put strangers' addresses in line (issue 42).
    confirmedAt: instant('confirmed_at'),
    offerBookingId: uuid('offer_booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    offeredAt: instant('offered_at'),
    createdAt: createdAt(),
  },
  (t) => [
    check('waitlist_entries_seats_check', sql`${t.seats} > 0`),
    check(
      'waitlist_entries_party_check',
      sql`${t.seats} = ${t.adults} + ${t.children50} + ${t.kidsFree} and ${t.adults} >= 1
        and ${t.children50} >= 0 and ${t.kidsFree} between 0 and ${t.adults}`,
    ),
    uniqueIndex('waitlist_entries_email_idx').on(t.slotId, sql`lower(${t.email})`),
    index('waitlist_entries_waiting_idx')
      .on(t.slotId, t.seq)
      .where(sql`${t.offeredAt} is null and ${t.confirmedAt} is not null`),
  ],
);
