// Customers' invoices (docs/invoicing.md#customers-invoices-in-the-owners-name): a booking sold
// through the checkout gets its invoice in the sale's transaction: in the owner's name (their own
// series and chain, the platform as third party) when the owner lets the platform invoice for
// them, IGIC included at their rate or exempt; in the platform's name for its own boats; none for
// an owner who invoices themselves. A consumer's is an F2: simplified up to 400 €, above it a full
// invoice without the recipient's tax id (the art. 6.1.d flag); a company asks for its F3 at any
// amount. The records chain per issuer and verify, the AEAT's export of each issuer's is valid
// against its XSD, and the fake AEAT, keeping the AEAT's record validations, accepts every one.
import { eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import jsQR from 'jsqr';
import { afterAll, describe, expect, it } from 'vitest';
import type { CustomerInvoiceDetail, CustomerInvoicesResponse } from '@boats/domain/schemas/owner-invoicing';
import type { BookingInvoicesResponse } from '@boats/domain/schemas/manage-booking';
import type { OwnerEarningsResponse } from '@boats/domain/schemas/payouts';
import { bookingReference } from '@boats/domain/booking-reference';
import { aeatDate } from '@boats/domain/verifactu';
import { owners } from '../../../src/db/schema';
import { checkChains } from '../../../src/modules/verifactu/chain-check';
import { invoicesOfBooking } from '../../../src/modules/invoices/customer-invoices';
import { startFakeAeat } from '../../../src/dev/fake-aeat';
import { customerInvoices } from '../../../src/modules/invoices/schema';
import { aeatSubmissions, billingRecords } from '../../../src/modules/verifactu/schema';
import { soapTaxAuthority } from '../../../src/modules/verifactu/aeat-connection';
import { xsdErrors } from '../../../src/dev/xsd-validator';
import { queueEventEmails } from '../../../src/modules/jobs/event-emails';
import { completeEndedTrips } from '../../../src/modules/jobs/trip-completion';
import { customerToken } from '../../helpers/manage-token';
import { createMailTransport } from '../../../src/modules/mail/mail-transport';
import { deliverDueEmails } from '../../../src/modules/mail/outbox-worker';
import { reconcilePayments } from '../../../src/modules/jobs/payment-reconciliation';
import { attachment, pdfImages } from '../../helpers/pdf-images';
import { mailSubject, mailText } from '../../helpers/mail-text';
import { startSmtpTestServer } from '../../helpers/smtp-test-server';
import { bearer, newOwner, tokenFor } from '../../helpers/admin-token';
import {
  buyAndConfirm,
  charterRequest,
  confirmReturn,
  createBoat,
  createPrivateRun,
  createSharedTrip,
  HOUR,
  payByCard,
  sharedRequest,
  startCheckout,
} from '../../helpers/checkout-fixtures';
import { sendEveryRecord } from '../../helpers/billing-records';
import { buildTestApp } from '../../helpers/test-app';

describe('customers’ invoices', async () => {
  const smtp = await startSmtpTestServer();
  afterAll(() => smtp.close());
  const t = await buildTestApp({
    template: 'empty',
    now: new Date('2027-06-01T09:00:00Z'),
    env: { OPERATOR_LEGAL_NAME: 'AD Boat Rental S.L.', OPERATOR_TAX_ID: 'B76543217', SMTP_URL: smtp.url },
  });
  const transport = createMailTransport({
    smtpUrl: t.ctx.config.SMTP_URL,
    from: t.ctx.config.MAIL_FROM,
    log: { info() {} },
  });
  afterAll(() => transport.close());
  const db = t.ctx.db;
  const marlin = await newOwner(t, { legalName: 'Marlin Charters S.L.', taxId: 'B12345674' });
  const teide = await newOwner(t, { legalName: 'Teide Mar', taxId: 'X1234567L', igicRegime: 'exempt' });
  const self = await newOwner(t, {
    legalName: 'Self Invoicing S.L.',
    taxId: 'B76543214',
    invoicesCustomers: false,
    customerInvoicingAcceptedAt: null,
  });
  const boats = {
    marlin: await createBoat(db, { ownerId: marlin }),
    teide: await createBoat(db, { ownerId: teide }),
    self: await createBoat(db, { ownerId: self }),
    platform: await createBoat(db),
  };
  let day = 0;
  // Trips from nine days after the clock (10 June at first), a day apart.
  const nextDay = () => new Date(t.ctx.now().getTime() + (9 + ++day) * 24 * HOUR);
  /** Two adults on a two-hour shared trip at €25 an hour: €100. */
  const sellSeats = async (boat: typeof boats.marlin, extra: Record<string, unknown> = {}) => {
    const trip = await createSharedTrip(db, boat.id, nextDay());
    return buyAndConfirm(
      t.app,
      sharedRequest(boat.id, trip, { adults: 2, children50: 0, kidsFree: 0 }, extra),
    );
  };
  const exportOf = async (nif: string, month = '2027-06') => {
    const res = await t.app.inject({
      url: `/api/admin/invoicing/export?issuerNif=${nif}&month=${month}`,
      headers: bearer(await tokenFor(t, 'admin')),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.body;
  };
  /** The e-mails of every event so far, through SMTP; answers those sent to `to`. */
  const mailsTo = async (to: string) => {
    await queueEventEmails(t.ctx);
    expect(await deliverDueEmails(db, transport, t.ctx.now())).toMatchObject({ failed: 0 });
    return smtp.received.filter((m) => m.to.includes(to));
  };
  /** The e-mails received by `to` that carry `invoice` as a PDF named by its number. */
  const carrying = (invoice: { number: string }, to: string) =>
    smtp.received.filter((m) => m.to.includes(to) && m.raw.includes(`filename=${invoice.number}.pdf`));

  it('invoices a sale in the owner’s name, in their own series, the platform as third party', async () => {
    const first = await sellSeats(boats.marlin);
    const second = await sellSeats(boats.marlin);
    const [a] = await invoicesOfBooking(db, first.bookingId);
    const [b] = await invoicesOfBooking(db, second.bookingId);
    expect(a).toMatchObject({
      issuerNif: 'B12345674',
      issuer: { name: 'Marlin Charters S.L.', taxId: 'B12345674' },
      byThirdParty: true,
      invoiceType: 'F2',
      number: 'S2027-000001',
      ownerId: marlin,
      recipient: null,
      // €100 with IGIC at 7 %: 93.46 + 6.54.
      totalCents: 10_000,
      baseCents: 9_346,
      igicCents: 654,
      igicBps: 700,
    });
    expect(b?.number).toBe('S2027-000002');

    const [record] = await db.select().from(billingRecords).where(eq(billingRecords.documentId, a!.id));
    expect(record).toMatchObject({
      issuerNif: 'B12345674',
      position: 1,
      invoiceType: 'F2',
      documentKind: 'customer_invoice',
    });
    expect(record!.content).toMatchObject({
      issuerName: 'Marlin Charters S.L.',
      thirdParty: { name: 'AD Boat Rental S.L.', nif: 'B76543217' },
      recipients: [],
      lines: [{ tax: '03', qualification: 'S1', rate: '7.00', base: '93.46', quota: '6.54' }],
      totalQuota: '6.54',
      totalAmount: '100.00',
    });

    const xml = await exportOf('B12345674');
    expect(xml.match(/<sf:RegistroAlta>/g)).toHaveLength(2);
    expect(xml).toContain('<sf:EmitidaPorTerceroODestinatario>T</sf:EmitidaPorTerceroODestinatario>');
    expect(xml).toContain('<sf:TipoFactura>F2</sf:TipoFactura>');
    expect(xsdErrors('SuministroLR.xsd', xml)).toEqual([]);
  });

  it('invoices an exempt owner’s sale without IGIC, and none for an owner who invoices themselves', async () => {
    const exempt = await sellSeats(boats.teide);
    const [invoice] = await invoicesOfBooking(db, exempt.bookingId);
    expect(invoice).toMatchObject({
      issuerNif: 'X1234567L',
      number: 'S2027-000001',
      totalCents: 10_000,
      baseCents: 10_000,
      igicCents: 0,
      igicBps: null,
      issuer: { igicRegime: 'exempt' },
    });
    const [record] = await db.select().from(billingRecords).where(eq(billingRecords.documentId, invoice!.id));
    expect(record!.content).toMatchObject({
      lines: [{ tax: '03', qualification: 'E6', rate: null, base: '100.00', quota: null }],
      totalQuota: '0.00',
    });
    expect(xsdErrors('SuministroLR.xsd', await exportOf('X1234567L'))).toEqual([]);

    const own = await sellSeats(boats.self);
    expect(await invoicesOfBooking(db, own.bookingId)).toEqual([]);
    // The customer's screens name the owner who invoices them, and the confirmation is a receipt.
    const screens = await t.app.inject({
      url: `/checkout/booking/${own.bookingId}/invoices?token=${await customerToken(t.ctx, own.bookingId)}`,
    });
    expect(screens.json()).toEqual({
      invoices: [],
      fullInvoiceAvailable: false,
      invoicedByOwner: { name: 'Self Invoicing S.L.', taxId: 'B76543214' },
    });
    // Turning the setting off later leaves the issued invoices; the next sale has none.
    await db
      .update(owners)
      .set({ invoicesCustomers: false, customerInvoicingAcceptedAt: null })
      .where(eq(owners.id, teide));
    expect(await invoicesOfBooking(db, (await sellSeats(boats.teide)).bookingId)).toEqual([]);
  });

  it('invoices the platform’s own boats in its name, and a sale above 400 € as an F2 without the recipient’s tax id', async () => {
    const seats = await sellSeats(boats.platform);
    const [simplified] = await invoicesOfBooking(db, seats.bookingId);
    expect(simplified).toMatchObject({
      issuerNif: 'B76543217',
      byThirdParty: false,
      invoiceType: 'F2',
      number: 'S2027-000001',
    });

    // Three hours at €150: €450, above the simplified invoice's limit.
    const start = nextDay();
    const [first] = await createPrivateRun(db, boats.platform.id, start, 3);
    const charter = await buyAndConfirm(t.app, charterRequest(boats.platform, first!, 3));
    const [full] = await invoicesOfBooking(db, charter.bookingId);
    // Before: an F1 with the art. 6.1.d flag and no recipient, which the AEAT rejects (1185, 1189).
    expect(full).toMatchObject({ invoiceType: 'F2', number: 'S2027-000002', totalCents: 45_000 });
    const [record] = await db.select().from(billingRecords).where(eq(billingRecords.documentId, full!.id));
    expect(record!.content).toMatchObject({
      invoiceType: 'F2',
      withoutRecipientId: true,
      recipients: [],
      thirdParty: null,
    });
    const xml = await exportOf('B76543217');
    expect(xml).toContain(
      '<sf:TipoFactura>F2</sf:TipoFactura><sf:DescripcionOperacion>Alquiler de embarcación, reserva ' +
        `${bookingReference(charter.bookingId)}</sf:DescripcionOperacion>` +
        '<sf:FacturaSinIdentifDestinatarioArt61d>S</sf:FacturaSinIdentifDestinatarioArt61d>',
    );
    expect(xml).not.toContain('<sf:Destinatarios>');
    // Its PDF is a full invoice, not a simplified one (its limit is 400 €).
    const download = await t.app.inject({
      url: `/checkout/booking/${charter.bookingId}/invoices/${full!.id}/pdf?token=${await customerToken(t.ctx, charter.bookingId)}`,
    });
    expect((await PDFDocument.load(download.rawPayload)).getTitle()).toBe(`Invoice ${full!.number}`);
    expect(xsdErrors('SuministroLR.xsd', xml)).toEqual([]);

    const check = await checkChains(db);
    expect(check.ok).toBe(true);
    expect(check.issuers.map((i) => [i.issuerNif, i.count]).sort()).toEqual([
      ['B12345674', 2],
      ['B76543217', 2],
      ['X1234567L', 1],
    ]);
  });

  it('attaches the invoice to the confirmation e-mail, in the customer’s language, its QR the record’s', async () => {
    const sale = await sellSeats(boats.marlin, {
      customer: { name: 'Ana García', email: 'ana@example.com' },
      lang: 'es',
    });
    const [invoice] = await invoicesOfBooking(db, sale.bookingId);
    const [row] = await db.select().from(billingRecords).where(eq(billingRecords.documentId, invoice!.id));
    if (row?.content.kind !== 'alta') throw new Error('no alta record');
    const record = row.content;
    await queueEventEmails(t.ctx);
    expect(await deliverDueEmails(db, transport, t.ctx.now())).toMatchObject({ failed: 0 });
    const mail = smtp.received.find((m) => m.raw.includes(`filename=${invoice!.number}.pdf`));
    expect(mail?.to).toEqual(['ana@example.com']);
    expect(mail!.raw).toContain('.ics'); // the calendar stays beside it
    // The e-mail says so, in Spanish.
    expect(mailText(mail!.raw)).toContain(`Te adjuntamos en PDF tu factura ${invoice!.number}.`);
    const pdf = attachment(mail!.raw, `${invoice!.number}.pdf`);
    const document = await PDFDocument.load(pdf);
    expect(document.getTitle()).toBe(`Factura simplificada ${invoice!.number}`);
    expect(document.getAuthor()).toBe('Marlin Charters S.L.');
    const [image] = await pdfImages(pdf);
    const qr = jsQR(image!.rgba, image!.width, image!.height);
    const url = new URL(qr!.data);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      nif: 'B12345674',
      numserie: record.id.numSerie,
      fecha: record.id.issueDate,
      importe: '100.00',
    });
    const modules = qr!.version * 4 + 17;
    expect((image!.drawnMm.width * modules) / (modules + 8)).toBeCloseTo(35, 1);

    // An owner who invoices themselves: the confirmation carries no invoice.
    await sellSeats(boats.self, { customer: { name: 'Ben Smith', email: 'ben@example.com' }, lang: 'en' });
    await queueEventEmails(t.ctx);
    await deliverDueEmails(db, transport, t.ctx.now());
    const own = smtp.received.filter((m) => m.to.includes('ben@example.com'));
    expect(own).toHaveLength(1);
    expect(own[0]!.raw).not.toContain('application/pdf');
  });

  it('issues a rectifying invoice for each refund, for the amount refunded, never an edit', async () => {
    const sale = await sellSeats(boats.marlin, {
      customer: { name: 'Rosa Díaz', email: 'rosa@example.com' },
      lang: 'de',
    });
    // Money back after the trip (the admin's goodwill refund, in part, then the rest).
    t.setNow(new Date('2027-07-01T09:00:00Z'));
    await completeEndedTrips(t.ctx);
    const refund = async (amount: number) => {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/admin/bookings/${sale.bookingId}/refund`,
        headers: bearer(await tokenFor(t, 'admin')),
        payload: { amount, reason: 'Partial refund' },
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    await refund(30);
    await refund(70);
    const [invoice, first, second] = await invoicesOfBooking(db, sale.bookingId);
    expect(first).toMatchObject({
      invoiceType: 'R5',
      number: expect.stringMatching(/^RC2027-00000[12]$/),
      correctsId: invoice!.id,
      issuerNif: 'B12345674',
      totalCents: -3_000,
      baseCents: -2_804,
      igicCents: -196,
    });
    expect(second).toMatchObject({ invoiceType: 'R5', correctsId: invoice!.id, totalCents: -7_000 });
    // The owner's statement (and its CSV) says which bookings the platform invoiced, and which not.
    const earnings = async (ownerId: string, month: string) => {
      const res = await t.app.inject({
        url: `/api/owner/earnings?month=${month}`,
        headers: bearer(await tokenFor(t, 'owner', { ownerId })),
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<OwnerEarningsResponse>().lines;
    };
    const marlinLines = [...(await earnings(marlin, '2027-06')), ...(await earnings(marlin, '2027-07'))];
    const saleLines = marlinLines.filter((l) => l.bookingId === sale.bookingId);
    expect(saleLines.length).toBeGreaterThan(0);
    expect(saleLines.map((l) => l.invoice)).toEqual(saleLines.map(() => invoice!.number));
    const selfLines = await earnings(self, '2027-06');
    expect(selfLines.length).toBeGreaterThan(0);
    expect(selfLines.map((l) => l.invoice)).toEqual(selfLines.map(() => null));
    // The booking's invoices add up to what the customer kept paid: nothing.
    expect(invoice!.totalCents + first!.totalCents + second!.totalCents).toBe(0);
    expect(invoice!.baseCents + first!.baseCents + second!.baseCents).toBe(0);

    const [record] = await db.select().from(billingRecords).where(eq(billingRecords.documentId, first!.id));
    expect(record!.content).toMatchObject({
      invoiceType: 'R5',
      rectificationType: 'I',
      rectified: [{ issuerNif: 'B12345674', numSerie: invoice!.number }],
      thirdParty: { nif: 'B76543217' },
      totalAmount: '-30.00',
      lines: [{ qualification: 'S1', base: '-28.04', quota: '-1.96' }],
      // Refunded after the trip: the operation's day, before the day of issue (FechaOperacion).
      operationDate: aeatDate(invoice!.document.operationAt),
    });
    // The sale, issued before its trip, names no operation's day: the issue's stands for it.
    const [saleRecord] = await db
      .select()
      .from(billingRecords)
      .where(eq(billingRecords.documentId, invoice!.id));
    expect(saleRecord!.content).not.toHaveProperty('operationDate');
    const xml = await exportOf('B12345674', '2027-07');
    expect(xml).toContain(
      `<sf:FechaOperacion>${aeatDate(invoice!.document.operationAt)}</sf:FechaOperacion>`,
    );
    expect(xml).toContain('<sf:TipoFactura>R5</sf:TipoFactura>');
    expect(xml).toContain('<sf:TipoRectificativa>I</sf:TipoRectificativa>');
    expect(xsdErrors('SuministroLR.xsd', xml)).toEqual([]);
    expect((await checkChains(db)).ok).toBe(true);

    // Each refund's e-mail carries its rectifying invoice, in the customer's language, its QR the record's.
    await queueEventEmails(t.ctx);
    expect(await deliverDueEmails(db, transport, t.ctx.now())).toMatchObject({ failed: 0 });
    for (const rectifying of [first!, second!]) {
      const mail = smtp.received.find((m) => m.raw.includes(`filename=${rectifying.number}.pdf`));
      expect(mail?.to).toEqual(['rosa@example.com']);
      expect(mailText(mail!.raw)).toContain(
        `Ihre Rechnung ${rectifying.number} ist dieser E-Mail als PDF angehängt.`,
      );
      const pdf = attachment(mail!.raw, `${rectifying.number}.pdf`);
      expect((await PDFDocument.load(pdf)).getTitle()).toBe(`Rechnungskorrektur ${rectifying.number}`);
      const [image] = await pdfImages(pdf);
      const qr = new URL(jsQR(image!.rgba, image!.width, image!.height)!.data);
      expect(qr.searchParams.get('numserie')).toBe(rectifying.number);
      expect(qr.searchParams.get('importe')).toBe((rectifying.totalCents / 100).toFixed(2));
    }
    // One PDF each: neither refund's e-mail carries the other's.
    const refundMails = smtp.received.filter(
      (m) => m.to.includes('rosa@example.com') && m.raw.includes('RC2027-'),
    );
    expect(refundMails).toHaveLength(2);
  });

  it('replaces the simplified invoice with a company’s full one (F3) on request; 400 naming a bad tax id', async () => {
    const sale = await sellSeats(boats.marlin, {
      customer: { name: 'Eva Ruiz', email: 'eva@example.com' },
      lang: 'en',
    });
    const token = await customerToken(t.ctx, sale.bookingId);
    const ask = (payload: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: `/api/bookings/${sale.bookingId}/invoice`,
        payload: { token, ...payload },
      });
    const company = {
      name: 'Acme Eventos S.L.',
      // Not Marlin's own NIF (B12345674), which the AEAT refuses as a recipient of Marlin's invoice.
      taxId: 'B-3811111-8',
      address: 'Calle Mayor 1, 38001 Santa Cruz',
    };

    // Manage my booking reads the booking's invoices with its token, and may offer the request.
    const invoicesOf = async (bookingId: string) => {
      const res = await t.app.inject({
        url: `/checkout/booking/${bookingId}/invoices?token=${await customerToken(t.ctx, bookingId)}`,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<BookingInvoicesResponse>();
    };
    const before = await invoicesOf(sale.bookingId);
    expect(before).toMatchObject({
      fullInvoiceAvailable: true,
      invoicedByOwner: null,
      invoices: [{ invoiceType: 'F2', total: 100, replaced: false, corrects: null, company: null }],
    });

    const bad = await ask({ ...company, taxId: 'B12345670' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ fields: { path: string }[] }>().fields.map((f) => f.path)).toEqual(['body.taxId']);
    expect((await ask({ ...company, token: 'nope' })).statusCode).toBe(403);

    const res = await ask(company);
    expect(res.statusCode, res.body).toBe(200);
    const issued = await invoicesOfBooking(db, sale.bookingId);
    const simplified = issued.find((i) => i.invoiceType === 'F2');
    const full = issued.find((i) => i.invoiceType === 'F3');
    expect(res.json()).toEqual({
      invoice: { number: full!.number, invoiceType: 'F3', replaces: simplified!.number },
    });
    expect(full).toMatchObject({
      invoiceType: 'F3',
      number: expect.stringMatching(/^F2027-/),
      correctsId: simplified!.id,
      recipient: { name: 'Acme Eventos S.L.', taxId: 'B38111118', address: company.address },
      totalCents: 10_000,
      baseCents: 9_346,
      igicCents: 654,
    });
    const [record] = await db.select().from(billingRecords).where(eq(billingRecords.documentId, full!.id));
    expect(record!.content).toMatchObject({
      invoiceType: 'F3',
      substituted: [{ issuerNif: 'B12345674', numSerie: simplified!.number }],
      recipients: [{ name: 'Acme Eventos S.L.', nif: 'B38111118' }],
      withoutRecipientId: false,
    });
    const xml = await exportOf('B12345674', '2027-07');
    expect(xml).toContain('<sf:TipoFactura>F3</sf:TipoFactura>');
    expect(xml).toContain('<sf:FacturasSustituidas>');
    expect(xsdErrors('SuministroLR.xsd', xml)).toEqual([]);
    // The customer's screens show the full invoice in place of the simplified one, and its PDF.
    const after = await invoicesOf(sale.bookingId);
    expect(after).toEqual({
      fullInvoiceAvailable: false,
      invoicedByOwner: null,
      invoices: [
        { ...before.invoices[0], replaced: true },
        {
          _id: full!.id,
          number: full!.number,
          invoiceType: 'F3',
          total: 100,
          issuedAt: full!.issuedAt.toISOString(),
          corrects: simplified!.number,
          company: 'Acme Eventos S.L.',
          replaced: false,
          cancelled: false,
        },
      ],
    });
    // An invoice names its recipient: without the booking's token, or with another's, it does not open.
    const pdfUrl = `/checkout/booking/${sale.bookingId}/invoices/${full!.id}/pdf`;
    expect((await t.app.inject({ url: pdfUrl })).statusCode).toBe(400);
    const stranger = await sellSeats(boats.marlin);
    const foreign = await t.app.inject({
      url: `${pdfUrl}?token=${await customerToken(t.ctx, stranger.bookingId)}`,
    });
    expect(foreign.statusCode).toBe(403);
    expect((await t.app.inject({ url: `/checkout/booking/${sale.bookingId}/invoices` })).statusCode).toBe(
      400,
    );
    const download = await t.app.inject({ url: `${pdfUrl}?token=${token}` });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toBe(`attachment; filename="${full!.number}.pdf"`);
    const pdf = await PDFDocument.load(download.rawPayload);
    expect(pdf.getTitle()).toBe(`Invoice ${full!.number}`);
    const [image] = await pdfImages(download.rawPayload);
    const qr = new URL(jsQR(image!.rgba, image!.width, image!.height)!.data);
    expect(Object.fromEntries(qr.searchParams)).toEqual({
      nif: 'B12345674',
      numserie: full!.number,
      fecha: (record!.content as { id: { issueDate: string } }).id.issueDate,
      importe: '100.00',
    });
    // Another booking's invoice, through this booking's address, is not found.
    const other = await sellSeats(boats.platform);
    const [othersInvoice] = await invoicesOfBooking(db, other.bookingId);
    expect(
      (
        await t.app.inject({
          url: `/checkout/booking/${sale.bookingId}/invoices/${othersInvoice!.id}/pdf?token=${token}`,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ url: `/checkout/booking/${crypto.randomUUID()}/invoices?token=${token}` }))
        .statusCode,
    ).toBe(404);

    // Asked again: the full invoice stands, nothing new is issued.
    const again = await ask(company);
    expect(again.statusCode).toBe(409);
    expect(await invoicesOfBooking(db, sale.bookingId)).toHaveLength(2);
    expect((await checkChains(db)).ok).toBe(true);

    // The full invoice is e-mailed to the booking's address, once, in an e-mail of its own that
    // says so; the simplified one went with the confirmation.
    const mails = await mailsTo('eva@example.com');
    const [sent] = carrying(full!, 'eva@example.com');
    expect(carrying(full!, 'eva@example.com')).toHaveLength(1);
    expect(sent?.to).toEqual(['eva@example.com']);
    expect(mailSubject(sent!.raw)).toBe(`Your invoice for booking ${bookingReference(sale.bookingId)}`);
    expect(mailText(sent!.raw)).toContain(
      `Your invoice ${full!.number} is attached to this e-mail as a PDF.`,
    );
    expect(sent!.raw).toContain('Content-Type: application/pdf');
    const emailed = attachment(sent!.raw, `${full!.number}.pdf`);
    expect((await PDFDocument.load(emailed)).getTitle()).toBe(`Invoice ${full!.number}`);
    // The PDF e-mailed is the document as stored: the download's bytes.
    expect(emailed.equals(Buffer.from(download.rawPayload))).toBe(true);
    expect(carrying(simplified!, 'eva@example.com').map((m) => mailSubject(m.raw))).toEqual([
      expect.stringMatching(/^Booking confirmed: /),
    ]);
    expect(mails).toHaveLength(2);
  });

  it('lists an owner’s customers’ invoices to that owner alone, newest first', async () => {
    const list = async (headers: Record<string, string>, query = '') => {
      const res = await t.app.inject({ url: `/api/owner/customer-invoices${query}`, headers });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<CustomerInvoicesResponse>().invoices;
    };
    const mine = await list(bearer(await tokenFor(t, 'owner', { ownerId: marlin })));
    const issued = await db.select().from(customerInvoices).where(eq(customerInvoices.ownerId, marlin));
    expect(mine.map((i) => i.number).sort()).toEqual(issued.map((i) => i.number).sort());
    expect(mine.every((i) => issued.some((r) => r.id === i._id))).toBe(true);
    expect(mine.find((i) => i.invoiceType === 'F3')?.recipient).toBe('Acme Eventos S.L.');
    expect(
      mine
        .filter((i) => i.invoiceType === 'R5')
        .map((i) => i.total)
        .sort((a, b) => a - b),
    ).toEqual([-70, -30]);
    // Another owner's list holds none of them; the admin reads any owner's by naming it.
    const teides = await list(bearer(await tokenFor(t, 'owner', { ownerId: teide })));
    expect(teides.some((i) => mine.some((m) => m._id === i._id))).toBe(false);
    expect(teides.length).toBeGreaterThan(0);
    const asAdmin = await list(bearer(await tokenFor(t, 'admin')), `?ownerId=${marlin}`);
    expect(asAdmin.map((i) => i._id)).toEqual(mine.map((i) => i._id));

    // Each one in full for its printable page: the owner's own, with the QR of its record.
    const detail = async (id: string, ownerId: string) =>
      t.app.inject({
        url: `/api/owner/customer-invoices/${id}`,
        headers: bearer(await tokenFor(t, 'owner', { ownerId })),
      });
    const rectifying = mine.find((i) => i.invoiceType === 'R5')!;
    const res = await detail(rectifying._id, marlin);
    expect(res.statusCode, res.body).toBe(200);
    const shown = res.json<CustomerInvoiceDetail>();
    const corrected = issued.find((i) => i.invoiceType === 'F2' && shown.corrects?.number === i.number);
    expect(corrected).toBeDefined();
    expect(shown.corrects?.issuedAt).toBe(corrected!.issuedAt.toISOString());
    expect(shown).toMatchObject({
      number: rectifying.number,
      invoiceType: 'R5',
      issuer: { name: 'Marlin Charters S.L.', taxId: 'B12345674' },
      issuedByPlatform: 'AD Boat Rental S.L.',
      exemptMention: null,
      igicPercent: 7,
      total: rectifying.total,
    });
    const url = new URL(shown.verifactu!.qrUrl);
    expect(url.searchParams.get('numserie')).toBe(rectifying.number);
    expect(url.searchParams.get('importe')).toBe(rectifying.total.toFixed(2));
    // The owner's copy in their language (issue 58): the same invoice, its lines in the words of
    // the language asked; the language it was issued in is said.
    const issuedIn = issued.find((i) => i.id === rectifying._id)!.language;
    const other = issuedIn === 'de' ? 'ru' : 'de';
    const copy = (
      await t.app.inject({
        url: `/api/owner/customer-invoices/${rectifying._id}?lang=${other}`,
        headers: bearer(await tokenFor(t, 'owner', { ownerId: marlin })),
      })
    ).json<CustomerInvoiceDetail>();
    expect(shown).toMatchObject({ language: issuedIn, issuedIn });
    expect(copy).toMatchObject({
      language: other,
      issuedIn,
      number: rectifying.number,
      total: rectifying.total,
    });
    expect(copy.lines.map((l) => l.amount)).toEqual(shown.lines.map((l) => l.amount));
    expect(copy.lines[0]!.description).not.toBe(shown.lines[0]!.description);
    // Another owner's: not found, as if it did not exist.
    expect((await detail(rectifying._id, teide)).statusCode).toBe(404);
  });

  it('refunds a consumer’s invoice above 400 € by an R5 keeping the flag, gives a company its F3 at any amount, whose refund names it; the fake AEAT accepts every record', async () => {
    // Three hours at €150 on Marlin's boat: €450, each.
    const charter = async () => {
      const [first] = await createPrivateRun(db, boats.marlin.id, nextDay(), 3);
      return buyAndConfirm(t.app, charterRequest(boats.marlin, first!, 3));
    };
    // The consumer gives their details on the payment step: above 400 € the address is asked for
    // (the invoice names them, RD 1619/2012 art. 6), and refused without it, on its field.
    const [consumerHours] = await createPrivateRun(db, boats.marlin.id, nextDay(), 3);
    const consumer = await startCheckout(t.app, charterRequest(boats.marlin, consumerHours!, 3));
    const details = (address?: string) =>
      t.app.inject({
        method: 'POST',
        url: `/checkout/booking/${consumer.bookingId}/customer?key=${consumer.checkoutKey}`,
        payload: { customer: { name: 'Ana Pérez', email: 'ana@example.com', address } },
      });
    const withoutAddress = await details();
    expect(withoutAddress.statusCode, withoutAddress.body).toBe(400);
    expect(withoutAddress.json()).toMatchObject({ fields: [{ path: 'body.customer.address' }] });
    expect((await details('Calle La Hoya 5, 38650 Los Cristianos')).statusCode).toBe(200);
    expect((await payByCard(t.app, consumer.clientSecret)).statusCode).toBe(200);
    expect((await confirmReturn(t.app, consumer.intentId)).statusCode).toBe(200);
    const business = await charter();
    const late = await charter();
    const ask = async (bookingId: string, company: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: `/api/bookings/${bookingId}/invoice`,
        payload: { token: await customerToken(t.ctx, bookingId), ...company },
      });
    const fullInvoices = async () =>
      (await db.select().from(customerInvoices).where(eq(customerInvoices.issuerNif, 'B12345674'))).filter(
        (i) => i.invoiceType === 'F3',
      );
    const f3Before = await fullInvoices();

    // A company naming Marlin's own NIF: refused before issuing (the AEAT's 1193), on its field.
    const itself = await ask(business.bookingId, {
      name: 'Marlin Charters S.L.',
      taxId: 'B12345674',
      address: 'Muelle 1, Los Cristianos',
    });
    expect(itself.statusCode, itself.body).toBe(400);
    expect(itself.json()).toMatchObject({ error: 'recipient_refused', fields: [{ path: 'body.taxId' }] });
    expect(await fullInvoices()).toHaveLength(f3Before.length);

    // A company at 450 € gets its F3 (before: 409 full_invoice_exists), and no number was lost.
    const res = await ask(business.bookingId, {
      name: 'Teno Eventos S.L.',
      taxId: 'B35000009',
      address: 'Calle Castillo 2, 38002 Santa Cruz',
    });
    expect(res.statusCode, res.body).toBe(200);
    const numbers = (await fullInvoices()).map((i) => i.number).sort();
    expect(numbers).toEqual(numbers.map((_, i) => `F2027-${String(i + 1).padStart(6, '0')}`));

    // Both trips over, each booking gets €50 back.
    t.setNow(new Date(t.ctx.now().getTime() + 40 * 24 * HOUR));
    await completeEndedTrips(t.ctx);
    for (const booking of [consumer, business, late]) {
      const refund = await t.app.inject({
        method: 'POST',
        url: `/api/admin/bookings/${booking.bookingId}/refund`,
        headers: bearer(await tokenFor(t, 'admin')),
        payload: { amount: 50, reason: 'Partial refund' },
      });
      expect(refund.statusCode, refund.body).toBe(200);
    }
    const recordOf = async (id: string) =>
      (await db.select().from(billingRecords).where(eq(billingRecords.documentId, id)))[0]!.content;

    const [sale, r5] = await invoicesOfBooking(db, consumer.bookingId);
    expect(sale).toMatchObject({
      invoiceType: 'F2',
      totalCents: 45_000,
      recipient: { name: 'Ana Pérez', taxId: '', address: 'Calle La Hoya 5, 38650 Los Cristianos' },
    });
    expect(r5).toMatchObject({ invoiceType: 'R5', correctsId: sale!.id, totalCents: -5_000 });
    // Before: an R1 with the flag and no recipient (1185, 1189).
    expect(await recordOf(r5!.id)).toMatchObject({
      invoiceType: 'R5',
      withoutRecipientId: true,
      recipients: [],
      rectified: [{ numSerie: sale!.number }],
    });

    const [, f3, r1] = await invoicesOfBooking(db, business.bookingId);
    expect(f3).toMatchObject({ invoiceType: 'F3', totalCents: 45_000 });
    expect(r1).toMatchObject({ invoiceType: 'R1', correctsId: f3!.id, totalCents: -5_000 });
    // Before: the R1 dropped the company its F3 and its PDF name.
    const company = { name: 'Teno Eventos S.L.', nif: 'B35000009' };
    expect(await recordOf(f3!.id)).toMatchObject({ recipients: [company], withoutRecipientId: false });
    expect(await recordOf(r1!.id)).toMatchObject({
      invoiceType: 'R1',
      withoutRecipientId: false,
      recipients: [company],
      rectified: [{ numSerie: f3!.number }],
    });

    // A company asking after a refund: its F3 replaces the simplified invoice and its rectifying
    // one (both simplified documents, both named in FacturasSustituidas), for the 400 € they left,
    // so the documents that stand add up to what the booking kept. Before: only the F2 was
    // replaced, and the F3's 400 € stood beside the R5's −50 €.
    const lateCompany = {
      name: 'Anaga Tours S.L.',
      taxId: 'B38000006',
      address: 'Calle Anaga 3, Santa Cruz',
    };
    expect((await ask(late.bookingId, lateCompany)).statusCode).toBe(200);
    const lateInvoices = await invoicesOfBooking(db, late.bookingId);
    const [lateSale, lateRefund, lateFull] = ['F2', 'R5', 'F3'].map((type) =>
      lateInvoices.find((i) => i.invoiceType === type),
    );
    expect(lateFull).toMatchObject({ invoiceType: 'F3', totalCents: 40_000 });
    expect(await recordOf(lateFull!.id)).toMatchObject({
      substituted: [{ numSerie: lateSale!.number }, { numSerie: lateRefund!.number }],
    });
    const view = (
      await t.app.inject(
        `/checkout/booking/${late.bookingId}/invoices?token=${await customerToken(t.ctx, late.bookingId)}`,
      )
    ).json<BookingInvoicesResponse>();
    const standing = view.invoices.filter((i) => !i.replaced);
    expect(standing.map((i) => i.number)).toEqual([lateFull!.number]);
    expect(standing.reduce((sum, i) => sum + i.total, 0)).toBe(400);

    // Every record this file issued goes to the fake AEAT, which keeps the AEAT's record
    // validations: it accepts them all.
    const fake = await startFakeAeat({ now: t.ctx.now });
    try {
      const aeat = soapTaxAuthority({ url: fake.url, where: 'the fake AEAT', timeoutMs: 60_000 });
      await sendEveryRecord(t, aeat);
      const states = await db
        .select({
          numSerie: billingRecords.numSerie,
          state: aeatSubmissions.state,
          code: aeatSubmissions.errorCode,
        })
        .from(aeatSubmissions)
        .innerJoin(billingRecords, eq(billingRecords.id, aeatSubmissions.recordId));
      expect(states.filter((s) => s.state !== 'accepted')).toEqual([]);
      expect(states.map((s) => s.numSerie)).toEqual(
        expect.arrayContaining([sale!.number, r5!.number, f3!.number, r1!.number]),
      );
      expect(fake.received.every((m) => m.errors.length === 0)).toBe(true);
    } finally {
      await fake.close();
    }
  });
  it('e-mails a customer’s own cancellation with its rectifying invoices, in the customer’s language', async () => {
    // A €60 gift voucher pays part of a €100 booking on the platform's boat, the card the rest.
    const bought = await t.app.inject({
      method: 'POST',
      url: '/api/gift-vouchers',
      payload: {
        amount: 6000,
        purchaser: { name: 'Pia', email: 'pia@example.com' },
        recipient: { name: 'Camille', email: 'pia@example.com', message: '', language: 'fr' },
        lang: 'fr',
      },
      remoteAddress: '203.0.113.90',
    });
    expect(bought.statusCode, bought.body).toBe(201);
    const { clientSecret } = bought.json<{ clientSecret: string }>();
    expect((await payByCard(t.app, clientSecret)).json()).toEqual({ status: 'succeeded' });
    const intentId = clientSecret.slice(0, clientSecret.indexOf('_secret_'));
    const confirmed = await t.app.inject(`/api/gift-vouchers/confirm?payment_intent=${intentId}`);
    const { voucher } = confirmed.json<{ voucher: { code: string } }>();
    const trip = await createSharedTrip(db, boats.platform.id, nextDay());
    const body = sharedRequest(
      boats.platform.id,
      trip,
      { adults: 2, children50: 0, kidsFree: 0 },
      { customer: { name: 'Camille', email: 'camille@example.com' }, lang: 'fr' },
    );
    (body.booking as Record<string, unknown>).voucherCode = voucher.code;
    const { bookingId } = await buyAndConfirm(t.app, body, '203.0.113.91');

    // Canceled on manage my booking: €60 back on the voucher and €40 to the card, each rectified.
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/bookings/${bookingId}/cancel`,
      payload: { token: await customerToken(t.ctx, bookingId), expectedRefund: 100 },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const rectifying = (await invoicesOfBooking(db, bookingId)).filter((i) => i.invoiceType === 'R5');
    expect(rectifying.map((i) => i.totalCents).sort((a, b) => a - b)).toEqual([-6_000, -4_000]);

    // The cancellation's one e-mail carries both, in French, and says so; no other e-mail does.
    const mails = await mailsTo('camille@example.com');
    const canceled = mails.filter((m) => mailSubject(m.raw).startsWith('Réservation annulée'));
    expect(canceled).toHaveLength(1);
    const [first, second] = rectifying;
    expect(mailText(canceled[0]!.raw)).toContain(
      `Vos factures ${first!.number} et ${second!.number} sont jointes à cet e-mail au format PDF.`,
    );
    for (const invoice of rectifying) {
      expect(carrying(invoice, 'camille@example.com')).toEqual(canceled);
      const pdf = attachment(canceled[0]!.raw, `${invoice.number}.pdf`);
      expect((await PDFDocument.load(pdf)).getTitle()).toBe(`Facture rectificative ${invoice.number}`);
    }
    // The confirmation and the cancellation: no refund e-mail besides.
    expect(mails).toHaveLength(2);
  });

  it('sends a cancellation’s rectifying invoice settled after its e-mail in an e-mail of its own', async () => {
    const sale = await sellSeats(boats.platform, {
      customer: { name: 'Olga', email: 'olga@example.com' },
      lang: 'ru',
    });
    // The card's provider does not answer: the refund stays pending, and no invoice is issued yet.
    const provider = t.ctx.payments;
    t.ctx.payments = { ...provider, refund: () => Promise.reject(new Error('timeout')) };
    try {
      const cancel = await t.app.inject({
        method: 'POST',
        url: `/api/bookings/${sale.bookingId}/cancel`,
        payload: { token: await customerToken(t.ctx, sale.bookingId), expectedRefund: 100 },
      });
      expect(cancel.statusCode, cancel.body).toBe(200);
    } finally {
      t.ctx.payments = provider;
    }
    // The cancellation's e-mail goes out meanwhile, carrying no invoice and saying none.
    const before = await mailsTo('olga@example.com');
    expect(before).toHaveLength(2);
    const canceled = before.find((m) => mailSubject(m.raw).startsWith('Бронирование отменено'));
    expect(canceled!.raw).not.toContain('application/pdf');
    expect(mailText(canceled!.raw)).not.toContain('приложен');

    // The reconciliation settles the refund: its rectifying invoice comes in an e-mail of its own.
    await reconcilePayments(t.ctx);
    const [, rectifying] = await invoicesOfBooking(db, sale.bookingId);
    expect(rectifying).toMatchObject({ invoiceType: 'R5', totalCents: -10_000 });
    const after = await mailsTo('olga@example.com');
    expect(after).toHaveLength(3);
    const [own] = carrying(rectifying!, 'olga@example.com');
    expect(carrying(rectifying!, 'olga@example.com')).toHaveLength(1);
    expect(own?.to).toEqual(['olga@example.com']);
    expect(mailSubject(own!.raw)).toBe(`Ваш счёт по бронированию ${bookingReference(sale.bookingId)}`);
    expect(mailText(own!.raw)).toContain(
      `Ваш счёт ${rectifying!.number} приложен к этому письму в формате PDF.`,
    );
    const pdf = attachment(own!.raw, `${rectifying!.number}.pdf`);
    expect((await PDFDocument.load(pdf)).getTitle()).toBe(`Корректировочный счёт ${rectifying!.number}`);
  });
});
