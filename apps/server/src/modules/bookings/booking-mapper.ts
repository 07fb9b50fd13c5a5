// The public booking view (anyone holding the link): no fee split, no provider details.
import { languageOf } from '@boats/domain/languages';
import { centsToEuros } from '@boats/domain/money';
import { publicBookingSchema, type PublicBooking } from '@boats/domain/schemas/booking';
import type { boats } from '../../db/schema';
import { harbourOf } from '../boats/boat-mapper';
import type { BookingRow, TicketRow } from './booking-repository';
import { bookingWireCore } from './booking-wire';

export function toPublicBooking(
  row: BookingRow,
  boat: typeof boats.$inferSelect,
  tickets: TicketRow[],
  /** Cents a gift voucher pays of the price (BookingWithBoat.voucherCents). */
  voucherCents = 0,
): PublicBooking {
  const language = languageOf(row.language);
  const harbour = harbourOf(boat);
  // Parsing through the public schema drops anything not meant for the public. Texts in the
  // booking's language, with every language beside them for a viewer who reads another.
  return publicBookingSchema.parse({
    ...bookingWireCore(row, tickets),
    voucherAmount: centsToEuros(voucherCents),
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
  });
}
