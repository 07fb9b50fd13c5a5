// The VERI*FACTU QR code of the platform's commission invoices and credit notes
// (docs/invoicing.md#qr-code): each document's answer carries the AEAT's verification address
// with the issuer's NIF, the number, the issue date and the total of its billing record, on the
// pre-production host unless AEAT_ENVIRONMENT says production; the values are the record's, not
// the invoice's. The owner's e-mail, received by an SMTP server, carries the document as a PDF
// whose QR image decodes to the same address.
import { eq, sql } from 'drizzle-orm';
import jsQR from 'jsqr';
import { PDFDocument } from 'pdf-lib';
import { afterAll, describe, expect, it } from 'vitest';
import type { Invoice } from '@boats/domain/schemas/invoices';
import { verifactuQrOf } from '../../../src/modules/invoices/invoice-qr';
import { createMailTransport } from '../../../src/modules/mail/mail-transport';
import { deliverDueEmails } from '../../../src/modules/mail/outbox-worker';
import { billingRecords } from '../../../src/modules/verifactu/schema';
import { completeEndedTrips } from '../../../src/modules/jobs/trip-completion';
import { bearer, newOwner, tokenFor } from '../../helpers/admin-token';
import { attachment, pdfImages } from '../../helpers/pdf-images';
import { startSmtpTestServer } from '../../helpers/smtp-test-server';
import { buildTestApp, type TestApp } from '../../helpers/test-app';
import { addPaidBooking, seedBoat } from '../admin-bookings/admin-bookings.fixtures';

const boatOf = (t: TestApp, ownerId: string) => seedBoat(t.ctx.db, { en: 'Owner boat' }, ownerId);

/** The QR's parameters, decoded as a phone reading it would. */
function qrParams(qrUrl: string) {
  const url = new URL(qrUrl);
  return {
    service: `${url.origin}${url.pathname}`,
    params: Object.fromEntries(url.searchParams),
    names: [...url.searchParams.keys()],
  };
}

