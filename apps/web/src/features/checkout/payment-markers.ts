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
