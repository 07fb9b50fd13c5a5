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

describe('a gift voucher on the review', () => {
  const voucher = (balance: number) => ({
    code: 'GV-7KQ2-M9XD',
    balance,
    voucherAmount: 0,
    cardAmount: 0,
    expiresAt: '2028-11-26T10:00:00.000Z',
  });

  it('pays what its balance covers after the promo code, the card the rest, and its code is sent', () => {
    const promo = selectionReducer(trip, {
      type: 'promo',
      promo: { code: 'FIX', kind: 'amount', value: 2000 },
    });
    const s = selectionReducer(promo, { type: 'voucher', voucher: voucher(5000) });
    const choice = bookingChoice(boat, availability, s, null, NOW);
    expect(choice.totalCents).toBe(8000);
    expect(choice.voucher).toEqual({ code: 'GV-7KQ2-M9XD', voucherCents: 5000, cardCents: 3000 });
    const request = paymentIntentRequest(boat, s, choice, 'en');
    // The amount is still the booking's total: the server splits it the same way.
    expect(request?.amount).toBe(8000);
    expect(request?.booking.voucherCode).toBe('GV-7KQ2-M9XD');
  });

  it('a balance above the total pays it all; removed, nothing is sent', () => {
    const s = selectionReducer(trip, { type: 'voucher', voucher: voucher(50_000) });
    expect(bookingChoice(boat, availability, s, null, NOW).voucher).toMatchObject({
      voucherCents: 10_000,
      cardCents: 0,
    });
    const removed = selectionReducer(s, { type: 'voucher', voucher: null });
    const choice = bookingChoice(boat, availability, removed, null, NOW);
    expect(choice.voucher).toBeNull();
    expect(paymentIntentRequest(boat, removed, choice, 'en')?.booking.voucherCode).toBeUndefined();
  });
});

describe("a self-drive boat's licence on the review", () => {
  it('is sent with the payment intent once the customer confirmed it, and not before', () => {
    const choice = bookingChoice(boat, availability, trip, null, NOW);
    expect(paymentIntentRequest(boat, trip, choice, 'en')?.booking.licenceConfirmed).toBeUndefined();
    const ticked = selectionReducer(trip, { type: 'licence', confirmed: true });
    expect(paymentIntentRequest(boat, ticked, choice, 'en')?.booking.licenceConfirmed).toBe(true);
  });
});

describe("a boat's security deposit on the review", () => {
  it('is sent as agreed with the payment intent once the customer agreed, and not before', () => {
    const choice = bookingChoice(boat, availability, trip, null, NOW);
    expect(paymentIntentRequest(boat, trip, choice, 'en')?.booking.depositAccepted).toBeUndefined();
    const agreed = selectionReducer(trip, { type: 'deposit', accepted: true });
    expect(paymentIntentRequest(boat, agreed, choice, 'en')?.booking.depositAccepted).toBe(true);
  });
});
