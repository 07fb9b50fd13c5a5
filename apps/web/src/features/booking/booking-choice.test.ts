// The review's promo code: the discount by the domain's rule, the total charged after it, and the
// code sent with the payment intent whose amount is that total.
import { describe, expect, it } from 'vitest';
import { availability, boat, NOW } from '../../shared/test/fixtures';
import { bookingChoice, paymentIntentRequest } from './booking-choice';
import { initialSelection, selectionReducer, type Selection } from './selection-state';

// Two adults on the 2-hour shared trip at €25 a seat-hour: €100.
const trip: Selection = {
  ...initialSelection(NOW, 'shared'),
  date: '2026-11-26',
  slotId: 's10',
  slotStart: '2026-11-26T10:00:00Z',
  passengers: { adults: 2, children50: 0, kidsFree: 0 },
};

describe('a promo code on the review', () => {
  it('takes 12.5 % off, rounded half up once, and charges the rest', () => {
    const s = selectionReducer(trip, {
      type: 'promo',
      promo: { code: 'SUMMER-10', kind: 'percent', value: 1250 },
    });
    const choice = bookingChoice(boat, availability, s, null, NOW);
    expect(choice.subtotalCents).toBe(10_000);
    expect(choice.promo).toEqual({ code: 'SUMMER-10', discountCents: 1250 });
    expect(choice.totalCents).toBe(8750);
    const request = paymentIntentRequest(boat, s, choice, 'en');
    expect(request?.amount).toBe(8750);
    expect(request?.booking.promoCode).toBe('SUMMER-10');
    expect(request?.booking.priceBreakdown.total).toBe(100);
  });

  it('without a code the total is the subtotal and no code is sent; removing one brings it back', () => {
    const applied = selectionReducer(trip, {
      type: 'promo',
      promo: { code: 'FIX', kind: 'amount', value: 2000 },
    });
    expect(bookingChoice(boat, availability, applied, null, NOW).totalCents).toBe(8000);
    const removed = selectionReducer(applied, { type: 'promo', promo: null });
    const choice = bookingChoice(boat, availability, removed, null, NOW);
    expect(choice.totalCents).toBe(10_000);
    expect(choice.promo).toBeNull();
    expect(paymentIntentRequest(boat, removed, choice, 'en')?.booking.promoCode).toBeUndefined();
  });
});
