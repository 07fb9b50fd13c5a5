// Booking rows to the back office's wire shape (spec §3): euros instead of cents, `_id`,
// the boat as {_id, title}, tickets and the recorded history.
import { isBookingStatus, type BookingStatus } from '@boats/domain/booking-status';
import { centsToEuros } from '@boats/domain/money';
import type { AdminBooking, BookingHistoryEntry, Ticket } from '@boats/domain/schemas/booking';
import type { BookingRow, HistoryRow, TicketRow } from './admin-booking-repository';

const orNull = (text: string): string | null => (text.trim() === '' ? null : text);

function toTicket(row: TicketRow): Ticket {
  return {
    code: row.code,
    seatNo: row.seatNo,
    passengerType: row.passengerType,
    pricePaid: centsToEuros(row.pricePaidCents),
  };
}

function toHistoryEntry(row: HistoryRow): BookingHistoryEntry | undefined {
  if (!isBookingStatus(row.toStatus)) return undefined;
  const from: BookingStatus | null =
    row.fromStatus && isBookingStatus(row.fromStatus) ? row.fromStatus : null;
  return { at: row.at.toISOString(), by: row.actor, from, to: row.toStatus, reason: row.reason };
}

export function toAdminBooking(
  row: BookingRow,
  ticketRows: TicketRow[],
  historyRows: HistoryRow[],
): AdminBooking {
  const onBoard = row.adults + row.childrenU13 + row.childrenU6;
  return {
    _id: row.id,
    type: row.type,
    boat: { _id: row.boatId, title: row.boatTitle.en },
    start: row.startsAt.toISOString(),
    end: row.endsAt.toISOString(),
    status: row.status,
    seats: row.seats,
    people: onBoard > 0 ? onBoard : row.seats,
    passengers: { adults: row.adults, child_u13: row.childrenU13, child_u6: row.childrenU6 },
    customer: { name: row.customerName, email: orNull(row.customerEmail), phone: orNull(row.customerPhone) },
    currency: 'EUR',
    amountGross: centsToEuros(row.amountGrossCents),
    tickets: ticketRows.map(toTicket),
    createdAt: row.createdAt.toISOString(),
    holdExpiresAt: row.holdExpiresAt?.toISOString() ?? null,
    platformFee: centsToEuros(row.platformFeeCents),
    ownerAmount: centsToEuros(row.ownerAmountCents),
    payment: {
      received: centsToEuros(row.amountReceivedCents),
      total: centsToEuros(row.amountGrossCents),
      fee: centsToEuros(row.platformFeeCents),
    },
    provider: row.provider,
    providerPaymentId: row.providerPaymentId,
    history: historyRows.map(toHistoryEntry).filter((e): e is BookingHistoryEntry => e !== undefined),
  };
}

/** Maps many rows with their tickets and history fetched in bulk. */
export function toAdminBookings(
  rows: BookingRow[],
  ticketRows: TicketRow[],
  historyRows: HistoryRow[],
): AdminBooking[] {
  const ticketsBy = groupBy(ticketRows, (t) => t.bookingId);
  const historyBy = groupBy(historyRows, (h) => h.bookingId);
  return rows.map((row) => toAdminBooking(row, ticketsBy.get(row.id) ?? [], historyBy.get(row.id) ?? []));
}

function groupBy<T>(items: T[], key: (item: T) => string): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = map.get(k);
    if (list) list.push(item);
    else map.set(k, [item]);
  }
  return map;
}
