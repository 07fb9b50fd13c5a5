// Spec §4 step 4: confirm the payment; the answer is the paid booking. Exactly one confirm per
// intent: calls in flight are shared within the page, and a confirmed intent is remembered in
// local storage so a reload loads the booking instead of confirming again.
import type { PublicBooking } from '@boats/domain/schemas/booking';
import i18n from '../i18n/i18n';
import { ApiError } from '../api/http';
import { confirmPayment, loadBooking } from './checkout-api';
import { confirmedBookingOf, rememberConfirmed, rememberPaidSelection } from './payment-markers';

export type ConfirmResult = { ok: true; booking: PublicBooking } | { ok: false; message: string };

const inFlight = new Map<string, Promise<ConfirmResult>>();

const tr = (key: string, values?: Record<string, unknown>) => i18n.t(key, { ns: 'booking', ...values });

async function run(intentId: string, checkoutKey: string | null): Promise<ConfirmResult> {
  const confirmedBefore = confirmedBookingOf(intentId);
  if (confirmedBefore) return load(confirmedBefore, checkoutKey);
  try {
    // The confirm call answers the paid booking itself: nothing to load after it.
    const booking = await confirmPayment(intentId);
    rememberConfirmed(intentId, booking._id);
    // The address still holds the choice this payment was made from (the page or the dialog's).
    if (checkoutKey)
      rememberPaidSelection(window.location.pathname + window.location.search, booking._id, checkoutKey);
    return { ok: true, booking };
  } catch (err) {
    // The sale could not keep its promo code (the code's e-mail rules are checked only there,
    // docs/payments.md#promo-codes): said in the page's language, with the refund.
    if (err instanceof ApiError && err.code === 'promo_not_applicable') {
      return { ok: false, message: tr('errors.promoNotApplicable') };
    }
    if (err instanceof ApiError && err.status > 0) {
      return { ok: false, message: tr('errors.confirmFailed', { status: err.status, text: err.message }) };
    }
    return { ok: false, message: err instanceof Error ? err.message : String(err) };
  }
}

/**
 * A reload after the confirmation: the booking is loaded, never confirmed again, with the key
 * the return address carries (a confirm proves the payment; a load needs the key).
 */
async function load(bookingId: string, checkoutKey: string | null): Promise<ConfirmResult> {
  if (!checkoutKey) return { ok: false, message: tr('errors.bookingLoadFailed', { status: 400 }) };
  try {
    return { ok: true, booking: await loadBooking(bookingId, checkoutKey) };
  } catch (err) {
    const status = err instanceof ApiError ? err.status : 0;
    return { ok: false, message: tr('errors.bookingLoadFailed', { status }) };
  }
}

/** `checkoutKey`: the checkout's key (the return address's `key`), null when the address lost it. */
export function confirmAndLoad(intentId: string, checkoutKey: string | null): Promise<ConfirmResult> {
  const pending = inFlight.get(intentId);
  if (pending) return pending;
  const promise = run(intentId, checkoutKey).finally(() => inFlight.delete(intentId));
  inFlight.set(intentId, promise);
  return promise;
}
