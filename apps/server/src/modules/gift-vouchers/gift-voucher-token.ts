// The printable voucher's link (docs/payments.md#gift-vouchers): the voucher's id signed with the
// server's secret for this purpose only, so no other token (manage-my-booking, payment link)
// opens it and nobody can make one for another voucher. It does not lapse: the voucher shows
// its own expiry.
import { PUBLIC_PATHS } from '@boats/domain/public-paths';
import { signId, verifySignedId } from '../auth/signed-id';

export function signGiftVoucherToken(voucherId: string, secret: string): string {
  return signId('gift-voucher:v1:', voucherId, secret);
}

/** True when `token` was issued by this server for this voucher. */
export function verifyGiftVoucherToken(voucherId: string, token: string, secret: string): boolean {
  return verifySignedId('gift-voucher:v1:', voucherId, token, secret);
}

/** The address the e-mails carry: the printable voucher on the public site. */
export function giftVoucherUrl(publicUrl: string, voucherId: string, secret: string): string {
  const query = new URLSearchParams({ id: voucherId, token: signGiftVoucherToken(voucherId, secret) });
  return `${publicUrl}${PUBLIC_PATHS.giftVoucher}?${query.toString()}`;
}
