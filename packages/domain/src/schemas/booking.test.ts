import { describe, expect, it } from 'vitest';
import { authResponseSchema } from './auth';
import type { AdminBooking } from './booking';
import { adminBookingSchema, bookingsPageSchema, bookingsQuerySchema, publicBookingSchema } from './booking';

export const sampleBooking: AdminBooking = {
  _id: '3f1c2a8e-5b7d-4c1e-9a2b-1d2e3f4a5b6c',
  type: 'shared',
  boat: { _id: '00000000-0000-4000-8000-000000000001', title: 'Sea Breeze' },
  start: '2027-06-10T09:00:00.000Z',
  end: '2027-06-10T11:00:00.000Z',
  status: 'paid',
  seats: 2,
  people: 2,
  passengers: { adults: 1, child_u13: 1, child_u6: 0 },
  customer: { name: 'Ana', email: 'ana@mar.es', phone: null },
  currency: 'EUR',
  amountGross: 150,
  tickets: [
    { code: 'T-1', kind: 'seat', seatNo: 1, passengerType: 'adult', pricePaid: 100 },
    { code: 'T-2', kind: 'seat', seatNo: 2, passengerType: 'child_u13', pricePaid: 50 },
  ],
  platformFee: 22.5,
  ownerAmount: 127.5,
  payment: { received: 150, refunded: 0, total: 150, fee: 22.5 },
  provider: 'sandbox',
  providerPaymentId: 'pi_1',
  choiceDeadline: null,
  requestDecideBy: null,
  channel: { kind: 'site', name: null },
  history: [
    {
      at: '2027-06-01T10:00:00.000Z',
      by: 'customer',
      from: null,
      to: 'pending',
      code: 'checkout_started',
      params: {},
    },
    {
      at: '2027-06-01T10:01:00.000Z',
      by: 'provider',
      from: 'pending',
      to: 'paid',
      code: 'payment_succeeded',
      params: {},
      reason: null,
    },
  ],
};

describe('booking views', () => {
  it('the admin view keeps everything', () => {
    expect(adminBookingSchema.parse(sampleBooking)).toEqual(sampleBooking);
  });

  it('the public view strips the fee split, payment, provider and history', () => {
    const view = publicBookingSchema.parse(sampleBooking);
    for (const key of ['platformFee', 'ownerAmount', 'payment', 'provider', 'providerPaymentId', 'history']) {
      expect(view).not.toHaveProperty(key);
    }
    expect(view.amountGross).toBe(150);
  });

  it('validates the page with KPIs', () => {
    const page = {
      items: [sampleBooking],
      nextCursor: null,
      total: 1,
      kpis: {
        count: 1,
        revenue: 150,
        held: 0,
        seatsSold: 2,
        completed: 0,
        byChannel: [{ kind: 'site' as const, name: null, count: 1, retail: 150, revenue: 150 }],
      },
    };
    expect(bookingsPageSchema.parse(page)).toEqual(page);
  });
});

describe('bookingsQuerySchema', () => {
  it('defaults limit 50 and ascending, drops blank parameters', () => {
    expect(bookingsQuerySchema.parse({ status: '', q: '  ', limit: '' })).toEqual({
      limit: 50,
      sort: 'asc',
      lang: 'en',
    });
  });

  it('parses strings from the query and caps the limit at 200', () => {
    expect(
      bookingsQuerySchema.parse({
        start: '2027-06-01T00:00:00.000Z',
        end: '2027-06-30T22:59:59.999Z',
        status: 'paid',
        type: 'shared',
        q: ' ana ',
        limit: '200',
        sort: 'desc',
      }),
    ).toMatchObject({ status: 'paid', type: 'shared', q: 'ana', limit: 200, sort: 'desc' });
    expect(bookingsQuerySchema.safeParse({ limit: '201' }).success).toBe(false);
    expect(bookingsQuerySchema.safeParse({ limit: '0' }).success).toBe(false);
    expect(bookingsQuerySchema.safeParse({ status: 'lost' }).success).toBe(false);
  });
});

describe('authResponseSchema', () => {
  it('accepts the decided login answer', () => {
    const answer = { accessToken: 'jwt', user: { email: 'admin@boats.es', role: 'admin' } };
    expect(authResponseSchema.parse(answer)).toEqual(answer);
    expect(authResponseSchema.safeParse({ ...answer, user: { email: 'x', role: 'root' } }).success).toBe(
      false,
    );
  });
});
