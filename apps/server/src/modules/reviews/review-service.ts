// Verified reviews: only the customer of a completed booking, through the signed link of the
// e-mail after the trip, writes one (one per booking, changeable for REVIEW_EDIT_HOURS); the
// boat's owner answers once; the admin hides one with a recorded reason. Nobody else ever
// writes a customer's stars or words.
import {
  firstNameOf,
  orderReviews,
  ratingOfSum,
  reviewEditable,
  type ReviewOrder,
} from '@boats/domain/reviews';
import { canaryDateKey } from '@boats/domain/canary-time';
import type { LanguageCode } from '@boats/domain/languages';
import type { BackOfficeReview, BoatReviewsResponse, ReviewFormResponse } from '@boats/domain/schemas/review';
import type { reviewContentSchema, reviewHideRequestSchema } from '@boats/domain/schemas/review';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { conflict, DomainError, notFound } from '../../http/errors';
import { findPublicBoat } from '../boats/boat-repository';
import { boatOfBooking, findBooking, lockBookingRow, type BookingRow } from '../bookings/booking-repository';
import type { OwnerScope } from '../owner-scope/owner-scope';
import { toBackOfficeReview, toOwnReview, toPublicReview } from './review-mapper';
import {
  addHelpful,
  type HelpfulVoter,
  findReviewOfBooking,
  insertReview,
  lockReviewInScope,
  publishedReviewsOfBoat,
  ratingSumOfBoat,
  ratingSumOfSite,
  ratingSumsByBoat,
  reviewsInScope,
  setHidden,
  setOwnerReply,
  updateReviewContent,
} from './review-repository';
import { checkReviewToken } from './review-token';

type Content = z.output<typeof reviewContentSchema>;

/** 403 for a link this server did not sign for this booking, 410 once it lapsed. */
function assertLink(ctx: AppContext, bookingId: string, token: string): void {
  const check = checkReviewToken(bookingId, token, ctx.config.jwtSecret, ctx.now());
  if (check === 'invalid') {
    throw new DomainError(403, 'invalid_review_link', 'This link does not open a review of this booking.');
  }
  if (check === 'expired') {
    throw new DomainError(410, 'review_link_expired', 'This review link has expired (it works for 30 days).');
  }
}

function assertCompleted(booking: BookingRow | undefined): asserts booking is BookingRow {
  if (!booking) throw notFound('Booking');
  if (booking.status !== 'completed') {
    throw conflict('booking_not_completed', 'Only a trip that took place can be reviewed.');
  }
}

export async function reviewForm(
  ctx: AppContext,
  bookingId: string,
  token: string,
): Promise<ReviewFormResponse> {
  assertLink(ctx, bookingId, token);
  const booking = await findBooking(ctx.db, bookingId);
  assertCompleted(booking);
  const [boat, review] = await Promise.all([
    boatOfBooking(ctx.db, booking.boatId),
    findReviewOfBooking(ctx.db, bookingId),
  ]);
  if (!boat) throw notFound('Booking');
  return {
    bookingId,
    boatTitle: boat.title,
    tripDate: canaryDateKey(booking.startsAt),
    firstName: firstNameOf(booking.customerName),
    review: review ? toOwnReview(review) : null,
    editable: review ? reviewEditable(review.createdAt, ctx.now()) : true,
  };
}

/** The first review of a booking: 409 when it is not completed or already has one. */
export async function submitReview(
  ctx: AppContext,
  bookingId: string,
  token: string,
  content: Content,
): Promise<ReviewFormResponse> {
  assertLink(ctx, bookingId, token);
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const booking = await lockBookingRow(tx, bookingId);
    assertCompleted(booking);
    const inserted = await insertReview(tx, {
      bookingId,
      boatId: booking.boatId,
      ...content,
      tripStartsAt: booking.startsAt,
      createdAt: now,
      updatedAt: now,
    });
    if (!inserted) throw alreadyReviewed();
  });
  return reviewForm(ctx, bookingId, token);
}

