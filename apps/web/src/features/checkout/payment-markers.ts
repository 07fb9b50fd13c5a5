// Per-payment-intent notes in local storage (spec §7): which booking an intent confirmed to,
// so a reload of a 3-D Secure return URL shows the booking without confirming again, and
// which boat a redirect left from, so "Back" after a failed authentication returns there.
const CONFIRMED = 'booking.confirmed.';
const ORIGIN = 'booking.origin.';

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

export function rememberOrigin(intentId: string, boatId: string): void {
  storage()?.setItem(ORIGIN + intentId, boatId);
}

export function originOf(intentId: string): string | null {
  return storage()?.getItem(ORIGIN + intentId) ?? null;
}
