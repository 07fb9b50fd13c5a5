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
// The second property issues through the customers' invoices' own paths (invoiceSale on a sale,
// invoiceRefund on a refund) for owners invoiced in their name and for the platform's own boats,
// interleaved with the platform's commission documents on the platform's one chain; afterwards
// each chain verifies and each series is gap-free in chain order, and every committed sale and
// rectifying invoice has its record, every rolled-back one none.
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
import { appendRecord, chainedOf, chainOf } from '../../../src/modules/verifactu/billing-records';
import { invoiceRefund, invoiceSale } from '../../../src/modules/invoices/customer-invoices';
import { platformIssuer } from '../../../src/modules/verifactu/issuers';
import { customerInvoices } from '../../../src/modules/invoices/schema';
import { newOwner } from '../../helpers/admin-token';
import { createBoat } from '../../helpers/checkout-fixtures';
import { takeNumber } from '../../../src/modules/invoices/invoice-repository';
import { invoiceCounters } from '../../../src/modules/invoices/schema';
import { billingRecords } from '../../../src/modules/verifactu/schema';
import { buildTestApp } from '../../helpers/test-app';

const RUNS = Number(process.env.CHAIN_MODEL_RUNS ?? 100);
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
                  // F1 and R1 name their recipient (the AEAT's validation 1189).
                  recipients: [{ name: 'Recipient S.L.', nif: 'B12345674' }],
                  // One line at IGIC 0 %: the total is its base, as the AEAT checks (2005).
                  lines: [
                    {
                      tax: '03',
                      regimeKey: '01',
                      qualification: 'S1',
                      rate: '0.00',
                      base: aeatAmount(cents),
                      quota: '0.00',
                    },
                  ],
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

  it(`keep customers’ invoices and the platform’s commission documents whole together (${RUNS} runs)`, async () => {
    const db = t.ctx.db;
    const platformBoat = await createBoat(db);
    const platformNif = platformIssuer(t.ctx.config).nif;
    type CustomerOp =
      | { kind: 'sale'; seller: number; cents: number; fails: boolean }
      | { kind: 'refund'; of: number; cents: number; fails: boolean }
      | { kind: 'commission'; fails: boolean };
    const customerOp: fc.Arbitrary<CustomerOp> = fc.oneof(
      {
        weight: 4,
        arbitrary: fc.record({
          kind: fc.constant('sale' as const),
          // 0..2 an owner invoiced in their name, 3 the platform's own boat.
          seller: fc.nat(ISSUERS),
          cents: fc.integer({ min: 1, max: 80_000 }),
          fails: fc.nat(9).map((n) => n < 2),
        }),
      },
      {
        weight: 2,
        arbitrary: fc.record({
          kind: fc.constant('refund' as const),
          of: fc.nat(20),
          cents: fc.integer({ min: 1, max: 80_000 }),
          fails: fc.nat(9).map((n) => n < 2),
        }),
      },
      {
        weight: 1,
        arbitrary: fc.record({ kind: fc.constant('commission' as const), fails: fc.constant(false) }),
      },
    );
    const customerStep = fc.oneof(
      { weight: 2, arbitrary: customerOp.map((o) => [o]) },
      { weight: 1, arbitrary: fc.array(customerOp, { minLength: 2, maxLength: 4 }) },
    );

    await fc.assert(
      fc.asyncProperty(fc.array(customerStep, { minLength: 1, maxLength: 8 }), async (steps) => {
        const nifs = Array.from(
          { length: ISSUERS },
          () => `T${randomUUID().replaceAll('-', '').slice(0, 8).toUpperCase()}`,
        );
        const boats: (typeof platformBoat)[] = [];
        for (const nif of nifs) {
          const owner = await newOwner(t, { taxId: nif, legalName: `Owner ${nif}` });
          boats.push(await createBoat(db, { ownerId: owner }));
        }
        boats.push(platformBoat);
        const sales: { bookingId: string; left: number }[] = [];
        const committed = new Set<string>();
        const rolledBack = new Set<string>();

        const run = async (op: CustomerOp) => {
          if (op.kind === 'refund' && sales.length === 0) return;
          const sale = op.kind === 'refund' ? sales[op.of % sales.length]! : null;
          if (sale && sale.left === 0) return;
          const bookingId = sale?.bookingId ?? randomUUID();
          // What a refund gives back is taken from the booking before it starts, as the ledger
          // does under the booking's lock (never more than was paid), and given back on a rollback.
          const refunded = sale && op.kind === 'refund' ? Math.min(op.cents, sale.left) : 0;
          if (sale) sale.left -= refunded;
          try {
            await db.transaction(async (tx) => {
              let documentId: string;
              if (op.kind === 'commission') {
                // The platform's own commission invoice on the same chain as its customers' ones.
                documentId = randomUUID();
                const number = await takeNumber(tx, `model:${platformNif}:F`);
                await appendRecord(
                  tx,
                  t.ctx.config,
                  platformIssuer(t.ctx.config),
                  {
                    kind: 'alta',
                    id: { issuerNif: platformNif, numSerie: `M-${number}`, issueDate: aeatDate(t.ctx.now()) },
                    issuerName: platformIssuer(t.ctx.config).name,
                    invoiceType: 'F1',
                    rectificationType: null,
                    rectified: [],
                    substituted: [],
                    description: 'model',
                    withoutRecipientId: false,
                    thirdParty: null,
                    // An F1 names its recipient (the AEAT's validation 1189): an owner.
                    recipients: [{ name: 'Marlin Charters S.L.', nif: 'B12345674' }],
                    lines: [],
                    totalQuota: '0.00',
                    totalAmount: '1.00',
                    correctsRejected: false,
                  },
                  { kind: 'commission_invoice', id: documentId },
                  t.ctx.now(),
                );
              } else if (op.kind === 'sale') {
                const invoice = await invoiceSale(t.ctx, tx, {
                  id: bookingId,
                  boatId: boats[op.seller]!.id,
                  type: 'private',
                  startsAt: t.ctx.now(),
                  endsAt: t.ctx.now(),
                  seats: 0,
                  amountGrossCents: op.cents,
                  extras: [],
                  promoCode: null,
                  discountCents: 0,
                  customerName: 'Model',
                  customerAddress: '',
                  language: 'en',
                });
                documentId = invoice!.id;
              } else {
                const invoice = await invoiceRefund(t.ctx, tx, bookingId, refunded, null);
                documentId = invoice!.id;
              }
              if (op.fails) throw new Rollback();
              committed.add(documentId);
              if (op.kind === 'sale') sales.push({ bookingId, left: op.cents });
            });
          } catch (err) {
            if (!(err instanceof Rollback)) throw err;
            if (sale) sale.left += refunded;
            rolledBack.add(bookingId);
          }
        };

        for (const group of steps) await Promise.all(group.map(run));

        const ids = [...committed];
        const records = ids.length
          ? await db.select().from(billingRecords).where(inArray(billingRecords.documentId, ids))
          : [];
        expect(new Set(records.map((r) => r.documentId))).toEqual(committed);
        const invoices = await db
          .select()
          .from(customerInvoices)
          .where(inArray(customerInvoices.issuerNif, [...nifs, platformNif]));
        expect(
          invoices.filter(
            (i) => rolledBack.has(i.bookingId) && !sales.some((s) => s.bookingId === i.bookingId),
          ),
        ).toEqual([]);
        // A booking's invoices never give back more than it was invoiced.
        for (const s of sales) {
          const total = invoices
            .filter((i) => i.bookingId === s.bookingId)
            .reduce((sum, i) => sum + i.totalCents, 0);
          expect(total).toBe(s.left);
        }
        for (const nif of [...nifs, platformNif]) {
          const chain = await chainOf(db, nif);
          expect(chain.map((r) => r.position)).toEqual(chain.map((_, i) => i + 1));
          expect(verifyChain(chain.map(chainedOf))).toMatchObject({ ok: true });
          for (const letter of ['S', 'F', 'RC']) {
            const numbers = chain
              .filter(
                (r) =>
                  r.documentKind === 'customer_invoice' && new RegExp(`^${letter}\\d{4}-`).test(r.numSerie),
              )
              .map((r) => Number(r.numSerie.slice(-6)));
            expect(numbers).toEqual(numbers.map((_, i) => i + 1));
          }
        }
      }),
      { numRuns: RUNS },
    );
  }, 600_000);
});
