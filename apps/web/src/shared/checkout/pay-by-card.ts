// Paying a client secret with the card form's contents, the one way every card form pays: the
// sandbox's confirm call (following its 3-D Secure page when it asks), or Stripe's own element.
// The booking's payment step and the Gift page both pay through it.
import { intentIdFromClientSecret } from '@boats/domain/schemas/payment-intent';
import type { CardEntry } from '@boats/domain/schemas/card-entry';
import { sandboxConfirm } from './checkout-api';
import type { PayOutcome } from './pay-outcome';

export type PayByCard = {
  provider: 'sandbox' | 'stripe';
  clientSecret: string;
  /** The sandbox's card as typed; Stripe's element holds its own. */
  card: CardEntry | undefined;
  /** Where the bank page (3-D Secure) sends the visitor back. */
  returnUrl: string;
  /** Stripe's pay action, once its element is ready. */
  stripePay: (() => Promise<PayOutcome>) | null;
  /** The page is about to leave for the bank page (true), or stayed after all (false). */
  onLeaving: (leaving: boolean) => void;
};

export async function payByCard(p: PayByCard): Promise<PayOutcome> {
  if (p.provider === 'stripe') {
    if (!p.stripePay) return { kind: 'failed', message: null };
    // Stripe redirects by itself when the card needs it.
    p.onLeaving(true);
    const outcome = await p.stripePay();
    p.onLeaving(false);
    return outcome;
  }
  if (!p.card) return { kind: 'failed', message: null };
  const answer = await sandboxConfirm(p.clientSecret, p.card, p.returnUrl);
  if (answer.status === 'succeeded' || answer.status === 'requires_capture')
    return { kind: 'succeeded', intentId: intentIdFromClientSecret(p.clientSecret) ?? p.clientSecret };
  if (answer.status === 'requires_action' && answer.redirectUrl) {
    p.onLeaving(true);
    window.location.assign(answer.redirectUrl);
    return new Promise<PayOutcome>(() => undefined); // the page is leaving
  }
  return { kind: 'failed', message: answer.message ?? null };
}
