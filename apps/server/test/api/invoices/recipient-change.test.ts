// A change of the recipient's data (docs/invoicing.md#changing-the-recipients-data): never the
// record alone (correction.test.ts refuses a recipient there), always a rectifying invoice by
// substitution. A company's full invoice (F3) whose tax id was typed wrong is rectified by an R1
// with TipoRectificativa S to the right company: the same lines and amounts, the F3 named with its
// date, chained, valid against the schemas and accepted by the fake AEAT, e-mailed to the booking's
// address; the F3 no longer stands, so the booking's standing documents still add up to what it
// kept, also after a later refund. A commission invoice to an owner whose tax id was wrong is
// rectified the same way, both shown in the owner's list, e-mailed to the owner, and a later
// refund's credit note corrects the substitution. And what is refused, with why.
import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { BookingInvoicesResponse } from '@boats/domain/schemas/manage-booking';
import type { CustomerInvoiceDetail } from '@boats/domain/schemas/owner-invoicing';
import type { Invoice, InvoiceSummary } from '@boats/domain/schemas/invoices';
import { auditLog } from '../../../src/modules/audit/schema';
import { checkChains } from '../../../src/modules/verifactu/chain-check';
import { invoicesOfBooking, standingInvoice } from '../../../src/modules/invoices/customer-invoices';
import { startFakeAeat } from '../../../src/dev/fake-aeat';
import { aeatSubmissions, billingRecords } from '../../../src/modules/verifactu/schema';
import { soapTaxAuthority } from '../../../src/modules/verifactu/aeat-connection';
import { xsdErrors } from '../../../src/dev/xsd-validator';
import { queueEventEmails } from '../../../src/modules/jobs/event-emails';
import { completeEndedTrips } from '../../../src/modules/jobs/trip-completion';
import { createMailTransport } from '../../../src/modules/mail/mail-transport';
import { deliverDueEmails } from '../../../src/modules/mail/outbox-worker';
import { bearer, newOwner, tokenFor } from '../../helpers/admin-token';
import { sendEveryRecord } from '../../helpers/billing-records';
import {
  buyAndConfirm,
  createBoat,
  createSharedTrip,
  HOUR,
  sharedRequest,
} from '../../helpers/checkout-fixtures';
import { customerToken } from '../../helpers/manage-token';
import { startSmtpTestServer } from '../../helpers/smtp-test-server';
import { buildTestApp } from '../../helpers/test-app';
import { addPaidBooking, seedBoat } from '../admin-bookings/admin-bookings.fixtures';

