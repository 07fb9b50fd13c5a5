/**
 * The platform's cover of a move to another owner's dearer boat, documented
 * (docs/invoicing.md#the-platforms-cover-self-billed). The customer's invoice says what the
 * customer paid; the rest of the price the owner earns on is paid by the platform, so the owner
 * invoices the platform for it. The platform issues that invoice itself, as its recipient, in the
 * owner's name (self-billing, RD 1619/2012 art. 5.1, on the owner's prior agreement: the same
 * acceptance that lets it invoice their customers), numbered in the owner's own AP series and
 * recorded in the owner's VERI*FACTU chain with EmitidaPorTerceroODestinatario = D. When the cover
 * goes back to the platform (the customer got everything back), an R1 in the RAP series rectifies
 * it. An owner who invoices their customers themselves invoices the platform themselves too; the
 * platform's own boats need no document. Both in the caller's transaction: the move's, the refund's.
 */
import { and, eq } from 'drizzle-orm';
import { languageOf } from '@boats/domain/languages';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { boats, bookings, owners } from '../../db/schema';
import { operatorIdentity } from '../operator/operator-identity';
import { platformIssuer } from '../verifactu/issuers';
import {
  issueCustomerDocument,
  selectBookingInvoices,
  sellerOfOwner,
  type BookingInvoice,
  type CustomerInvoiceRow,
  type NewCustomerDocument,
} from './customer-invoices';
import { customerInvoices } from './schema';

/** A booking's invoices to the platform for its cover, first issued first. */
export async function coverInvoicesOfBooking(db: Db, bookingId: string): Promise<BookingInvoice[]> {
  return selectBookingInvoices(db)
    .where(and(eq(customerInvoices.bookingId, bookingId), eq(customerInvoices.byRecipient, true)))
    .orderBy(customerInvoices.issuedAt, customerInvoices.number);
}

/**
 * The owner's invoice to the platform for `coverCents` it paid of the booking's price on the
 * owner's boat (the booking is already there), or null when no document is issued here.
 */
export async function invoicePlatformCover(
  ctx: AppContext,
  tx: Db,
  bookingId: string,
  coverCents: number,
): Promise<CustomerInvoiceRow | null> {
  if (coverCents <= 0) return null;
  const [row] = await tx
    .select({ owner: owners, startsAt: bookings.startsAt })
    .from(bookings)
    .innerJoin(boats, eq(boats.id, bookings.boatId))
    .innerJoin(owners, eq(owners.id, boats.ownerId))
    .where(eq(bookings.id, bookingId));
  if (!row) throw new Error(`booking ${bookingId} has no owner`);
  const seller = row.owner.isPlatform ? null : sellerOfOwner(ctx, row.owner);
  if (!seller) return null;
  const platform = operatorIdentity(ctx.config);
  return issueCover(
    ctx,
    tx,
    {
      bookingId,
      ownerId: seller.ownerId,
      issuer: seller.issuer,
      invoiceType: 'F1',
      correctsId: null,
      recipient: { name: platform.legalName, taxId: platform.taxId, address: platform.address },
      language: languageOf(row.owner.language),
      igicBps: seller.igicBps,
      operationAt: row.startsAt.toISOString(),
    },
    coverCents,
    null,
  );
}

/**
 * The cover went back to the platform (`returnedCents`, the customer got everything back): the
 * rectifying invoice by differences of the owner's invoice to the platform, negative. Null when
 * none was issued here.
 */
export async function rectifyPlatformCover(
  ctx: AppContext,
  tx: Db,
  bookingId: string,
  returnedCents: number,
): Promise<CustomerInvoiceRow | null> {
  const corrected = (await coverInvoicesOfBooking(tx, bookingId)).find(
    (invoice) => invoice.invoiceType === 'F1' && !invoice.cancelled,
  );
  if (!corrected || returnedCents <= 0) return null;
  return issueCover(
    ctx,
    tx,
    {
      bookingId,
      ownerId: corrected.ownerId,
      issuer: corrected.issuer,
      invoiceType: 'R1',
      correctsId: corrected.id,
      recipient: corrected.recipient,
      language: languageOf(corrected.language),
      igicBps: corrected.igicBps,
      operationAt: corrected.document.operationAt,
    },
    -returnedCents,
    corrected,
  );
}

/** The owner's document to the platform, issued by the platform as its recipient: one line, the cover. */
function issueCover(
  ctx: AppContext,
  tx: Db,
  doc: Omit<NewCustomerDocument, 'byThirdParty' | 'byRecipient' | 'totalCents' | 'document'> & {
    operationAt: string;
  },
  cents: number,
  corrects: CustomerInvoiceRow | null,
): Promise<CustomerInvoiceRow> {
  const { operationAt, ...columns } = doc;
  return issueCustomerDocument(
    ctx,
    tx,
    {
      ...columns,
      byThirdParty: false,
      byRecipient: true,
      totalCents: cents,
      document: {
        operationAt,
        lines: [{ kind: 'platformCover', amountCents: cents }],
        voucherCents: 0,
        issuedByPlatform: platformIssuer(ctx.config).name,
        corrects: corrects && { number: corrects.number, issuedAt: corrects.issuedAt.toISOString() },
      },
    },
    corrects ? { rectified: corrects } : {},
  );
}
