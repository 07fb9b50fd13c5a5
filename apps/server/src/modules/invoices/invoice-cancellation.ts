// A customer's document cancelled as issued by mistake (docs/invoicing.md#a-document-issued-by-mistake):
// the admin's registro de anulación of a company's full invoice (F3) that should not have been
// issued (the wrong company, a request made twice by staff for the wrong booking). The invoice
// stays, with its number, which is never taken again; its anulación, chained after the issuer's
// last record and queued for the AEAT, makes it count for nothing, so what it replaced (the
// simplified invoice and its rectifying ones) stands again and a full invoice may be asked anew.
//
// Only a full invoice that replaced simplified ones is cancelled here: every other customer
// document follows money that moved (a sale, a refund, a dearer date), and what is wrong in it is
// corrected by a rectifying invoice, never by making it vanish; and a full invoice that has been
// rectified since (a refund after it) is not cancelled, since its rectifying invoice names it.
//
// Lock order: the booking's row (FOR UPDATE, as every change of a booking's documents), then the
// issuer's chain head in appendRecord, last as everywhere.
import { and, desc, eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { bookings } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import { noteAudit } from '../audit/audit-trail';
import { appendRecord } from '../verifactu/billing-records';
import { invoicesOfBooking, type BookingInvoice } from './customer-invoices';
import { customerInvoices } from './schema';
import { aeatSubmissions, billingRecords } from '../verifactu/schema';

/** Cancels the customer's invoice `invoiceId` as issued by mistake; answers it, cancelled. */
export async function cancelCustomerInvoice(ctx: AppContext, invoiceId: string): Promise<BookingInvoice> {
  return ctx.db.transaction(async (tx) => {
    const [found] = await tx
      .select({ bookingId: customerInvoices.bookingId })
      .from(customerInvoices)
      .where(eq(customerInvoices.id, invoiceId));
    if (!found) throw notFound('Invoice');
    await tx.select({ id: bookings.id }).from(bookings).where(eq(bookings.id, found.bookingId)).for('update');
    const invoices = await invoicesOfBooking(tx, found.bookingId);
    const invoice = invoices.find((i) => i.id === invoiceId);
    if (!invoice) throw notFound('Invoice');
    if (invoice.cancelled) throw conflict('already_cancelled', `${invoice.number} is already cancelled.`);
    if (invoice.invoiceType !== 'F3') {
      throw conflict(
        'not_cancellable',
        `${invoice.number} is not a full invoice replacing simplified ones: an invoice of money that moved is corrected by a rectifying invoice, not cancelled.`,
      );
    }
    const rectifying = invoices.find((i) => i.correctsId === invoice.id && !i.cancelled);
    if (rectifying) {
      throw conflict(
        'rectified',
        `${invoice.number} has been rectified since (${rectifying.number}), which names it: it can no longer be cancelled.`,
        { number: rectifying.number },
      );
    }
    // The invoice's latest registro de alta (its correction, if it had one): the anulación names
    // the invoice as it does, and says RechazoPrevio when the AEAT rejected it and holds none.
    const [alta] = await tx
      .select({ content: billingRecords.content, state: aeatSubmissions.state })
      .from(billingRecords)
      .innerJoin(aeatSubmissions, eq(aeatSubmissions.recordId, billingRecords.id))
      .where(and(eq(billingRecords.documentId, invoice.id), eq(billingRecords.kind, 'alta')))
      .orderBy(desc(billingRecords.position))
      .limit(1);
    if (!alta) throw new Error(`invoice ${invoice.number} has no billing record`);
    const record = await appendRecord(
      tx,
      ctx.config,
      { nif: invoice.issuerNif, name: invoice.issuer.name },
      { kind: 'anulacion', id: alta.content.id, correctsRejected: alta.state === 'rejected' },
      { kind: 'customer_invoice', id: invoice.id },
      ctx.now(),
    );
    noteAudit({
      ownerId: invoice.ownerId,
      objectId: invoice.id,
      changes: {
        cancelled: { before: false, after: true },
        cancellationRecord: { before: null, after: record.id },
      },
    });
    return { ...invoice, cancelled: true };
  });
}
