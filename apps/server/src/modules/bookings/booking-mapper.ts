// The public booking view (anyone holding the link): no fee split, no provider details.
import { publicBookingSchema, type PublicBooking } from '@boats/domain/schemas/booking';
import type { boats } from '../../db/schema';
import type { BookingRow, TicketRow } from './booking-repository';
import { bookingWireCore } from './booking-wire';

export function toPublicBooking(
  row: BookingRow,
  boat: typeof boats.$inferSelect,
  tickets: TicketRow[],
): PublicBooking {
  const language = row.language === 'es' || row.language === 'ru' ? row.language : 'en';
  // Parsing through the public schema drops anything not meant for the public.
  return publicBookingSchema.parse({
    ...bookingWireCore(row, tickets),
    boat: {
      _id: boat.id,
      title: boat.title[language] ?? boat.title.en,
      port: { name: boat.portName, address: boat.portAddress },
    },
    holdExpiresAt: row.status === 'pending' && row.holdExpiresAt ? row.holdExpiresAt.toISOString() : null,
  });
}
