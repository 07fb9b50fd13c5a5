// The platform's invoices to resellers (docs/invoicing.md#resellers-invoices; decision 27): a
// reseller's sale gets no customer's invoice (the site's and an agent's still do); once June has
// ended, each issuer (two owners here, one exempt) invoices the reseller once for the month, a line
// per booking at the net price, a sale refunded in full in June left out, the record chained after
// the issuer's earlier ones, valid against the AEAT's XSD, its PDF's QR code decoding to it; a
// second run issues nothing; a July refund is rectified (R1) against June's invoice; a reseller
// without billing details gets nothing, and its card says what is missing.
import { and, eq, inArray } from 'drizzle-orm';
import jsQR from 'jsqr';
import { describe, expect, it } from 'vitest';
import type { ResellerInvoicesResponse, ResellerStatement } from '@boats/domain/schemas/resellers';
import { payments, refunds, resellerBookings } from '../../../src/db/schema';
import { checkChains } from '../../../src/modules/verifactu/chain-check';
import { invoicesOfBooking } from '../../../src/modules/invoices/customer-invoices';
import { issueLastMonthResellerInvoices } from '../../../src/modules/invoices/reseller-invoices';
import { resellerInvoiceLines, resellerInvoices } from '../../../src/modules/invoices/schema';
import { billingRecords } from '../../../src/modules/verifactu/schema';
import { xsdErrors } from '../../../src/dev/xsd-validator';
import { pdfImages } from '../../helpers/pdf-images';
import { bearer, newOwner, tokenFor } from '../../helpers/admin-token';
import { buyAndConfirm, createBoat, createSlot, sharedRequest } from '../../helpers/checkout-fixtures';
import { newReseller } from '../../helpers/reseller-fixture';
import { newAgentDesk } from '../../helpers/agent-fixture';
import { buildTestApp } from '../../helpers/test-app';

const JUNE = new Date('2027-06-10T09:00:00Z');
const JULY_FIRST = new Date('2027-07-01T06:00:00Z');
const JULY_LATER = new Date('2027-07-05T09:00:00Z');
const DAY = 86_400_000;

