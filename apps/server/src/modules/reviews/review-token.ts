// The review link of the e-mail after the trip: the booking id and the link's expiry, signed
// with the server's secret. Unlike the manage token it lapses (REVIEW_LINK_DAYS after it was
// sent); changing the expiry breaks the signature.
import { PUBLIC_PATHS } from '@boats/domain/public-paths';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { reviewLinkExpiry } from '@boats/domain/reviews';

const PURPOSE = 'review-booking:v1:';

function signature(bookingId: string, expiresSeconds: number, secret: string): string {
  return createHmac('sha256', secret).update(`${PURPOSE}${bookingId}:${expiresSeconds}`).digest('base64url');
}

/** A token for `bookingId` that works until REVIEW_LINK_DAYS after `sentAt`. */
export function signReviewToken(bookingId: string, sentAt: Date, secret: string): string {
  const expires = Math.floor(reviewLinkExpiry(sentAt).getTime() / 1000);
  return `${expires}.${signature(bookingId, expires, secret)}`;
}

export type ReviewTokenCheck = 'valid' | 'invalid' | 'expired';

export function checkReviewToken(
  bookingId: string,
  token: string,
  secret: string,
  now: Date,
): ReviewTokenCheck {
  const [expiresText = '', given = ''] = token.split('.');
  const expires = Number(expiresText);
  if (!/^\d{1,12}$/.test(expiresText)) return 'invalid';
  const expected = Buffer.from(signature(bookingId, expires, secret));
  const actual = Buffer.from(given);
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return 'invalid';
  return now.getTime() < expires * 1000 ? 'valid' : 'expired';
}

/** The review page's address written into the e-mail. */
export function reviewUrl(publicUrl: string, bookingId: string, sentAt: Date, secret: string): string {
  const query = new URLSearchParams({
    booking: bookingId,
    token: signReviewToken(bookingId, sentAt, secret),
  });
  return `${publicUrl}${PUBLIC_PATHS.review}?${query.toString()}`;
}
