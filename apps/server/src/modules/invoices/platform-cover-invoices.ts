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
import { canaryYearMonth } from '@boats/domain/canary-time';
import {
  customerInvoiceNumber,
  customerSeriesKey,
  splitTaxIncluded,
  type InvoiceLine,
} from '@boats/domain/customer-invoice';
import { languageOf } from '@boats/domain/languages';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { boats, bookings, owners } from '../../db/schema';
import { operatorIdentity } from '../operator/operator-identity';
import { platformIssuer } from '../verifactu/issuers';
import {
  recordCustomerInvoice,
  selectBookingInvoices,
  sellerOfOwner,
  type BookingInvoice,
  type CustomerInvoiceRow,
} from './customer-invoices';
import { takeNumber } from './invoice-repository';
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
  return issue(ctx, tx, {
    bookingId,
    invoiceType: 'F1',
    seller,
    recipient: { name: platform.legalName, taxId: platform.taxId, address: platform.address },
    language: languageOf(row.owner.language),
    line: { kind: 'platformCover', amountCents: coverCents },
    operationAt: row.startsAt.toISOString(),
    corrects: null,
  });
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
  return issue(ctx, tx, {
    bookingId,
    invoiceType: 'R1',
    seller: {
      ownerId: corrected.ownerId,
      issuer: corrected.issuer,
      byThirdParty: false,
      igicBps: corrected.igicBps,
    },
    recipient: corrected.recipient,
    language: languageOf(corrected.language),
    line: { kind: 'platformCover', amountCents: -returnedCents },
    operationAt: corrected.document.operationAt,
    corrects: corrected,
  });
}

async function issue(
  ctx: AppContext,
  tx: Db,
  doc: {
    bookingId: string;
    invoiceType: 'F1' | 'R1';
    seller: NonNullable<ReturnType<typeof sellerOfOwner>>;
    recipient: CustomerInvoiceRow['recipient'];
    language: string;
    line: Extract<InvoiceLine, { kind: 'platformCover' }>;
    operationAt: string;
    corrects: CustomerInvoiceRow | null;
  },
): Promise<CustomerInvoiceRow> {
  const issuedAt = ctx.now();
  const { year } = canaryYearMonth(issuedAt);
  const issuerNif = doc.seller.issuer.taxId;
  const number = customerInvoiceNumber(
    doc.invoiceType,
    year,
    await takeNumber(tx, customerSeriesKey(issuerNif, doc.invoiceType, year, true)),
    true,
  );
  const cents = doc.line.amountCents;
  const sign = Math.sign(cents);
  const { baseCents, quotaCents } = splitTaxIncluded(Math.abs(cents), doc.seller.igicBps);
  const [invoice] = await tx
    .insert(customerInvoices)
    .values({
      bookingId: doc.bookingId,
      ownerId: doc.seller.ownerId,
      issuerNif,
      issuer: doc.seller.issuer,
      byThirdParty: false,
      byRecipient: true,
      invoiceType: doc.invoiceType,
      number,
      correctsId: doc.corrects?.id ?? null,
      recipient: doc.recipient,
      language: doc.language,
      baseCents: sign * baseCents,
      igicBps: doc.seller.igicBps,
      igicCents: sign * quotaCents,
      totalCents: cents,
      issuedAt,
      document: {
        operationAt: doc.operationAt,
        lines: [doc.line],
        voucherCents: 0,
        issuedByPlatform: platformIssuer(ctx.config).name,
        corrects: doc.corrects && {
          number: doc.corrects.number,
          issuedAt: doc.corrects.issuedAt.toISOString(),
        },
      },
    })
    .returning();
  if (!invoice) throw new Error('cover invoice insert returned nothing');
  await recordCustomerInvoice(ctx, tx, invoice, doc.corrects ? { rectified: doc.corrects } : {});
  return invoice;
}
