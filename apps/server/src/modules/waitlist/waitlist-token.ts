// The offer link of the waitlist e-mail: the entry's id, signed with the server's secret. It
// opens the entry's offer only while its hold lasts (the hold, not the token, lapses).
import { createHmac, timingSafeEqual } from 'node:crypto';

const PURPOSE = 'waitlist-offer:v1:';

export function signWaitlistToken(entryId: string, secret: string): string {
  return createHmac('sha256', secret)
    .update(PURPOSE + entryId)
    .digest('base64url');
}

export function verifyWaitlistToken(entryId: string, token: string, secret: string): boolean {
  const expected = Buffer.from(signWaitlistToken(entryId, secret));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The address the offer e-mail links to: the held seats' payment step. */
export function waitlistOfferUrl(publicUrl: string, entryId: string, secret: string): string {
  const query = new URLSearchParams({ entry: entryId, token: signWaitlistToken(entryId, secret) });
  return `${publicUrl}/waitlist/offer?${query.toString()}`;
}
