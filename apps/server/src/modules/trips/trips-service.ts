// The operator's day: trips of a Canary day, the manifest of one trip (JSON and CSV) and the
// per-trip waiver of the minimum to depart.
import { canaryDayRange, formatCanaryDateTime } from '@boats/domain/canary-time';
import { neutralizeFormula, phoneCell, toCsv } from '@boats/domain/csv';
import type { ManifestResponse, Trip } from '@boats/domain/schemas/trips';
import type { AppContext } from '../../context';
import { notFound } from '../../http/errors';
import { isUuid } from '../boats/admin-boat-service';
import { toManifestBooking, toTripDto } from './trip-mapper';
import { findTrip, setMinimumWaived, soldBookingsOnSlot, tripsStartingIn } from './trips-repository';

export async function listTrips(ctx: AppContext, date: string): Promise<Trip[]> {
  const now = ctx.now();
  return (await tripsStartingIn(ctx.db, canaryDayRange(date), now)).map((row) => toTripDto(row, now));
}

export async function tripManifest(ctx: AppContext, slotId: string): Promise<ManifestResponse> {
  const now = ctx.now();
  const trip = isUuid(slotId) ? await findTrip(ctx.db, slotId, now) : undefined;
  if (!trip) throw notFound('Trip');
  const bookings = await soldBookingsOnSlot(ctx.db, slotId);
  return {
    trip: toTripDto(trip, now),
    bookings: bookings.map((b) => toManifestBooking(b.booking, b.tickets)),
  };
}

const MANIFEST_COLUMNS = [
  'Reference',
  'Customer',
  'Phone',
  'E-mail',
  'Adults',
  'Children 6-12',
  'Children under 6',
  'Ticket',
  'Seat',
  'Passenger type',
  'Boarded at (Canary time)',
  'Boarded by',
];

/** One line per ticket (a booking without tickets gets one line), for a spreadsheet or a printer. */
export function manifestCsv(manifest: ManifestResponse): string {
  const rows: string[][] = [];
  for (const b of manifest.bookings) {
    const lines = b.tickets.length > 0 ? b.tickets : [undefined];
    for (const t of lines) {
      const text = [b.ref, b.customerName].map(neutralizeFormula);
      rows.push([
        ...text,
        phoneCell(b.customerPhone),
        neutralizeFormula(b.customerEmail),
        String(b.adults),
        String(b.childrenU13),
        String(b.childrenU6),
        t?.code ?? '',
        t ? String(t.seatNo) : '',
        t?.passengerType ?? '',
        t?.checkedInAt ? formatCanaryDateTime(t.checkedInAt, 'en') : '',
        neutralizeFormula(t?.checkedInBy ?? ''),
      ]);
    }
  }
  return toCsv([MANIFEST_COLUMNS, ...rows]);
}

export async function waiveMinimum(ctx: AppContext, slotId: string, waived: boolean): Promise<Trip> {
  if (!isUuid(slotId) || !(await setMinimumWaived(ctx.db, slotId, waived, ctx.now()))) throw notFound('Trip');
  const trip = await findTrip(ctx.db, slotId, ctx.now());
  if (!trip) throw notFound('Trip');
  return toTripDto(trip, ctx.now());
}
