// The tickets a paid booking gets: on a shared trip one per seat (code, seat number, passenger
// type, its share of the price); on a charter one boarding pass for the whole party, so the
// crew scans a single code and the customer carries a single QR.
import { eurosToCents } from '@boats/domain/money';
import { ticketPricesCents } from '@boats/domain/pricing';
import type { tickets } from '../../db/schema';
import type { BookingRow } from './booking-repository';
import type { SoldSeats } from './capacity';
import { newTicketCode } from './ticket-code';

/** A ticket to issue; the lifecycle writes it with the sale (lifecycle.ts). */
export type NewTicket = Required<
  Pick<typeof tickets.$inferInsert, 'code' | 'kind' | 'seatNo' | 'passengerType' | 'pricePaidCents'>
>;

/** `seats`: what the shared sale took (sellHeldCapacity); null for a charter. */
export function ticketsFor(row: BookingRow, seats: SoldSeats | null): NewTicket[] {
  if (row.type === 'private') {
    return [
      {
        code: newTicketCode(),
        kind: 'boarding_pass',
        seatNo: 1,
        passengerType: 'adult',
        pricePaidCents: row.amountGrossCents,
      },
    ];
  }
  if (!seats) return [];
  const hours = (row.endsAt.getTime() - row.startsAt.getTime()) / 3_600_000;
  // The seat price the booking was sold at (its breakdown: the boat's price rules applied at the
  // checkout), so neither a rule nor a slot changed since can move its tickets' prices.
  const seatPriceCents = row.priceBreakdown
    ? eurosToCents(row.priceBreakdown.unitPerHour)
    : seats.seatPriceCents;
  const prices = ticketPricesCents(seatPriceCents, row, hours);
  return prices.map((p, i) => ({
    code: newTicketCode(),
    kind: 'seat' as const,
    seatNo: seats.seatNos[i] ?? i + 1,
    passengerType: p.type,
    pricePaidCents: p.cents,
  }));
}
