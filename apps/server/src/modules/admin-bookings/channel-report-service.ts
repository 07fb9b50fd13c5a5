// The channel report (docs/back-office.md#channel-reports): a Canary month's bookings per channel,
// by the day they were sold or by their trip's day, in euros, with the totals of the rows.
import { canaryPeriodRange } from '@boats/domain/canary-time';
import { channelReportTotals } from '@boats/domain/channel-report';
import { centsToEuros } from '@boats/domain/money';
import type { ChannelReport, ChannelReportQuery } from '@boats/domain/schemas/channel-report';
import type { Db } from '../../db/client';
import type { OwnerScope } from '../owner-scope/owner-scope';
import { channelReportRows } from './channel-report-repository';

export async function channelReport(
  db: Db,
  scope: OwnerScope,
  query: ChannelReportQuery,
): Promise<ChannelReport> {
  const rows = (await channelReportRows(db, scope, canaryPeriodRange(query.month), query.by)).map((r) => ({
    channel: r.channel,
    name: r.name,
    bookings: r.bookings,
    retail: centsToEuros(r.retailCents),
    commission: centsToEuros(r.commissionCents),
    net: centsToEuros(r.netCents),
    refunds: centsToEuros(r.refundsCents),
    revenue: centsToEuros(r.revenueCents),
  }));
  return { month: query.month, by: query.by, rows, totals: channelReportTotals(rows) };
}
