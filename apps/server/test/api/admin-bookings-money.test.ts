// The money the back office shows for a booking, from the ledger, in every place it appears
// (list, details, CSV, KPI tiles): unpaid at its price with no split; paid split to the cent;
// refunded with received, refunded and net; a partial refund shrinking both shares.
import type { AdminBooking, AdminBookingDetails } from '@boats/domain/schemas/booking';
import { describe, expect, it } from 'vitest';
import { bearer } from '../helpers/admin-token';
import {
  addBookings,
  addSandboxPayment,
  adminBookingsTestApp,
  at,
  listBookings,
  MONTH_QUERY,
} from './admin-bookings.fixtures';

describe('admin bookings: money that adds up', async () => {
  const { t, admin, boat } = await adminBookingsTestApp();

  // 150.00 at 15 %: 22.50 + 127.50. 19.99 at 15 %: 2.9985 → 3.00 + 16.99 (the half-cent case).
  const { paid, odd, pending, canceledUnpaid, toRefund, partly } = await addBookings(t.ctx.db, boat, {
    paid: { status: 'paid', start: at('2026-11-02'), grossCents: 15_000 },
    odd: { status: 'confirmed', start: at('2026-11-03'), grossCents: 1_999 },
    pending: { status: 'pending', start: at('2026-11-04'), grossCents: 17_900 },
    canceledUnpaid: { status: 'canceled', start: at('2026-11-05'), grossCents: 20_400, receivedCents: 0 },
    toRefund: { status: 'paid', start: at('2026-11-06'), grossCents: 24_000 },
    partly: { status: 'paid', start: at('2026-11-07'), grossCents: 24_000 },
  });
  await addSandboxPayment(t.ctx.db, toRefund.booking.providerPaymentId!, 24_000);
  await addSandboxPayment(t.ctx.db, partly.booking.providerPaymentId!, 24_000);

  async function call(method: 'GET' | 'POST', url: string, payload?: object) {
    const res = await t.app.inject({ method, url, headers: bearer(admin), ...(payload ? { payload } : {}) });
    expect(res.statusCode, res.body).toBe(200);
    return res;
  }
  const details = async (id: string) =>
    (await call('GET', `/api/admin/bookings/${id}`)).json() as AdminBookingDetails;
  const listed = async () =>
    new Map((await listBookings(t, admin, MONTH_QUERY)).items.map((b): [string, AdminBooking] => [b._id, b]));

  it('a paid booking splits its price to the cent; the odd half cent goes to the fee once', async () => {
    expect(await details(paid.booking.id)).toMatchObject({
      amountGross: 150,
      platformFee: 22.5,
      ownerAmount: 127.5,
      payment: { received: 150, refunded: 0, total: 150, fee: 22.5 },
      netReceived: 150,
    });
    const b = await details(odd.booking.id);
    expect(b).toMatchObject({ amountGross: 19.99, platformFee: 3, ownerAmount: 16.99 });
    expect(Math.round(b.platformFee * 100) + Math.round(b.ownerAmount * 100)).toBe(1_999);
  });

  it('unpaid bookings show their price with nothing received and no owner share', async () => {
    const list = await listed();
    for (const [booking, price] of [
      [pending, 179],
      [canceledUnpaid, 204],
    ] as const) {
      expect(list.get(booking.booking.id)).toMatchObject({
        amountGross: price,
        platformFee: 0,
        ownerAmount: 0,
        payment: { received: 0, refunded: 0, total: price, fee: 0 },
      });
    }
  });

  it('a full refund shows received and refunded, and leaves no share; a partial one shrinks both', async () => {
    await call('POST', `/api/admin/bookings/${toRefund.booking.id}/cancel`, { reason: 'Engine fault' });
    await call('POST', `/api/admin/bookings/${toRefund.booking.id}/refund`, { reason: 'Engine fault' });
    expect(await details(toRefund.booking.id)).toMatchObject({
      status: 'refunded',
      platformFee: 0,
      ownerAmount: 0,
      payment: { received: 240, refunded: 240, total: 240 },
      netReceived: 0,
    });

    await call('POST', `/api/admin/bookings/${partly.booking.id}/cancel`, { reason: 'Came late' });
    await call('POST', `/api/admin/bookings/${partly.booking.id}/refund`, {
      amount: 100,
      reason: 'Goodwill',
    });
    // 140.00 kept at the booking's 15 %: 21.00 + 119.00.
    expect(await details(partly.booking.id)).toMatchObject({
      status: 'canceled',
      platformFee: 21,
      ownerAmount: 119,
      payment: { received: 240, refunded: 100, total: 240, fee: 21 },
      netReceived: 140,
    });
  });

  it('the KPI revenue and the CSV carry the same figures', async () => {
    const page = await listBookings(t, admin, MONTH_QUERY);
    // Revenue counts paid/confirmed/completed: 150 + 19.99 (the others are canceled or refunded).
    expect(page.kpis.revenue).toBe(169.99);

    const csv = (await call('GET', `/api/admin/bookings/export.csv?${MONTH_QUERY}&sort=asc`)).body;
    const rows = csv
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(rows[0]).toContain('price (EUR),received (EUR),refunded (EUR),fee (EUR),owner (EUR)');
    const money = rows.slice(1).map((r) => r.split(',').slice(7, 12).join(','));
    expect(money).toEqual([
      '150.00,150.00,0.00,22.50,127.50',
      '19.99,19.99,0.00,3.00,16.99',
      '179.00,0.00,0.00,0.00,0.00',
      '204.00,0.00,0.00,0.00,0.00',
      '240.00,240.00,240.00,0.00,0.00',
      '240.00,240.00,100.00,21.00,119.00',
    ]);
  });
});
