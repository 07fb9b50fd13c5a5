// Closing the tab mid-checkout gives the hold up, best effort: a beacon survives the page's end
// where a fetch would be cut off. Not while the page leaves for the card's bank page (3-D
// Secure), whose return needs the hold. The beacon sends no body: the key rides in its query.
import { useEffect, type RefObject } from 'react';
import { checkoutBookingUrl } from './api/checkout-booking-url';

export function useReleaseOnPageHide(
  bookingId: string,
  checkoutKey: string,
  leavingForBank: RefObject<boolean>,
  enabled = true,
): void {
  useEffect(() => {
    if (!enabled) return;
    const release = () => {
      if (leavingForBank.current) return;
      navigator.sendBeacon(checkoutBookingUrl(bookingId, checkoutKey, '/release'));
    };
    window.addEventListener('pagehide', release);
    return () => window.removeEventListener('pagehide', release);
  }, [bookingId, checkoutKey, leavingForBank, enabled]);
}
