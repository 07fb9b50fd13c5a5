// Verified reviews (issue 30): who may write one, for how long it can be changed, what a boat's
// rating is and in which order a visitor reads them. Pure: every rule takes `now` as an argument.
import { intlLocale, type LanguageCode } from './languages';

/** The review link in the e-mail after the trip works this long. */
export const REVIEW_LINK_DAYS = 30;
/** A written review can be changed by its author this long after it was first sent. */
export const REVIEW_EDIT_HOURS = 48;
/** A boat's card shows its rating only from this many published reviews. */
export const MIN_REVIEWS_ON_CARD = 3;

const HOUR_MS = 3_600_000;

export type Rating = { average: number; count: number };

/** The average of the stars, to one decimal (4.85 → 4.9), and how many; 0 and 0 when none. */
export function ratingOf(stars: readonly number[]): Rating {
  if (stars.length === 0) return { average: 0, count: 0 };
  const sum = stars.reduce((a, b) => a + b, 0);
  return { average: Math.round((sum * 10) / stars.length) / 10, count: stars.length };
}

/** The same from a sum and a count (what the database adds up). */
export function ratingOfSum(sum: number, count: number): Rating {
  return count === 0 ? { average: 0, count: 0 } : { average: Math.round((sum * 10) / count) / 10, count };
}

/** A rating as the reader writes it, one decimal: 4.9 in English, 4,9 in German, 5.0 for five. */
export function formatRating(average: number, lng: LanguageCode): string {
  return new Intl.NumberFormat(intlLocale(lng), {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  }).format(average);
}

/** Whether a boat's card shows its rating. */
export function showsRatingOnCard(rating: Rating | undefined): rating is Rating {
  return rating !== undefined && rating.count >= MIN_REVIEWS_ON_CARD;
}

/** When a review link sent at `sentAt` stops working. */
export function reviewLinkExpiry(sentAt: Date): Date {
  return new Date(sentAt.getTime() + REVIEW_LINK_DAYS * 24 * HOUR_MS);
}

/** Until when a review first sent at `createdAt` may be changed. */
export function reviewEditableUntil(createdAt: Date): Date {
  return new Date(createdAt.getTime() + REVIEW_EDIT_HOURS * HOUR_MS);
}

export function reviewEditable(createdAt: Date, now: Date): boolean {
  return now.getTime() < reviewEditableUntil(createdAt).getTime();
}

/** The first word of a customer's name: what a review signs with unless they type another. */
export function firstNameOf(fullName: string): string {
  return fullName.trim().split(/\s+/)[0] ?? '';
}

export const REVIEW_ORDERS = ['latest', 'helpful'] as const;
export type ReviewOrder = (typeof REVIEW_ORDERS)[number];

type Orderable = { language: string; createdAt: string; helpful: number };

/**
 * Reviews as a visitor reads them: those written in the visitor's language first, then the
 * others; inside each group the latest first, or the most helpful (ties: the latest).
 */
export function orderReviews<T extends Orderable>(
  reviews: readonly T[],
  visitor: LanguageCode,
  order: ReviewOrder,
): T[] {
  const latest = (a: T, b: T) => b.createdAt.localeCompare(a.createdAt);
  return [...reviews].sort((a, b) => {
    const own = Number(b.language === visitor) - Number(a.language === visitor);
    if (own !== 0) return own;
    if (order === 'helpful' && a.helpful !== b.helpful) return b.helpful - a.helpful;
    return latest(a, b);
  });
}
