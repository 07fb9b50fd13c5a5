// The operator's day: trips of a Canary day, the manifest of one trip (its CSV is `manifestCsv`
// in @boats/domain/csv) and the per-trip waiver of the minimum to depart.
import { canaryDayRange } from '@boats/domain/canary-time';
import { CREW_DAYS_AHEAD, crewMayReadManifest } from '@boats/domain/crew-window';
import { centsToEuros } from '@boats/domain/money';
import type { DayTaking } from '@boats/domain/schemas/operator-booking';
import type { ManifestResponse, Trip } from '@boats/domain/schemas/trips';
import type { AppContext } from '../../context';
import { forbidden, notFound } from '../../http/errors';
import type { TokenUser } from '../auth/access-token';
import { isUuid } from '../boats/admin-boat-service';
import type { OwnerScope } from '../owners/owner-scope';
import { takingsBetween } from '../payments/ledger';
import { toManifestBooking, toTripDto } from './trip-mapper';
import { findTrip, setMinimumWaived, soldBookingsOnSlot, tripsStartingIn } from './trips-repository';

export async function listTrips(ctx: AppContext, date: string): Promise<Trip[]> {
  const now = ctx.now();
  return (await tripsStartingIn(ctx.db, canaryDayRange(date), now)).map((row) => toTripDto(row, now));
}

/** Cash, card-terminal and bank-transfer money staff recorded on the day: the crew's hand-over. */
export async function dayTakings(ctx: AppContext, scope: OwnerScope, date: string): Promise<DayTaking[]> {
  return (await takingsBetween(ctx.db, scope, canaryDayRange(date))).map((t) => ({
    method: t.method,
    amount: centsToEuros(t.amountCents),
    payments: t.payments,
  }));
}

/** Who travels on a trip; the crew only for the trips of today and the next CREW_DAYS_AHEAD days. */
export async function tripManifest(
  ctx: AppContext,
  slotId: string,
  reader: Pick<TokenUser, 'role'>,
): Promise<ManifestResponse> {
  const now = ctx.now();
  const trip = isUuid(slotId) ? await findTrip(ctx.db, slotId, now) : undefined;
  if (!trip) throw notFound('Trip');
  if (reader.role === 'crew' && !crewMayReadManifest(trip.startsAt, now))
    throw forbidden(
      `The crew see the passengers of today's trips and the next ${CREW_DAYS_AHEAD} days' only; ask an admin for others.`,
    );
  const bookings = await soldBookingsOnSlot(ctx.db, slotId);
  return {
    trip: toTripDto(trip, now),
    bookings: bookings.map((b) => toManifestBooking(b.booking, b.tickets)),
  };
}

export async function waiveMinimum(ctx: AppContext, slotId: string, waived: boolean): Promise<Trip> {
  if (!isUuid(slotId) || !(await setMinimumWaived(ctx.db, slotId, waived, ctx.now()))) throw notFound('Trip');
  const trip = await findTrip(ctx.db, slotId, ctx.now());
  if (!trip) throw notFound('Trip');
  return toTripDto(trip, ctx.now());
}
