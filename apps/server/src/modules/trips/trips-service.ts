// The operator's day: trips of a Canary day, the manifest of one trip (its CSV is `manifestCsv`
// in @boats/domain/csv) and the per-trip waiver of the minimum to depart.
import { canaryDateKey, canaryDayRange } from '@boats/domain/canary-time';
import { CREW_DAYS_AHEAD, crewMayReadManifest } from '@boats/domain/crew-window';
import { centsToEuros } from '@boats/domain/money';
import type { DayTaking } from '@boats/domain/schemas/operator-booking';
import type { ManifestResponse, Trip, TripsResponse } from '@boats/domain/schemas/trips';
import { isUuid } from '@boats/domain/schemas/common';
import type { AppContext } from '../../context';
import { firstAfter } from '../../http/back-office-answers';
import { forbidden, notFound } from '../../http/errors';
import type { TripStarts } from '../../http/read-caches';
import type { TokenUser } from '../auth/access-token';
import type { OwnerScope } from '../owner-scope/owner-scope';
import { harbourDepositsBetween } from './day-deposits';
import { takingsBetween } from '../payments/ledger';
import { selfDriveOfBookings } from '../self-drive/manifest-handover';
import {
  clockChangesOf,
  onePerCharter,
  toCancellationSummary,
  toManifestBooking,
  toTripDto,
} from './trip-mapper';
import {
  cancellationOfTrip,
  findTrip,
  nextHoldExpiry,
  setMinimumWaived,
  soldBookingsOnSlot,
  tripsStartingIn,
} from './trips-repository';

/** The day's trips and takings as staff see them, and until when the clock alone leaves them true. */
export async function tripsOfDay(
  ctx: AppContext,
  scope: OwnerScope,
  date: string,
): Promise<{ answer: TripsResponse; validUntil: number | undefined; tripStarts: TripStarts }> {
  const now = ctx.now();
  const day = canaryDayRange(date);
  const [rows, takings, deposits, holdLapse] = await Promise.all([
    tripsStartingIn(ctx.db, scope, day, now),
    dayTakings(ctx, scope, date),
    harbourDepositsBetween(ctx.db, scope, day),
    nextHoldExpiry(ctx.db, now),
  ]);
  return {
    answer: { date, items: onePerCharter(rows).map((row) => toTripDto(row, now)), takings, deposits },
    validUntil: firstAfter(now, [holdLapse, ...rows.flatMap(clockChangesOf)]),
    // The day's takings and harbour deposits count money taken in person on the day, whatever
    // its trip: such a payment or deposit tells no trip start and drops every day (migration 0091).
    tripStarts: { start: day.start.toISOString(), end: day.end.toISOString() },
  };
}

/** Cash, card-terminal and bank-transfer money staff recorded on the day: the crew's hand-over. */
async function dayTakings(ctx: AppContext, scope: OwnerScope, date: string): Promise<DayTaking[]> {
  return (await takingsBetween(ctx.db, scope, canaryDayRange(date))).map((t) => ({
    method: t.method,
    amount: centsToEuros(t.amountCents),
    payments: t.payments,
  }));
}

/** Who travels on a trip; the crew only for the trips of today and the next CREW_DAYS_AHEAD days. */
export async function tripManifest(
  ctx: AppContext,
  scope: OwnerScope,
  slotId: string,
  reader: Pick<TokenUser, 'role'>,
): Promise<ManifestResponse> {
  return (await manifestUntil(ctx, scope, slotId, reader)).answer;
}

/**
 * The tables a day's trips and a manifest read (read-cache.test.ts holds both to them), with those
 * their repository names (a booking's history, a canceled trip's record) when the data asks.
 */
export const TRIP_ANSWER_TABLES = [
  'agent_bookings',
  'agents',
  'boats',
  'booking_history',
  'booking_slots',
  'bookings',
  'condition_reports',
  'deposits',
  'owners',
  'payments',
  'refunds',
  'reseller_bookings',
  'resellers',
  'skipper_licences',
  'slots',
  'tickets',
  'trip_cancellation_bookings',
  'trip_cancellations',
  'trip_change_offers',
  'users',
];

/**
 * The manifest, and until when the clock alone leaves it true: a hold lapsing, the trip's cutoff
 * or start, the Canary midnight (which moves the crew's window of days).
 */
export async function manifestUntil(
  ctx: AppContext,
  scope: OwnerScope,
  slotId: string,
  reader: Pick<TokenUser, 'role'>,
): Promise<{ answer: ManifestResponse; validUntil: number | undefined; tripStarts: TripStarts }> {
  const now = ctx.now();
  // The trip in scope first: its bookings are read only for a trip the caller may see.
  const trip = isUuid(slotId) ? await findTrip(ctx.db, scope, slotId, now) : undefined;
  if (!trip) throw notFound('Trip');
  if (reader.role === 'crew' && !crewMayReadManifest(trip.startsAt, now))
    throw forbidden(
      `The crew see the passengers of today's trips and the next ${CREW_DAYS_AHEAD} days' only; ask an admin for others.`,
    );
  const [bookings, cancellation, holdLapse] = await Promise.all([
    soldBookingsOnSlot(ctx.db, slotId),
    trip.canceledAt ? cancellationOfTrip(ctx.db, slotId) : undefined,
    nextHoldExpiry(ctx.db, now),
  ]);
  const selfDrive = trip.requiresLicense
    ? await selfDriveOfBookings(
        ctx.db,
        trip.boatId,
        bookings.map((b) => b.booking.id),
      )
    : undefined;
  const answer = {
    trip: toTripDto(trip, now),
    bookings: bookings.map((b) => toManifestBooking(b.booking, b.tickets, selfDrive?.(b.booking.id))),
    // A canceled trip keeps its people: who is still choosing, who moved where, who got their money back.
    cancellation: cancellation ? toCancellationSummary(cancellation.record, cancellation.customers) : null,
  };
  const midnight = canaryDayRange(canaryDateKey(now)).end;
  return {
    answer,
    validUntil: firstAfter(now, [holdLapse, midnight, ...clockChangesOf(trip)]),
    // Its bookings start with the trip, a charter's at most a day before the hour it holds.
    tripStarts: {
      start: new Date(trip.startsAt.getTime() - 24 * 3_600_000).toISOString(),
      end: trip.endsAt.toISOString(),
    },
  };
}

export async function waiveMinimum(
  ctx: AppContext,
  scope: OwnerScope,
  slotId: string,
  waived: boolean,
): Promise<Trip> {
  if (!isUuid(slotId) || !(await setMinimumWaived(ctx.db, scope, slotId, waived, ctx.now())))
    throw notFound('Trip');
  const trip = await findTrip(ctx.db, scope, slotId, ctx.now());
  if (!trip) throw notFound('Trip');
  return toTripDto(trip, ctx.now());
}