describe('the VERI*FACTU QR code of commission invoices', async () => {
  const smtp = await startSmtpTestServer();
  afterAll(() => smtp.close());
  const t = await buildTestApp({
    template: 'empty',
    now: new Date('2027-01-20T12:00:00Z'),
    env: { OPERATOR_LEGAL_NAME: 'AD Boat Rental S.L.', OPERATOR_TAX_ID: 'B76543217', SMTP_URL: smtp.url },
  });
  const transport = createMailTransport({
    smtpUrl: t.ctx.config.SMTP_URL,
    from: t.ctx.config.MAIL_FROM,
    log: { info() {} },
  });
  afterAll(() => transport.close());
  const admin = async () => bearer(await tokenFor(t, 'admin'));
  const marlin = await newOwner(t, { legalName: 'Marlin Charters S.L.', taxId: 'B12345674', language: 'de' });
  const boat = await boatOf(t, marlin);
  const asOwner = async () => bearer(await tokenFor(t, 'owner', { ownerId: marlin }));
  const sold = (day: string, cents: number) => addPaidBooking(t.ctx.db, boat, day, cents);
  const issue = async (period: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/invoices/issue',
      headers: await admin(),
      payload: { period },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ issued: Invoice[] }>().issued;
  };
  const detail = async (id: string) => {
    const res = await t.app.inject({ url: `/api/owner/invoices/${id}`, headers: await asOwner() });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Invoice>();
  };
  const recordOf = async (documentId: string) => {
    const [row] = await t.ctx.db
      .select()
      .from(billingRecords)
      .where(eq(billingRecords.documentId, documentId));
    if (row?.content.kind !== 'alta') throw new Error('no alta record');
    return row.content;
  };

  it('answers each invoice and credit note with the AEAT’s address and its record’s four values', async () => {
    const refunded = await sold('2026-12-05', 20_000);
    await sold('2026-12-06', 10_005);
    await completeEndedTrips(t.ctx);
    const [december] = await issue('2026-12');

    t.setNow(new Date('2027-01-25T09:00:00Z'));
    const refund = await t.app.inject({
      method: 'POST',
      url: `/api/admin/bookings/${refunded.id}/refund`,
      headers: await admin(),
      payload: { amount: 100, reason: 'Goodwill' },
    });
    expect(refund.statusCode, refund.body).toBe(200);
    await completeEndedTrips(t.ctx);
    t.setNow(new Date('2027-02-03T09:00:00Z'));
    const [credit] = await issue('2027-01');

    for (const document of [december!, credit!]) {
      const invoice = await detail(document._id);
      const record = await recordOf(document._id);
      const qr = qrParams(invoice.verifactu!.qrUrl);
      // The pre-production host: AEAT_ENVIRONMENT is not set.
      expect(qr.service).toBe('https://prewww2.aeat.es/wlpl/TIKE-CONT/ValidarQR');
      expect(qr.names).toEqual(['nif', 'numserie', 'fecha', 'importe']);
      expect(qr.params).toEqual({
        nif: record.id.issuerNif,
        numserie: record.id.numSerie,
        fecha: record.id.issueDate,
        importe: record.totalAmount,
      });
    }
    // What those values are: the platform's NIF, the document's number, its Canary date, the total
    // with a dot and two decimals (a credit note's negative).
    expect(qrParams((await detail(december!._id)).verifactu!.qrUrl).params).toEqual({
      nif: 'B76543217',
      numserie: december!.number,
      fecha: '20-01-2027',
      // Commission 15 %: €30.00 + €15.01 (15.0075) = €45.01; IGIC 7 %: €3.15; total €48.16.
      importe: '48.16',
    });
    expect(qrParams((await detail(credit!._id)).verifactu!.qrUrl).params).toMatchObject({
      numserie: credit!.number,
      fecha: '03-02-2027',
      importe: '-16.05',
    });
  });

  it('reads the record, not the invoice: a record changed behind the trigger’s back shows in the QR', async () => {
    const [invoice] = await t.ctx.db.select().from(billingRecords).where(eq(billingRecords.position, 1));
    await t.ctx.db
      .transaction(async (tx) => {
        await tx.execute(sql`alter table billing_records disable trigger billing_records_issued`);
        await tx.execute(
          sql`update billing_records set content = jsonb_set(content, '{totalAmount}', '"999.00"') where position = 1`,
        );
        const qr = await verifactuQrOf(tx, t.ctx.config, {
          kind: 'commission_invoice',
          id: invoice!.documentId,
        });
        expect(qrParams(qr!.qrUrl).params.importe).toBe('999.00');
        tx.rollback();
      })
      .catch((err: unknown) => {
        if (!(err instanceof Error) || !/rollback/i.test(err.message)) throw err;
      });
  });

  it('e-mails each document as a PDF whose QR image decodes to its record’s values', async () => {
    expect(await deliverDueEmails(t.ctx.db, transport, t.ctx.now())).toMatchObject({ failed: 0 });
    const documents = await t.ctx.db.select().from(billingRecords).orderBy(billingRecords.position);
    expect(documents).toHaveLength(2); // the January invoice and the February credit note
    for (const row of documents) {
      if (row.content.kind !== 'alta') throw new Error('no alta record');
      const record = row.content;
      const mail = smtp.received.find((m) => m.raw.includes(`filename=${record.id.numSerie}.pdf`));
      expect(mail?.to).toEqual([expect.stringMatching(/^owner-.*@example\.com$/)]);
      const pdf = attachment(mail!.raw, `${record.id.numSerie}.pdf`);
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      // Only the glyphs it uses: the fonts are subset, not embedded whole (1.2 MB).
      expect(pdf.length).toBeLessThan(100_000);
      const [image] = await pdfImages(pdf);
      const qr = jsQR(image!.rgba, image!.width, image!.height);
      const url = new URL(qr!.data);
      expect(`${url.origin}${url.pathname}`).toBe('https://prewww2.aeat.es/wlpl/TIKE-CONT/ValidarQR');
      expect(Object.fromEntries(url.searchParams)).toEqual({
        nif: record.id.issuerNif,
        numserie: record.id.numSerie,
        fecha: record.id.issueDate,
        importe: record.totalAmount,
      });
      // 35 mm symbol: the image holds the symbol and four modules of quiet zone a side.
      const modules = qr!.version * 4 + 17;
      expect(image!.drawnMm.width).toBeCloseTo(image!.drawnMm.height, 3);
      expect((image!.drawnMm.width * modules) / (modules + 8)).toBeCloseTo(35, 1);
      // The document in the owner's language: German.
      expect((await PDFDocument.load(pdf)).getTitle()).toBe(
        `${record.invoiceType === 'F1' ? 'Rechnung' : 'Gutschrift'} ${record.id.numSerie}`,
      );
    }
  });
});
