// Model-based test of the billing records' chains (fast-check) on PostgreSQL
// (docs/invoicing.md#the-chain): random interleavings of invoices, credit notes (R1 correcting an
// earlier invoice) and cancellations (anulación) of a few issuers, some issued at the same instant
// on separate connections, some rolled back half-way (a failure after the number and the record
// were taken). Afterwards, for every issuer:
// - its chain verifies from its first record (each hash recomputed, each link to the one before);
// - positions run 1..n without a gap, and n is the number of documents committed;
// - each series' numbers run 1..k without a gap, and a later number sits later in the chain;
// - every committed document has exactly one record, every rolled-back one none.
// Each run takes fresh issuers (new NIFs, so new chains) in the same database, so a run costs its
// few transactions and no reset: CHAIN_MODEL_RUNS (default 200) runs in about half a minute.
import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  aeatAmount,
  aeatDate,
  verifyChain,
  type RecordContent,
  type RecordId,
} from '@boats/domain/verifactu';
import { appendRecord, chainedOf, chainOf } from '../../../src/modules/invoicing/billing-records';
import { takeNumber } from '../../../src/modules/invoicing/invoice-repository';
import { billingRecords, invoiceCounters } from '../../../src/modules/invoicing/schema';
import { buildTestApp } from '../../helpers/test-app';

const RUNS = Number(process.env.CHAIN_MODEL_RUNS ?? 200);
const ISSUERS = 3;

type Op =
  | { kind: 'invoice'; issuer: number; cents: number; fails: boolean }
  | { kind: 'credit'; issuer: number; of: number; cents: number; fails: boolean }
  | { kind: 'cancel'; issuer: number; of: number; fails: boolean };

const single: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('invoice' as const),
      issuer: fc.nat(ISSUERS - 1),
      cents: fc.integer({ min: 1, max: 500_000 }),
      fails: fc.nat(9).map((n) => n < 2),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('credit' as const),
      issuer: fc.nat(ISSUERS - 1),
      of: fc.nat(20),
      cents: fc.integer({ min: 1, max: 50_000 }),
      fails: fc.nat(9).map((n) => n < 2),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('cancel' as const),
      issuer: fc.nat(ISSUERS - 1),
      of: fc.nat(20),
      fails: fc.constant(false),
    }),
  },
);
/** A step: one document, or several issued at the same instant on separate connections. */
const step = fc.oneof(
  { weight: 2, arbitrary: single.map((o) => [o]) },
  { weight: 1, arbitrary: fc.array(single, { minLength: 2, maxLength: 4 }) },
);

class Rollback extends Error {}

describe('the chains of billing records under concurrency', async () => {
  const t = await buildTestApp({ template: 'empty', now: new Date('2027-03-01T10:00:00Z') });

  it(`stay whole and gap-free under interleaved and simultaneous issues (${RUNS} runs)`, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 8 }), async (steps) => {
        // Fresh issuers: 9-character NIF-like keys nobody else uses.
        const nifs = Array.from(
          { length: ISSUERS },
          () => `T${randomUUID().replaceAll('-', '').slice(0, 8).toUpperCase()}`,
        );
        const issued: { issuer: number; id: RecordId; document: string; series: string; number: number }[] =
          [];
        const committed = new Set<string>();
        const rolledBack = new Set<string>();

        const run = async (op: Op) => {
          const nif = nifs[op.issuer]!;
          const earlier = issued.filter((d) => d.issuer === op.issuer);
          if (op.kind !== 'invoice' && earlier.length === 0) return;
          const target = op.kind === 'invoice' ? null : earlier[op.of % earlier.length]!;
          const series = `${nif}:${op.kind === 'credit' ? 'R' : 'F'}`;
          const document = randomUUID();
          try {
            await t.ctx.db.transaction(async (tx) => {
              let content: RecordContent;
              let number = 0;
              if (op.kind === 'cancel') {
                content = { kind: 'anulacion', id: target!.id, correctsRejected: false };
              } else {
                number = await takeNumber(tx, series);
                const cents = op.kind === 'credit' ? -op.cents : op.cents;
                content = {
                  kind: 'alta',
                  id: {
                    issuerNif: nif,
                    numSerie: `${op.kind === 'credit' ? 'R' : 'F'}-${number}`,
                    issueDate: aeatDate(t.ctx.now()),
                  },
                  issuerName: `Issuer ${op.issuer}`,
                  invoiceType: op.kind === 'credit' ? 'R1' : 'F1',
                  rectificationType: op.kind === 'credit' ? 'I' : null,
                  rectified: target ? [target.id] : [],
                  substituted: [],
                  description: 'model',
                  withoutRecipientId: false,
                  thirdParty: null,
                  recipients: [],
                  lines: [],
                  totalQuota: '0.00',
                  totalAmount: aeatAmount(cents),
                  correctsRejected: false,
                };
              }
              await appendRecord(
                tx,
                t.ctx.config,
                { nif, name: `Issuer ${op.issuer}` },
                content,
                { kind: 'commission_invoice', id: document },
                t.ctx.now(),
              );
              // A failure after the number and the record were taken: both must go.
              if (op.fails) throw new Rollback();
              if (content.kind === 'alta')
                issued.push({ issuer: op.issuer, id: content.id, document, series, number });
            });
            committed.add(document);
          } catch (err) {
            if (!(err instanceof Rollback)) throw err;
            rolledBack.add(document);
          }
        };

        for (const group of steps) await Promise.all(group.map(run));

        const records = await t.ctx.db
          .select()
          .from(billingRecords)
          .where(inArray(billingRecords.issuerNif, nifs));
        expect(records.filter((r) => rolledBack.has(r.documentId))).toEqual([]);
        expect(new Set(records.map((r) => r.documentId))).toEqual(committed);
        expect(records).toHaveLength(committed.size);
        for (const nif of nifs) {
          const chain = await chainOf(t.ctx.db, nif);
          expect(chain.map((r) => r.position)).toEqual(chain.map((_, i) => i + 1));
          expect(verifyChain(chain.map(chainedOf))).toEqual({ ok: true, count: chain.length });
          for (const prefix of ['F', 'R']) {
            const series = `${nif}:${prefix}`;
            const numbers = chain
              .filter((r) => r.kind === 'alta' && r.numSerie.startsWith(`${prefix}-`))
              .map((r) => Number(r.numSerie.slice(2)));
            // In chain order the numbers are 1, 2, 3 …: gap-free, and the order of the chain.
            expect(numbers).toEqual(numbers.map((_, i) => i + 1));
            const [counter] = await t.ctx.db
              .select()
              .from(invoiceCounters)
              .where(eq(invoiceCounters.series, series));
            expect(counter?.lastNumber ?? 0).toBe(numbers.length);
          }
        }
      }),
      { numRuns: RUNS },
    );
  }, 600_000);
});
