// Display helpers shared by the table and the details modal: Canary date and time, hours to
// a tenth, money to the cent in the viewer's language (one format everywhere, formatEuros).
import { localized } from '@boats/domain/boat-card';
import { adminActionsFor } from '@boats/domain/booking-status';
import { bookingReference } from '@boats/domain/booking-reference';
import { averageTicketPrice, bookingMoney, bookingPeople, shortId } from '@boats/domain/bookings-kpi';
import { canaryTimeLabel, formatCanaryDate, hoursBetween, roundHours } from '@boats/domain/canary-time';
import type { LanguageCode } from '@boats/domain/languages';
import { formatEuros } from '@boats/domain/money';
import type { AdminBooking } from '@boats/domain/schemas/booking';
import { currentLanguage } from '../../shared/i18n/i18n';

export const bookingDate = (b: AdminBooking, locale: LanguageCode) => formatCanaryDate(b.start, locale);
export const bookingTimeRange = (b: AdminBooking) => `${canaryTimeLabel(b.start)}–${canaryTimeLabel(b.end)}`;
export const bookingHours = (b: AdminBooking) => roundHours(hoursBetween(b.start, b.end));
export const moneyOf = (b: AdminBooking) => bookingMoney(b);
export const money = (euros: number) => formatEuros(euros, currentLanguage());
export const people = (b: AdminBooking) => bookingPeople(b);
export const averagePrice = (b: AdminBooking) => averageTicketPrice(b.tickets);

/** Boat title in the viewer's language, or the last 6 characters of its id when it has none. */
export const boatLabel = (b: AdminBooking, locale: LanguageCode) => {
  const title = localized(b.boat.titleI18n, b.boat.title, locale);
  return title.trim() ? title : shortId(b.boat._id);
};
/** The one booking reference (last 8 characters, upper case), as in e-mails and messages. */
export const bookingRef = (b: AdminBooking) => `#${bookingReference(b._id)}`;

/** The actions a booking offers now: no refund by hand while its customer may still choose. */
export const actionsOf = (b: AdminBooking) =>
  adminActionsFor(b.status).filter((action) => !(action === 'refund' && b.choiceDeadline));
