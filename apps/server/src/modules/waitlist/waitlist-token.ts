// The links of the waitlist's e-mails: the entry's id, signed with the server's secret. Both go
// only to the address the visitor left, so one token proves that address for both: the
// confirmation link (the entry may then be offered seats) and the offer link, which opens the
// entry's offer only while its hold lasts (the hold, not the token, lapses).
import { PUBLIC_PATHS } from '@boats/domain/public-paths';
import { signId, verifySignedId } from '../auth/signed-id';

function signWaitlistToken(entryId: string, secret: string): string {
  return signId('waitlist-offer:v1:', entryId, secret);
}

export function verifyWaitlistToken(entryId: string, token: string, secret: string): boolean {
  return verifySignedId('waitlist-offer:v1:', entryId, token, secret);
}

function entryLink(path: string, publicUrl: string, entryId: string, secret: string): string {
  const query = new URLSearchParams({ entry: entryId, token: signWaitlistToken(entryId, secret) });
  return `${publicUrl}${path}?${query.toString()}`;
}

/** The address the confirmation e-mail links to: the visitor confirms their place in line. */
export function waitlistConfirmUrl(publicUrl: string, entryId: string, secret: string): string {
  return entryLink(PUBLIC_PATHS.waitlistConfirm, publicUrl, entryId, secret);
}

/** The address the offer e-mail links to: the held seats' payment step. */
export function waitlistOfferUrl(publicUrl: string, entryId: string, secret: string): string {
  return entryLink(PUBLIC_PATHS.waitlistOffer, publicUrl, entryId, secret);
}
