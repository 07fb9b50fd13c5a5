// The verified reviews.
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { REVIEW_HIDE_REASONS } from '@boats/domain/schemas/review';
import { oneOf, createdAt, updatedAt, instant } from '../../db/columns';
import { boats } from '../boats/schema';
import { bookings } from '../bookings/schema';

// Verified reviews (docs/public-site.md#reviews): one per completed booking, written through the
// signed link of the e-mail after the trip. The customer's words are theirs: nobody else writes
// stars or text; the owner answers once beside them, the admin can hide one with a recorded
// reason. The catalogue's ratings read this table, so it notifies `data_changed` (0016).
export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id')
      .notNull()
      .unique()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    boatId: uuid('boat_id')
      .notNull()
      .references(() => boats.id, { onDelete: 'cascade' }),
    stars: integer('stars').notNull(),
    text: text('text').notNull().default(''),
    firstName: text('first_name').notNull(),
    country: text('country').notNull().default(''),
    // The language it was written in: readers of another language see it marked so.
    language: text('language').notNull(),
    tripStartsAt: instant('trip_starts_at').notNull(),
    helpful: integer('helpful').notNull().default(0),
    ownerReply: text('owner_reply'),
    ownerRepliedAt: instant('owner_replied_at'),
    ownerRepliedBy: text('owner_replied_by'),
    // The language the answer is written in (null: answered before it was asked), so a reader of
    // another language sees it marked, as the review is.
    ownerReplyLanguage: text('owner_reply_language'),
    hiddenAt: instant('hidden_at'),
    hiddenReason: text('hidden_reason', { enum: REVIEW_HIDE_REASONS }),
    hiddenNote: text('hidden_note'),
    hiddenBy: text('hidden_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('reviews_stars_check', sql`${t.stars} between 1 and 5`),
    check('reviews_helpful_check', sql`${t.helpful} >= 0`),
    check(
      'reviews_hidden_check',
      sql`(${t.hiddenAt} is null) = (${t.hiddenReason} is null)
        and ${oneOf(t.hiddenReason, REVIEW_HIDE_REASONS)}`,
    ),
    check('reviews_reply_check', sql`(${t.ownerReply} is null) = (${t.ownerRepliedAt} is null)`),
    index('reviews_boat_idx').on(t.boatId, t.createdAt),
  ],
);

// One "helpful" per review per device (issue 42) and per client address (issue 53): each counted
// vote adds two rows, the device's random id (a cookie of the reader's browser) and `ip:` + the
// HMAC of the client address with the server's secret (never the address itself);
// `reviews.helpful` is raised only when both rows are added.
export const reviewHelpfulVotes = pgTable(
  'review_helpful_votes',
  {
    reviewId: uuid('review_id')
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    deviceId: text('device_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.reviewId, t.deviceId] })],
);
