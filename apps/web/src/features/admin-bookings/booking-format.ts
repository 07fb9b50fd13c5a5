// Display helpers shared by the table and the details modal: Canary date and time, hours to
// a tenth, money in whole euros (spec §9).
import { averageTicketPrice, bookingAmountEuros, bookingPeople, shortId } from '@boats/domain/bookings-kpi';
import {
  canaryTimeLabel,
  formatCanaryDate,
  hoursBetween,
  roundHours,
  type Locale,
} from '@boats/domain/canary-time';
import { formatAdminEuros } from '@boats/domain/money';
import type { AdminBooking } from '@boats/domain/schemas/booking';

export const bookingDate = (b: AdminBooking, locale: Locale) => formatCanaryDate(b.start, locale);
export const bookingTimeRange = (b: AdminBooking) => `${canaryTimeLabel(b.start)}–${canaryTimeLabel(b.end)}`;
export const bookingHours = (b: AdminBooking) => roundHours(hoursBetween(b.start, b.end));
export const bookingAmount = (b: AdminBooking) => formatAdminEuros(bookingAmountEuros(b));
export const money = (euros: number) => formatAdminEuros(euros);
export const people = (b: AdminBooking) => bookingPeople(b);
export const averagePrice = (b: AdminBooking) => averageTicketPrice(b.tickets);

/** Boat title, or the last 6 characters of its id when it has none. */
export const boatLabel = (b: AdminBooking) => (b.boat.title.trim() ? b.boat.title : shortId(b.boat._id));
export const bookingRef = (b: AdminBooking) => `#${shortId(b._id)}`;
