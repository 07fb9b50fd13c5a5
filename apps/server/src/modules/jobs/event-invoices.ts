/**
 * Which customer invoices an event's e-mail carries
 * (docs/invoicing.md#customers-invoices-in-the-owners-name): every invoice the platform issues
 * reaches the customer when it is issued, once, as the PDF of the invoice as stored, attached to
 * the e-mail of the event that issued it, or to a short e-mail of its own where that event sends
 * none (event-emails.ts):
 *
 * - a change that names what it issued (`invoiceIds`): a sale's invoice, in the confirmation; a
 *   dearer date's rectifying invoice, in the change's e-mail; a move to another owner's boat, the
 *   first sale rectified and the new owner's sale, in the move's; a company's full invoice
 *   (`booking.invoice_issued`), in an e-mail of its own;
 * - the confirmation asked for again: the invoice that stands for the booking now;
 * - a refund: the rectifying invoice it issued (by its refund), in the refund's e-mail;
 * - the customer's own cancellation: the rectifying invoices of its refunds settled by the time
 *   its e-mail is written, that is, whose events are read in the same batch as the cancellation's;
 *   a refund settled later (the job ran before the card's refund was answered) brings its invoice
 *   in an e-mail of its own. Both sides read the same batch, so an invoice goes one way or the
 *   other, never both, whatever the timing or the number of instances.
 */
import type { Db } from '../../db/client';
import type { StoredEvent } from '../events/domain-events';
import { invoicesOfBooking, standingInvoice, type CustomerInvoiceRow } from '../invoices/customer-invoices';
import { CUSTOMER_POLICY_CAUSE } from '../manage-booking/customer-cancellation';

export async function invoicesOfEvent(
  tx: Db,
  event: StoredEvent,
  batch: readonly StoredEvent[],
): Promise<CustomerInvoiceRow[]> {
  const bookingId = event.bookingId;
  if (!bookingId) return [];
  const named = ids(event.payload.invoiceIds);
  if (named.length > 0) {
    return (await invoicesOfBooking(tx, bookingId)).filter((invoice) => named.includes(invoice.id));
  }
  if (event.kind === 'booking.confirmation_requested') {
    const standing = standingInvoice(await invoicesOfBooking(tx, bookingId));
    return standing ? [standing] : [];
  }
  if (isCustomerCancellation(event)) {
    const settled = batch
      .filter((e) => e.bookingId === bookingId && isPolicyRefund(e))
      .flatMap((e) => ids([e.payload.refundId]));
    if (settled.length === 0) return [];
    return (await invoicesOfBooking(tx, bookingId)).filter(
      (invoice) => invoice.refundId !== null && settled.includes(invoice.refundId),
    );
  }
  if (event.kind === 'refund.succeeded') {
    const [refundId] = ids([event.payload.refundId]);
    if (!refundId) return [];
    // Carried by the cancellation's e-mail, written from this same batch.
    if (isPolicyRefund(event) && batch.some((e) => e.bookingId === bookingId && isCustomerCancellation(e))) {
      return [];
    }
    return (await invoicesOfBooking(tx, bookingId)).filter((invoice) => invoice.refundId === refundId);
  }
  return [];
}

const ids = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : [];

const isCustomerCancellation = (event: StoredEvent) =>
  event.kind === 'booking.status_changed' && event.payload.code === 'customer_canceled';

const isPolicyRefund = (event: StoredEvent) =>
  event.kind === 'refund.succeeded' && event.payload.cause === CUSTOMER_POLICY_CAUSE;
