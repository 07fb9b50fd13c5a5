import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  agentCommissionAtNet,
  agentCommissionsOfLines,
  invoiceNumber,
  invoiceTotals,
  lineAmountCents,
  planInvoices,
} from './commission-invoice';

describe('commission invoices', () => {
  it('rounds IGIC once on the base, half away from zero', () => {
    expect(invoiceTotals([1050], 700).igicCents).toBe(74); // 73.5 → 74
    expect(invoiceTotals([-1050], 700).igicCents).toBe(-74);
    expect(invoiceTotals([1049], 700).igicCents).toBe(73);
    expect(invoiceTotals([0], 700).igicCents).toBe(0);
    // Three lines of €0.35 at 7 %: once on €1.05 (7 cents), not three times 2 cents.
    expect(invoiceTotals([35, 35, 35], 700)).toEqual({
      baseCents: 105,
      igicBps: 700,
      igicCents: 7,
      totalCents: 112,
    });
  });

  it('numbers invoices and credit notes in their own series, six digits', () => {
    expect(invoiceNumber('invoice', 2026, 123)).toBe('2026-000123');
    expect(invoiceNumber('credit_note', 2026, 4)).toBe('R2026-000004');
    expect(() => invoiceNumber('invoice', 2026, 0)).toThrow();
  });

  it('puts a lower fee of an invoiced booking on a credit note for that invoice, the rest on the invoice', () => {
    const plan = planInvoices(
      [
        { id: 'l1', bookingId: 'b1', feeCents: 1500, agentCommissionCents: 0 },
        { id: 'l2', bookingId: 'b2', feeCents: -300, agentCommissionCents: 0 },
        { id: 'l3', bookingId: 'b3', feeCents: 0, agentCommissionCents: 0 },
        { id: 'l4', bookingId: 'b4', feeCents: 200, agentCommissionCents: 0 },
      ],
      new Map([
        ['b2', 'inv-1'],
        ['b4', 'inv-1'],
      ]),
    );
    expect(plan.invoice.map((l) => l.id)).toEqual(['l1', 'l4']);
    expect(plan.creditNotes).toEqual([
      {
        correctsInvoiceId: 'inv-1',
        lines: [{ id: 'l2', bookingId: 'b2', feeCents: -300, agentCommissionCents: 0 }],
      },
    ]);
  });

  it('leaves a month whose fees net to nothing without an invoice', () => {
    const plan = planInvoices(
      [
        { id: 'l1', bookingId: 'b1', feeCents: 1500, agentCommissionCents: 0 },
        { id: 'l2', bookingId: 'b1', feeCents: -1500, agentCommissionCents: 0 },
      ],
      new Map(),
    );
    expect(plan.invoice).toEqual([]);
  });

  it('invoices minus credit notes equal the fees and agents’ commissions of the lines they carry', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            bookingId: fc.constantFrom('a', 'b', 'c', 'd'),
            feeCents: fc.integer({ min: -5000, max: 5000 }),
            agentCommissionCents: fc.integer({ min: -2000, max: 2000 }),
          }),
        ),
        fc.subarray(['a', 'b', 'c', 'd']),
        (raw, invoiced) => {
          const lines = raw.map((l, i) => ({ ...l, id: String(i) }));
          const plan = planInvoices(lines, new Map(invoiced.map((b) => [b, `inv-${b}`])));
          const on = [...plan.invoice, ...plan.creditNotes.flatMap((c) => c.lines)];
          expect(new Set(on.map((l) => l.id)).size).toBe(on.length);
          const documents =
            invoiceTotals(plan.invoice.map(lineAmountCents), 700).baseCents +
            plan.creditNotes.reduce(
              (s, c) => s + invoiceTotals(c.lines.map(lineAmountCents), 700).baseCents,
              0,
            );
          expect(documents).toBe(on.reduce((s, l) => s + lineAmountCents(l), 0));
          for (const c of plan.creditNotes)
            for (const l of c.lines) expect(lineAmountCents(l)).toBeLessThan(0);
        },
      ),
    );
  });

  it('invoices an agent’s sale for its fee and the agent’s commission, and credits both when refunded', () => {
    // Decision 36: €140 sold by an agent on 10 %: the platform received €126, its fee at 12 % is
    // €15.12, and the owner bears the agent's €14.
    const sale = { netCents: 12_600, commissionCents: 1_400 };
    const [tripAgent = 0] = agentCommissionsOfLines(sale, { netCents: 12_600, invoicedCents: 0 }, [12_600]);
    const trip = { id: 'l1', bookingId: 'b1', feeCents: 1_512, agentCommissionCents: tripAgent };
    expect(invoiceTotals([lineAmountCents(trip)], 700)).toEqual({
      baseCents: 2_912,
      igicBps: 700,
      igicCents: 204,
      totalCents: 3_116,
    });
    // Refunded in full after the invoice: the agent hands the cash back with its commission.
    const [refundAgent = 0] = agentCommissionsOfLines(sale, { netCents: 0, invoicedCents: 1_400 }, [-12_600]);
    const refund = { id: 'l2', bookingId: 'b1', feeCents: -1_512, agentCommissionCents: refundAgent };
    expect(refund.agentCommissionCents).toBe(-1_400);
    expect(planInvoices([refund], new Map([['b1', 'inv-1']])).creditNotes).toEqual([
      { correctsInvoiceId: 'inv-1', lines: [refund] },
    ]);
  });

  it('keeps the whole agent’s commission while the sale’s net is kept, none once refunded, in proportion between', () => {
    const sale = { netCents: 12_600, commissionCents: 1_400 };
    expect(agentCommissionAtNet(sale, 12_600)).toBe(1_400);
    // A dearer date paid by card on top carries no more commission.
    expect(agentCommissionAtNet(sale, 20_000)).toBe(1_400);
    expect(agentCommissionAtNet(sale, 6_300)).toBe(700);
    expect(agentCommissionAtNet(sale, 0)).toBe(0);
    expect(agentCommissionAtNet({ netCents: 3, commissionCents: 1 }, 1)).toBe(0); // 0.33 → 0
    expect(agentCommissionAtNet({ netCents: 2, commissionCents: 1 }, 1)).toBe(1); // 0.5 → 1
    // A booking's documents carry what it bears at its net, whatever the runs and the steps.
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100_000 }),
        fc.integer({ min: 0, max: 5_000 }),
        fc.array(fc.array(fc.integer({ min: -100_000, max: 100_000 }), { maxLength: 3 }), { maxLength: 4 }),
        (netCents, bps, runs) => {
          const sale = { netCents, commissionCents: Math.round((netCents * bps) / 10_000) };
          let net = 0;
          let invoiced = 0;
          for (const lines of [[netCents], ...runs]) {
            net += lines.reduce((a, b) => a + b, 0);
            const carried = agentCommissionsOfLines(sale, { netCents: net, invoicedCents: invoiced }, lines);
            expect(carried).toHaveLength(lines.length);
            invoiced += carried.reduce((a, b) => a + b, 0);
            expect(invoiced).toBe(agentCommissionAtNet(sale, net));
          }
        },
      ),
    );
  });
});
