import type { TFunction } from 'i18next';
import type { BookingPassengers } from '@boats/domain/passengers';

/** "2 adults, 1 child 6–12": every count with its plural form, nobody who is not coming. */
export function partySummary(t: TFunction<'booking'>, p: BookingPassengers): string {
  return [
    p.adults > 0 ? t('party.adults', { count: p.adults }) : '',
    p.child_u13 > 0 ? t('party.children', { count: p.child_u13 }) : '',
    p.child_u6 > 0 ? t('party.kids', { count: p.child_u6 }) : '',
  ]
    .filter(Boolean)
    .join(', ');
}
