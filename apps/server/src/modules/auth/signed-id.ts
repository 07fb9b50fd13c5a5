// The key of a link sent by e-mail (a payment link, a waitlist offer, a gift voucher), and the
// checkout key the start of a checkout answers to its browser alone (never e-mailed): the row's
// id signed with the server's secret for one purpose, so a key opens exactly one row through
// exactly one kind of link, and nobody without the secret can make one. The key itself never
// lapses; what it opens may (a hold, a voucher's expiry). Manage my booking has a key of its
// own that lapses and is revoked (manage-booking/manage-token.ts).
import { createHmac, timingSafeEqual } from 'node:crypto';

/** Each kind of link signs with its own prefix (changing one voids every link of that kind). */
export type LinkPurpose = 'payment-link:v1:' | 'waitlist-offer:v1:' | 'gift-voucher:v1:' | 'checkout:v1:';

export function signId(purpose: LinkPurpose, id: string, secret: string): string {
  return createHmac('sha256', secret)
    .update(purpose + id)
    .digest('base64url');
}

/** True when `token` was issued by this server for this id and this kind of link. */
export function verifySignedId(purpose: LinkPurpose, id: string, token: string, secret: string): boolean {
  const expected = Buffer.from(signId(purpose, id, secret));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
