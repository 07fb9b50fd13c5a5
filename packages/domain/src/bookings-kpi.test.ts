import { describe, expect, it } from 'vitest';
import { averageTicketPrice, bookingAmountEuros, bookingPeople, bookingsKpis, shortId } from './bookings-kpi';

describe('bookingAmountEuros', () => {
  const full = {
    payment: { received: 150, total: 170 },
    tickets: [{ pricePaid: 100 }, { pricePaid: 45.5 }],
    ownerAmount: 127.5,
    amountGross: 160,
  };

  it('follows the precedence received → tickets → owner → gross → total', () => {
    expect(bookingAmountEuros(full)).toBe(150);
    expect(bookingAmountEuros({ ...full, payment: { received: 0, total: 170 } })).toBe(145.5);
    expect(bookingAmountEuros({ ...full, payment: null, tickets: [] })).toBe(127.5);
    expect(bookingAmountEuros({ amountGross: 160, payment: { total: 170 } })).toBe(160);
    expect(bookingAmountEuros({ payment: { received: null, total: 170 } })).toBe(170);
    expect(bookingAmountEuros({})).toBe(0);
  });

  it('adds ticket prices in cents, without float drift', () => {
    expect(bookingAmountEuros({ tickets: [{ pricePaid: 0.1 }, { pricePaid: 0.2 }] })).toBe(0.3);
    expect(bookingAmountEuros({ tickets: [{ pricePaid: 0 }, { pricePaid: null }], amountGross: 5 })).toBe(5);
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

describe('bookingsKpis', () => {
  it('counts only paid, confirmed and completed; seats only on shared trips', () => {
    const kpis = bookingsKpis([
      { status: 'paid', type: 'shared', tickets: [{ pricePaid: 0.1 }, { pricePaid: 0.2 }] },
      { status: 'confirmed', type: 'private', amountGross: 300, passengers: { adults: 4 } },
      { status: 'completed', type: 'shared', payment: { received: 50 }, tickets: [{ pricePaid: 50 }] },
      { status: 'pending', type: 'shared', amountGross: 1000, seats: 5 },
      { status: 'canceled', type: 'private', amountGross: 1000 },
      { status: 'refunded', type: 'shared', amountGross: 1000, seats: 5 },
    ]);
    expect(kpis).toEqual({ count: 3, revenue: 350.3, seatsSold: 3, completed: 1 });
  });

  it('is all zeros for nothing', () => {
    expect(bookingsKpis([])).toEqual({ count: 0, revenue: 0, seatsSold: 0, completed: 0 });
  });
});
