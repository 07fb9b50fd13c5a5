// The channel report's query (docs/back-office.md#channel-reports): the bookings sold in a range,
// by the day they were sold or their trip's start, summed per channel and seller by the database.
import { and, asc, eq, gte, isNotNull, lte, sql } from 'drizzle-orm';
import { REPORT_CHANNELS, type ReportChannel, type ReportPeriodBasis } from '@boats/domain/channel-report';
import type { Db } from '../../db/client';
import { boats, bookings } from '../../db/schema';
import { customerReceivedCentsSql, customerRefundedCentsSql, revenueCentsSql } from '../payments/ledger';
import {
  bookingChannelNameSql,
  channelCommissionCentsSql,
  reportChannelSql,
  retailCentsSql,
} from '../bookings/channel';
import { boatsInScope, type OwnerScope } from '../owner-scope/owner-scope';

/** One channel's (and seller's) figures, in cents: retail − commission = net; net − refunds = revenue. */
export type ChannelReportRowCents = {
  channel: ReportChannel;
  name: string | null;
  bookings: number;
  retailCents: number;
  commissionCents: number;
  netCents: number;
  refundsCents: number;
  revenueCents: number;
};

/**
 * Every booking ever sold (`paid_at` set: those canceled since count too, their refunds with them)
 * whose sale, or trip start, falls in the range, in the scope's boats. Net is what the customer's
 * payments brought the platform, retail what the customer was charged (net + the channel's
 * commission); the platform's own cover of a move is in neither.
 */
export async function channelReportRows(
  db: Db,
  scope: OwnerScope,
  range: { start: Date; end: Date },
  by: ReportPeriodBasis,
): Promise<ChannelReportRowCents[]> {
  const at = by === 'sale' ? bookings.paidAt : bookings.startsAt;
  const perBooking = db
    .select({
      channel:
        sql<ReportChannel>`${reportChannelSql(bookings.id, bookings.soldByUserId, bookings.requestDecideBy)}`.as(
          'channel',
        ),
      name: sql<string | null>`${bookingChannelNameSql(bookings.id)}`.as('channel_name'),
      retailCents: sql<number>`${retailCentsSql(bookings.id, bookings.amountGrossCents)}`.as('retail_cents'),
      commissionCents: sql<number>`${channelCommissionCentsSql(bookings.id, bookings.amountGrossCents)}`.as(
        'commission_cents',
      ),
      netCents: sql<number>`${customerReceivedCentsSql(bookings.id)}`.as('net_cents'),
      refundsCents: sql<number>`${customerRefundedCentsSql(bookings.id)}`.as('refunds_cents'),
      revenueCents: sql<number>`${revenueCentsSql(bookings.id)}`.as('revenue_cents'),
    })
    .from(bookings)
    .innerJoin(boats, eq(boats.id, bookings.boatId))
    .where(and(boatsInScope(scope), isNotNull(bookings.paidAt), gte(at, range.start), lte(at, range.end)))
    .as('per_booking');
  const rows = await db
    .select({
      channel: perBooking.channel,
      name: perBooking.name,
      bookings: sql<number>`count(*)::int`,
      retailCents: sql<number>`sum(${perBooking.retailCents})::bigint`,
      commissionCents: sql<number>`sum(${perBooking.commissionCents})::bigint`,
      netCents: sql<number>`sum(${perBooking.netCents})::bigint`,
      refundsCents: sql<number>`sum(${perBooking.refundsCents})::bigint`,
      revenueCents: sql<number>`sum(${perBooking.revenueCents})::bigint`,
    })
    .from(perBooking)
    .groupBy(perBooking.channel, perBooking.name)
    .orderBy(asc(perBooking.channel), asc(perBooking.name));
  const order = (channel: ReportChannel) => REPORT_CHANNELS.indexOf(channel);
  const sorted = rows.sort((a, b) => order(a.channel) - order(b.channel));
  return sorted.map((r) => ({
    channel: r.channel,
    name: r.name,
    bookings: Number(r.bookings),
    retailCents: Number(r.retailCents),
    commissionCents: Number(r.commissionCents),
    netCents: Number(r.netCents),
    refundsCents: Number(r.refundsCents),
    revenueCents: Number(r.revenueCents),
  }));
}
