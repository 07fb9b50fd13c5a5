// The public booking view (anyone holding the link): no fee split, no provider details.
import { centsToEuros } from '@boats/domain/money';
import { publicBookingSchema, type PublicBooking } from '@boats/domain/schemas/booking';
import type { boats } from '../../db/schema';
import type { BookingRow, TicketRow } from './booking-repository';

export function toPublicBooking(
  row: BookingRow,
  boat: typeof boats.$inferSelect,
  tickets: TicketRow[],
): PublicBooking {
  const language = row.language === 'es' || row.language === 'ru' ? row.language : 'en';
  const people =
    row.type === 'shared'
      ? tickets.length || row.seats
      : row.adults + row.childrenU13 + row.childrenU6 || row.seats;
  // Parsing through the public schema drops anything not meant for the public.
  return publicBookingSchema.parse({
    _id: row.id,
    type: row.type,
    boat: {
      _id: boat.id,
      title: boat.title[language] ?? boat.title.en,
      port: { name: boat.portName, address: boat.portAddress },
    },
    start: row.startsAt.toISOString(),
    end: row.endsAt.toISOString(),
    status: row.status,
    seats: row.seats,
    people,
    passengers: { adults: row.adults, child_u13: row.childrenU13, child_u6: row.childrenU6 },
    customer: {
      name: row.customerName,
      email: row.customerEmail || null,
      phone: row.customerPhone || null,
    },
    currency: 'EUR',
    amountGross: centsToEuros(row.amountGrossCents),
    tickets: tickets.map((t) => ({
      code: t.code,
      seatNo: t.seatNo,
      passengerType: t.passengerType,
      pricePaid: centsToEuros(t.pricePaidCents),
    })),
    createdAt: row.createdAt.toISOString(),
    holdExpiresAt: row.status === 'pending' && row.holdExpiresAt ? row.holdExpiresAt.toISOString() : null,
  });
}
