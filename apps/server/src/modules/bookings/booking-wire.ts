// The fields every view of a booking shares (the public link and the back office): `_id`,
// instants as ISO strings, euros instead of cents, tickets, and the number of people by the
// spec's one rule (domain bookingPeople). Each view adds its own boat and money fields.
import { bookingPeople } from '@boats/domain/bookings-kpi';
import { centsToEuros } from '@boats/domain/money';
import { toBookingPassengers } from '@boats/domain/passengers';
import type { Ticket } from '@boats/domain/schemas/booking';
import type { BookingExtra } from '@boats/domain/schemas/extras';
import type { BookingExtraRow } from '../../db/schema';
import type { BookingRow, TicketRow } from './booking-repository';

const orNull = (text: string): string | null => (text.trim() === '' ? null : text);

function toWireTicket(row: TicketRow): Ticket {
  return {
    code: row.code,
    kind: row.kind,
    seatNo: row.seatNo,
    passengerType: row.passengerType,
    pricePaid: centsToEuros(row.pricePaidCents),
  };
}

export function toWireExtra(line: BookingExtraRow): BookingExtra {
  return {
    id: line.id,
    name: line.name,
    per: line.per,
    quantity: line.quantity,
    unitPrice: centsToEuros(line.unitCents),
    total: centsToEuros(line.totalCents),
  };
}

export function bookingWireCore(row: BookingRow, ticketRows: TicketRow[]) {
  const tickets = ticketRows.map(toWireTicket);
  // The spec's names on the wire (child_u13, child_u6); the domain's inside.
  const passengers = toBookingPassengers(row);
  return {
    _id: row.id,
    type: row.type,
    start: row.startsAt.toISOString(),
    end: row.endsAt.toISOString(),
    status: row.status,
    seats: row.seats,
    people: bookingPeople({ type: row.type, seats: row.seats, people: row.seats, passengers, tickets }),
    passengers,
    customer: { name: row.customerName, email: orNull(row.customerEmail), phone: orNull(row.customerPhone) },
    currency: 'EUR' as const,
    amountGross: centsToEuros(row.amountGrossCents),
    extras: row.extras.map(toWireExtra),
    // A booking moved by the weather keeps its code but nothing off the new price: no line then.
    promo:
      row.promoCode && row.discountCents > 0
        ? { code: row.promoCode, discount: centsToEuros(row.discountCents) }
        : null,
    tickets,
    createdAt: row.createdAt.toISOString(),
  };
}
