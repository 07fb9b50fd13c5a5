// An owner's month: the lines of the Canary month they were earned in, totals to the cent in
// which gross − refunds = net and fee + IGIC + share = net, and a CSV a spreadsheet in the owner's
// language splits right, with the headers of that language's csv.json.
import { describe, expect, it } from 'vitest';
import enTexts from '../../../apps/web/public/locales/en/csv.json';
import esTexts from '../../../apps/web/public/locales/es/csv.json';
import { earningsStatementCsv, statementMonth, statementTotals, monthLines } from './earnings-statement';
import type { EarningLine } from './schemas/payouts';

const en = { lang: 'en', texts: enTexts } as const;
const es = { lang: 'es', texts: esTexts } as const;

const line = (over: Partial<EarningLine>): EarningLine => ({
  _id: '6b6e1a8e-5b1c-4f7d-9a1e-3c2d1f0a9b8c',
  bookingId: '7b6e1a8e-5b1c-4f7d-9a1e-3c2d1f0a9b8c',
  kind: 'trip',
  tripStartsAt: '2026-11-20T10:00:00.000Z',
  customerName: 'Ana Pérez',
  channel: 'site',
  channelName: null,
  channelCommission: 0,
  earnedAt: '2026-11-20T12:00:00.000Z',
  payableAt: '2026-11-23T12:00:00.000Z',
  gross: 120.1,
  platformCover: 0,
  coverInvoice: null,
  commissionInvoice: null,
  agentCommissionInvoiced: 0,
  refunds: 20,
  net: 100.1,
  fee: 15.02,
  igic: 0,
  share: 85.08,
  commissionPercent: 15,
  payoutId: null,
  payoutAt: null,
  transferId: null,
  invoice: 'S2026-000012',
  ...over,
});

const lines = [
  // Paid out: the payout's Canary day and the provider's transfer id, to match the bank. Sold
  // by an agent for €133.44, who kept 10 %: the platform received the rest.
  line({
    channel: 'agent',
    channelName: 'Hotel Mar desk',
    channelCommission: 13.34,
    // …which the platform's commission invoice charges the owner for (decision 36).
    commissionInvoice: '2026-000040',
    agentCommissionInvoiced: 13.34,
    payoutId: '8b6e1a8e-5b1c-4f7d-9a1e-3c2d1f0a9b8c',
    payoutAt: '2026-11-26T23:30:00Z',
    transferId: 'tr_1Q2w3E',
  }),
  line({
    customerName: '=HYPERLINK("x")',
    // A booking of an owner who invoices their customers themselves.
    invoice: null,
    gross: 0.2,
    refunds: 0,
    net: 0.2,
    fee: 0.03,
    share: 0.17,
    tripStartsAt: '2026-11-02T09:00:00Z',
  }),
  line({
    kind: 'adjustment',
    gross: 0,
    refunds: 10,
    net: -10,
    fee: -1.5,
    share: -8.5,
    earnedAt: '2026-11-30T23:30:00Z',
  }),
  // October's commission invoice, issued on 1 November: its IGIC withheld, listed on its day.
  line({
    kind: 'commission_igic',
    bookingId: null,
    tripStartsAt: null,
    customerName: null,
    channel: null,
    invoice: '2026-000031',
    gross: 0,
    refunds: 0,
    net: 0,
    fee: 0,
    igic: 0.95,
    share: -0.95,
    commissionPercent: 0,
    earnedAt: '2026-11-01T06:00:00Z',
  }),
  // Canary time is UTC in winter: 23:30 UTC on 31 October is still October there… (a booking
  // moved from another owner's canceled boat: €4 of the €50 was the platform's cover)
  line({
    gross: 50,
    platformCover: 4,
    coverInvoice: 'AP2026-000001',
    refunds: 0,
    net: 50,
    fee: 7.5,
    share: 42.5,
    earnedAt: '2026-10-31T23:30:00Z',
  }),
  // …and UTC+1 in summer: 23:30 UTC on 30 September is already 1 October.
  line({ gross: 45.55, refunds: 5.55, net: 40, fee: 6, share: 34, earnedAt: '2026-09-30T23:30:00Z' }),
];

