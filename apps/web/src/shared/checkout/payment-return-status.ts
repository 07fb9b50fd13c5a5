// The redirect_status values with which a card's bank page (3-D Secure, Stripe or the sandbox)
// comes back when the customer was not authenticated: nothing was charged, the hold is kept.
const REFUSED = new Set(['requires_payment_method', 'failed', 'canceled']);

export function isRefusedReturn(redirectStatus: string | null): boolean {
  return redirectStatus !== null && REFUSED.has(redirectStatus);
}
