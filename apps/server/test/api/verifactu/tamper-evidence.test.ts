// Tamper evidence in depth (docs/invoicing.md#records): the database refuses to empty any table
// holding issued documents, their records or their chains' heads (TRUNCATE fires no row trigger,
// so the UPDATE/DELETE triggers alone did not stop it); and the chain check holds each chain
// against its head, so a chain whose last records were removed behind the triggers' back does not
// verify. Runs on PGlite and on PostgreSQL (bulk-pglite, bulk-postgres).
import { sql, type SQL } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ChainCheckResponse } from '@boats/domain/schemas/invoicing';
import { checkChains } from '../../../src/modules/verifactu/chain-check';
import { billingRecords } from '../../../src/modules/verifactu/schema';
import { bearer, tokenFor } from '../../helpers/admin-token';
import { addRecords } from '../../helpers/billing-records';
import { buildTestApp } from '../../helpers/test-app';

const NOW = new Date('2027-01-20T12:00:00Z');
const PLATFORM = { nif: 'B76543217', name: 'AD Boat Rental S.L.' };
const OWNER = { nif: 'B12345674', name: 'Marlin Charters S.L.' };

/** Runs `change` in a transaction that is always rolled back (the embedded database has one connection). */
async function thenRolledBack(
  db: Parameters<typeof checkChains>[0],
  change: (tx: typeof db) => Promise<void>,
) {
  await db
    .transaction(async (tx) => {
      await change(tx);
      tx.rollback();
    })
    .catch((err: unknown) => {
      if (!(err instanceof Error) || !/rollback/i.test(err.message)) throw err;
    });
}

describe('tamper evidence of the issued documents and their records', async () => {
  const t = await buildTestApp({
    template: 'empty',
    now: NOW,
    env: { OPERATOR_LEGAL_NAME: PLATFORM.name, OPERATOR_TAX_ID: PLATFORM.nif },
  });
  await addRecords(t.ctx.db, t.ctx.config, PLATFORM, 'C2027-00000', 3, NOW);
  await addRecords(t.ctx.db, t.ctx.config, OWNER, 'S2027-00000', 2, NOW);
  /** The database's message refusing `statement` (drizzle wraps it as the error's cause). */
  const refusal = async (statement: SQL) => {
    const err = await t.ctx.db.execute(statement).then(
      () => null,
      (e: unknown) => e as Error & { cause?: Error },
    );
    return err && (err.cause ?? err).message;
  };
  const chainCheck = async () => {
    const res = await t.app.inject({
      url: '/api/admin/invoicing/chain-check',
      headers: bearer(await tokenFor(t, 'admin')),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<ChainCheckResponse>();
  };

  it('refuses TRUNCATE on every table of issued documents, records, chain heads, submissions and series', async () => {
    const tables = [
      'owner_invoices',
      'owner_invoice_lines',
      'customer_invoices',
      'reseller_invoices',
      'reseller_invoice_lines',
      'billing_records',
      'billing_chains',
      'aeat_submissions',
      'invoice_counters',
    ];
    for (const table of tables) {
      expect(await refusal(sql.raw(`truncate ${table} cascade`)), table).toBe(
        `issued documents and their records are kept: TRUNCATE on ${table} refused`,
      );
    }
    // Nor through a table the documents refer to: TRUNCATE … CASCADE reaches them and is refused.
    expect(await refusal(sql`truncate owners cascade`)).toMatch(/TRUNCATE on \w+ refused/);
    expect(await t.ctx.db.$count(billingRecords)).toBe(5);
    expect(await chainCheck()).toEqual({
      ok: true,
      total: 5,
      issuers: [
        { issuerNif: OWNER.nif, ok: true, count: 2 },
        { issuerNif: PLATFORM.nif, ok: true, count: 3 },
      ],
    });
  });

  it('does not verify a chain whose last records were removed with the triggers off: its head counts them', async () => {
    // Someone with the tables' owner's keys removes the platform's last record: the two left
    // still link to each other, but the chain's head names three.
    await thenRolledBack(t.ctx.db, async (tx) => {
      await tx.execute(sql`alter table billing_records disable trigger billing_records_issued`);
      await tx.execute(
        sql`delete from aeat_submissions where record_id in (select id from billing_records where issuer_nif = ${PLATFORM.nif} and position = 3)`,
      );
      await tx.execute(sql`delete from billing_records where issuer_nif = ${PLATFORM.nif} and position = 3`);
      expect(await checkChains(tx)).toEqual({
        ok: false,
        total: 4,
        issuers: [
          { issuerNif: OWNER.nif, ok: true, count: 2 },
          {
            issuerNif: PLATFORM.nif,
            ok: false,
            count: 2,
            verified: 2,
            position: 3,
            reason: "the chain's head counts 3 records: the last ones are missing",
          },
        ],
      });
    });
    // Every record emptied with the TRUNCATE triggers off: no chain verifies.
    await thenRolledBack(t.ctx.db, async (tx) => {
      await tx.execute(sql`alter table billing_records disable trigger billing_records_no_truncate`);
      await tx.execute(sql`alter table aeat_submissions disable trigger aeat_submissions_no_truncate`);
      await tx.execute(sql`truncate billing_records, aeat_submissions`);
      expect(await checkChains(tx)).toMatchObject({
        ok: false,
        total: 0,
        issuers: [
          { issuerNif: OWNER.nif, ok: false, position: 1 },
          { issuerNif: PLATFORM.nif, ok: false, position: 1 },
        ],
      });
    });
    // Records without their head (its row removed) do not verify either.
    await thenRolledBack(t.ctx.db, async (tx) => {
      await tx.execute(sql`delete from billing_chains where issuer_nif = ${OWNER.nif}`);
      expect(await checkChains(tx)).toMatchObject({
        ok: false,
        issuers: [{ issuerNif: OWNER.nif, ok: false, reason: 'the chain has no head' }, { ok: true }],
      });
    });
    expect(await chainCheck()).toMatchObject({ ok: true, total: 5 });
  });
});