describe('the owner statement', () => {
  it('groups lines by the Canary month they were earned in', () => {
    expect([...new Set(lines.map(statementMonth))]).toEqual(['2026-11', '2026-10']);
    expect(monthLines(lines, '2026-11')).toHaveLength(4);
    expect(monthLines(lines, '2026-10')).toHaveLength(2);
  });

  it('adds up to the cent: gross − refunds = net and fee + IGIC + share = net for the month', () => {
    const totals = statementTotals(monthLines(lines, '2026-11'));
    expect(totals).toEqual({
      channelCommission: 13.34,
      agentCommissionInvoiced: 13.34,
      gross: 120.3,
      platformCover: 0,
      refunds: 30,
      net: 90.3,
      fee: 13.55,
      igic: 0.95,
      share: 75.8,
    });
    const cents = (n: number) => Math.round(n * 100);
    expect(cents(totals.gross) - cents(totals.refunds)).toBe(cents(totals.net));
    expect(cents(totals.fee) + cents(totals.igic) + cents(totals.share)).toBe(cents(totals.net));
  });

  it('writes the month in English with commas, oldest trip first, then the totals', () => {
    const csv = earningsStatementCsv(lines, '2026-11', en);
    const rows = csv.trimEnd().split('\r\n');
    expect(rows[0]).toBe(
      "trip date,time,reference,customer,invoice (issued by the platform),line,sold by,seller's commission (EUR),gross paid (EUR),of which paid by the platform (EUR),the owner's invoice to the platform for it,refunds (EUR),net paid (EUR),commission (%),platform fee (EUR),IGIC on the commission (EUR),the platform's commission invoice,agent's commission invoiced to you (EUR),your share (EUR),payout,payout date,transfer id",
    );
    expect(rows).toHaveLength(6);
    // The commission invoice's IGIC: its day, its invoice, withheld from the share.
    expect(rows[1]).toBe(
      "2026-11-01,,,,2026-000031,IGIC of the platform's commission invoice,,0.00,0.00,0.00,,0.00,0.00,,0.00,0.95,,0.00,-0.95,in the balance,,",
    );
    // A name a spreadsheet would run as a formula stays text.
    expect(rows[2]).toContain(`"'=HYPERLINK(""x"")",not invoiced by the platform,trip,site,0.00,`);
    // Which bookings the platform invoiced in the owner's name: the invoice's number.
    // Who sold it, and what the agent kept of the customer's €133.44: gross + commission = price.
    expect(rows[3]).toContain('Ana Pérez,S2026-000012,trip,agent · Hotel Mar desk,13.34,120.10,');
    expect(rows[3]).toMatch(/,2026-000040,13.34,[\d.]+,in a payout,2026-11-26,tr_1Q2w3E$/);
    // The refund after the trip: nothing paid, €10 given back.
    expect(rows[4]).toContain(
      ',refund after the trip,site,0.00,0.00,0.00,,10.00,-10.00,15,-1.50,0.00,,0.00,-8.50,in the balance,,',
    );
    expect(rows.at(-1)).toBe('total,,,,,,,13.34,120.30,0.00,,30.00,90.30,,13.55,0.95,,13.34,75.80,,,');
  });

  it('writes a security deposit kept for damage as its own line: gross = net = share, no fee (decision 38)', () => {
    const kept = line({
      kind: 'deposit',
      gross: 85.5,
      refunds: 0,
      net: 85.5,
      fee: 0,
      share: 85.5,
      commissionPercent: 0,
      invoice: null,
    });
    const rows = earningsStatementCsv([kept], '2026-11', en).trimEnd().split('\r\n');
    expect(rows[1]).toContain(
      ',security deposit kept for damage,site,0.00,85.50,0.00,,0.00,85.50,0,0.00,0.00,,0.00,85.50,',
    );
    expect(rows.at(-1)).toBe('total,,,,,,,0.00,85.50,0.00,,0.00,85.50,,0.00,0.00,,0.00,85.50,,,');
  });

  it('writes Spanish with semicolons and decimal commas, in Spanish', () => {
    const rows = earningsStatementCsv(lines, '2026-10', es).trimEnd().split('\r\n');
    expect(rows[0]!.split(';')).toHaveLength(22);
    expect(rows[0]).toContain(
      'pagado bruto (EUR);del cual pagado por la plataforma (EUR);factura del propietario a la plataforma por ello;reembolsos (EUR);pagado neto (EUR)',
    );
    expect(rows[0]).toContain('tu parte (EUR)');
    expect(rows.at(-1)).toBe('total;;;;;;;0,00;95,55;4,00;;5,55;90,00;;13,50;0,00;;0,00;76,50;;;');
  });
});
