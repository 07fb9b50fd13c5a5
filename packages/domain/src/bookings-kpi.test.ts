import { describe, expect, it } from 'vitest';
import { averageTicketPrice, bookingMoney, bookingPeople, shortId } from './bookings-kpi';

describe('bookingMoney', () => {
  it('shows an unpaid booking at its price, marked unpaid, never at the owner share', () => {
    expect(
      bookingMoney({ amountGross: 179, ownerAmount: 152.15, payment: { received: 0, total: 179 } }),
    ).toEqual({
      shown: 179,
      unpaid: true,
      received: 0,
      refunded: 0,
      net: 0,
      fee: 0,
      owner: 0,
    });
    expect(bookingMoney({ payment: { received: null, total: 204 } })).toMatchObject({
      shown: 204,
      unpaid: true,
    });
    expect(bookingMoney({})).toMatchObject({ shown: 0, unpaid: true });
  });

  it('shows what was received, with refunds beside it, in cents without float drift', () => {
    expect(bookingMoney({ amountGross: 240, payment: { received: 240, refunded: 240, total: 240 } })).toEqual(
      {
        shown: 240,
        unpaid: false,
        received: 240,
        refunded: 240,
        net: 0,
        fee: 0,
        owner: 0,
      },
    );
    expect(bookingMoney({ payment: { received: 0.3, refunded: 0.1, total: 0.3 } })).toMatchObject({
      net: 0.2,
    });
    expect(
      bookingMoney({
        platformFee: 16.87,
        ownerAmount: 95.58,
        payment: { received: 150, refunded: 37.55, total: 150 },
      }),
    ).toMatchObject({ shown: 150, net: 112.45, fee: 16.87, owner: 95.58 });
  });
});

describe('bookingPeople', () => {
  it('counts tickets on a shared trip, seats before tickets exist', () => {
    expect(bookingPeople({ type: 'shared', tickets: [{}, {}, {}], people: 9 })).toBe(3);
    expect(bookingPeople({ type: 'shared', tickets: [], seats: 4 })).toBe(4);
    expect(bookingPeople({ type: 'shared', seats: { total: 2 } })).toBe(2);
    expect(bookingPeople({ type: 'shared', people: 5 })).toBe(5);
  });

  it('adds passengers on a charter, falling back to people', () => {
    expect(
      bookingPeople({ type: 'private', passengers: { adults: 2, child_u13: 1, child_u6: 1 }, people: 9 }),
    ).toBe(4);
    expect(
      bookingPeople({ type: 'private', passengers: { adults: 0, child_u13: 0, child_u6: 0 }, people: 6 }),
    ).toBe(6);
    expect(bookingPeople({ type: 'private' })).toBe(0);
  });
});

describe('averageTicketPrice', () => {
  it('averages positive prices to 2 decimals', () => {
    expect(averageTicketPrice([{ pricePaid: 100 }, { pricePaid: 50 }, { pricePaid: 0 }])).toBe(75);
    expect(averageTicketPrice([{ pricePaid: 10 }, { pricePaid: 10 }, { pricePaid: 10.01 }])).toBe(10);
    expect(averageTicketPrice([{ pricePaid: 10 }, { pricePaid: 10.01 }])).toBe(10.01); // 10.005 rounds up
    expect(averageTicketPrice([{ pricePaid: 0 }])).toBeNull();
    expect(averageTicketPrice([])).toBeNull();
  });
});

describe('ids', () => {
  it('shortens ids', () => {
    expect(shortId('3f1c2a8e-5b7d-4c1e-9a2b-1d2e3f4a5b6c')).toBe('4a5b6c');
    expect(shortId('abc')).toBe('abc');
  });
});
