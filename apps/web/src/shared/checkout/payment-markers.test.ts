import { beforeEach, describe, expect, it } from 'vitest';
import {
  confirmationShown,
  forgetPaidSelection,
  paidBookingOf,
  rememberPaidSelection,
} from './payment-markers';

const choice =
  '/?book=00000000-0000-4000-8000-000000000001&mode=tickets&date=2026-12-04&start=10%3A00&adults=2';

describe('the choice a booking was paid from', () => {
  beforeEach(() => forgetPaidSelection());

  it('leads Back to the confirmation only once the confirmation was shown', () => {
    rememberPaidSelection(`${choice}&checkout=booking-1&key=k-1`, 'booking-1', 'k-1');
    // The flow passes through the choice's address on its way to the confirmation: no Back yet.
    expect(paidBookingOf(choice)).toBeNull();
    confirmationShown('booking-1');
    // With its checkout key, which the confirmation's address needs.
    expect(paidBookingOf(choice)).toEqual({ bookingId: 'booking-1', checkoutKey: 'k-1' });
    expect(paidBookingOf(`${choice}&lng=es`)).toEqual({ bookingId: 'booking-1', checkoutKey: 'k-1' });
    expect(paidBookingOf(choice.replace('adults=2', 'adults=3'))).toBeNull();
  });

  it('is not armed by the confirmation of another booking', () => {
    rememberPaidSelection(choice, 'booking-1', 'k-1');
    confirmationShown('booking-2');
    expect(paidBookingOf(choice)).toBeNull();
  });
});
