// The tickets a paid booking gets: on a shared trip one per seat (code, seat number, passenger
// type, its share of the price); on a charter one boarding pass for the whole party, so the
// crew scans a single code and the customer carries a single QR.
import { ticketPricesCents } from '@boats/domain/pricing';
import type { Db } from '../../db/client';
import { insertTickets, type BookingRow } from './booking-repository';
import type { SoldSeats } from './capacity';
import { newTicketCode } from './ticket-code';

/** `seats`: what the shared sale took (sellHeldCapacity); null for a charter. */
export async function issueTickets(tx: Db, row: BookingRow, seats: SoldSeats | null): Promise<void> {
  if (row.type === 'private') {
    await insertTickets(tx, [
      {
        bookingId: row.id,
        code: newTicketCode(),
        kind: 'boarding_pass',
        seatNo: 1,
        passengerType: 'adult',
        pricePaidCents: row.amountGrossCents,
      },
    ]);
    return;
  }
  if (!seats) return;
  const hours = (row.endsAt.getTime() - row.startsAt.getTime()) / 3_600_000;
  const prices = ticketPricesCents(
    seats.seatPriceCents,
    { adults: row.adults, children50: row.childrenU13, kidsFree: row.childrenU6 },
    hours,
  );
  await insertTickets(
    tx,
    prices.map((p, i) => ({
      bookingId: row.id,
      code: newTicketCode(),
      kind: 'seat' as const,
      seatNo: seats.seatNos[i] ?? i + 1,
      passengerType: p.type,
      pricePaidCents: p.cents,
    })),
  );
}
