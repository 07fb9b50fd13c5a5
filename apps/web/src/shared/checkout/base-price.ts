// The trip's own price line after paying, as the review showed it before ("3 h × €180.00",
// "2 adults × €50.00, 1 child 6–12 × €25.00"), so the total under it can be checked: the trip
// is what the booking cost before its extras and its promo code.
import type { TFunction } from 'i18next';
import { hoursBetween, roundHours } from '@boats/domain/canary-time';
import type { LanguageCode } from '@boats/domain/languages';
import { eurosToCents, formatMoney, formatNumber } from '@boats/domain/money';
import type { PublicBooking } from '@boats/domain/schemas/booking';

export function basePriceText(t: TFunction<'booking'>, booking: PublicBooking, locale: LanguageCode): string {
  const extrasCents = (booking.extras ?? []).reduce((sum, line) => sum + eurosToCents(line.total), 0);
  const tripCents =
    eurosToCents(booking.amountGross) + eurosToCents(booking.promo?.discount ?? 0) - extrasCents;
  const money = (cents: number) => formatMoney(cents, locale);
  if (booking.type === 'private') {
    const hours = roundHours(hoursBetween(booking.start, booking.end));
    // A half-day or full-day price is no hourly rate: then the trip's price as it is.
    return hours > 0 && tripCents % hours === 0
      ? t('review.rate.hourly', { hours: formatNumber(hours, locale), unit: money(tripCents / hours) })
      : money(tripCents);
  }
  const { adults, child_u13: children, child_u6: kidsFree } = booking.passengers;
  // A child 6–12 pays half an adult's fare (docs/product.md §5).
  const adultCents = adults + children > 0 ? Math.round(tripCents / (adults + children / 2)) : 0;
  return [
    adults > 0 ? t('review.fare.adults', { count: adults, price: money(adultCents) }) : '',
    children > 0 ? t('review.fare.children', { count: children, price: money(adultCents / 2) }) : '',
    kidsFree > 0 ? t('review.fare.kidsFree', { count: kidsFree }) : '',
  ]
    .filter(Boolean)
    .join(', ');
}
