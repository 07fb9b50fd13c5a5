import { describe, expect, it } from 'vitest';
import {
  intentIdFromClientSecret,
  paymentIntentRequestSchema,
  paymentIntentResponseSchema,
} from './payment-intent';

const charter = {
  currency: 'eur',
  amount: 30000,
  booking: {
    boatId: '00000000-0000-4000-8000-000000000001',
    mode: 'private',
    slotId: '00000000-0000-4000-8000-000000000011',
    dateISO: '2027-06-10T09:00:00Z',
    durationHours: 3,
    // The party on board: a charter's price does not depend on it, its capacity does.
    tickets: { adults: 2, children50: 1, kidsFree: 0 },
    priceBreakdown: { unitPerHour: 100, paidUnits: 1, hours: 3, total: 300 },
  },
};

const shared = {
  currency: 'EUR',
  amount: 12500,
  booking: {
    boatId: '00000000-0000-4000-8000-000000000001',
    mode: 'shared',
    slotId: '00000000-0000-4000-8000-000000000012',
    dateISO: '2027-06-10T10:00:00+01:00',
    durationHours: 2,
    tickets: { adults: 1, children50: 1, kidsFree: 1 },
    priceBreakdown: { unitPerHour: 50, paidUnits: 1.5, hours: 2, total: 150 },
  },
  customer: { name: 'Ana', email: 'ana@mar.es' },
  lang: 'es',
};

const paths = (input: unknown) =>
  (paymentIntentRequestSchema.safeParse(input).error?.issues ?? []).map((i) => i.path.join('.'));

describe('paymentIntentRequestSchema', () => {
  it('accepts a charter and a shared request; currency normalised to eur', () => {
    expect(paymentIntentRequestSchema.parse(charter).currency).toBe('eur');
    expect(paymentIntentRequestSchema.parse(shared).currency).toBe('eur');
  });

  it('refuses other currencies and non-integer or zero amounts', () => {
    expect(paths({ ...charter, currency: 'usd' })).toEqual(['currency']);
    expect(paths({ ...charter, amount: 300.5 })).toEqual(['amount']);
    expect(paths({ ...charter, amount: 0 })).toEqual(['amount']);
  });

  it('needs tickets for a shared trip, with whole non-negative counts', () => {
    const withoutTickets: Partial<typeof shared.booking> = { ...shared.booking };
    delete withoutTickets.tickets;
    expect(paths({ ...shared, booking: withoutTickets })).toEqual(['booking.tickets']);
    expect(
      paths({
        ...shared,
        booking: { ...shared.booking, tickets: { adults: -1, children50: 0.5, kidsFree: 0 } },
      }),
    ).toEqual(['booking.tickets.adults', 'booking.tickets.children50']);
  });

  it('needs whole charter hours of at least 1', () => {
    expect(paths({ ...charter, booking: { ...charter.booking, durationHours: 2.5 } })).toEqual([
      'booking.durationHours',
    ]);
    expect(paths({ ...charter, booking: { ...charter.booking, durationHours: 0 } })).toEqual([
      'booking.durationHours',
    ]);
    expect(paths({ ...shared, booking: { ...shared.booking, durationHours: 1.5 } })).toEqual([]);
  });

  it('refuses a start without offset and half-unit nonsense', () => {
    expect(paths({ ...charter, booking: { ...charter.booking, dateISO: '2027-06-10T09:00:00' } })).toEqual([
      'booking.dateISO',
    ]);
    const breakdown = { ...charter.booking.priceBreakdown, paidUnits: 1.25 };
    expect(paths({ ...charter, booking: { ...charter.booking, priceBreakdown: breakdown } })).toEqual([
      'booking.priceBreakdown.paidUnits',
    ]);
  });
});

describe('paymentIntentResponseSchema', () => {
  it('accepts the decided answer and reads the intent id from the secret', () => {
    const answer = {
      clientSecret: 'pi_123_secret_abc',
      bookingId: '3f1c2a8e-5b7d-4c1e-9a2b-1d2e3f4a5b6c',
      checkoutKey: 'k3y-of-the-checkout',
      holdExpiresAt: '2027-06-10T09:15:00.000Z',
      amount: 30000,
      voucherAmount: 0,
    };
    expect(paymentIntentResponseSchema.parse(answer)).toEqual(answer);
    expect(intentIdFromClientSecret(answer.clientSecret)).toBe('pi_123');
    expect(intentIdFromClientSecret('nonsense')).toBeNull();
    // The checkout key is part of the answer: the confirmation page cannot open the booking without it.
    const { checkoutKey: _key, ...withoutKey } = answer;
    expect(paymentIntentResponseSchema.safeParse(withoutKey).success).toBe(false);
  });
});
