// The printable voucher's link (docs/payments.md#gift-vouchers): the voucher's id signed with the
// server's secret for this purpose only, so no other token (manage-my-booking, payment link)
// opens it and nobody can make one for another voucher. It does not lapse: the voucher shows
// its own expiry.
import { createHmac, timingSafeEqual } from 'node:crypto';

const PURPOSE = 'gift-voucher:v1:';

export function signGiftVoucherToken(voucherId: string, secret: string): string {
  return createHmac('sha256', secret)
    .update(PURPOSE + voucherId)
    .digest('base64url');
}

/** True when `token` was issued by this server for this voucher. */
export function verifyGiftVoucherToken(voucherId: string, token: string, secret: string): boolean {
  const expected = Buffer.from(signGiftVoucherToken(voucherId, secret));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The address the e-mails carry: the printable voucher on the public site. */
export function giftVoucherUrl(publicUrl: string, voucherId: string, secret: string): string {
  const query = new URLSearchParams({ id: voucherId, token: signGiftVoucherToken(voucherId, secret) });
  return `${publicUrl}/gift/voucher?${query.toString()}`;
}
