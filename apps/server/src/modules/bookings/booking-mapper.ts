// The public booking view (anyone holding the link): no fee split, no provider details.
import { languageOf } from '@boats/domain/languages';
import { requiredLicence } from '@boats/domain/licences';
import { centsToEuros } from '@boats/domain/money';
import { publicBookingSchema, type PublicBooking } from '@boats/domain/schemas/booking';
import { harbourOf } from '../boats/boat-mapper';
import type { BookingWithBoat } from './booking-repository';
import { isUpcomingStatus } from '@boats/domain/booking-status';
import { minimumToReach, type MinimumToReach } from '@boats/domain/trip-state';
import { bookingWireCore } from './booking-wire';

export function toPublicBooking(
  {
    row,
    boat,
    tickets,
    voucherCents,
    coverCents,
    depositCents = null,
  }: Omit<BookingWithBoat, 'trip' | 'depositCents'> & { depositCents?: number | null },
  /** The minimum its trip has still to reach (bookingMinimum). */
  minimum: MinimumToReach | null = null,
): PublicBooking {
  const language = languageOf(row.language);
  const harbour = harbourOf(boat);
  // Parsing through the public schema drops anything not meant for the public. Texts in the
  // booking's language, with every language beside them for a viewer who reads another.
  return publicBookingSchema.parse({
    ...bookingWireCore(row, tickets),
    voucherAmount: centsToEuros(voucherCents),
    platformCover: centsToEuros(coverCents),
    boat: {
      _id: boat.id,
      title: boat.title[language] ?? boat.title.en,
      port: {
        name: harbour.name[language] ?? harbour.name.en,
        address: harbour.address[language] ?? harbour.address.en,
      },
      titleI18n: boat.title,
      harbourI18n: harbour,
    },
    holdExpiresAt: row.status === 'pending' && row.holdExpiresAt ? row.holdExpiresAt.toISOString() : null,
    licence: requiredLicence(boat),
    foreignLicenceAccepted: boat.foreignLicenceAccepted,
    deposit: depositCents === null ? null : { amount: centsToEuros(depositCents) },
    minimum: minimum && { seats: minimum.seats, cutoffAt: minimum.cutoffAt.toISOString() },
  });
}

/** The minimum a sold booking's trip has still to reach; null for any other booking. */
export function bookingMinimum(
  found: Pick<BookingWithBoat, 'row' | 'trip'>,
  now: Date,
): MinimumToReach | null {
  if (!found.trip || !isUpcomingStatus(found.row.status)) return null;
  return minimumToReach(found.trip, now);
}