const alreadyReviewed = () =>
  conflict(
    'already_reviewed',
    'This booking has been reviewed already; its review can be changed for 48 hours.',
  );

/** The author changes their review within REVIEW_EDIT_HOURS of first sending it. */
export async function changeReview(
  ctx: AppContext,
  bookingId: string,
  token: string,
  content: Content,
): Promise<ReviewFormResponse> {
  assertLink(ctx, bookingId, token);
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    assertCompleted(await lockBookingRow(tx, bookingId));
    const review = await findReviewOfBooking(tx, bookingId);
    if (!review) throw notFound('Review');
    if (!reviewEditable(review.createdAt, now)) {
      throw conflict('review_locked', 'A review can be changed for 48 hours after it was sent.');
    }
    await updateReviewContent(tx, review.id, { ...content, updatedAt: now });
  });
  return reviewForm(ctx, bookingId, token);
}

export async function boatReviews(
  db: Db,
  boatId: string,
  visitor: LanguageCode,
  order: ReviewOrder,
): Promise<BoatReviewsResponse> {
  if (!(await findPublicBoat(db, boatId))) throw notFound('Boat');
  const rows = await publishedReviewsOfBoat(db, boatId);
  const sum = rows.reduce((a, r) => a + r.stars, 0);
  return {
    rating: ratingOfSum(sum, rows.length),
    items: orderReviews(rows.map(toPublicReview), visitor, order),
  };
}

export async function siteRating(db: Db) {
  const { sum, count } = await ratingSumOfSite(db);
  return ratingOfSum(sum, count);
}

/** Each boat's rating, for the catalogue. */
export async function ratingsByBoat(db: Db) {
  const sums = await ratingSumsByBoat(db);
  return (boatId: string) => {
    const s = sums.get(boatId);
    return ratingOfSum(s?.sum ?? 0, s?.count ?? 0);
  };
}

/** One boat's rating (its month answer). */
export async function boatRating(db: Db, boatId: string) {
  const { sum, count } = await ratingSumOfBoat(db, boatId);
  return ratingOfSum(sum, count);
}

export async function markHelpful(db: Db, id: string, voter: HelpfulVoter): Promise<void> {
  if ((await addHelpful(db, id, voter)) === null) throw notFound('Review');
}

export async function backOfficeReviews(db: Db, scope: OwnerScope): Promise<BackOfficeReview[]> {
  return (await reviewsInScope(db, scope)).map((r) => toBackOfficeReview(r.review, r.boatTitle));
}

/** The owner's one public answer (the admin answers for the platform's boats). */
export async function replyToReview(
  ctx: AppContext,
  scope: OwnerScope,
  id: string,
  answer: { text: string; language: LanguageCode },
  actor: string,
): Promise<BackOfficeReview> {
  return ctx.db.transaction(async (tx) => {
    const found = await lockReviewInScope(tx, scope, id);
    if (!found) throw notFound('Review');
    const row = await setOwnerReply(tx, id, { ...answer, at: ctx.now(), by: actor });
    if (!row) throw conflict('already_replied', 'This review has been answered already.');
    return toBackOfficeReview(row, found.boatTitle);
  });
}

/** The admin hides a review; the reason, who and when stay on the row. */
export async function hideReview(
  ctx: AppContext,
  scope: OwnerScope,
  id: string,
  request: z.output<typeof reviewHideRequestSchema>,
  actor: string,
): Promise<BackOfficeReview> {
  return ctx.db.transaction(async (tx) => {
    const found = await lockReviewInScope(tx, scope, id);
    if (!found) throw notFound('Review');
    const row = await setHidden(tx, id, { ...request, at: ctx.now(), by: actor });
    if (!row) throw conflict('already_hidden', 'This review is hidden already.');
    return toBackOfficeReview(row, found.boatTitle);
  });
}
