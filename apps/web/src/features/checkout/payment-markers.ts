// Per-payment-intent notes in local storage (docs/product.md §7): which booking an intent confirmed to, so
// a reload of a 3-D Secure return URL shows the booking without confirming again.
const CONFIRMED = 'booking.confirmed.';

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null; // private mode or blocked storage: the flow still works, only without memory
  }
}

export function confirmedBookingOf(intentId: string): string | null {
  return storage()?.getItem(CONFIRMED + intentId) ?? null;
}

export function rememberConfirmed(intentId: string, bookingId: string): void {
  storage()?.setItem(CONFIRMED + intentId, bookingId);
}

// The selection a payment in this tab was made from (sessionStorage), so Back from the
// confirmation lands on the confirmation again instead of the filled-in choice, which made
// booking the same trip twice easy. Only the choice counts, not the checkout or the bank's return.
const PAID_SELECTION = 'booking.paidSelection';
const NOT_THE_CHOICE = [
  'checkout',
  'payment_intent',
  'payment_intent_client_secret',
  'redirect_status',
  'lng',
];

/** `path` is the address's path and query: /booking/{boat} names the boat in the path. */
function choiceKey(path: string): string {
  const [pathname = '', search = ''] = path.split('?');
  const params = new URLSearchParams(search);
  for (const key of NOT_THE_CHOICE) params.delete(key);
  const choice = [...params.entries()]
    .map((e) => e.join('='))
    .sort()
    .join('&');
  return `${pathname}?${choice}`;
}

function session(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export function rememberPaidSelection(path: string, bookingId: string): void {
  session()?.setItem(PAID_SELECTION, JSON.stringify({ key: choiceKey(path), bookingId }));
}

/** The booking paid from exactly this choice in this tab, if any. */
export function paidBookingOf(path: string): string | null {
  try {
    const paid = JSON.parse(session()?.getItem(PAID_SELECTION) ?? 'null') as {
      key: string;
      bookingId: string;
    } | null;
    return paid && paid.key === choiceKey(path) ? paid.bookingId : null;
  } catch {
    return null;
  }
}

export function forgetPaidSelection(): void {
  session()?.removeItem(PAID_SELECTION);
}
