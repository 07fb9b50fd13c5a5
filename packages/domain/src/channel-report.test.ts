import { describe, expect, it } from 'vitest';
import enTexts from '../../../apps/web/public/locales/en/csv.json';
import { channelReportCsv, channelReportFileName, channelReportTotals } from './channel-report';
import type { ChannelReportRow } from './schemas/channel-report';

const rows: ChannelReportRow[] = [
  {
    channel: 'site',
    name: null,
    bookings: 3,
    retail: 0.1,
    commission: 0,
    net: 0.1,
    refunds: 0,
    revenue: 0.1,
  },
  {
    channel: 'agent',
    name: '=Hotel Mar desk',
    bookings: 1,
    retail: 0.2,
    commission: 0.02,
    net: 0.18,
    refunds: 0.05,
    revenue: 0.13,
  },
];

describe('the channel report', () => {
  it('adds the rows in cents: the totals are exact', () => {
    expect(channelReportTotals(rows)).toEqual({
      bookings: 4,
      retail: 0.3,
      commission: 0.02,
      net: 0.28,
      refunds: 0.05,
      revenue: 0.23,
    });
  });

  it('writes a row per channel and the totals, a seller that looks like a formula kept text', () => {
    const report = { month: '2027-07', by: 'trip' as const, rows, totals: channelReportTotals(rows) };
    expect(channelReportFileName(report)).toBe('channels_2027-07_by_trip.csv');
    expect(channelReportCsv(report, { lang: 'en', texts: enTexts.channelReport }).split('\r\n')).toEqual([
      'channel,seller,bookings,sold at retail (EUR),channel commission (EUR),net to the platform (EUR),refunds (EUR),revenue (EUR)',
      'site,,3,0.10,0.00,0.10,0.00,0.10',
      "agent,'=Hotel Mar desk,1,0.20,0.02,0.18,0.05,0.13",
      'total,,4,0.30,0.02,0.28,0.05,0.23',
      '',
    ]);
  });
});
