// The invoicing core's billing records (docs/invoicing.md#records): every commission invoice and
// credit note the platform issues gets its VERI*FACTU record in the same transaction, chained
// after the platform's previous record; the admin's chain check verifies the chain from its first
// record; the export is the AEAT's XML and valid against its schemas; the database refuses to
// change or remove a record.
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { BillingRecordsResponse, ChainCheckResponse } from '@boats/domain/schemas/invoicing';
import type { Invoice } from '@boats/domain/schemas/invoices';
import { altaHashInput } from '@boats/domain/verifactu';
import { sha256Hex } from '@boats/domain/sha256';
import { checkChains } from '../../../src/modules/verifactu/chain-check';
import { billingRecords } from '../../../src/modules/verifactu/schema';
import { xsdErrors } from '../../../src/dev/xsd-validator';
import serverPackage from '../../../package.json' with { type: 'json' };
import { completeEndedTrips } from '../../../src/modules/jobs/trip-completion';
import { bearer, newOwner, tokenFor } from '../../helpers/admin-token';
import { buildTestApp, type TestApp } from '../../helpers/test-app';
import { addPaidBooking, seedBoat } from '../admin-bookings/admin-bookings.fixtures';

const boatOf = (t: TestApp, ownerId: string) => seedBoat(t.ctx.db, { en: 'Owner boat' }, ownerId);

