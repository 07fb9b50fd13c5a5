// A document issued by mistake (docs/invoicing.md#a-document-issued-by-mistake): the admin cancels
// a company's full invoice with a registro de anulación, chained and accepted by the fake AEAT; the
// number is never taken again, the simplified invoice and its refund stand again (the customer
// sees both, and may ask the right company's invoice), and every other document is refused.
import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { BookingInvoicesResponse } from '@boats/domain/schemas/manage-booking';
import type { BillingRecordsResponse } from '@boats/domain/schemas/invoicing';
import { checkChains } from '../../../src/modules/verifactu/chain-check';
import { invoicesOfBooking } from '../../../src/modules/invoices/customer-invoices';
import { startFakeAeat } from '../../../src/dev/fake-aeat';
import { aeatSubmissions, billingRecords } from '../../../src/modules/verifactu/schema';
import { soapTaxAuthority } from '../../../src/modules/verifactu/aeat-connection';
import { xsdErrors } from '../../../src/dev/xsd-validator';
import { auditLog } from '../../../src/modules/audit/schema';
import { customerToken } from '../../helpers/manage-token';
import { bearer, newOwner, tokenFor } from '../../helpers/admin-token';
import {
  buyAndConfirm,
  createBoat,
  createSharedTrip,
  HOUR,
  sharedRequest,
} from '../../helpers/checkout-fixtures';
import { sendEveryRecord } from '../../helpers/billing-records';
import { buildTestApp } from '../../helpers/test-app';

