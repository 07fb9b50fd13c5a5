// The hold the payment step took, given up once when the visitor leaves without paying: by the
// step's Back (its handler calls `leave`), by the browser's Back or Forward (the
// `popstate` event, when the address it lands on no longer names the checkout), or by leaving
// the booking altogether (the flow unmounts). The hold is kept
// in a ref from the moment the step shows it until it is given up or goes to be paid (`paying`)
// rather than read from the step: React renders a popstate's route change at once, inside the
// router's own listener, so the step is already gone when the event reaches this one.
import { useCallback, useEffect, useRef } from 'react';
import type { CheckoutRef } from '../../shared/checkout';
import { CHECKOUT_PARAM } from './booking-url';
import { clearCheckout } from './checkout-session';

export function useHeldCheckout(
  checkout: CheckoutRef | null,
  release: (hold: CheckoutRef) => Promise<unknown>,
) {
  const held = useRef<CheckoutRef | null>(null);
  useEffect(() => {
    if (checkout) held.current = checkout;
  }, [checkout]);

  const paying = useCallback(() => {
    held.current = null;
  }, []);
  const leave = useCallback(() => {
    const hold = held.current;
    if (!hold) return;
    held.current = null;
    clearCheckout();
    // A release that fails (network) leaves the hold to lapse on its own.
    void release(hold).catch(() => undefined);
  }, [release]);

  // Leaving the booking altogether (the dialog closed, another boat chosen) unmounts the flow,
  // and the hold goes with it. A tick later: StrictMode (development) unmounts and mounts again
  // at once, which is no leaving.
  const leaveOnUnmount = useRef<number | undefined>(undefined);
  useEffect(() => {
    window.clearTimeout(leaveOnUnmount.current);
    return () => {
      leaveOnUnmount.current = window.setTimeout(leave, 0);
    };
  }, [leave]);

  useEffect(() => {
    const onPopState = () => {
      if (new URLSearchParams(window.location.search).get(CHECKOUT_PARAM) !== held.current?.bookingId)
        leave();
    };
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, [leave]);

  return { leave, paying };
}
