// What the scenarios need from the seeded database: a boat for the month view, booking ids for
// the lookup, and a stock of future shared trips with many seats for the checkout run (created
// here, far past the demo data's eight weeks, so they collide with nothing).
import {
  addDays,
  canaryDateKey,
  canaryInstant,
  canaryMonthRange,
  canaryYearMonth,
  addMonths,
} from '@boats/domain/canary-time';

export type Sql = (text: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;

const CHECKOUT_BOAT_SLUG = 'teide-spirit';
/** A family of four: teide-spirit departs with at least four paid seats per booking. */
export const CHECKOUT_ADULTS = 4;
const TRIPS = 40;
const SEATS_PER_TRIP = 2000;

export type BenchTrip = { slotId: string; startsAt: string; hours: number; seatPriceCents: number };

export type BenchData = {
  monthBoatId: string;
  month: { start: string; end: string };
  bookingIds: string[];
  checkoutBoatId: string;
  trips: BenchTrip[];
};

export async function prepareBenchData(sql: Sql, now = new Date()): Promise<BenchData> {
  const [monthBoat] = await sql(`select id from boats where slug = 'sea-breeze'`);
  const [checkoutBoat] = await sql(`select id, shared_price_per_hour_cents from boats where slug = $1`, [
    CHECKOUT_BOAT_SLUG,
  ]);
  if (!monthBoat || !checkoutBoat) throw new Error('the demo boats are missing: was the database seeded?');
  const bookingRows = await sql(`select id from bookings order by created_at limit 200`);

  // The coming month in Canary time, as the booking calendar asks for it.
  const { year, month } = canaryYearMonth(now);
  const next = addMonths(year, month, 1);
  const range = canaryMonthRange(next.year, next.month);

  const seatPriceCents = Number(checkoutBoat.shared_price_per_hour_cents) || 2000;
  const firstDay = addDays(canaryDateKey(now), 70);
  const existing = await sql(
    `select id, starts_at, ends_at from slots where boat_id = $1 and seats_total = $2`,
    [checkoutBoat.id, SEATS_PER_TRIP],
  );
  if (existing.length < TRIPS) {
    for (let k = existing.length; k < TRIPS; k++) {
      const day = addDays(firstDay, Math.floor(k / 4));
      const start = canaryInstant(day, `${String(7 + 3 * (k % 4)).padStart(2, '0')}:00`);
      const end = new Date(start.getTime() + 2 * 3600_000);
      await sql(
        `insert into slots (boat_id, type, starts_at, ends_at, is_open, seat_price_cents, seats_total, seats_taken)
         values ($1, 'shared', $2, $3, true, $4, $5, 0)`,
        [checkoutBoat.id, start.toISOString(), end.toISOString(), seatPriceCents, SEATS_PER_TRIP],
      );
    }
  }
  const tripRows = await sql(
    `select id, starts_at, ends_at, seat_price_cents from slots where boat_id = $1 and seats_total = $2 order by starts_at`,
    [checkoutBoat.id, SEATS_PER_TRIP],
  );
  return {
    monthBoatId: String(monthBoat.id),
    month: { start: range.start.toISOString(), end: range.end.toISOString() },
    bookingIds: bookingRows.map((r) => String(r.id)),
    checkoutBoatId: String(checkoutBoat.id),
    trips: tripRows.map((r) => ({
      slotId: String(r.id),
      startsAt: new Date(r.starts_at as string).toISOString(),
      hours: (new Date(r.ends_at as string).getTime() - new Date(r.starts_at as string).getTime()) / 3600_000,
      seatPriceCents: Number(r.seat_price_cents),
    })),
  };
}
