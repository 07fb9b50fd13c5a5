import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { invoiceNumber, invoiceTotals, planInvoices } from './commission-invoice';

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
        { id: 'l1', bookingId: 'b1', feeCents: 1500 },
        { id: 'l2', bookingId: 'b2', feeCents: -300 },
        { id: 'l3', bookingId: 'b3', feeCents: 0 },
        { id: 'l4', bookingId: 'b4', feeCents: 200 },
      ],
      new Map([
        ['b2', 'inv-1'],
        ['b4', 'inv-1'],
      ]),
    );
    expect(plan.invoice.map((l) => l.id)).toEqual(['l1', 'l4']);
    expect(plan.creditNotes).toEqual([
      { correctsInvoiceId: 'inv-1', lines: [{ id: 'l2', bookingId: 'b2', feeCents: -300 }] },
    ]);
  });

  it('leaves a month whose fees net to nothing without an invoice', () => {
    const plan = planInvoices(
      [
        { id: 'l1', bookingId: 'b1', feeCents: 1500 },
        { id: 'l2', bookingId: 'b1', feeCents: -1500 },
      ],
      new Map(),
    );
    expect(plan.invoice).toEqual([]);
  });

  it('invoices minus credit notes equal the fees of the lines they carry', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            bookingId: fc.constantFrom('a', 'b', 'c', 'd'),
            feeCents: fc.integer({ min: -5000, max: 5000 }),
          }),
        ),
        fc.subarray(['a', 'b', 'c', 'd']),
        (raw, invoiced) => {
          const lines = raw.map((l, i) => ({ ...l, id: String(i) }));
          const plan = planInvoices(lines, new Map(invoiced.map((b) => [b, `inv-${b}`])));
          const on = [...plan.invoice, ...plan.creditNotes.flatMap((c) => c.lines)];
          expect(new Set(on.map((l) => l.id)).size).toBe(on.length);
          const documents =
            invoiceTotals(
              plan.invoice.map((l) => l.feeCents),
              700,
            ).baseCents +
            plan.creditNotes.reduce(
              (s, c) =>
                s +
                invoiceTotals(
                  c.lines.map((l) => l.feeCents),
                  700,
                ).baseCents,
              0,
            );
          expect(documents).toBe(on.reduce((s, l) => s + l.feeCents, 0));
          for (const c of plan.creditNotes) for (const l of c.lines) expect(l.feeCents).toBeLessThan(0);
        },
      ),
    );
  });
});
