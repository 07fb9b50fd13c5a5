import { describe, expect, it } from 'vitest';
import { dayPrices, offersCharter, sharedPriceFrom, sharedSeatOffer, toBoatListItem } from './boat-card';
import type { Boat } from './schemas/boat';

const boat: Boat = {
  _id: 'b1',
  title: 'Teide Spirit catamaran',
  description: '',
  images: [],
  port: { name: 'Puerto Colón', address: '' },
  capacity: 20,
  minDurationHours: 3,
  maxDurationHours: 3,
  verified: true,
  isActive: true,
  requiresLicense: false,
  geoNote: '',
  inclusions: [],
  pricing: { perHour: 400, halfDay: null, perDay: null, halfDayHours: 4, fullDayHours: 8 },
  shared: { pricing: { perHour: 20 }, minSeatsToDepart: 0 },
};

describe('honest "from" prices on the fleet card', () => {
  it('a shared-only boat shows no charter price, only its seat price', () => {
    const sharedOnly = { ...boat, offers: { charter: false, shared: true } };
    expect(toBoatListItem(sharedOnly, 'en').priceFrom).toBe(0);
    expect(sharedPriceFrom(sharedOnly)).toBe(20);
  });

  it('a charter-only boat shows no seat price', () => {
    const charterOnly = { ...boat, offers: { charter: true, shared: false } };
    expect(toBoatListItem(charterOnly, 'en').priceFrom).toBe(400);
    expect(sharedPriceFrom(charterOnly)).toBeUndefined();
  });

  it('a seat is priced for the trip it buys: €60 per adult for a 3-hour trip at €20 an hour', () => {
    const sharedOnly = { ...boat, offers: { charter: false, shared: true, sharedHours: 3 } };
    expect(sharedSeatOffer(sharedOnly)).toEqual({ euros: 60, hours: 3 });
    expect(offersCharter(sharedOnly)).toBe(false);
    const halfHours = {
      ...boat,
      shared: { ...boat.shared, pricing: { perHour: 25 } },
      offers: { charter: false, shared: true, sharedHours: 2.5 },
    };
    expect(sharedSeatOffer(halfHours)).toEqual({ euros: 62.5, hours: 2.5 });
    // Without the trips' length (an answer that does not say), no seat price is made up.
    expect(sharedSeatOffer(boat)).toBeUndefined();
  });

  it('a boat whose answer does not say what it offers shows both prices', () => {
    expect(toBoatListItem(boat, 'en').priceFrom).toBe(400);
    expect(sharedPriceFrom(boat)).toBe(20);
  });
});

describe('the fleet card in the visitor language', () => {
  const harbour = {
    name: { en: 'Puerto Colón', ru: 'Пуэрто-Колон' },
    address: { en: '' },
    note: { en: '' },
  };

  it('names the harbour in the visitor language, and in English where it has no translation', () => {
    const translated = { ...boat, harbourI18n: harbour };
    expect(toBoatListItem(translated, 'ru').location).toBe('Пуэрто-Колон');
    expect(toBoatListItem(translated, 'es').location).toBe('Puerto Colón');
    expect(toBoatListItem(boat, 'ru').location).toBe('Puerto Colón');
  });
});

describe('published day prices', () => {
  const priced = (halfDay: number | null, perDay: number | null) => ({
    ...boat,
    pricing: { perHour: 180, halfDay, perDay, halfDayHours: 4, fullDayHours: 8 },
  });

  it('shows the half-day and full-day prices with the hours they cover', () => {
    expect(dayPrices(priced(640, 1200))).toEqual([
      { rate: 'halfDay', euros: 640, hours: 4 },
      { rate: 'fullDay', euros: 1200, hours: 8 },
    ]);
    expect(dayPrices(priced(null, 1200))).toEqual([{ rate: 'fullDay', euros: 1200, hours: 8 }]);
  });

  it('leaves out a day price that is never charged (the hourly price is lower at its length)', () => {
    expect(dayPrices(priced(800, 1500))).toEqual([]);
  });
});
