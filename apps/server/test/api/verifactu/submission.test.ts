// Submission to the AEAT (docs/invoicing.md#submission): the outbox sender, run by the background
// job scheduler, sends the waiting records to the local fake AEAT (the real SOAP client over
// HTTP). The fake times out, then rejects one record, then asks to wait 60 s: no record is lost,
// none goes early, each one's answer is stored; more than 1,000 records go in several messages,
// full ones at once; two senders at once send each record once. Every message the fake receives
// validates against the AEAT's XSD schemas, and so does every answer it gives. No real minute
// passes: the app's clock is moved by hand and each tick is one call (only the timeout is real,
// a second).
import { asc, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { sendDueRecords } from '../../../src/modules/verifactu/aeat-sender';
import { startFakeAeat } from '../../../src/dev/fake-aeat';
import { aeatSubmissions, billingRecords } from '../../../src/modules/verifactu/schema';
import { soapTaxAuthority } from '../../../src/modules/verifactu/aeat-connection';
import type { TaxAuthority } from '../../../src/modules/verifactu/tax-authority';
import { xsdErrors } from '../../../src/dev/xsd-validator';
import { backgroundJobs } from '../../../src/modules/jobs/background-jobs';
import { JobScheduler } from '../../../src/modules/jobs/job-scheduler';
import { createMailTransport } from '../../../src/modules/mail/mail-transport';
import type { BillingRecordsResponse } from '@boats/domain/schemas/invoicing';
import { bearer, tokenFor } from '../../helpers/admin-token';
import { addRecords } from '../../helpers/billing-records';
import { buildTestApp } from '../../helpers/test-app';

const T0 = Date.parse('2027-01-04T10:00:00.000Z');
const at = (seconds: number) => new Date(T0 + seconds * 1000);
const log = { info: () => {}, warn: () => {}, error: () => {} };

describe('sending the billing records to the AEAT', async () => {
  const t = await buildTestApp({ now: at(0), env: { JOBS_INTERVAL_SECONDS: '10' } });
  const fake = await startFakeAeat({ now: t.ctx.now });
  // The client gives up after a second while the test waits for a timeout, and waits a minute
  // otherwise, so a slow machine never turns an answer into a timeout.
  const quick = soapTaxAuthority({ url: fake.url, where: 'the fake AEAT', timeoutMs: 1000 });
  const patient = soapTaxAuthority({ url: fake.url, where: 'the fake AEAT', timeoutMs: 60_000 });
  let expectTimeout = false;
  const authority: TaxAuthority = {
    where: 'the fake AEAT',
    submit: (message) => (expectTimeout ? quick : patient).submit(message),
  };
  const transport = createMailTransport({ from: t.ctx.config.MAIL_FROM, log });
  // The server's own job, as startBackgroundJobs registers it.
  const job = backgroundJobs(t.ctx, transport, authority).find((j) => j.name === 'aeat-submission')!;
  const scheduler = new JobScheduler(t.ctx.db, t.ctx.now, [job], log);
  afterAll(async () => {
    await scheduler.stop();
    transport.close();
    await fake.close();
  });
  const tickAt = async (seconds: number) => {
    t.setNow(at(seconds));
    await scheduler.tick();
    await scheduler.idle();
  };
  const sentNumbers = () => fake.received.map((m) => m.records.map((r) => r.numSerie));
  const states = async (issuerNif: string) => {
    const rows = await t.ctx.db
      .select({ numSerie: billingRecords.numSerie, s: aeatSubmissions })
      .from(aeatSubmissions)
      .innerJoin(billingRecords, eq(billingRecords.id, aeatSubmissions.recordId))
      .where(eq(aeatSubmissions.issuerNif, issuerNif))
      .orderBy(asc(billingRecords.position));
    return rows.map((r) => ({ numSerie: r.numSerie, ...r.s }));
  };
  const platform = { nif: 'B76543217', name: 'AD Boat Rental S.L.' };

  it('loses nothing to a timeout, stores a rejection with its code, and waits the time the AEAT asks', async () => {
    await addRecords(t.ctx.db, t.ctx.config, platform, 'F-2027-', 3, at(0));
    // The first message's answer never comes (the fake took the records, as the AEAT may have).
    fake.reply({ timeout: true });
    expectTimeout = true;
    await tickAt(0);
    expectTimeout = false;
    expect(sentNumbers()).toEqual([['F-2027-1', 'F-2027-2', 'F-2027-3']]);
    expect((await states(platform.nif)).map((s) => [s.state, s.attempts, s.notBefore.getTime()])).toEqual([
      ['pending', 1, at(30).getTime()],
      ['pending', 1, at(30).getTime()],
      ['pending', 1, at(30).getTime()],
    ]);
    expect((await states(platform.nif))[0]!.errorText).toContain('no answer from the fake AEAT');

    // Two more records meanwhile: they wait behind the backoff too, so the chain goes in order.
    await addRecords(t.ctx.db, t.ctx.config, platform, 'F-2027-B', 2, at(15));
    await tickAt(10);
    await tickAt(20);
    expect(sentNumbers()).toHaveLength(1);

    // The retry: the first three are duplicates at the AEAT (it held them), one new record is
    // rejected for its content, and the answer asks for 60 s before the next message.
    fake.reply({
      waitSeconds: 60,
      lines: {
        'F-2027-B1': { state: 'Incorrecto', code: 1100, text: 'Valor o tipo incorrecto del campo: NIF' },
      },
    });
    await tickAt(30);
    expect(sentNumbers()[1]).toEqual(['F-2027-1', 'F-2027-2', 'F-2027-3', 'F-2027-B1', 'F-2027-B2']);
    expect((await states(platform.nif)).map((s) => [s.numSerie, s.state, s.errorCode])).toEqual([
      ['F-2027-1', 'accepted', null],
      ['F-2027-2', 'accepted', null],
      ['F-2027-3', 'accepted', null],
      ['F-2027-B1', 'rejected', 1100],
      ['F-2027-B2', 'accepted', null],
    ]);
    const rejected = (await states(platform.nif))[3]!;
    expect(rejected).toMatchObject({
      errorText: 'Valor o tipo incorrecto del campo: NIF',
      answeredAt: at(30),
    });
    expect(rejected.receipt).toMatch(/^A-/);

    // A record issued just after waits the 60 seconds, to the second.
    await addRecords(t.ctx.db, t.ctx.config, platform, 'F-2027-C', 1, at(31));
    await tickAt(40);
    await tickAt(80);
    t.setNow(at(89));
    await sendDueRecords(t.ctx, patient);
    expect(sentNumbers()).toHaveLength(2);
    await tickAt(90);
    expect(sentNumbers()[2]).toEqual(['F-2027-C1']);
    expect((await states(platform.nif)).map((s) => s.state)).toEqual([
      'accepted',
      'accepted',
      'accepted',
      'rejected',
      'accepted',
      'accepted',
    ]);
  }, 120_000);

  it('sends more than 1,000 records in several messages, full ones at once, the rest after the wait', async () => {
    const owner = { nif: 'B12345674', name: 'Marlin Charters S.L.' };
    t.setNow(at(1000));
    await addRecords(t.ctx.db, t.ctx.config, owner, 'M-', 2001, at(1000));
    const before = fake.received.length;
    await sendDueRecords(t.ctx, patient);
    const sizes = fake.received.slice(before).map((m) => m.records.length);
    expect(sizes).toEqual([1000, 1000]);
    expect(fake.answers.slice(-2).every((a) => a.includes('<sfR:EstadoEnvio>Correcto<'))).toBe(true);
    t.setNow(at(1059));
    await sendDueRecords(t.ctx, patient);
    expect(fake.received.length - before).toBe(2);
    t.setNow(at(1060));
    await sendDueRecords(t.ctx, patient);
    expect(fake.received.slice(before).map((m) => m.records.length)).toEqual([1000, 1000, 1]);
    // The owner's messages name the owner as obliged to issue and the platform as representative.
    expect(fake.received.at(-1)!.xml).toContain('<sf:Representante>');
    expect((await states(owner.nif)).every((s) => s.state === 'accepted')).toBe(true);
  }, 120_000);

  it('two senders at once send each record once', async () => {
    const owner = { nif: 'X1234567L', name: 'Teide Mar S.L.' };
    t.setNow(at(2000));
    await addRecords(t.ctx.db, t.ctx.config, owner, 'T-', 40, at(2000));
    const before = fake.received.length;
    const other = soapTaxAuthority({ url: fake.url, where: 'the fake AEAT', timeoutMs: 5000 });
    await Promise.all([sendDueRecords(t.ctx, patient), sendDueRecords(t.ctx, other)]);
    const sent = fake.received.slice(before).flatMap((m) => m.records.map((r) => r.numSerie));
    expect(sent.sort()).toEqual(Array.from({ length: 40 }, (_, i) => `T-${i + 1}`).sort());
    expect((await states(owner.nif)).every((s) => s.state === 'accepted' && s.attempts === 1)).toBe(true);
  });

  it('a message the AEAT refuses as a whole is tried again, and after three tries the admin sees the issuer stuck', async () => {
    const owner = { nif: 'B38111118', name: 'Acantilado Náutica S.L.' };
    // A token of the moment asked (the test's clock jumps past an access token's life).
    const stuck = async () => {
      const headers = bearer(await tokenFor(t, 'admin'));
      const res = await t.app.inject({ url: '/api/admin/invoicing/records', headers });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<BillingRecordsResponse>().stuck;
    };
    t.setNow(at(3000));
    await addRecords(t.ctx.db, t.ctx.config, owner, 'A-', 2, at(3000));
    // The certificate may not send for this owner: every message is refused before any record is read.
    const refusal = {
      code: 4112,
      text: 'El titular del certificado debe ser Obligado Emisión, Colaborador Social, Apoderado o Sucesor.',
    };
    fake.reply({ fault: refusal }, { fault: refusal }, { fault: refusal });
    await tickAt(3000);
    await tickAt(3030);
    expect(await stuck()).toEqual([]);
    // A record issued meanwhile goes after the first ones, in the next try: the chain in order.
    await addRecords(t.ctx.db, t.ctx.config, owner, 'A-B', 1, at(3040));
    await tickAt(3090);
    expect((await states(owner.nif)).map((s) => [s.numSerie, s.state, s.attempts])).toEqual([
      ['A-1', 'pending', 3],
      ['A-2', 'pending', 3],
      ['A-B1', 'pending', 1],
    ]);
    expect(await stuck()).toEqual([
      { issuerNif: owner.nif, waiting: 3, attempts: 3, why: expect.stringContaining('4112') },
    ]);

    // The newest record waits as long as the oldest ones (not its own shorter backoff), so the
    // chain never goes out of order.
    await tickAt(3120);
    expect((await states(owner.nif)).map((s) => s.state)).toEqual(['pending', 'pending', 'pending']);

    // Once the AEAT takes the messages (the representation granted), the alert goes by itself.
    await tickAt(3210);
    expect((await states(owner.nif)).every((s) => s.state === 'accepted')).toBe(true);
    expect(await stuck()).toEqual([]);
  });

  it('every message the fake received and every answer it gave is valid against the AEAT’s schemas', () => {
    expect(fake.received.length).toBeGreaterThan(5);
    expect(fake.received.map((m) => m.errors)).toEqual(fake.received.map(() => []));
    expect(fake.answers.map((a) => xsdErrors('RespuestaSuministro.xsd', a))).toEqual(
      fake.answers.map(() => []),
    );
  });
});
