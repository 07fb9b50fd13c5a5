// The offer link of the waitlist e-mail: the entry's id, signed with the server's secret. It
// opens the entry's offer only while its hold lasts (the hold, not the token, lapses).
import { PUBLIC_PATHS } from '@boats/domain/public-paths';
import { signId, verifySignedId } from '../auth/signed-id';

function signWaitlistToken(entryId: string, secret: string): string {
  return signId('waitlist-offer:v1:', entryId, secret);
}

export function verifyWaitlistToken(entryId: string, token: string, secret: string): boolean {
  return verifySignedId('waitlist-offer:v1:', entryId, token, secret);
}

/** The address the offer e-mail links to: the held seats' payment step. */
export function waitlistOfferUrl(publicUrl: string, entryId: string, secret: string): string {
  const query = new URLSearchParams({ entry: entryId, token: signWaitlistToken(entryId, secret) });
  return `${publicUrl}${PUBLIC_PATHS.waitlistOffer}?${query.toString()}`;
}