describe('the recipient’s data changed by a rectifying invoice by substitution', async () => {
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
  const aeat = await startFakeAeat({ now: t.ctx.now });
  afterAll(() => aeat.close());
  const db = t.ctx.db;
  const marlin = await newOwner(t, { legalName: 'Marlin Charters S.L.', taxId: 'B12345674' });
  const boat = await createBoat(db, { ownerId: marlin });
  const admin = bearer(await tokenFor(t, 'admin'));
  const right = {
    name: 'Acme Eventos S.L.',
    taxId: 'B-3822222-0',
    address: 'Calle Mayor 1, 38001 Santa Cruz',
  };
  let day = 0;

  /** Two adults on a two-hour shared trip at €25 an hour (€100), then a company's full invoice. */
  const sellWithFullInvoice = async (email: string) => {
    const trip = await createSharedTrip(
      db,
      boat.id,
      new Date(t.ctx.now().getTime() + (9 + ++day) * 24 * HOUR),
    );
    const sale = await buyAndConfirm(
      t.app,
      sharedRequest(
        boat.id,
        trip,
        { adults: 2, children50: 0, kidsFree: 0 },
        { customer: { name: 'Eva Ruiz', email }, lang: 'en' },
      ),
    );
    const token = await customerToken(t.ctx, sale.bookingId);
    t.setNow(new Date(t.ctx.now().getTime() + 60_000));
    const asked = await t.app.inject({
      method: 'POST',
      url: `/api/bookings/${sale.bookingId}/invoice`,
      payload: {
        token,
        name: 'Acme Eventos S.L.',
        taxId: 'B38111118',
        address: 'Calle Mayor 1, 38001 Santa Cruz',
      },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    t.setNow(new Date(t.ctx.now().getTime() + 60_000));
    const full = (await invoicesOfBooking(db, sale.bookingId)).find((i) => i.invoiceType === 'F3')!;
    return { bookingId: sale.bookingId, token, full };
  };
  const changeCustomer = (id: string, payload: Record<string, unknown>, headers = admin) =>
    t.app.inject({
      method: 'POST',
      url: `/api/admin/invoicing/customer-invoices/${id}/recipient`,
      headers,
      payload,
    });
  const changeCommission = (id: string, payload: Record<string, unknown>, headers = admin) =>
    t.app.inject({
      method: 'POST',
      url: `/api/admin/invoicing/commission-invoices/${id}/recipient`,
      headers,
      payload,
    });
  const invoicesOf = async (sale: { bookingId: string; token: string }) => {
    const res = await t.app.inject({
      url: `/checkout/booking/${sale.bookingId}/invoices?token=${sale.token}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<BookingInvoicesResponse>();
  };
  /** What the booking's standing documents add up to: its standing invoice and what rectifies it. */
  const standingCents = async (bookingId: string) => {
    const invoices = await invoicesOfBooking(db, bookingId);
    const standing = standingInvoice(invoices)!;
    return invoices
      .filter(
        (i) => !i.cancelled && (i.id === standing.id || (i.correctsId === standing.id && !i.bySubstitution)),
      )
      .reduce((sum, i) => sum + i.totalCents, 0);
  };
  const mailsCarrying = async (number: string) => {
    await queueEventEmails(t.ctx);
    expect(await deliverDueEmails(db, transport, t.ctx.now())).toMatchObject({ failed: 0 });
    return smtp.received.filter((m) => m.raw.includes(`filename=${number}.pdf`));
  };

  it('rectifies a company’s full invoice by substitution to the right tax id: same lines and amounts, chained, accepted by the AEAT, e-mailed; the F3 no longer stands', async () => {
    const sale = await sellWithFullInvoice('eva@example.com');
    const res = await changeCustomer(sale.full.id, right);
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json<{ _id: string; number: string; rectifies: string }>();
    expect(answer).toMatchObject({ number: 'RC2027-000001', rectifies: sale.full.number });

    // The customer sees the F3 replaced and the rectifying invoice naming the right company.
    const view = await invoicesOf(sale);
    expect(view.invoices.map((i) => [i.invoiceType, i.total, i.company, i.corrects, i.replaced])).toEqual([
      ['F2', 100, null, null, true],
      ['F3', 100, 'Acme Eventos S.L.', expect.stringMatching(/^S2027-/), true],
      ['R1', 100, 'Acme Eventos S.L.', sale.full.number, false],
    ]);
    expect(view.fullInvoiceAvailable).toBe(false);
    expect(await standingCents(sale.bookingId)).toBe(10_000);

    // Its document: the F3's lines and amounts, the new tax id, the F3 named with its date.
    const detail = await t.app.inject({ url: `/api/owner/customer-invoices/${answer._id}`, headers: admin });
    expect(detail.statusCode, detail.body).toBe(200);
    const f3 = await t.app.inject({ url: `/api/owner/customer-invoices/${sale.full.id}`, headers: admin });
    const [substitute, replaced] = [detail.json<CustomerInvoiceDetail>(), f3.json<CustomerInvoiceDetail>()];
    expect(substitute.lines).toEqual(replaced.lines);
    expect([substitute.base, substitute.igic, substitute.total]).toEqual([
      replaced.base,
      replaced.igic,
      replaced.total,
    ]);
    expect(substitute.buyer).toEqual({
      name: 'Acme Eventos S.L.',
      taxId: 'B38222220',
      address: right.address,
    });
    expect(substitute.corrects).toEqual({
      number: sale.full.number,
      issuedAt: sale.full.issuedAt.toISOString(),
      bySubstitution: true,
    });

    // Its record: R1 by substitution of the F3, with the F3's base and quota, naming the right company.
    const xml = (
      await t.app.inject({
        url: '/api/admin/invoicing/export?issuerNif=B12345674&month=2027-06',
        headers: admin,
      })
    ).body;
    expect(xsdErrors('SuministroLR.xsd', xml)).toEqual([]);
    const record = xml.slice(xml.indexOf(`<sf:NumSerieFactura>${answer.number}<`));
    expect(record).toMatch(
      /<sf:TipoFactura>R1<\/sf:TipoFactura>\s*<sf:TipoRectificativa>S<\/sf:TipoRectificativa>/,
    );
    expect(record).toContain(`<sf:NumSerieFactura>${sale.full.number}</sf:NumSerieFactura>`);
    expect(record).toMatch(
      /<sf:ImporteRectificacion>\s*<sf:BaseRectificada>93\.46<\/sf:BaseRectificada>\s*<sf:CuotaRectificada>6\.54<\/sf:CuotaRectificada>/,
    );
    expect(record).toContain('<sf:NIF>B38222220</sf:NIF>');
    await sendEveryRecord(t, soapTaxAuthority({ url: aeat.url, where: 'the fake AEAT' }));
    const states = await db.select({ state: aeatSubmissions.state }).from(aeatSubmissions);
    expect(states.every((s) => s.state === 'accepted')).toBe(true);
    expect((await checkChains(db)).ok).toBe(true);

    // E-mailed to the booking's address, where the F3 went, once.
    const mails = await mailsCarrying(answer.number);
    expect(mails.map((m) => m.to)).toEqual([['eva@example.com']]);

    // Audited, naming the invoice it rectifies and the recipient before and after.
    const [audit] = await db.select().from(auditLog).where(eq(auditLog.action, 'invoice.change_recipient'));
    expect(audit).toMatchObject({ objectId: sale.full.id });
  });

  it('keeps the booking adding up after a refund: the refund rectifies the substitution', async () => {
    const sale = await sellWithFullInvoice('leo@example.com');
    expect((await changeCustomer(sale.full.id, right)).statusCode).toBe(200);
    const call = (url: string, payload: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url, headers: admin, payload });
    expect(
      (await call(`/api/admin/bookings/${sale.bookingId}/cancel`, { reason: 'Came late' })).statusCode,
    ).toBe(200);
    expect(
      (await call(`/api/admin/bookings/${sale.bookingId}/refund`, { amount: 30, reason: 'Goodwill' }))
        .statusCode,
    ).toBe(200);
    const invoices = await invoicesOfBooking(db, sale.bookingId);
    const [substitute, refund] = invoices.slice(-2);
    expect(refund).toMatchObject({
      invoiceType: 'R1',
      totalCents: -3_000,
      correctsId: substitute!.id,
      bySubstitution: false,
    });
    expect(refund!.recipient).toMatchObject({ taxId: 'B38222220' });
    expect(await standingCents(sale.bookingId)).toBe(7_000);
    // Rectified since, the substitution is not substituted again.
    const again = await changeCustomer(substitute!.id, right);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: 'rectified' });
  });

  it('refuses a bad tax id or the issuer’s own on its field, a simplified invoice, one rectified already or cancelled, and another owner', async () => {
    const sale = await sellWithFullInvoice('mia@example.com');
    const records = async () => (await db.select().from(billingRecords)).length;
    const before = await records();

    const bad = await changeCustomer(sale.full.id, { ...right, taxId: 'B1234' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      fields: [{ path: 'body.taxId', message: 'validation.recipientTaxId' }],
    });
    const own = await changeCustomer(sale.full.id, { ...right, taxId: 'B12345674' });
    expect(own.statusCode).toBe(400);
    expect(own.json()).toMatchObject({ error: 'recipient_refused', fields: [{ path: 'body.taxId' }] });
    const noAddress = await changeCustomer(sale.full.id, { name: right.name, taxId: right.taxId });
    expect(noAddress.statusCode).toBe(400);

    const [simplified] = await invoicesOfBooking(db, sale.bookingId);
    const noRecipient = await changeCustomer(simplified!.id, right);
    expect(noRecipient.statusCode).toBe(409);
    expect(noRecipient.json()).toMatchObject({ error: 'no_recipient' });

    const ownerToken = bearer(await tokenFor(t, 'owner', { ownerId: marlin }));
    expect((await changeCustomer(sale.full.id, right, ownerToken)).statusCode).toBe(403);
    expect((await changeCustomer(crypto.randomUUID(), right)).statusCode).toBe(404);
    expect(await records()).toBe(before);

    // Substituted once, twice at once: one substitution, the other refused as rectified.
    const answers = await Promise.all([
      changeCustomer(sale.full.id, right),
      changeCustomer(sale.full.id, right),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.statusCode === 409)!.json()).toMatchObject({ error: 'rectified' });

    // A cancelled full invoice is refused.
    const other = await sellWithFullInvoice('noa@example.com');
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/admin/invoicing/customer-invoices/${other.full.id}/cancellation`,
      headers: admin,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const refused = await changeCustomer(other.full.id, right);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: 'already_cancelled' });
  });

  it('rectifies a commission invoice to an owner’s corrected tax id: the owner’s list shows both, the owner gets it, a later credit note corrects it', async () => {
    const wrongNif = await newOwner(t, {
      legalName: 'Anaga Tours S.L.',
      taxId: 'B38000006',
      email: 'anaga@example.com',
    });
    const anagaBoat = await seedBoat(db, { en: 'Anaga' }, wrongNif);
    const booking = await addPaidBooking(db, anagaBoat, '2027-05-20', 20_000);
    await completeEndedTrips(t.ctx);
    const issued = await t.app.inject({
      method: 'POST',
      url: '/api/admin/invoices/issue',
      headers: admin,
      payload: { period: '2027-05' },
    });
    expect(issued.statusCode, issued.body).toBe(200);
    const invoice = issued.json<{ issued: Invoice[] }>().issued.find((i) => i.ownerId === wrongNif)!;

    const refusedOwn = await changeCommission(invoice._id, { ...right, taxId: 'B76543217' });
    expect(refusedOwn.statusCode).toBe(400);
    expect(refusedOwn.json()).toMatchObject({ fields: [{ path: 'body.taxId' }] });

    const res = await changeCommission(invoice._id, {
      name: 'Anaga Tours S.L.',
      taxId: 'B38765434',
      address: 'Calle La Marina 5, 38001 Santa Cruz',
    });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json<{ _id: string; number: string; rectifies: string }>();
    expect(answer).toMatchObject({ number: 'R2027-000001', rectifies: invoice.number });

    const list = await t.app.inject({ url: `/api/owner/invoices?ownerId=${wrongNif}`, headers: admin });
    expect(
      list
        .json<{ invoices: InvoiceSummary[] }>()
        .invoices.map((i) => [i.kind, i.number, i.total, i.corrects?.number ?? null]),
    ).toEqual([
      ['substitution', answer.number, invoice.total, invoice.number],
      ['invoice', invoice.number, invoice.total, null],
    ]);
    const detail = (
      await t.app.inject({ url: `/api/owner/invoices/${answer._id}`, headers: admin })
    ).json<Invoice>();
    expect(detail.buyer).toEqual({
      name: 'Anaga Tours S.L.',
      taxId: 'B38765434',
      address: 'Calle La Marina 5, 38001 Santa Cruz',
    });
    const original = (
      await t.app.inject({ url: `/api/owner/invoices/${invoice._id}`, headers: admin })
    ).json<Invoice>();
    expect(detail.lines).toEqual(original.lines);
    expect(detail.lines).toHaveLength(1);
    expect(detail.corrects).toEqual({ _id: invoice._id, number: invoice.number, issuedAt: invoice.issuedAt });

    const [record] = await db
      .select()
      .from(billingRecords)
      .where(and(eq(billingRecords.documentId, answer._id), eq(billingRecords.kind, 'alta')));
    expect(record!.content).toMatchObject({
      invoiceType: 'R1',
      rectificationType: 'S',
      rectified: [{ numSerie: invoice.number }],
      recipients: [{ nif: 'B38765434' }],
      totalAmount: invoice.total.toFixed(2),
    });
    await sendEveryRecord(t, soapTaxAuthority({ url: aeat.url, where: 'the fake AEAT' }));
    const [sent] = await db.select().from(aeatSubmissions).where(eq(aeatSubmissions.recordId, record!.id));
    expect(sent!.state).toBe('accepted');

    const mails = await mailsCarrying(answer.number);
    expect(mails.map((m) => m.to)).toEqual([['anaga@example.com']]);

    // Substituted already: refused; a refund after it lowers the fee by a credit note correcting the substitution.
    const again = await changeCommission(invoice._id, {
      name: 'Anaga',
      taxId: 'B38765434',
      address: 'Calle 1, Santa Cruz',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: 'rectified' });
    const refund = await t.app.inject({
      method: 'POST',
      url: `/api/admin/bookings/${booking.id}/refund`,
      headers: admin,
      payload: { amount: 50, reason: 'Goodwill' },
    });
    expect(refund.statusCode, refund.body).toBe(200);
    // June's documents once June has ended (a month is invoiced whole), by an admin signed in then.
    t.setNow(new Date('2027-07-01T09:00:00Z'));
    const july = bearer(await tokenFor(t, 'admin'));
    const june = await t.app.inject({
      method: 'POST',
      url: '/api/admin/invoices/issue',
      headers: july,
      payload: { period: '2027-06' },
    });
    expect(june.statusCode, june.body).toBe(200);
    const credit = june.json<{ issued: Invoice[] }>().issued.find((i) => i.ownerId === wrongNif)!;
    expect(credit).toMatchObject({
      kind: 'credit_note',
      corrects: { _id: answer._id, number: answer.number },
    });
    const refusedCredit = await changeCommission(
      credit._id,
      { name: 'Anaga', taxId: 'B38765434', address: 'Calle 1, Santa Cruz' },
      july,
    );
    expect(refusedCredit.statusCode).toBe(409);
    expect(refusedCredit.json()).toMatchObject({ error: 'not_substitutable' });
  });
});
