// Who sold a booking (docs/channels.md#channels), derived from the rows a sale leaves rather than
// stored beside them: a reseller's booking has its reseller_bookings row, an agent's its
// agent_bookings row, one taken in the back office names who took it (sold_by_user_id: crew at
// the harbour is a walk-in, the admin or an owner the operator), and the rest came through the site.
import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { BookingChannel } from '@boats/domain/booking-channel';
import type { ReportChannel } from '@boats/domain/channel-report';
import { qualified } from '../../db/columns';
import { agentCommissionCentsSql, customerReceivedCentsSql } from '../payments/ledger';
import { agentBookings, agents, resellerBookings, resellers, users } from '../../db/schema';

/** SQL: the channel of the booking whose id and sold_by_user_id are given. */
export function bookingChannelSql(bookingId: AnyPgColumn, soldByUserId: AnyPgColumn): SQL<BookingChannel> {
  return sql<BookingChannel>`(case
    when exists (select 1 from ${resellerBookings} where ${resellerBookings.bookingId} = ${bookingId}) then 'reseller'
    when exists (select 1 from ${agentBookings} where ${agentBookings.bookingId} = ${bookingId}) then 'agent'
    when ${soldByUserId} is null then 'site'
    when (select ${users.role} from ${users} where ${users.id} = ${soldByUserId}) = 'crew' then 'walk_in'
    else 'operator' end)`;
}

/** SQL: the reseller's or agent's name of the booking; null for the other channels. */
export function bookingChannelNameSql(bookingId: AnyPgColumn): SQL<string | null> {
  const booking = qualified(bookingId);
  return sql<string | null>`coalesce(
    (select r.name from ${resellerBookings} rb join ${resellers} r on r.id = rb.reseller_id
      where rb.booking_id = ${booking}),
    (select a.name from ${agentBookings} ab join ${agents} a on a.user_id = ab.agent_user_id
      where ab.booking_id = ${booking}))`;
}

/**
 * SQL: the channel of the channel report: the booking's channel, with the site's requests to book
 * (a request has its decision deadline) apart from its instant sales.
 */
export function reportChannelSql(
  bookingId: AnyPgColumn,
  soldByUserId: AnyPgColumn,
  requestDecideBy: AnyPgColumn,
): SQL<ReportChannel> {
  return sql<ReportChannel>`(case when ${bookingChannelSql(bookingId, soldByUserId)} = 'site'
    and ${requestDecideBy} is not null then 'request' else ${bookingChannelSql(bookingId, soldByUserId)} end)`;
}

/**
 * SQL: cents of the booking's retail price its reseller or agent kept as commission, at the rate
 * recorded with the sale (reseller_bookings, agent_bookings: an agent's link sale has rate 0),
 * rounded once as the domain's shareAtBps rounds (half away from zero); 0 for the other channels.
 */
export function channelCommissionCentsSql(bookingId: AnyPgColumn, grossCents: AnyPgColumn): SQL<number> {
  const booking = qualified(bookingId);
  const gross = qualified(grossCents);
  return sql<number>`coalesce(
    (select round(${gross}::numeric * rb.commission_bps / 10000) from ${resellerBookings} rb
      where rb.booking_id = ${booking}),
    ${agentCommissionCentsSql(booking, gross)},
    0)::int`;
}

/**
 * SQL: cents the booking's customer was charged at retail: what they paid the platform plus the
 * commission its reseller or agent kept (their sales are paid on account at the net).
 */
export function retailCentsSql(bookingId: AnyPgColumn, grossCents: AnyPgColumn): SQL<number> {
  return sql<number>`(${customerReceivedCentsSql(bookingId)} + ${channelCommissionCentsSql(bookingId, grossCents)})`;
}