describe('a customer’s invoice cancelled as issued by mistake', async () => {
  const t = await buildTestApp({ template: 'empty', now: new Date('2027-06-01T09:00:00Z') });
  const aeat = await startFakeAeat({ now: t.ctx.now });
  afterAll(() => aeat.close());
  const db = t.ctx.db;
  const marlin = await newOwner(t, { legalName: 'Marlin Charters S.L.', taxId: 'B12345674' });
  const boat = await createBoat(db, { ownerId: marlin });
  const admin = bearer(await tokenFor(t, 'admin'));
  let day = 0;

  /** Two adults on a two-hour shared trip at €25 an hour: €100, and the booking's token. */
  const sell = async () => {
    const trip = await createSharedTrip(
      db,
      boat.id,
      new Date(t.ctx.now().getTime() + (9 + ++day) * 24 * HOUR),
    );
    const sale = await buyAndConfirm(
      t.app,
      sharedRequest(boat.id, trip, { adults: 2, children50: 0, kidsFree: 0 }, { lang: 'en' }),
    );
    return { bookingId: sale.bookingId, token: await customerToken(t.ctx, sale.bookingId) };
  };
  /** A company's full invoice asked a minute later (the booking's documents list in order of issue). */
  const askFullInvoice = (sale: { bookingId: string; token: string }, taxId: string) => {
    t.setNow(new Date(t.ctx.now().getTime() + 60_000));
    return t.app.inject({
      method: 'POST',
      url: `/api/bookings/${sale.bookingId}/invoice`,
      payload: {
        token: sale.token,
        name: 'Acme Eventos S.L.',
        taxId,
        address: 'Calle Mayor 1, 38001 Santa Cruz',
      },
    });
  };
  const invoicesOf = async (sale: { bookingId: string; token: string }) => {
    const res = await t.app.inject({
      url: `/checkout/booking/${sale.bookingId}/invoices?token=${sale.token}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<BookingInvoicesResponse>();
  };
  const cancel = (invoiceId: string, headers = admin) =>
    t.app.inject({
      method: 'POST',
      url: `/api/admin/invoicing/customer-invoices/${invoiceId}/cancellation`,
      headers,
    });
  const adminCall = (method: 'POST', url: string, payload: Record<string, unknown>) =>
    t.app.inject({ method, url, headers: admin, payload }).then((res) => {
      expect(res.statusCode, res.body).toBe(200);
    });

  it('cancels a full invoice to the wrong company: a chained anulación the AEAT accepts; the simplified invoice and its refund stand again', async () => {
    const sale = await sell();
    // A partial refund first: the F3 replaces the F2 and its R5, for the €70 kept.
    await adminCall('POST', `/api/admin/bookings/${sale.bookingId}/cancel`, { reason: 'Came late' });
    await adminCall('POST', `/api/admin/bookings/${sale.bookingId}/refund`, {
      amount: 30,
      reason: 'Goodwill',
    });
    expect((await askFullInvoice(sale, 'B38111118')).statusCode).toBe(200);
    const wrong = (await invoicesOfBooking(db, sale.bookingId)).find((i) => i.invoiceType === 'F3')!;
    expect(wrong.totalCents).toBe(7_000);

    const res = await cancel(wrong.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ _id: wrong.id, number: wrong.number, cancelled: true });

    // The customer still sees the number they were sent, cancelled; the F2 and R5 are theirs again.
    const view = await invoicesOf(sale);
    expect(view.fullInvoiceAvailable).toBe(true);
    expect(view.invoices.map((i) => [i.invoiceType, i.total, i.replaced, i.cancelled])).toEqual([
      ['F2', 100, false, false],
      ['R5', -30, false, false],
      ['F3', 70, false, true],
    ]);

    // Its record: a registro de anulación of the F3, chained after Marlin's last record, valid
    // against the AEAT's schemas, accepted by the fake AEAT after the F3's alta.
    const [anulacion] = await db
      .select()
      .from(billingRecords)
      .where(and(eq(billingRecords.documentId, wrong.id), eq(billingRecords.kind, 'anulacion')));
    expect(anulacion).toMatchObject({ issuerNif: 'B12345674', numSerie: wrong.number, invoiceType: null });
    const xml = await t.app.inject({
      url: '/api/admin/invoicing/export?issuerNif=B12345674&month=2027-06',
      headers: admin,
    });
    expect(xml.body).toContain(`<sf:NumSerieFacturaAnulada>${wrong.number}</sf:NumSerieFacturaAnulada>`);
    expect(xsdErrors('SuministroLR.xsd', xml.body)).toEqual([]);
    await sendEveryRecord(t, soapTaxAuthority({ url: aeat.url, where: 'the fake AEAT' }));
    const [sent] = await db.select().from(aeatSubmissions).where(eq(aeatSubmissions.recordId, anulacion!.id));
    expect(sent!.state).toBe('accepted');
    expect((await checkChains(db)).ok).toBe(true);

    // The admin's records page shows the F3's record cancelled by the anulación.
    const page = await t.app.inject({
      url: '/api/admin/invoicing/records?issuerNif=B12345674',
      headers: admin,
    });
    const alta = page
      .json<BillingRecordsResponse>()
      .records.find((r) => r.numSerie === wrong.number && r.kind === 'alta');
    expect(alta).toMatchObject({
      documentKind: 'customer_invoice',
      documentId: wrong.id,
      cancelledByRecordId: anulacion!.id,
    });

    // Audited, naming the invoice.
    const [audit] = await db.select().from(auditLog).where(eq(auditLog.action, 'invoice.cancel'));
    expect(audit).toMatchObject({ objectId: wrong.id });

    // The right company's invoice is asked anew: a new number, for what the F2 and R5 still say.
    expect((await askFullInvoice(sale, 'B38222220')).statusCode).toBe(200);
    const right = (await invoicesOfBooking(db, sale.bookingId)).filter((i) => i.invoiceType === 'F3').at(-1)!;
    expect(right.number).not.toBe(wrong.number);
    expect(right).toMatchObject({ totalCents: 7_000, cancelled: false, recipient: { taxId: 'B38222220' } });
    const after = await invoicesOf(sale);
    expect(after.invoices.map((i) => [i.invoiceType, i.total, i.replaced, i.cancelled])).toEqual([
      ['F2', 100, true, false],
      ['R5', -30, true, false],
      ['F3', 70, false, true],
      ['F3', 70, false, false],
    ]);
    expect(after.fullInvoiceAvailable).toBe(false);
    await sendEveryRecord(t, soapTaxAuthority({ url: aeat.url, where: 'the fake AEAT' }));
    const states = await db.select({ state: aeatSubmissions.state }).from(aeatSubmissions);
    expect(states.every((s) => s.state === 'accepted')).toBe(true);
  });

  it('refuses what may not be cancelled, with why, and takes no record', async () => {
    const sale = await sell();
    const [simplified] = await invoicesOfBooking(db, sale.bookingId);
    const records = async () => (await db.select().from(billingRecords)).length;
    const before = await records();

    const notFull = await cancel(simplified!.id);
    expect(notFull.statusCode).toBe(409);
    expect(notFull.json()).toMatchObject({ error: 'not_cancellable' });

    expect((await askFullInvoice(sale, 'B38111118')).statusCode).toBe(200);
    const full = (await invoicesOfBooking(db, sale.bookingId)).find((i) => i.invoiceType === 'F3')!;
    // An owner, even the invoice's own, may not: the platform's admin only.
    const owner = bearer(await tokenFor(t, 'owner', { ownerId: marlin }));
    expect((await cancel(full.id, owner)).statusCode).toBe(403);
    expect((await cancel(crypto.randomUUID())).statusCode).toBe(404);

    // A refund after the F3 rectifies it (an R1 naming it): it can no longer be cancelled.
    await adminCall('POST', `/api/admin/bookings/${sale.bookingId}/cancel`, { reason: 'Came late' });
    await adminCall('POST', `/api/admin/bookings/${sale.bookingId}/refund`, {
      amount: 10,
      reason: 'Goodwill',
    });
    const rectified = await cancel(full.id);
    expect(rectified.statusCode).toBe(409);
    expect(rectified.json()).toMatchObject({ error: 'rectified' });
    // Two records were written meanwhile (the F3's and the R1's), none by the refusals.
    expect(await records()).toBe(before + 2);
  });

  it('cancels once when asked twice at once', async () => {
    const sale = await sell();
    expect((await askFullInvoice(sale, 'B38111118')).statusCode).toBe(200);
    const full = (await invoicesOfBooking(db, sale.bookingId)).find((i) => i.invoiceType === 'F3')!;
    const answers = await Promise.all([cancel(full.id), cancel(full.id)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const anulaciones = await db
      .select()
      .from(billingRecords)
      .where(and(eq(billingRecords.documentId, full.id), eq(billingRecords.kind, 'anulacion')));
    expect(anulaciones).toHaveLength(1);
  });
});