describe('billing records of the platform’s commission invoices', async () => {
  const t = await buildTestApp({
    template: 'empty',
    now: new Date('2027-01-20T12:00:00Z'),
    env: { OPERATOR_LEGAL_NAME: 'AD Boat Rental S.L.', OPERATOR_TAX_ID: 'B76543217' },
  });
  const admin = async () => bearer(await tokenFor(t, 'admin'));
  const marlin = await newOwner(t, { legalName: 'Marlin Charters S.L.', taxId: 'B12345674' });
  const teide = await newOwner(t, { legalName: 'Teide Mar S.L.', taxId: 'X1234567L' });
  const boat = { marlin: await boatOf(t, marlin), teide: await boatOf(t, teide) };
  const sold = (b: typeof boat.marlin, day: string, cents: number) => addPaidBooking(t.ctx.db, b, day, cents);
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
  const records = async (query = '') => {
    const res = await t.app.inject({ url: `/api/admin/invoicing/records${query}`, headers: await admin() });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<BillingRecordsResponse>();
  };

  it('records each invoice and credit note in one chain of the platform, the credit note naming its invoice', async () => {
    const refunded = await sold(boat.marlin, '2026-12-05', 20_000);
    await sold(boat.teide, '2026-12-06', 10_000);
    expect(await completeEndedTrips(t.ctx)).toBe(2);
    const december = await issue('2026-12');
    expect(december).toHaveLength(2);

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
    expect(credit).toMatchObject({ kind: 'credit_note', total: -16.05 });

    const { records: list, issuers } = await records();
    expect(issuers).toEqual([{ nif: 'B76543217', name: 'AD Boat Rental S.L.' }]);
    const chain = [...list].sort((a, b) => a.position - b.position);
    expect(chain.map((r) => [r.position, r.invoiceType, r.numSerie, r.state])).toEqual([
      [1, 'F1', december[0]!.number, 'pending'],
      [2, 'F1', december[1]!.number, 'pending'],
      [3, 'R1', credit!.number, 'pending'],
    ]);
    // The hash is the AEAT's: SHA-256 of the listed fields, the previous record's hash included.
    const [first, second] = await t.ctx.db
      .select()
      .from(billingRecords)
      .orderBy(billingRecords.position)
      .limit(2);
    expect(first!.previous).toBeNull();
    expect(second!.previous).toEqual({ ...first!.content.id, hash: first!.hash });
    expect(second!.hash).toBe(
      sha256Hex(
        altaHashInput({
          id: second!.content.id,
          invoiceType: 'F1',
          totalQuota: second!.content.kind === 'alta' ? second!.content.totalQuota : '',
          totalAmount: second!.content.kind === 'alta' ? second!.content.totalAmount : '',
          previousHash: first!.hash,
          generatedAt: second!.generatedAt,
        }),
      ),
    );
    expect(second!.generatedAt).toBe('2027-01-20T12:00:00+00:00');
    const [r1] = await t.ctx.db.select().from(billingRecords).where(eq(billingRecords.invoiceType, 'R1'));
    expect(r1!.content).toMatchObject({
      rectificationType: 'I',
      rectified: [{ issuerNif: 'B76543217', numSerie: expect.any(String), issueDate: '20-01-2027' }],
      totalAmount: '-16.05',
      totalQuota: '-1.05',
      recipients: [{ name: 'Marlin Charters S.L.', nif: 'B12345674' }],
    });
  });

  it('pages through the records newest first, each once, and names a bad page in its 400', async () => {
    const all = (await records()).records;
    expect(all.length).toBeGreaterThanOrEqual(3);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: BillingRecordsResponse = await records(`?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.records.length).toBeLessThanOrEqual(2);
      seen.push(...page.records.map((r) => r._id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(all.map((r) => r._id));
    expect((await records()).nextCursor).toBeNull();

    for (const [query, field] of [
      ['?limit=0', 'limit'],
      ['?cursor=not-a-record', 'cursor'],
    ] as const) {
      const res = await t.app.inject({ url: `/api/admin/invoicing/records${query}`, headers: await admin() });
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain(field);
    }
  });

  it('verifies the whole chain, and says where a changed record breaks it', async () => {
    const ok = await t.app.inject({ url: '/api/admin/invoicing/chain-check', headers: await admin() });
    expect(ok.json<ChainCheckResponse>()).toEqual({
      ok: true,
      total: 3,
      issuers: [{ issuerNif: 'B76543217', ok: true, count: 3 }],
    });
    // The database refuses to change or remove a record, whoever asks.
    await expect(
      t.ctx.db.update(billingRecords).set({ hash: 'X' }).where(eq(billingRecords.position, 2)),
    ).rejects.toThrow();
    await expect(t.ctx.db.execute(sql`delete from billing_records`)).rejects.toThrow();
    // Someone with the database's keys switches the trigger off and edits a total: the check sees it.
    await t.ctx.db
      .transaction(async (tx) => {
        await tx.execute(sql`alter table billing_records disable trigger billing_records_issued`);
        await tx.execute(
          sql`update billing_records set content = jsonb_set(content, '{totalAmount}', '"999.00"') where position = 2`,
        );
        // (Checked inside the transaction: the embedded database has one connection.)
        const broken = await checkChains(tx);
        expect(broken).toMatchObject({ ok: false, issuers: [{ ok: false, position: 2 }] });
        // Put back as it was.
        tx.rollback();
      })
      .catch((err: unknown) => {
        if (!(err instanceof Error) || !/rollback/i.test(err.message)) throw err;
      });
    expect(
      (await t.app.inject({ url: '/api/admin/invoicing/chain-check', headers: await admin() })).json(),
    ).toMatchObject({ ok: true });
  });

  it('exports a month’s records as the AEAT’s XML, valid against its schemas', async () => {
    const res = await t.app.inject({
      url: '/api/admin/invoicing/export?issuerNif=B76543217&month=2027-01',
      headers: await admin(),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('application/xml');
    expect(res.body.match(/<sf:RegistroAlta>/g)).toHaveLength(2);
    expect(res.body).toContain('<sf:PrimerRegistro>S</sf:PrimerRegistro>');
    expect(res.body).toContain('<sf:Impuesto>03</sf:Impuesto>');
    // The system that generated the records, in the release it was (the server's package version).
    expect(res.body.match(/<sf:Version>[^<]*<\/sf:Version>/g)).toEqual([
      `<sf:Version>${serverPackage.version}</sf:Version>`,
      `<sf:Version>${serverPackage.version}</sf:Version>`,
    ]);
    expect(xsdErrors('SuministroLR.xsd', res.body)).toEqual([]);
    // An anonymous caller gets nothing.
    expect(
      (await t.app.inject({ url: '/api/admin/invoicing/export?issuerNif=B76543217&month=2027-01' }))
        .statusCode,
    ).toBe(401);
  });
  it('exports a month of more than 1,000 records in parts of at most 1,000, in the chain’s order', async () => {
    // 1,001 records in March (copies of January's first under later positions: the export
    // reads the rows as stored; the chain check is not what this test is about).
    const [model] = await t.ctx.db.select().from(billingRecords).where(eq(billingRecords.position, 1));
    const { id: _id, ...copy } = model!;
    const at = new Date('2027-03-10T10:00:00Z');
    await t.ctx.db
      .insert(billingRecords)
      .values(Array.from({ length: 1_001 }, (_, i) => ({ ...copy, position: 10_000 + i, createdAt: at })));
    const headers = await admin();
    const part = (n?: number) =>
      t.app.inject({
        url: `/api/admin/invoicing/export?issuerNif=B76543217&month=2027-03${n ? `&part=${n}` : ''}`,
        headers,
      });

    const first = await part();
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['x-export-parts']).toBe('2');
    expect(first.headers['content-disposition']).toBe(
      'attachment; filename="verifactu-B76543217-2027-03-part-1-of-2.xml"',
    );
    expect(first.body.match(/<sf:RegistroAlta>/g)).toHaveLength(1_000);
    expect(xsdErrors('SuministroLR.xsd', first.body)).toEqual([]);

    const second = await part(2);
    expect(second.statusCode, second.body).toBe(200);
    expect(second.headers['content-disposition']).toContain('part-2-of-2.xml');
    expect(second.body.match(/<sf:RegistroAlta>/g)).toHaveLength(1);
    expect(xsdErrors('SuministroLR.xsd', second.body)).toEqual([]);

    const past = await part(3);
    expect(past.statusCode).toBe(400);
    expect(past.json()).toMatchObject({ fields: [{ path: 'part' }] });
  });
});
