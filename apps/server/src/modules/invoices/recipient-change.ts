// A change of the recipient's data (docs/invoicing.md#changing-the-recipients-data): an invoice's
// recipient named wrong (a tax id typed wrong, an old company name) is never changed in its record
// alone, since the document, frozen at issue, would then name another recipient than the record
// the AEAT holds. The admin issues a rectifying invoice by substitution instead: the same lines and
// amounts to the corrected recipient, naming the invoice it rectifies, numbered in the rectifying
// series, chained, sent and e-mailed where the original went; the original then no longer stands.
//
// - A customer's invoice naming a recipient (a company's F3, or a substitution of one): under the
//   booking's row lock (then the series and the chain head, as every change of a booking's
//   documents), e-mailed to the booking's address as the F3 is (booking.invoice_issued).
// - A commission invoice to an owner: under the owner's row lock (as the month's invoices), its
//   lines those of the invoice it replaces, e-mailed to the owner with its PDF.
//
// Refused (409) for a document naming no recipient (a simplified invoice), a credit note, one
// cancelled, or one already rectified (a refund after it, or substituted already): a substitution
// carries exactly what it replaces, which such a document no longer is alone.
import { and, eq } from 'drizzle-orm';
import type { RecipientChange } from '@boats/domain/schemas/invoicing';
import { normalizeTaxId } from '@boats/domain/spanish-tax-id';
import type { AppContext } from '../../context';
import { bookings } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import { noteAudit } from '../audit/audit-trail';
import { emitEvent } from '../events/domain-events';
import { EVERY_OWNER } from '../owner-scope/owner-scope';
import { lockOwner } from '../owners/owner-repository';
import {
  assertRecipientAllowed,
  invoicesOfBooking,
  substituteCustomerInvoice,
  type BookingInvoice,
  type CustomerInvoiceRow,
} from './customer-invoices';
import { findInvoice, type InvoiceRow, type InvoiceView } from './invoice-repository';
import { issueSubstitution } from './invoice-service';
import { platformIssuer } from '../verifactu/issuers';
import { customerInvoices, ownerInvoices, type InvoiceParty } from './schema';
import { billingRecords } from '../verifactu/schema';

const partyOf = (change: RecipientChange): InvoiceParty => ({
  name: change.name.trim(),
  taxId: normalizeTaxId(change.taxId),
  address: change.address.trim(),
});

/** Why a customer's invoice cannot be substituted, or nothing: it may. */
function refusal(invoice: BookingInvoice, invoices: BookingInvoice[]) {
  if (invoice.cancelled) return conflict('already_cancelled', `${invoice.number} is cancelled.`);
  if (!invoice.recipient?.taxId) {
    return conflict(
      'no_recipient',
      `${invoice.number} names no recipient (a simplified invoice): a company asks for its full invoice instead.`,
    );
  }
  if (invoice.invoiceType.startsWith('R') && !invoice.bySubstitution) {
    return conflict(
      'not_substitutable',
      `${invoice.number} rectifies another invoice by differences: change the recipient of the invoice it rectifies.`,
    );
  }
  const rectifying = invoices.find((i) => i.correctsId === invoice.id && !i.cancelled);
  if (rectifying) {
    return conflict(
      'rectified',
      `${invoice.number} has been rectified since (${rectifying.number}): it no longer stands alone.`,
      { number: rectifying.number },
    );
  }
  return null;
}

/** The customer's invoice `invoiceId` rectified by substitution to `change`; answers the new one. */
export async function changeCustomerInvoiceRecipient(
  ctx: AppContext,
  invoiceId: string,
  change: RecipientChange,
): Promise<{ invoice: CustomerInvoiceRow; rectifies: BookingInvoice }> {
  return ctx.db.transaction(async (tx) => {
    const [found] = await tx
      .select({ bookingId: customerInvoices.bookingId })
      .from(customerInvoices)
      .where(eq(customerInvoices.id, invoiceId));
    if (!found) throw notFound('Invoice');
    await tx.select({ id: bookings.id }).from(bookings).where(eq(bookings.id, found.bookingId)).for('update');
    const invoices = await invoicesOfBooking(tx, found.bookingId);
    const rectified = invoices.find((i) => i.id === invoiceId);
    if (!rectified) throw notFound('Invoice');
    const refused = refusal(rectified, invoices);
    if (refused) throw refused;
    const recipient = partyOf(change);
    const invoice = await substituteCustomerInvoice(ctx, tx, rectified, recipient);
    // E-mailed to the booking's address in an e-mail of its own, as a company's full invoice is.
    await emitEvent(tx, {
      kind: 'booking.invoice_issued',
      bookingId: rectified.bookingId,
      payload: { invoiceIds: [invoice.id] },
    });
    noteAudit({
      ownerId: rectified.ownerId,
      objectId: rectified.id,
      changes: {
        recipient: { before: rectified.recipient, after: recipient },
        rectifiedBy: { before: null, after: invoice.number },
      },
    });
    return { invoice, rectifies: rectified };
  });
}

/** The commission invoice `invoiceId` rectified by substitution to `change`; answers the new one. */
export async function changeCommissionInvoiceRecipient(
  ctx: AppContext,
  invoiceId: string,
  change: RecipientChange,
  actor: string,
): Promise<{ invoice: InvoiceRow; rectifies: InvoiceView }> {
  return ctx.db.transaction(async (tx) => {
    const rectified = await findInvoice(tx, EVERY_OWNER, invoiceId);
    if (!rectified) throw notFound('Invoice');
    const owner = await lockOwner(tx, rectified.ownerId);
    if (!owner) throw notFound('Owner');
    if (rectified.kind === 'credit_note') {
      throw conflict(
        'not_substitutable',
        `${rectified.number} is a credit note: change the recipient of the invoice it corrects.`,
      );
    }
    const [rectifying] = await tx
      .select({ number: ownerInvoices.number })
      .from(ownerInvoices)
      .where(eq(ownerInvoices.correctsId, rectified.id))
      .limit(1);
    if (rectifying) {
      throw conflict(
        'rectified',
        `${rectified.number} has been rectified since (${rectifying.number}): it no longer stands alone.`,
        { number: rectifying.number },
      );
    }
    const [cancelled] = await tx
      .select({ id: billingRecords.id })
      .from(billingRecords)
      .where(and(eq(billingRecords.documentId, rectified.id), eq(billingRecords.kind, 'anulacion')))
      .limit(1);
    if (cancelled) throw conflict('already_cancelled', `${rectified.number} is cancelled.`);
    const recipient = partyOf(change);
    assertRecipientAllowed(platformIssuer(ctx.config).nif, recipient);
    const invoice = await issueSubstitution(ctx, tx, owner, rectified, recipient, actor);
    noteAudit({
      ownerId: rectified.ownerId,
      objectId: rectified.id,
      changes: {
        recipient: { before: rectified.buyer, after: recipient },
        rectifiedBy: { before: null, after: invoice.number },
      },
    });
    return { invoice, rectifies: rectified };
  });
}
