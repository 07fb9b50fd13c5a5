// The money the back office shows for a booking, from the ledger, in every place it appears
// (list, details, CSV, KPI tiles): unpaid at its price with no split; paid split to the cent;
// refunded with received, refunded and net; a partial refund shrinking both shares. And the
// file an accountant books from: in Spanish, with whose sale, how it was paid and its invoice.
import type { AdminBooking, AdminBookingDetails } from '@boats/domain/schemas/booking';
import { bookingReference } from '@boats/domain/booking-reference';
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { customerInvoices, payments, refunds } from '../../../src/db/schema';
import { invoiceSale } from '../../../src/modules/invoices/customer-invoices';
import { operatorIdentity } from '../../../src/modules/operator/operator-identity';
import { bearer, newOwner } from '../../helpers/admin-token';
import {
  addBooking,
  addBookings,
  addSandboxPayment,
  adminBookingsTestApp,
  at,
  listBookings,
  MONTH_QUERY,
  seedBoat,
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
      amount: 100.5,
      reason: 'Goodwill',
    });
    // 139.50 kept at the booking's 15 %: 20.93 + 118.57 (the half cent to the fee).
    const b = await details(partly.booking.id);
    expect(b).toMatchObject({
      status: 'canceled',
      platformFee: 20.93,
      ownerAmount: 118.57,
      payment: { received: 240, refunded: 100.5, total: 240, fee: 20.93 },
      netReceived: 139.5,
      refunds: [{ amount: 100.5, status: 'succeeded', reason: 'Goodwill' }],
    });
    // The partial refund is a line of the history with its amount and reason, like a full one.
    expect(b.history.filter((h) => h.code === 'refund_issued')).toMatchObject([
      { by: expect.stringMatching(/^admin-/), params: { amount: 100.5 }, reason: 'Goodwill' },
    ]);
    expect((await listed()).get(partly.booking.id)?.history.map((h) => h.code)).toContain('refund_issued');
    const full = await details(toRefund.booking.id);
    expect(full.history.filter((h) => h.code === 'refund_issued')).toMatchObject([
      { params: { amount: 240 }, reason: 'Engine fault' },
    ]);
  });

  it('the CSV carries the ledger to the cent, after the spec columns, the reference and the payment id', async () => {
    const csv = (await call('GET', `/api/admin/bookings/export.csv?${MONTH_QUERY}&sort=asc`)).body;
    const rows = parse(csv, { bom: true }) as string[][];
    expect(rows[0]?.slice(7, 17)).toEqual([
      'total (EUR)',
      'customer',
      'email',
      'phone',
      'reference',
      'payment id',
      'received (EUR)',
      'refunded (EUR)',
      'fee (EUR)',
      'owner (EUR)',
    ]);
    const money = rows.slice(1).map((r) => [r[7], ...r.slice(13, 17)].join(' '));
    expect(money).toEqual([
      '150.00 150.00 0.00 22.50 127.50',
      '19.99 19.99 0.00 3.00 16.99',
      '179.00 0.00 0.00 0.00 0.00',
      '204.00 0.00 0.00 0.00 0.00',
      '240.00 240.00 240.00 0.00 0.00',
      '240.00 240.00 100.50 20.93 118.57',
    ]);
    const partlyRow = rows.find((r) => r[11] === bookingReference(partly.booking.id));
    expect(partlyRow?.[12]).toBe(partly.booking.providerPaymentId);
  });

  it('the Spanish file splits by ";" with decimal commas, and either can be asked for', async () => {
    const es = (await call('GET', `/api/admin/bookings/export.csv?${MONTH_QUERY}&lang=es`)).body;
    const esRows = parse(es, { bom: true, delimiter: ';' }) as string[][];
    expect(esRows[0]?.[7]).toBe('total (EUR)');
    expect(esRows.at(-1)?.slice(13, 17)).toEqual(['240,00', '100,50', '20,93', '118,57']);
    const en = (await call('GET', `/api/admin/bookings/export.csv?${MONTH_QUERY}&lang=es&separator=comma`))
      .body;
    expect((parse(en, { bom: true }) as string[][]).at(-1)?.slice(13, 17)).toEqual([
      '240.00',
      '100.50',
      '20.93',
      '118.57',
    ]);
    const bad = await t.app.inject({
      url: `/api/admin/bookings/export.csv?${MONTH_QUERY}&separator=tab`,
      headers: bearer(admin),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('separator');
  });

  it.each([
    ['the whole month', ''],
    ['canceled only', '&status=canceled'],
    ['private charters', '&type=private'],
  ])('the KPIs add up to the sums of the exported CSV: %s', async (_name, extra) => {
    const page = await listBookings(t, admin, `${MONTH_QUERY}${extra}`);
    const csv = (await call('GET', `/api/admin/bookings/export.csv?${MONTH_QUERY}${extra}`)).body;
    const rows = (parse(csv, { bom: true }) as string[][]).slice(1);
    const cents = (column: number) => rows.reduce((sum, r) => sum + Math.round(Number(r[column]) * 100), 0);
    const [received, refunded, fee, owner] = [13, 14, 15, 16].map(cents) as [number, number, number, number];
    const kept = Math.round((page.kpis.revenue + page.kpis.held) * 100);
    expect(kept).toBe(received - refunded);
    expect(kept).toBe(fee + owner);
    expect(rows).toHaveLength(page.total);
  });

  it('money held on a canceled booking shows as held, not as zero', async () => {
    const canceled = await listBookings(t, admin, `${MONTH_QUERY}&status=canceled`);
    // The partly refunded booking still holds 139.50; the unpaid one holds nothing.
    expect(canceled.kpis).toMatchObject({ count: 0, revenue: 0, held: 139.5 });
    const month = await listBookings(t, admin, MONTH_QUERY);
    expect(month.kpis).toMatchObject({ revenue: 169.99, held: 139.5 });
  });
});

