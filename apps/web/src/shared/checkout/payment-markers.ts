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
  'key',
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

// Stored when the payment is confirmed and counted only once the confirmation has been on screen:
// between the two the flow itself passes through the choice's address (the checkout leaves it
// before the confirmation takes it over), and that is no Back.
type PaidSelection = { key: string; bookingId: string; checkoutKey: string; shown: boolean };

function readPaidSelection(): PaidSelection | null {
  try {
    return JSON.parse(session()?.getItem(PAID_SELECTION) ?? 'null') as PaidSelection | null;
  } catch {
    return null;
  }
}

function writePaidSelection(paid: PaidSelection): void {
  session()?.setItem(PAID_SELECTION, JSON.stringify(paid));
}

export function rememberPaidSelection(path: string, bookingId: string, checkoutKey: string): void {
  writePaidSelection({ key: choiceKey(path), bookingId, checkoutKey, shown: false });
}

/** The confirmation of this booking is on screen: from now on Back to its choice shows it again. */
export function confirmationShown(bookingId: string): void {
  const paid = readPaidSelection();
  if (paid && paid.bookingId === bookingId && !paid.shown) writePaidSelection({ ...paid, shown: true });
}

/** The booking paid from exactly this choice in this tab (with its key), once its confirmation was shown. */
export function paidBookingOf(path: string): { bookingId: string; checkoutKey: string } | null {
  const paid = readPaidSelection();
  return paid && paid.shown && paid.key === choiceKey(path) && paid.checkoutKey
    ? { bookingId: paid.bookingId, checkoutKey: paid.checkoutKey }
    : null;
}

export function forgetPaidSelection(): void {
  session()?.removeItem(PAID_SELECTION);
}
