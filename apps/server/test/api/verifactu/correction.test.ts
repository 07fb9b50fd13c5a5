// A record the AEAT rejected, corrected (docs/invoicing.md#correcting-a-rejected-record): the
// fake AEAT is told to reject a commission invoice's record (1109); the admin sees it in the
// rejected records (the page's alert) with the AEAT's code and text; the admin corrects it; the
// correction is a new record of the same invoice as it was issued (its recipient the document's),
// chained after the last one and marked Subsanacion S / RechazoPrevio S; the rejected record
// becomes `corrected` and leaves the alert; the sender takes the correction to the fake AEAT, which
// validates it against the AEAT's schemas and accepts it; the chain still verifies. And what is
// refused: a record that was not rejected, one corrected twice at once, and a recipient given,
// since a recipient's data is changed by a rectifying invoice by substitution
// (recipient-change.test.ts), never by a record alone. A rejected cancellation is corrected by a
// cancellation marked RechazoPrevio S. A record the AEAT accepted with errors (its census does not
// know the recipient's NIF: 2001) is held by the AEAT: the admin sees it in its own alert and
// corrects it with a record marked Subsanacion S alone, the recipient identified as not censused
// (IDOtro ES 07), which the fake takes.
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type {
  BillingRecordsResponse,
  BillingRecordView,
  ChainCheckResponse,
} from '@boats/domain/schemas/invoicing';
import type { Invoice } from '@boats/domain/schemas/invoices';
import { verifactuQrUrl } from '@boats/domain/verifactu';
import { sendDueRecords } from '../../../src/modules/verifactu/aeat-sender';
import { appendRecord } from '../../../src/modules/verifactu/billing-records';
import { startFakeAeat } from '../../../src/dev/fake-aeat';
import { platformIssuer } from '../../../src/modules/verifactu/issuers';
import { billingRecords } from '../../../src/modules/verifactu/schema';
import { postMessage, soapTaxAuthority } from '../../../src/modules/verifactu/aeat-connection';
import { xsdErrors } from '../../../src/dev/xsd-validator';
import { completeEndedTrips } from '../../../src/modules/jobs/trip-completion';
import { bearer, newOwner, tokenFor } from '../../helpers/admin-token';
import { buildTestApp } from '../../helpers/test-app';
import { addPaidBooking, seedBoat } from '../admin-bookings/admin-bookings.fixtures';