describe('admin bookings: the CSV an accountant accepts', async () => {
  const { t, admin, boat } = await adminBookingsTestApp();
  const ownerBoat = await seedBoat(
    t.ctx.db,
    { en: 'Teno Explorer' },
    await newOwner(t, { legalName: 'Náutica Teno S.L.', taxId: 'B12345674' }),
  );
  // The owner's sale by card, invoiced in their name (a simplified invoice, IGIC 7 % included),
  // then partly refunded: the refund's rectifying invoice takes its IGIC off.
  const { booking: sold } = await addBooking(t.ctx.db, ownerBoat, {
    status: 'paid',
    start: at('2026-11-10'),
    grossCents: 30_000,
  });
  await addSandboxPayment(t.ctx.db, sold.providerPaymentId!, 30_000);
  // The platform's own boat, paid at the harbour: part cash, part card terminal.
  const { booking: harbour } = await addBooking(t.ctx.db, boat, {
    status: 'paid',
    start: at('2026-11-11'),
    grossCents: 12_000,
    providerPaymentId: null,
  });
  await t.ctx.db.insert(payments).values([
    {
      bookingId: harbour.id,
      provider: 'operator',
      providerId: 'cash-1',
      amountCents: 5_000,
      status: 'succeeded',
      method: 'cash',
    },
    {
      bookingId: harbour.id,
      provider: 'operator',
      providerId: 'pos-1',
      amountCents: 7_000,
      status: 'succeeded',
      method: 'terminal',
    },
  ]);
  // Not paid: no method, and no invoice.
  await addBooking(t.ctx.db, boat, { status: 'pending', start: at('2026-11-12'), grossCents: 9_000 });
  await t.ctx.db.transaction(async (tx) => {
    for (const b of [sold, harbour]) await invoiceSale(t.ctx, tx, { ...b, language: 'es' });
  });
  const cancel = await t.app.inject({
    method: 'POST',
    url: `/api/admin/bookings/${sold.id}/cancel`,
    headers: bearer(admin),
    payload: { reason: 'Engine fault' },
  });
  expect(cancel.statusCode, cancel.body).toBe(200);
  const refund = await t.app.inject({
    method: 'POST',
    url: `/api/admin/bookings/${sold.id}/refund`,
    headers: bearer(admin),
    payload: { amount: 107, reason: 'Goodwill' },
  });
  expect(refund.statusCode, refund.body).toBe(200);

  it('reads in Spanish with ";" and decimal commas, names owner, method and invoice, and adds up to the ledger', async () => {
    const res = await t.app.inject({
      url: `/api/admin/bookings/export.csv?${MONTH_QUERY}&lang=es&sort=asc`,
      headers: bearer(admin),
    });
    expect(res.statusCode, res.body).toBe(200);
    const [header, ...rows] = parse(res.body, { bom: true, delimiter: ';' }) as string[][];
    expect(header).toEqual([
      'fecha',
      'hora',
      'barco',
      'tipo',
      'duración',
      'personas/plazas',
      'estado',
      'total (EUR)',
      'cliente',
      'correo',
      'teléfono',
      'referencia',
      'id del pago',
      'recibido (EUR)',
      'reembolsado (EUR)',
      'comisión (EUR)',
      'propietario (EUR)',
      'canal',
      'propietario',
      'NIF del propietario',
      'forma de pago',
      'factura',
      'facturas rectificativas',
      'IGIC (EUR)',
    ]);
    const invoices = await t.ctx.db.select().from(customerInvoices);
    const saleOf = (bookingId: string) =>
      invoices.find((i) => i.bookingId === bookingId && i.invoiceType === 'F2')!;
    const rectifying = invoices.filter((i) => i.bookingId === sold.id && i.invoiceType.startsWith('R'));
    expect(rectifying).toHaveLength(1);
    const platform = operatorIdentity(t.ctx.config);
    const byReference = new Map(rows.map((r) => [r[11], r]));
    expect(byReference.get(bookingReference(sold.id))?.slice(6)).toEqual([
      'cancelada',
      '300,00',
      expect.any(String),
      expect.any(String),
      expect.any(String),
      bookingReference(sold.id),
      sold.providerPaymentId,
      '300,00',
      '107,00',
      // 193.00 kept at 15 %: 28.95 + 164.05.
      '28,95',
      '164,05',
      'web',
      'Náutica Teno S.L.',
      'B12345674',
      'tarjeta',
      saleOf(sold.id).number,
      // The refund's rectifying invoice, named beside the invoice it corrects (issue 58).
      rectifying[0]!.number,
      // IGIC of 300.00 (19.63) less that of the 107.00 refunded (7.00).
      '12,63',
    ]);
    expect(byReference.get(bookingReference(harbour.id))?.slice(18)).toEqual([
      platform.legalName,
      platform.taxId,
      'efectivo + datáfono',
      saleOf(harbour.id).number,
      '',
      '7,85',
    ]);
    expect(rows.find((r) => r[6] === 'pendiente')?.slice(20)).toEqual(['', '', '', '']);

    // The columns add up to the ledger's rows and the invoices' IGIC, to the cent.
    const cents = (column: number) =>
      rows.reduce((sum, r) => sum + Math.round(Number((r[column] || '0').replace(',', '.')) * 100), 0);
    const ledger = await t.ctx.db.select().from(payments).where(eq(payments.status, 'succeeded'));
    const refunded = await t.ctx.db.select().from(refunds).where(eq(refunds.status, 'succeeded'));
    const sum = (amounts: { amountCents: number }[]) => amounts.reduce((s, a) => s + a.amountCents, 0);
    expect(cents(13)).toBe(sum(ledger));
    expect(cents(14)).toBe(sum(refunded));
    expect(cents(15) + cents(16)).toBe(sum(ledger) - sum(refunded));
    expect(cents(23)).toBe(invoices.reduce((s, i) => s + i.igicCents, 0));
  });
});
