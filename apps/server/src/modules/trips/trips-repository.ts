// Queries for the operator's day: slots with their sales, paid seats and boarding counts, the
// bookings and tickets of one trip, and the ticket a scanned code names.
import type { BookingChannel } from '@boats/domain/booking-channel';
import { and, asc, desc, eq, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { LocalizedText } from '@boats/domain/schemas/boat';
import { canceledCustomerState, type CanceledCustomerState } from '@boats/domain/schemas/trips';
import type { Db } from '../../db/client';
import { alias } from 'drizzle-orm/pg-core';
import {
  boats,
  bookingHistory,
  bookingSlots,
  bookings,
  refunds,
  slots,
  tickets,
  tripCancellationBookings,
  tripCancellations,
  tripChangeOffers,
} from '../../db/schema';
import {
  charterClaimedOn,
  heldSeatsOn,
  isOnSlot,
  isSold,
  paidSeatsOn,
  soldSeatsOn,
} from '../occupancy/occupancy';
import { isLiveHold } from '../occupancy/live-hold';
import { pendingRefundCentsSql, receivedCentsSql, refundedCentsSql } from '../payments/ledger';
import { bookingChannelNameSql, bookingChannelSql } from '../bookings/channel';
import { boatIdInScope, boatsInScope, type OwnerScope } from '../owner-scope/owner-scope';

const SLOT_ID = sql.raw('"slots"."id"');

export type TripRow = typeof slots.$inferSelect & {
  boatTitle: LocalizedText;
  minSeatsToDepart: number;
  cutoffHours: number;
  /** Its boat is driven by the customer: the crew checks each booking's licence (domain licences). */
  requiresLicense: boolean;
  /** The boat's owner lets their crew sell walk-ins below the minimum (domain walk-in-minimum). */
  crewMaySellBelowMinimum: boolean;
  /** The boat is the platform's own. */
  platformBoat: boolean;
  /** The boat's shortest charter, in hours (its hours chained). */
  minDurationHours: number;
  seatsSold: number;
  seatsHeld: number;
  occupied: boolean;
  paidSeats: number;
  people: number;
  boarded: number;
  canceledBookings: number;
  /**
   * The sold charter on this hour (or the one its cancellation canceled): a charter of several
   * hours is one trip, its booking's span.
   */
  charter: CharterSpan | null;
};

type CharterSpan = { bookingId: string; startsAt: Date; endsAt: Date };

function tripColumns(now: Date) {
  const b = sql.raw('b');
  const sold = sql`${isSold(b)} and ${isOnSlot(SLOT_ID, b)}`;
  return {
    slot: slots,
    boatTitle: boats.title,
    minSeatsToDepart: boats.sharedMinSeatsToDepart,
    cutoffHours: boats.cutoffHours,
    requiresLicense: boats.requiresLicense,
    minDurationHours: boats.minDurationHours,
    crewMaySellBelowMinimum: sql<boolean>`(select o.crew_may_sell_below_minimum from owners o
      where o.id = ${boats.ownerId})`,
    platformBoat: sql<boolean>`(select o.is_platform from owners o where o.id = ${boats.ownerId})`,
    seatsSold: soldSeatsOn(SLOT_ID),
    seatsHeld: heldSeatsOn(SLOT_ID, now),
    occupied: charterClaimedOn(SLOT_ID, now),
    paidSeats: paidSeatsOn(SLOT_ID),
    people: sql<number>`(select coalesce(sum(b.adults + b.children_50 + b.kids_free), 0)::int
      from bookings b where ${sold})`,
    // A charter pass boards its whole party at once, a seat ticket one person.
    boarded: sql<number>`(select coalesce(sum(case when b.type = 'private'
        then b.adults + b.children_50 + b.kids_free else 1 end), 0)::int
      from tickets t join bookings b on b.id = t.booking_id
      where t.checked_in_at is not null and ${sold})`,
    // The bookings the trip had when it was canceled: none means nobody is waiting on it.
    canceledBookings: sql<number>`(select count(*)::int from trip_cancellation_bookings tcb
      where tcb.slot_id = ${SLOT_ID})`,
    // A canceled charter's trip keeps the span of the booking it had (its cancellation's record),
    // not its first hour alone: 13:00–15:00 stays 13:00–15:00 once canceled.
    charter: sql<{ bookingId: string; startsAt: string; endsAt: string } | null>`coalesce((select
        json_build_object('bookingId', b.id, 'startsAt', b.starts_at, 'endsAt', b.ends_at)
      from bookings b where b.type = 'private' and ${sold} limit 1), (select
        json_build_object('bookingId', b.id, 'startsAt', b.starts_at, 'endsAt', b.ends_at)
      from trip_cancellation_bookings tcb join bookings b on b.id = tcb.booking_id
      where tcb.slot_id = ${SLOT_ID} and b.type = 'private' limit 1))`,
  };
}

type RawTrip = { slot: typeof slots.$inferSelect } & Omit<
  TripRow,
  keyof typeof slots.$inferSelect | 'charter'
> & { charter: { bookingId: string; startsAt: string; endsAt: string } | null };
const flatten = ({ slot, ...rest }: RawTrip): TripRow => ({
  ...slot,
  ...rest,
  seatsSold: Number(rest.seatsSold),
  seatsHeld: Number(rest.seatsHeld),
  paidSeats: Number(rest.paidSeats),
  people: Number(rest.people),
  boarded: Number(rest.boarded),
  canceledBookings: Number(rest.canceledBookings),
  occupied: Boolean(rest.occupied),
  crewMaySellBelowMinimum: Boolean(rest.crewMaySellBelowMinimum),
  platformBoat: Boolean(rest.platformBoat),
  charter: rest.charter && {
    bookingId: rest.charter.bookingId,
    startsAt: new Date(rest.charter.startsAt),
    endsAt: new Date(rest.charter.endsAt),
  },
});

/** Which of a range's trips: one boat's, or only shared trips not canceled (all when empty). */
export type TripsFilter = { boatId?: string; sharedNotCanceled?: boolean };

/** The query of `tripsStartingIn`, apart so a test can read its plan (season-scale.test.ts). */
export function tripsStartingInQuery(
  db: Db,
  scope: OwnerScope,
  range: { start: Date; end: Date },
  now: Date,
  filter: TripsFilter = {},
) {
  return db
    .select(tripColumns(now))
    .from(slots)
    .innerJoin(boats, eq(boats.id, slots.boatId))
    .where(
      and(
        gte(slots.startsAt, range.start),
        lt(slots.startsAt, range.end),
        boatsInScope(scope),
        filter.boatId ? eq(slots.boatId, filter.boatId) : undefined,
        filter.sharedNotCanceled ? and(eq(slots.type, 'shared'), isNull(slots.canceledAt)) : undefined,
      ),
    )
    .orderBy(asc(slots.startsAt), asc(boats.sortOrder), asc(slots.id));
}

/** The scope's slots starting in [start, end), in time order then boat. */
export async function tripsStartingIn(
  db: Db,
  scope: OwnerScope,
  range: { start: Date; end: Date },
  now: Date,
  filter: TripsFilter = {},
): Promise<TripRow[]> {
  return (await tripsStartingInQuery(db, scope, range, now, filter)).map(flatten);
}

/**
 * The next instant a live hold lapses, anywhere: seats held on a trip (and a charter's claim)
 * stop counting then with no write. Reads only pending bookings (`bookings_status_starts_idx`).
 */
export async function nextHoldExpiry(db: Db, now: Date): Promise<Date | null> {
  const [row] = await db
    .select({ at: sql<Date | null>`min(${bookings.holdExpiresAt})`.mapWith(bookings.holdExpiresAt) })
    .from(bookings)
    .where(isLiveHold(now));
  return row?.at ?? null;
}

/** The trip, when its boat is in the scope (another owner's trip is not found). */
export async function findTrip(
  db: Db,
  scope: OwnerScope,
  slotId: string,
  now: Date,
): Promise<TripRow | undefined> {
  const [row] = await db
    .select(tripColumns(now))
    .from(slots)
    .innerJoin(boats, eq(boats.id, slots.boatId))
    .where(and(eq(slots.id, slotId), boatsInScope(scope)));
  return row ? flatten(row) : undefined;
}

export type ManifestBookingRow = typeof bookings.$inferSelect & {
  receivedCents: number;
  channel: BookingChannel;
  channelName: string | null;
};
export type ManifestTicketRow = typeof tickets.$inferSelect;

/** The sold bookings travelling on the slot, by name (a manifest's rows; apart for its plan). */
export function soldBookingsOnSlotQuery(db: Db, slotId: string) {
  return db
    .select({
      booking: bookings,
      receivedCents: receivedCentsSql(sql.raw('"bookings"."id"')),
      // Who sold it: the crew see whom to ask about a booking they did not take.
      channel: bookingChannelSql(bookings.id, bookings.soldByUserId),
      channelName: bookingChannelNameSql(bookings.id),
    })
    .from(bookings)
    .where(and(isSold(), isOnSlot(slotId)))
    .orderBy(asc(bookings.customerName), asc(bookings.id));
}

/** Sold bookings travelling on the slot, with their tickets. */
export async function soldBookingsOnSlot(
  db: Db,
  slotId: string,
): Promise<{ booking: ManifestBookingRow; tickets: ManifestTicketRow[] }[]> {
  const found = await soldBookingsOnSlotQuery(db, slotId);
  const rows = found.map((r) => ({
    ...r.booking,
    receivedCents: Number(r.receivedCents),
    channel: r.channel,
    channelName: r.channelName,
  }));
  if (rows.length === 0) return [];
  const all = await db
    .select()
    .from(tickets)
    .where(
      inArray(
        tickets.bookingId,
        rows.map((b) => b.id),
      ),
    )
    .orderBy(asc(tickets.seatNo), asc(tickets.code));
  return rows.map((booking) => ({ booking, tickets: all.filter((t) => t.bookingId === booking.id) }));
}

/**
 * Requests-to-book on a slot awaiting their owner's answer (or an accept still capturing), by
 * id: they hold seats or hours but are not sold, so they travel on no manifest.
 */
export async function requestedBookingsOnSlot(
  db: Db,
  slotId: string,
): Promise<(typeof bookings.$inferSelect)[]> {
  return db
    .select()
    .from(bookings)
    .where(and(eq(bookings.status, 'requested'), isOnSlot(slotId)))
    .orderBy(asc(bookings.id));
}

/**
 * A reseller's live reservations on a slot (unconfirmed holds through OCTO): released with the
 * trip's cancellation, so the reseller is told at once instead of its confirm failing later.
 */
export async function resellerHoldsOnSlot(
  db: Db,
  slotId: string,
  now: Date,
): Promise<(typeof bookings.$inferSelect)[]> {
  return db
    .select()
    .from(bookings)
    .where(and(eq(bookings.provider, 'reseller'), isLiveHold(now), isOnSlot(slotId)))
    .orderBy(asc(bookings.id));
}

export type ScannedTicket = {
  ticket: ManifestTicketRow;
  booking: typeof bookings.$inferSelect;
  boatTitle: LocalizedText;
  /** Slots the booking travels on (the shared slot, or each slot of a charter chain). */
  slotIds: string[];
};

/** The ticket of the code, when it travels on a boat of the scope (else: no such code). */
export async function findTicketByCode(
  db: Db,
  scope: OwnerScope,
  code: string,
): Promise<ScannedTicket | undefined> {
  const [row] = await db
    .select({ ticket: tickets, booking: bookings, boatTitle: boats.title })
    .from(tickets)
    .innerJoin(bookings, eq(bookings.id, tickets.bookingId))
    .innerJoin(boats, eq(boats.id, bookings.boatId))
    .where(and(eq(tickets.code, code), boatsInScope(scope)));
  if (!row) return undefined;
  const chain = await db
    .select({ slotId: bookingSlots.slotId })
    .from(bookingSlots)
    .where(eq(bookingSlots.bookingId, row.booking.id));
  const slotIds = [
    ...new Set([...(row.booking.slotId ? [row.booking.slotId] : []), ...chain.map((r) => r.slotId)]),
  ];
  return { ...row, slotIds };
}

/**
 * The booking, on a boat of the scope, whose move to another trip voided the ticket of this code
 * (the move's history entry keeps the codes it voided), with the boat's title.
 */
export async function findReplacedTicket(
  db: Db,
  scope: OwnerScope,
  code: string,
): Promise<{ booking: typeof bookings.$inferSelect; boatTitle: LocalizedText } | undefined> {
  const [row] = await db
    .select({ booking: bookings, boatTitle: boats.title })
    .from(bookingHistory)
    .innerJoin(bookings, eq(bookings.id, bookingHistory.bookingId))
    .innerJoin(boats, eq(boats.id, bookings.boatId))
    .where(
      and(
        inArray(bookingHistory.code, ['trip_moved', 'rescheduled']),
        sql`string_to_array(${bookingHistory.params}->>'replacedCodes', ' ') @> array[${code}::text]`,
        boatsInScope(scope),
      ),
    )
    .limit(1);
  return row;
}

/**
 * Marks the ticket boarded unless it already is. One conditional UPDATE, so two scans of the
 * same code at the same moment board it once: the loser gets nothing back and answers "already".
 */
export async function markBoarded(
  db: Db,
  ticketId: string,
  at: Date,
  by: string,
): Promise<ManifestTicketRow | undefined> {
  const [row] = await db
    .update(tickets)
    .set({ checkedInAt: at, checkedInBy: by })
    .where(and(eq(tickets.id, ticketId), isNull(tickets.checkedInAt)))
    .returning();
  return row;
}

/** When the booking was last canceled and by whom (its history), for the crew's check-in answer. */
export async function lastCancellation(
  db: Db,
  bookingId: string,
): Promise<{ at: Date; actor: string } | undefined> {
  const [row] = await db
    .select({ at: bookingHistory.at, actor: bookingHistory.actor })
    .from(bookingHistory)
    .where(and(eq(bookingHistory.bookingId, bookingId), eq(bookingHistory.toStatus, 'canceled')))
    .orderBy(desc(bookingHistory.at), desc(bookingHistory.id))
    .limit(1);
  return row;
}

export async function findTicket(db: Db, ticketId: string): Promise<ManifestTicketRow | undefined> {
  const [row] = await db.select().from(tickets).where(eq(tickets.id, ticketId));
  return row;
}

export async function setMinimumWaived(
  db: Db,
  scope: OwnerScope,
  slotId: string,
  waived: boolean,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(slots)
    .set({ minimumWaived: waived, updatedAt: now })
    .where(and(eq(slots.id, slotId), boatIdInScope(scope, slots.boatId)))
    .returning({ id: slots.id });
  return rows.length > 0;
}

export type CanceledCustomerRow = {
  booking: typeof bookings.$inferSelect;
  /** What the booking received, by the ledger. */
  paidCents: number;
  state: CanceledCustomerState;
  deadline: Date | null;
  movedTo: Date | null;
  refundedAt: Date | null;
};

/**
 * A canceled trip's cancellation and what became of each of its customers: what they paid, the
 * choice offered (its deadline), the trip they moved to, where their refund stands and when
 * their money went back (the money from the ledger). Undefined when the trip was not canceled
 * as a whole.
 */
export async function cancellationOfTrip(
  db: Db,
  slotId: string,
): Promise<{ record: typeof tripCancellations.$inferSelect; customers: CanceledCustomerRow[] } | undefined> {
  const [record] = await db.select().from(tripCancellations).where(eq(tripCancellations.slotId, slotId));
  if (!record) return undefined;
  const movedSlot = alias(slots, 'moved_slot');
  const rows = await db
    .select({
      booking: bookings,
      stored: tripCancellationBookings.state,
      receivedCents: receivedCentsSql(bookings.id),
      refundedCents: refundedCentsSql(bookings.id),
      pendingRefundCents: pendingRefundCentsSql(bookings.id),
      deadline: tripChangeOffers.deadline,
      movedTo: movedSlot.startsAt,
      refundedAt: sql<Date | null>`(select max(${refunds.updatedAt}) from ${refunds}
        where ${refunds.bookingId} = ${bookings.id} and ${refunds.status} = 'succeeded')`.mapWith(
        (v: string | Date | null) => (v === null ? null : new Date(v)),
      ),
    })
    .from(tripCancellationBookings)
    .innerJoin(bookings, eq(bookings.id, tripCancellationBookings.bookingId))
    .leftJoin(
      tripChangeOffers,
      and(eq(tripChangeOffers.bookingId, bookings.id), eq(tripChangeOffers.slotId, slotId)),
    )
    .leftJoin(movedSlot, eq(movedSlot.id, tripChangeOffers.movedToSlotId))
    .where(eq(tripCancellationBookings.slotId, slotId))
    .orderBy(asc(bookings.customerName), asc(bookings.id));
  const customers = rows.map(({ stored, receivedCents, refundedCents, pendingRefundCents, ...row }) => ({
    ...row,
    paidCents: receivedCents,
    state: canceledCustomerState(
      stored,
      { receivedCents, refundedCents, pendingRefundCents },
      row.booking.paidAt === null,
    ),
  }));
  return { record, customers };
}