describe('correcting a billing record the AEAT rejected', async () => {
  const t = await buildTestApp({
    template: 'empty',
    now: new Date('2027-01-20T12:00:00Z'),
    env: { OPERATOR_LEGAL_NAME: 'AD Boat Rental S.L.', OPERATOR_TAX_ID: 'B76543217' },
  });
  // The fake AEAT's census does not know this company's tax id: a record naming it as recipient is
  // accepted with errors (2001).
  const fake = await startFakeAeat({ unknownNifs: ['B38000006', 'B35000009', 'Z7654321H'], now: t.ctx.now });
  afterAll(() => fake.close());
  const endpoint = { url: fake.url, where: 'the fake AEAT', timeoutMs: 60_000 };
  const aeat = soapTaxAuthority(endpoint);
  const admin = async () => bearer(await tokenFor(t, 'admin'));
  const marlin = await newOwner(t, { legalName: 'Marlin Charters S.L.', taxId: 'B12345674' });
  const teide = await newOwner(t, { legalName: 'Teide Mar S.L.', taxId: 'X1234567L' });
  await addPaidBooking(t.ctx.db, await seedBoat(t.ctx.db, { en: 'Marlin' }, marlin), '2026-12-05', 20_000);
  await addPaidBooking(t.ctx.db, await seedBoat(t.ctx.db, { en: 'Teide' }, teide), '2026-12-06', 10_000);

  const records = async () => {
    const res = await t.app.inject({ url: '/api/admin/invoicing/records', headers: await admin() });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<BillingRecordsResponse>();
  };
  const correct = async (id: string, payload: object) =>
    t.app.inject({
      method: 'POST',
      url: `/api/admin/invoicing/records/${id}/correction`,
      headers: await admin(),
      payload,
    });
  const byNumber = (list: BillingRecordView[], numSerie: string) =>
    list.filter((r) => r.numSerie === numSerie);

  /**
   * A new owner's December sale, completed and its commission invoiced; its record sent to the
   * fake AEAT at `sendAt` (after the last answer's wait).
   */
  const invoiceNewOwner = async (legalName: string, taxId: string, sendAt: string) => {
    const owner = await newOwner(t, { legalName, taxId });
    await addPaidBooking(t.ctx.db, await seedBoat(t.ctx.db, { en: legalName }, owner), '2026-12-07', 15_000);
    await completeEndedTrips(t.ctx);
    const issued = await t.app.inject({
      method: 'POST',
      url: '/api/admin/invoices/issue',
      headers: await admin(),
      payload: { period: '2026-12' },
    });
    t.setNow(new Date(sendAt));
    expect(await sendDueRecords(t.ctx, aeat)).toBe(1);
    return issued.json<{ issued: Invoice[] }>().issued.find((i) => i.ownerId === owner)!;
  };

  let invoices: Invoice[] = [];
  let marlinInvoice: Invoice;

  it('shows the rejected record to the admin with the AEAT’s code and text', async () => {
    await completeEndedTrips(t.ctx);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/invoices/issue',
      headers: await admin(),
      payload: { period: '2026-12' },
    });
    expect(res.statusCode, res.body).toBe(200);
    invoices = res.json<{ issued: Invoice[] }>().issued;
    marlinInvoice = invoices.find((i) => i.ownerId === marlin)!;
    fake.reply({
      lines: {
        [marlinInvoice.number]: {
          state: 'Incorrecto',
          code: 1109,
          text: 'El NIF no está identificado en el censo de la AEAT.',
        },
      },
    });
    expect(await sendDueRecords(t.ctx, aeat)).toBe(1);

    const { records: list, rejected } = await records();
    expect(rejected.map((r) => [r.numSerie, r.state, r.errorCode, r.errorText, r.recipient])).toEqual([
      [
        marlinInvoice.number,
        'rejected',
        1109,
        'El NIF no está identificado en el censo de la AEAT.',
        { name: 'Marlin Charters S.L.', taxId: 'B12345674' },
      ],
    ]);
    expect(list.map((r) => r.state).sort()).toEqual(['accepted', 'rejected']);
  });

  it('refuses a new recipient, naming the field (a rectifying invoice changes it), and a record the AEAT did not reject', async () => {
    const { rejected, records: list } = await records();
    const bad = await correct(rejected[0]!._id, {
      recipient: { name: 'Marlin Charters Sociedad Limitada', taxId: 'B38765434' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      fields: [{ path: 'body.recipient', message: 'validation.recipientByRectification' }],
    });
    const accepted = list.find((r) => r.state === 'accepted')!;
    const notRejected = await correct(accepted._id, {});
    expect(notRejected.statusCode).toBe(409);
    const unknown = await correct('7d1b2a4e-0000-4000-8000-000000000000', {});
    expect(unknown.statusCode).toBe(404);
    // Nothing was written: still two records, the rejected one still waiting for its correction.
    expect((await t.ctx.db.select().from(billingRecords)).length).toBe(2);
  });

  it('corrects it once with a new chained record of the same invoice, even when asked twice at once', async () => {
    const { rejected } = await records();
    const id = rejected[0]!._id;
    const answers = await Promise.all([correct(id, {}), correct(id, {})]);
    expect(answers.map((a) => a.statusCode).sort(), answers[0]!.body).toEqual([200, 409]);
    const correction = answers.find((a) => a.statusCode === 200)!.json<BillingRecordView>();
    expect(correction).toMatchObject({
      numSerie: marlinInvoice.number,
      invoiceType: 'F1',
      total: marlinInvoice.total,
      position: 3,
      correctsRecordId: id,
      // The recipient the invoice names: a correction never changes it.
      recipient: { name: 'Marlin Charters S.L.', taxId: 'B12345674' },
      state: 'pending',
    });

    const after = await records();
    expect(after.rejected).toEqual([]);
    const [corrected] = byNumber(after.records, marlinInvoice.number).filter((r) => r._id === id);
    expect(corrected).toMatchObject({ state: 'corrected', correctedByRecordId: correction._id });
    // The rejected record itself is untouched (append-only).
    expect(corrected!.hash).toBe(rejected[0]!.hash);
  });

  it('sends the correction marked as one; the fake AEAT validates and accepts it; the chain verifies', async () => {
    // Not before the waiting time the last answer gave (60 s).
    expect(await sendDueRecords(t.ctx, aeat)).toBe(0);
    t.setNow(new Date('2027-01-20T12:01:00Z'));
    const before = fake.received.length;
    expect(await sendDueRecords(t.ctx, aeat)).toBe(1);
    const message = fake.received[before]!;
    expect(message.errors).toEqual([]);
    expect(message.records).toEqual([
      { numSerie: marlinInvoice.number, operation: 'Alta', correction: true },
    ]);
    expect(message.xml).toMatch(
      /<sf:Subsanacion>S<\/sf:Subsanacion>\s*<sf:RechazoPrevio>S<\/sf:RechazoPrevio>/,
    );
    expect(message.xml).toContain('<sf:NIF>B12345674</sf:NIF>');
    expect(fake.answers.at(-1)).toContain('<sfR:EstadoRegistro>Correcto</sfR:EstadoRegistro>');
    expect(xsdErrors('RespuestaSuministro.xsd', fake.answers.at(-1)!)).toEqual([]);

    const { records: list, rejected } = await records();
    expect(rejected).toEqual([]);
    expect(
      byNumber(list, marlinInvoice.number)
        .map((r) => r.state)
        .sort(),
    ).toEqual(['accepted', 'corrected']);

    const check = await t.app.inject({ url: '/api/admin/invoicing/chain-check', headers: await admin() });
    expect(check.json<ChainCheckResponse>()).toMatchObject({ ok: true, total: 3 });

    // The invoice's QR code reads the standing record, the correction: the same four values.
    const [standing] = await t.ctx.db
      .select()
      .from(billingRecords)
      .where(eq(billingRecords.id, list.find((r) => r.correctsRecordId)!._id));
    const detail = await t.app.inject({
      url: `/api/owner/invoices/${marlinInvoice._id}`,
      headers: await admin(),
    });
    expect(detail.json<Invoice>().verifactu?.qrUrl).toBe(
      verifactuQrUrl('preproduction', standing!.content as Parameters<typeof verifactuQrUrl>[1]),
    );
    expect(detail.json<Invoice>().verifactu?.qrUrl).toContain(`importe=${marlinInvoice.total.toFixed(2)}`);
  });

  it('keeps the AEAT’s rules on corrections: a correction of a rejected record it holds is a duplicate', async () => {
    // The same correction sent again (as after a lost answer): the AEAT now holds the invoice.
    const [correction] = await t.ctx.db.select().from(billingRecords).where(eq(billingRecords.position, 3));
    const before = fake.received.length;
    const xml = fake.received[before - 1]!.xml;
    // The message as written, through the adapter's wire exchange: the AEAT's own answer is checked.
    const answer = await postMessage(endpoint, xml);
    expect(answer.lines).toMatchObject([
      { numSerie: correction!.numSerie, state: 'Incorrecto', errorCode: 3000, duplicateState: 'Correcta' },
    ]);
    // A correction of a record the AEAT holds (Subsanacion S alone) is taken; of one it never had, refused.
    const held = await postMessage(endpoint, xml.replace('<sf:RechazoPrevio>S</sf:RechazoPrevio>', ''));
    expect(held.lines[0]).toMatchObject({ state: 'Correcto' });
    const unknown = await postMessage(
      endpoint,
      xml
        .replace('<sf:RechazoPrevio>S</sf:RechazoPrevio>', '')
        .replaceAll(correction!.numSerie, `${correction!.numSerie}-X`),
    );
    expect(unknown.lines[0]).toMatchObject({ state: 'Incorrecto', errorCode: 3002 });
  });

  it('corrects a rejected cancellation with a cancellation marked RechazoPrevio S, which names no recipient', async () => {
    const teideInvoice = invoices.find((i) => i.ownerId === teide)!;
    const [original] = await t.ctx.db
      .select()
      .from(billingRecords)
      .where(eq(billingRecords.numSerie, teideInvoice.number));
    // The invoice cancelled as issued by mistake (its registro de anulación), which the AEAT rejects.
    await t.ctx.db.transaction((tx) =>
      appendRecord(
        tx,
        t.ctx.config,
        platformIssuer(t.ctx.config),
        { kind: 'anulacion', id: original!.content.id, correctsRejected: false },
        { kind: 'commission_invoice', id: teideInvoice._id },
        t.ctx.now(),
      ),
    );
    fake.reply({
      lines: {
        [teideInvoice.number]: {
          state: 'Incorrecto',
          code: 1100,
          text: 'Valor o tipo incorrecto del campo.',
        },
      },
    });
    t.setNow(new Date('2027-01-20T12:03:00Z'));
    expect(await sendDueRecords(t.ctx, aeat)).toBe(1);
    const [cancellation] = (await records()).rejected;
    expect(cancellation).toMatchObject({ kind: 'anulacion', numSerie: teideInvoice.number, errorCode: 1100 });

    const withRecipient = await correct(cancellation!._id, {
      recipient: { name: 'Teide Mar', taxId: 'B38765434' },
    });
    expect(withRecipient.statusCode).toBe(400);
    expect(withRecipient.json()).toMatchObject({ fields: [{ path: 'body.recipient' }] });
    const corrected = await correct(cancellation!._id, {});
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect(corrected.json<BillingRecordView>()).toMatchObject({
      kind: 'anulacion',
      numSerie: teideInvoice.number,
      correctsRecordId: cancellation!._id,
      position: 5,
    });

    t.setNow(new Date('2027-01-20T12:04:00Z'));
    const before = fake.received.length;
    expect(await sendDueRecords(t.ctx, aeat)).toBe(1);
    expect(fake.received[before]!.errors).toEqual([]);
    expect(fake.received[before]!.records).toEqual([
      { numSerie: teideInvoice.number, operation: 'Anulacion', correction: true },
    ]);
    expect(fake.received[before]!.xml).toMatch(
      /<sf:RegistroAnulacion>[\s\S]*<sf:RechazoPrevio>S<\/sf:RechazoPrevio>/,
    );
    const after = await records();
    expect(after.rejected).toEqual([]);
    expect(byNumber(after.records, teideInvoice.number).map((r) => [r.kind, r.state])).toEqual([
      ['anulacion', 'accepted'],
      ['anulacion', 'corrected'],
      ['alta', 'accepted'],
    ]);
    const check = await t.app.inject({ url: '/api/admin/invoicing/chain-check', headers: await admin() });
    expect(check.json<ChainCheckResponse>()).toMatchObject({ ok: true, total: 5 });
  });

  it('alerts a record accepted with errors (2001) apart, and sends it again with Subsanacion S alone, a person identified as not in the census (IDOtro ES 07)', async () => {
    // A person trading under their own NIE, whom the census does not know yet.
    const marInvoice = await invoiceNewOwner('Mar Pérez', 'Z7654321H', '2027-01-20T12:05:00Z');

    const { acceptedWithErrors, rejected } = await records();
    expect(rejected).toEqual([]);
    expect(acceptedWithErrors.map((r) => [r.numSerie, r.state, r.errorCode, r.errorText])).toEqual([
      [
        marInvoice.number,
        'accepted_with_errors',
        2001,
        'El NIF del bloque Destinatarios no está identificado en el censo de la AEAT.',
      ],
    ]);

    const corrected = await correct(acceptedWithErrors[0]!._id, {});
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect(corrected.json<BillingRecordView>().recipient).toEqual({ name: 'Mar Pérez', taxId: 'Z7654321H' });
    t.setNow(new Date('2027-01-20T12:06:00Z'));
    const before = fake.received.length;
    expect(await sendDueRecords(t.ctx, aeat)).toBe(1);
    const message = fake.received[before]!;
    expect(message.errors).toEqual([]);
    expect(message.records).toEqual([{ numSerie: marInvoice.number, operation: 'Alta', correction: true }]);
    expect(message.xml).toContain('<sf:Subsanacion>S</sf:Subsanacion>');
    expect(message.xml).not.toContain('<sf:RechazoPrevio>');
    expect(message.xml).toMatch(
      /<sf:IDOtro>\s*<sf:CodigoPais>ES<\/sf:CodigoPais>\s*<sf:IDType>07<\/sf:IDType>\s*<sf:ID>Z7654321H<\/sf:ID>/,
    );
    expect(fake.answers.at(-1)).toContain('<sfR:EstadoRegistro>Correcto</sfR:EstadoRegistro>');
    const after = await records();
    expect(after.acceptedWithErrors).toEqual([]);
    expect(
      byNumber(after.records, marInvoice.number)
        .map((r) => r.state)
        .sort(),
    ).toEqual(['accepted', 'corrected']);
  });

  it('does not send a company the census does not know as not censused (that is for people): its invoice is rectified to the right tax id instead', async () => {
    const anagaInvoice = await invoiceNewOwner('Anaga Tours S.L.', 'B38000006', '2027-01-21T12:05:00Z');
    const { acceptedWithErrors } = await records();
    const record = acceptedWithErrors.find((r) => r.numSerie === anagaInvoice.number)!;
    expect(record).toMatchObject({ errorCode: 2001 });
    const refused = await correct(record._id, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: 'company_not_in_census' });
    expect(refused.json<{ message: string }>().message).toContain('Change the recipient');
    // Nothing was written: the record waits, still to correct.
    expect((await records()).acceptedWithErrors.map((r) => r._id)).toContain(record._id);
  });
});
