// The live checkout of this tab, in sessionStorage: what a reload or the way back from the
// card's bank page (3-D Secure) needs to show the payment step again. `redirecting` says the
// page left for the bank with the hold kept (pagehide did not release it), so the hold is
// resumed as it is; after a plain reload (pagehide released it) the same request takes a new one.
import type { PaymentIntentRequestInput, PaymentIntentResponse } from '@boats/domain/schemas/payment-intent';

export type CheckoutRecord = {
  boatId: string;
  request: PaymentIntentRequestInput;
  intent: PaymentIntentResponse;
  start: string | null;
  end: string | null;
  redirecting?: boolean;
};

const KEY = 'booking.checkout';

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null; // blocked storage: the flow works, only a reload starts over
  }
}

export function saveCheckout(record: CheckoutRecord): void {
  storage()?.setItem(KEY, JSON.stringify(record));
}

/** The stored checkout of this booking id, if it is the one this tab holds. */
export function readCheckout(bookingId: string): CheckoutRecord | null {
  try {
    const record = JSON.parse(storage()?.getItem(KEY) ?? 'null') as CheckoutRecord | null;
    return record?.intent.bookingId === bookingId ? record : null;
  } catch {
    return null;
  }
}

export function markRedirecting(bookingId: string): void {
  const record = readCheckout(bookingId);
  if (record) saveCheckout({ ...record, redirecting: true });
}

/** The server lengthened the hold (contact details saved): a return from the bank page shows it. */
export function extendStoredHold(bookingId: string, holdExpiresAt: string): void {
  const record = readCheckout(bookingId);
  if (record) saveCheckout({ ...record, intent: { ...record.intent, holdExpiresAt } });
}

export function clearCheckout(): void {
  storage()?.removeItem(KEY);
}
