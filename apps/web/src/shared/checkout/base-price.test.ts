// After paying, the trip's own price line is back, so the total can be checked against it.
import i18n from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PublicBooking } from '@boats/domain/schemas/booking';
import { setupTestI18n } from '../test/test-i18n';
import { basePriceText } from './base-price';

beforeAll(setupTestI18n);

const booking = (over: Partial<PublicBooking>): PublicBooking =>
  ({
    type: 'private',
    start: '2026-11-25T10:00:00Z',
    end: '2026-11-25T13:00:00Z',
    passengers: { adults: 2, child_u13: 0, child_u6: 0 },
    amountGross: 540,
    extras: [],
    promo: null,
    ...over,
  }) as PublicBooking;

const text = (b: PublicBooking, lang = 'en') =>
  basePriceText(i18n.getFixedT(lang, 'booking'), b, lang as 'en');

describe('the base price line after paying', () => {
  it('a charter of 3 h at €180: "3 h × €180.00"', () => {
    expect(text(booking({}))).toBe('3 h × €180.00');
  });

  it('leaves out the extras and puts back the promo code, as the review priced the trip', () => {
    const b = booking({
      amountGross: 520, // 540 + a €30 extra − a €50 code
      extras: [{ id: 'x', name: { en: 'Snorkel' }, quantity: 1, unitPrice: 30, total: 30 }],
      promo: { code: 'SUN', discount: 50 },
    } as Partial<PublicBooking>);
    expect(text(b)).toBe('3 h × €180.00');
  });

  it('a half-day price is no hourly rate: the trip price as it is', () => {
    expect(text(booking({ amountGross: 400 }))).toBe('€400.00');
  });

  it('a shared trip per person, in German too', () => {
    const b = booking({
      type: 'shared',
      end: '2026-11-25T12:00:00Z',
      passengers: { adults: 2, child_u13: 1, child_u6: 1 },
      amountGross: 125,
    });
    expect(text(b)).toBe('2 adults × €50.00, 1 child 6–12 × €25.00, 1 under 6 free');
    expect(text(b, 'de')).toContain('50,00');
  });
});
