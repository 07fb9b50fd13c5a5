// Booking rows to the back office's wire shape (docs/product.md §3): the fields every booking view shares,
// plus the boat as {_id, title}, the money split, the provider and the recorded history.
import { isBookingStatus, type BookingStatus } from '@boats/domain/booking-status';
import { bookingMoneyCents } from '@boats/domain/fee-split';
import { centsToEuros } from '@boats/domain/money';
import type { AdminBooking, AdminBookingDetails, BookingHistoryEntry } from '@boats/domain/schemas/booking';
import { ledgerFrom, type PaymentRow, type RefundRow } from '../payments/ledger';
import { bookingWireCore } from '../bookings/booking-wire';
import type { BookingRow, HistoryRow, TicketRow } from './admin-booking-repository';

function toHistoryEntry(row: HistoryRow): BookingHistoryEntry | undefined {
  if (!isBookingStatus(row.toStatus)) return undefined;
  const from: BookingStatus | null =
    row.fromStatus && isBookingStatus(row.fromStatus) ? row.fromStatus : null;
  return {
    at: row.at.toISOString(),
    by: row.actor,
    from,
    to: row.toStatus,
    code: row.code,
    params: row.params,
    reason: row.reason,
  };
}

/**
 * Every refund that went through, partial or full, as a line of the history with its amount
 * and reason, read from the ledger (the only record of money). Its status is the booking's
 * status when the money went back.
 */
function refundEntries(history: BookingHistoryEntry[], refundRows: RefundRow[]): BookingHistoryEntry[] {
  return refundRows
    .filter((r) => r.status === 'succeeded')
    .map((r) => {
      const at = r.updatedAt.toISOString();
      const status = history.filter((h) => h.at <= at).at(-1)?.to ?? history.at(-1)?.to ?? 'canceled';
      return {
        at,
        by: r.actor,
        from: status,
        to: status,
        code: 'refund_issued',
        params: { amount: centsToEuros(r.amountCents) },
        reason: r.reason,
      };
    });
}

/** Status changes and refunds in the order they happened (a refund before the status it caused). */
function historyWithRefunds(historyRows: HistoryRow[], refundRows: RefundRow[]): BookingHistoryEntry[] {
  const history = historyRows.map(toHistoryEntry).filter((e): e is BookingHistoryEntry => e !== undefined);
  const refunds = refundEntries(history, refundRows);
  if (refunds.length === 0) return history;
  return [...history, ...refunds].sort(
    (a, b) =>
      a.at.localeCompare(b.at) || Number(b.code === 'refund_issued') - Number(a.code === 'refund_issued'),
  );
}

export function toAdminBooking(
  row: BookingRow,
  ticketRows: TicketRow[],
  historyRows: HistoryRow[],
  refundRows: RefundRow[] = [],
): AdminBooking {
  // The split shown is of the money kept (none while unpaid or once refunded in full), at the
  // rate the booking was sold at, so fee + owner = received − refunded to the cent.
  const money = bookingMoneyCents({
    priceCents: row.amountGrossCents,
    commissionBps: row.commissionBps,
    receivedCents: row.receivedCents,
    refundedCents: row.refundedCents,
  });
  return {
    ...bookingWireCore(row, ticketRows),
    boat: { _id: row.boatId, title: row.boatTitle.en, titleI18n: row.boatTitle },
    holdExpiresAt: row.holdExpiresAt?.toISOString() ?? null,
    platformFee: centsToEuros(money.feeCents),
    ownerAmount: centsToEuros(money.ownerCents),
    payment: {
      received: centsToEuros(money.receivedCents),
      refunded: centsToEuros(money.refundedCents),
      total: centsToEuros(money.priceCents),
      fee: centsToEuros(money.feeCents),
    },
    provider: row.provider,
    providerPaymentId: row.providerPaymentId,
    history: historyWithRefunds(historyRows, refundRows),
    choiceDeadline: row.status === 'canceled' ? (row.choiceDeadline?.toISOString() ?? null) : null,
    requestDecideBy: row.status === 'requested' ? (row.requestDecideBy?.toISOString() ?? null) : null,
    channel: { kind: row.channel, name: row.channelName },
  };
}

/** The booking with its ledger rows, money in euros. */
export function toAdminBookingDetails(
  booking: AdminBooking,
  paymentRows: PaymentRow[],
  refundRows: RefundRow[],
): AdminBookingDetails {
  const ledger = ledgerFrom(paymentRows, refundRows);
  return {
    ...booking,
    payments: paymentRows.map((p) => ({
      provider: p.provider,
      providerId: p.providerId,
      method: p.method,
      recordedBy: p.recordedBy,
      amount: centsToEuros(p.amountCents),
      status: p.status,
      createdAt: p.createdAt.toISOString(),
    })),
    refunds: refundRows.map((r) => ({
      amount: centsToEuros(r.amountCents),
      status: r.status,
      reason: r.reason,
      actor: r.actor,
      createdAt: r.createdAt.toISOString(),
    })),
    netReceived: centsToEuros(ledger.netCents),
  };
}

/** Maps many rows with their tickets and history fetched in bulk. */
export function toAdminBookings(
  rows: BookingRow[],
  ticketRows: TicketRow[],
  historyRows: HistoryRow[],
  refundRows: RefundRow[] = [],
): AdminBooking[] {
  const ticketsBy = groupBy(ticketRows, (t) => t.bookingId);
  const historyBy = groupBy(historyRows, (h) => h.bookingId);
  const refundsBy = groupBy(refundRows, (r) => r.bookingId);
  return rows.map((row) =>
    toAdminBooking(
      row,
      ticketsBy.get(row.id) ?? [],
      historyBy.get(row.id) ?? [],
      refundsBy.get(row.id) ?? [],
    ),
  );
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