describe('invoices to resellers', async () => {
  const t = await buildTestApp({
    template: 'empty',
    now: JUNE,
    env: { OPERATOR_LEGAL_NAME: 'AD Boat Rental S.L.', OPERATOR_TAX_ID: 'B76543217' },
  });
  const db = t.ctx.db;
  let admin = bearer(await tokenFor(t, 'admin'));
  /** Moves the clock, and signs the admin in again (a token lasts minutes). */
  const at = async (instant: Date) => {
    t.setNow(instant);
    admin = bearer(await tokenFor(t, 'admin'));
  };
  const marlin = await newOwner(t, { legalName: 'Marlin Charters S.L.', taxId: 'B12345674' });
  const teide = await newOwner(t, { legalName: 'Teide Mar', taxId: 'X1234567L', igicRegime: 'exempt' });
  const marlinBoat = await createBoat(db, { ownerId: marlin });
  const teideBoat = await createBoat(db, { ownerId: teide });
  // Trips late in July (so a July cancellation is before departure): 3 hours at €20 a seat-hour,
  // an adult's seat €60, €48 net of the reseller's 20 %.
  const trip = (boatId: string, day: number) =>
    createSlot(db, boatId, {
      type: 'shared',
      start: new Date(Date.UTC(2027, 6, day, 10)),
      hours: 3,
      seatsTotal: 10,
      seatPriceCents: 2000,
    });
  const marlinTrip = await trip(marlinBoat.id, 20);
  const teideTrip = await trip(teideBoat.id, 21);

  const { resellerId, key } = await newReseller(t, admin, 'full_refund');
  const second = await t.app.inject({
    method: 'POST',
    url: '/api/admin/resellers',
    headers: admin,
    payload: {
      name: 'Klook',
      contactName: 'Desk',
      contactEmail: 'desk@klook.example',
      commissionPercent: 10,
      cancellation: 'boat_policy',
      boats: { allOptedIn: true, boatIds: [] },
    },
  });
  const klookId = second.json<{ reseller: { _id: string } }>().reseller._id;
  const klookKey = (
    await t.app.inject({
      method: 'POST',
      url: `/api/admin/resellers/${klookId}/keys`,
      headers: admin,
      payload: { label: 'Production' },
    })
  ).json<{ secret: string }>().secret;

  const octo = (apiKey: string, url: string, body: object) =>
    t.app.inject({
      method: 'POST',
      url: `/octo${url}`,
      headers: { authorization: `Bearer ${apiKey}` },
      payload: body,
    });
  const sell = async (apiKey: string, boatId: string, slotId: string, adults: number, reference: string) => {
    const held = await octo(apiKey, '/bookings', {
      productId: boatId,
      optionId: 'DEFAULT',
      availabilityId: slotId,
      resellerReference: reference,
      unitItems: Array.from({ length: adults }, () => ({ unitId: 'adult' })),
    });
    expect(held.statusCode, held.body).toBe(200);
    const { uuid } = held.json<{ uuid: string }>();
    const sold = await octo(apiKey, `/bookings/${uuid}/confirm`, { contact: { fullName: 'Emma Schulz' } });
    expect(sold.statusCode, sold.body).toBe(200);
    const [row] = await db.select().from(resellerBookings).where(eq(resellerBookings.uuid, uuid));
    return { uuid, bookingId: row!.bookingId };
  };
  /** A refund is dated by the database's clock: the test dates it on the test's own. */
  const cancel = async (apiKey: string, sale: { uuid: string; bookingId: string }) => {
    const res = await octo(apiKey, `/bookings/${sale.uuid}/cancel`, { reason: 'plans changed' });
    expect(res.statusCode, res.body).toBe(200);
    const [paid] = await db.select().from(payments).where(eq(payments.bookingId, sale.bookingId));
    await db.update(refunds).set({ createdAt: t.ctx.now() }).where(eq(refunds.paymentId, paid!.id));
  };
  const billing = (id: string, body: object) =>
    t.app.inject({ method: 'PUT', url: `/api/admin/resellers/${id}/billing`, headers: admin, payload: body });
  const invoicesOf = async (id: string, month = '2027-06') => {
    const res = await t.app.inject({
      url: `/api/admin/resellers/${id}/invoices?month=${month}`,
      headers: admin,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<ResellerInvoicesResponse>();
  };

  // A German reseller, invoiced by its EU VAT number.
  const set = await billing(resellerId, {
    legalName: 'Viator GmbH',
    taxId: 'DE123456789',
    country: 'de',
    address: 'Friedrichstraße 1, 10117 Berlin',
  });
  expect(set.statusCode, set.body).toBe(200);

  // June: a site sale and an agent's cash sale on Marlin's boat (customers' invoices, in Marlin's
  // chain first), then the reseller's sales on both owners' boats, one canceled in June.
  const siteSale = await buyAndConfirm(
    t.app,
    sharedRequest(marlinBoat.id, marlinTrip, { adults: 1, children50: 0, kidsFree: 0 }),
  );
  const desk = await newAgentDesk(t, admin, JUNE);
  const agentSale = await t.app.inject({
    method: 'POST',
    url: `/api/agent/trips/${marlinTrip.id}/bookings`,
    headers: desk.headers,
    payload: {
      passengers: { adults: 1, children50: 0, kidsFree: 0 },
      customer: { name: 'Familie Becker', email: 'becker@example.de' },
      language: 'de',
      payment: { method: 'cash' },
    },
  });
  expect(agentSale.statusCode, agentSale.body).toBe(201);
  const agentBookingId = agentSale.json<{ bookingId: string }>().bookingId;

  const keptInJuly = await sell(key, marlinBoat.id, marlinTrip.id, 2, 'V-1');
  const canceledInJune = await sell(key, marlinBoat.id, marlinTrip.id, 1, 'V-2');
  const exempt = await sell(key, teideBoat.id, teideTrip.id, 3, 'V-3');
  await at(new Date(JUNE.getTime() + 2 * DAY));
  await cancel(key, canceledInJune);
  const klookSale = await sell(klookKey, marlinBoat.id, marlinTrip.id, 1, 'K-1');

  it('issues no customer’s invoice for a reseller’s sale; the site’s and the agent’s get theirs', async () => {
    for (const sale of [keptInJuly, canceledInJune, exempt, klookSale]) {
      expect(await invoicesOfBooking(db, sale.bookingId)).toEqual([]);
    }
    expect((await invoicesOfBooking(db, siteSale.bookingId)).map((i) => i.invoiceType)).toEqual(['F2']);
    expect((await invoicesOfBooking(db, agentBookingId)).map((i) => i.invoiceType)).toEqual(['F2']);
    // June's cancellation of a sale not yet invoiced issues nothing either.
    expect(await db.select().from(resellerInvoices)).toEqual([]);
  });

  it('waits for the month to end in the islands, and says what a reseller without billing details lacks', async () => {
    const issueFor = (id: string, month: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/resellers/${id}/invoices`,
        headers: admin,
        payload: { month },
      });
    // The month under way and a month not begun: refused, naming the field, saying when.
    const early = await issueFor(resellerId, '2027-06');
    expect(early.statusCode).toBe(400);
    expect(early.json()).toMatchObject({
      error: 'month_not_ended',
      message:
        'The month 2027-06 has not ended yet (Canary time): its invoices can be issued from 2027-07-01.',
      fields: [{ path: 'body.month' }],
    });
    expect((await issueFor(resellerId, '2027-08')).json()).toMatchObject({
      fields: [{ path: 'body.month' }],
    });
    // 30 June, 23:59 in the islands (22:59 UTC): June has not ended; the job leaves it.
    await at(new Date('2027-06-30T22:59:00Z'));
    expect((await issueFor(klookId, '2027-06')).json()).toMatchObject({ error: 'month_not_ended' });
    await issueLastMonthResellerInvoices(t.ctx);
    expect(await db.select().from(resellerInvoices)).toEqual([]);
    // 1 July, 00:00 in the islands (still 30 June in UTC): June has ended; Klook's invoices wait
    // only for its billing details now.
    await at(new Date('2027-06-30T23:00:00Z'));
    const ended = await issueFor(klookId, '2027-06');
    expect(ended.statusCode).toBe(409);
    expect(ended.json()).toMatchObject({ error: 'billing_missing' });
    expect((await invoicesOf(klookId)).closed).toBe(true);
    const wrong = await billing(klookId, {
      legalName: 'Klook Travel Ltd',
      taxId: 'B12345670',
      country: 'ES',
      address: 'Calle Mayor 1, Madrid',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain('taxId');
  });

  it('issues one invoice per issuer when June closes, chained, XSD-valid, its QR the record', async () => {
    await at(JULY_FIRST);
    // Two instances closing June at once (on PostgreSQL, two connections): one invoice each.
    await Promise.all([issueLastMonthResellerInvoices(t.ctx), issueLastMonthResellerInvoices(t.ctx)]);
    const issued = await db
      .select()
      .from(resellerInvoices)
      .where(eq(resellerInvoices.resellerId, resellerId));
    expect(issued.map((i) => [i.issuerNif, i.invoiceType, i.number, i.period]).sort()).toEqual([
      ['B12345674', 'F1', 'V2027-000001', '2027-06'],
      ['X1234567L', 'F1', 'V2027-000001', '2027-06'],
    ]);
    const marlinInvoice = issued.find((i) => i.issuerNif === 'B12345674')!;
    const teideInvoice = issued.find((i) => i.issuerNif === 'X1234567L')!;
    // Marlin: two adults at €48 net (the canceled seat left out), IGIC 7 % included.
    expect(marlinInvoice).toMatchObject({
      totalCents: 9_600,
      baseCents: 8_972,
      igicCents: 628,
      igicBps: 700,
      byThirdParty: true,
      recipient: { name: 'Viator GmbH', taxId: 'DE123456789', country: 'DE' },
    });
    // Teide, exempt: three adults, all base.
    expect(teideInvoice).toMatchObject({
      totalCents: 14_400,
      baseCents: 14_400,
      igicCents: 0,
      igicBps: null,
    });
    const lines = await db
      .select()
      .from(resellerInvoiceLines)
      .where(inArray(resellerInvoiceLines.invoiceId, [marlinInvoice.id, teideInvoice.id]));
    expect(
      lines
        .map((l) => [
          l.invoiceId === marlinInvoice.id ? 'marlin' : 'teide',
          l.bookingId,
          l.adults,
          l.amountCents,
        ])
        .sort(),
    ).toEqual(
      [
        ['marlin', keptInJuly.bookingId, 2, 9_600],
        ['teide', exempt.bookingId, 3, 14_400],
      ].sort(),
    );
    // The sum is the month's net less what was refunded of it in June, as the statement says.
    const statement = (
      await t.app.inject({
        url: `/api/admin/resellers/${resellerId}/statement?month=2027-06`,
        headers: admin,
      })
    ).json<ResellerStatement>();
    expect((marlinInvoice.totalCents + teideInvoice.totalCents) / 100).toBe(statement.totals.onAccount);
    expect(statement.invoices.map((i) => i.number)).toEqual(['V2027-000001', 'V2027-000001']);

    // Chained after Marlin's customers' invoices (the site's and the agent's sales).
    const [record] = await db
      .select()
      .from(billingRecords)
      .where(eq(billingRecords.documentId, marlinInvoice.id));
    expect(record).toMatchObject({ issuerNif: 'B12345674', position: 3, documentKind: 'reseller_invoice' });
    expect(record!.content).toMatchObject({
      invoiceType: 'F1',
      withoutRecipientId: false,
      recipients: [{ name: 'Viator GmbH', idOtro: { country: 'DE', idType: '02', id: 'DE123456789' } }],
      lines: [{ qualification: 'S1', rate: '7.00', base: '89.72', quota: '6.28' }],
      totalAmount: '96.00',
    });
    const [teideRecord] = await db
      .select()
      .from(billingRecords)
      .where(eq(billingRecords.documentId, teideInvoice.id));
    expect(teideRecord!.content).toMatchObject({ lines: [{ qualification: 'E6', base: '144.00' }] });
    expect((await checkChains(db)).ok).toBe(true);
    for (const nif of ['B12345674', 'X1234567L']) {
      const xml = (
        await t.app.inject({
          url: `/api/admin/invoicing/export?issuerNif=${nif}&month=2027-07`,
          headers: admin,
        })
      ).body;
      expect(xml).toContain('<sf:TipoFactura>F1</sf:TipoFactura>');
      expect(xsdErrors('SuministroLR.xsd', xml)).toEqual([]);
    }

    // The card lists them with their AEAT state; the PDF's QR code is the record's.
    const card = await invoicesOf(resellerId);
    expect(card).toMatchObject({ closed: true, missingBilling: [], uninvoicedSales: 0 });
    expect(card.invoices.map((i) => [i.issuer.name, i.total, i.aeatState]).sort()).toEqual([
      ['Marlin Charters S.L.', 96, 'pending'],
      ['Teide Mar', 144, 'pending'],
    ]);
    const pdf = await t.app.inject({
      url: `/api/admin/resellers/${resellerId}/invoices/${marlinInvoice.id}/pdf?lang=de`,
      headers: admin,
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const [image] = await pdfImages(pdf.rawPayload);
    const qr = new URL(jsQR(image!.rgba, image!.width, image!.height)!.data);
    expect(Object.fromEntries(qr.searchParams)).toEqual({
      nif: 'B12345674',
      numserie: 'V2027-000001',
      fecha: '01-07-2027',
      importe: '96.00',
    });
    // An issued invoice is fixed: the platform renamed in the settings later draws the same PDF,
    // which names it as the record issued it.
    const settings = t.ctx.config as { OPERATOR_LEGAL_NAME?: string };
    const name = settings.OPERATOR_LEGAL_NAME;
    settings.OPERATOR_LEGAL_NAME = 'Renamed Platform S.L.';
    try {
      const again = await t.app.inject({
        url: `/api/admin/resellers/${resellerId}/invoices/${marlinInvoice.id}/pdf?lang=de`,
        headers: admin,
      });
      expect(Buffer.from(again.rawPayload).equals(Buffer.from(pdf.rawPayload))).toBe(true);
    } finally {
      settings.OPERATOR_LEGAL_NAME = name;
    }
    // Another reseller's invoice is not found under this one.
    const other = await t.app.inject({
      url: `/api/admin/resellers/${klookId}/invoices/${marlinInvoice.id}/pdf`,
      headers: admin,
    });
    expect(other.statusCode).toBe(404);
  });

  it('issues nothing twice: the job again, and the admin’s button', async () => {
    const before = await db.select().from(resellerInvoices);
    await issueLastMonthResellerInvoices(t.ctx);
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/admin/resellers/${resellerId}/invoices`,
      headers: admin,
      payload: { month: '2027-06' },
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(await db.select().from(resellerInvoices)).toHaveLength(before.length);
  });

  it('holds a reseller without billing details back, and says so on its card', async () => {
    expect(await db.select().from(resellerInvoices).where(eq(resellerInvoices.resellerId, klookId))).toEqual(
      [],
    );
    const card = await invoicesOf(klookId);
    expect(card).toMatchObject({
      closed: true,
      missingBilling: ['legalName', 'taxId', 'country', 'address'],
      uninvoicedSales: 1,
      invoices: [],
    });
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/admin/resellers/${klookId}/invoices`,
      headers: admin,
      payload: { month: '2027-06' },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: 'billing_missing' });
    // Given them, the admin issues its month: Marlin's next number.
    expect(
      (
        await billing(klookId, {
          legalName: 'Klook Travel Ltd',
          taxId: '12-3456789',
          country: 'hk',
          address: '1 Harbour Road, Hong Kong',
        })
      ).statusCode,
    ).toBe(200);
    const issued = await t.app.inject({
      method: 'POST',
      url: `/api/admin/resellers/${klookId}/invoices`,
      headers: admin,
      payload: { month: '2027-06' },
    });
    expect(issued.statusCode, issued.body).toBe(200);
    const [invoice] = issued.json<ResellerInvoicesResponse>().invoices;
    expect(invoice).toMatchObject({ number: 'V2027-000002', total: 54, invoiceType: 'F1' });
    const [record] = await db
      .select()
      .from(billingRecords)
      .where(eq(billingRecords.documentId, invoice!._id));
    expect(record!.content).toMatchObject({
      recipients: [{ name: 'Klook Travel Ltd', idOtro: { country: 'HK', idType: '04', id: '123456789' } }],
    });
    const xml = (
      await t.app.inject({
        url: '/api/admin/invoicing/export?issuerNif=B12345674&month=2027-07',
        headers: admin,
      })
    ).body;
    expect(xsdErrors('SuministroLR.xsd', xml)).toEqual([]);
  });

  it('rectifies a July refund of a June sale against June’s invoice, by the amount refunded', async () => {
    await at(JULY_LATER);
    await cancel(key, keptInJuly);
    const [june] = await db
      .select()
      .from(resellerInvoices)
      .where(
        and(
          eq(resellerInvoices.resellerId, resellerId),
          eq(resellerInvoices.issuerNif, 'B12345674'),
          eq(resellerInvoices.invoiceType, 'F1'),
        ),
      );
    const [rectifying] = await db
      .select()
      .from(resellerInvoices)
      .where(and(eq(resellerInvoices.resellerId, resellerId), eq(resellerInvoices.invoiceType, 'R1')));
    expect(rectifying).toMatchObject({
      issuerNif: 'B12345674',
      number: 'RV2027-000001',
      correctsId: june!.id,
      period: '2027-06',
      totalCents: -9_600,
      baseCents: -8_972,
      igicCents: -628,
    });
    const [record] = await db
      .select()
      .from(billingRecords)
      .where(eq(billingRecords.documentId, rectifying!.id));
    expect(record!.content).toMatchObject({
      invoiceType: 'R1',
      rectificationType: 'I',
      rectified: [{ issuerNif: 'B12345674', numSerie: 'V2027-000001', issueDate: '01-07-2027' }],
      totalAmount: '-96.00',
    });
    expect((await checkChains(db)).ok).toBe(true);
    const xml = (
      await t.app.inject({
        url: '/api/admin/invoicing/export?issuerNif=B12345674&month=2027-07',
        headers: admin,
      })
    ).body;
    expect(xml).toContain('<sf:TipoFactura>R1</sf:TipoFactura>');
    expect(xsdErrors('SuministroLR.xsd', xml)).toEqual([]);
    // The card lists it under June, naming the invoice it corrects; running the close again
    // issues no second one.
    await issueLastMonthResellerInvoices(t.ctx);
    const card = await invoicesOf(resellerId);
    expect(card.invoices.filter((i) => i.invoiceType === 'R1')).toEqual([
      expect.objectContaining({ number: 'RV2027-000001', corrects: 'V2027-000001', total: -96 }),
    ]);
  });
});
