// The query parameters a card redirect (Stripe's or the sandbox's 3-D Secure page) comes back
// with, and the URL without them.
export const RETURN_PARAMS = ['payment_intent', 'payment_intent_client_secret', 'redirect_status'] as const;

export type PaymentReturn = { intentId: string; redirectStatus: string | null };

export function readPaymentReturn(search: string): PaymentReturn | null {
  const params = new URLSearchParams(search);
  const intentId = params.get('payment_intent');
  return intentId ? { intentId, redirectStatus: params.get('redirect_status') } : null;
}

export function returnUrlOf(href: string): string {
  const url = new URL(href);
  for (const p of RETURN_PARAMS) url.searchParams.delete(p);
  url.hash = '';
  return url.toString();
}
