// The bookings tiles' rules as plain code, one booking at a time: the model the database's
// statement (kpiFiguresQuery, admin-booking-repository.ts) is held equal to in
// test/api/admin-bookings/bookings-kpi-sql.test.ts. The server sums them in SQL only.
import { isRevenueStatus } from '@boats/domain/booking-status';
import { bookingMoney, bookingPeople, type KpiBooking } from '@boats/domain/bookings-kpi';
import { centsToEuros, eurosToCents } from '@boats/domain/money';

interface BookingsKpis {
  count: number;
  /** Euros. */
  revenue: number;
  /**
   * Money received and not refunded on bookings that do not count as revenue (canceled and
   * waiting for the refund decision, a late payment on a released hold): held, or due back.
   * Euros. revenue + held = what the export's received minus refunded columns add up to.
   */
  held: number;
  seatsSold: number;
  completed: number;
}

/**
 * The tiles: bookings that count as revenue (paid, confirmed, completed), the money they
 * brought in (received minus refunded), the money held on the others (refund due), the seats
 * sold on shared trips, and how many are completed. Summed in cents over every booking of the
 * filter, the same bookings the CSV export lists, so the tiles reconcile with the file.
 */
export function bookingsKpis(bookings: readonly KpiBooking[]): BookingsKpis {
  let count = 0;
  let revenueCents = 0;
  let heldCents = 0;
  let seatsSold = 0;
  let completed = 0;
  for (const b of bookings) {
    const netCents = eurosToCents(bookingMoney(b).net);
    if (!b.status || !isRevenueStatus(b.status)) {
      heldCents += netCents;
      continue;
    }
    count += 1;
    revenueCents += netCents;
    if (b.type === 'shared') seatsSold += bookingPeople(b);
    if (b.status === 'completed') completed += 1;
  }
  return {
    count,
    revenue: centsToEuros(revenueCents),
    held: centsToEuros(heldCents),
    seatsSold,
    completed,
  };
}
