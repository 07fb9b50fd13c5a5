import { describe, expect, it } from 'vitest';
import esTexts from '../../../apps/web/public/locales/es/csv.json';
import { resellerStatementCsv } from './reseller-statement';
import type { ResellerStatement } from './schemas/resellers';

const statement: ResellerStatement = {
  reseller: { _id: 'r1', name: 'Viator', commissionPercent: 20 },
  month: '2027-02',
  lines: [
    {
      kind: 'sale',
      at: '2027-02-10T10:00:00.000Z',
      bookingId: '6f1c2a3b-0000-4000-8000-00000000abcd',
      reference: '0000ABCD',
      resellerReference: '=V-1',
      boat: 'Dolphin Star',
      tripStartsAt: '2027-02-13T11:00:00.000Z',
      retail: 60,
      commission: 12,
      amount: 48,
      note: null,
      receivedOn: null,
    },
    {
      kind: 'settlement',
      // Recorded on 2 March, received on 20 February: the file dates it by the day received.
      at: '2027-03-02T10:00:00.000Z',
      receivedOn: '2027-02-20',
      bookingId: null,
      reference: null,
      resellerReference: null,
      boat: null,
      tripStartsAt: null,
      retail: 0,
      commission: 0,
      amount: -50,
      note: 'bank transfer',
    },
  ],
  invoices: [
    {
      _id: 'i1',
      number: 'V2027-000003',
      invoiceType: 'F1',
      month: '2027-02',
      issuer: { name: 'Marlin Charters S.L.', taxId: 'B12345674' },
      corrects: null,
      base: 44.86,
      igic: 3.14,
      total: 48,
      lines: 1,
      issuedAt: '2027-03-01T06:00:00.000Z',
      aeatState: 'accepted',
    },
  ],
  totals: {
    opening: 48,
    sales: 1,
    retail: 60,
    commission: 12,
    net: 48,
    cancellations: 0,
    refunded: 0,
    onAccount: 48,
    settled: 50,
    closing: 46,
  },
};

describe('a reseller’s statement as CSV', () => {
  it('brings the balance forward, a row per line, the month’s total, the balance owed and the month’s invoices, in Spanish', () => {
    const rows = resellerStatementCsv(statement, { lang: 'es', texts: esTexts }).trim().split('\r\n');
    expect(rows[0]).toBe(
      'fecha;línea;nuestra referencia;su referencia;barco;fecha de la salida;PVP (EUR);comisión (EUR);adeudado (EUR);nota',
    );
    expect(rows.slice(1)).toEqual([
      'saldo anterior;;;;;;;;48,00;',
      // A reference a reseller typed never runs as a spreadsheet formula.
      "2027-02-10;venta;0000ABCD;'=V-1;Dolphin Star;2027-02-13;60,00;12,00;48,00;",
      '2027-02-20;pago recibido;;;;;;;-50,00;bank transfer',
      'total del mes;;;;;;60,00;12,00;-2,00;',
      'saldo adeudado;;;;;;;;46,00;',
      'factura;;V2027-000003;;Marlin Charters S.L.;;;;48,00;',
    ]);
  });
});
