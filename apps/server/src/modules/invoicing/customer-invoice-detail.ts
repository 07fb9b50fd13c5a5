// A customer's invoice in full (docs/invoicing.md#customers-invoices-in-the-owners-name): what its
// printable page (the owner's) and its PDF (the customer's e-mail and download) show, from one
// builder, so the two cannot differ; its QR code from its billing record.
import { eq } from 'drizzle-orm';
import { bookingReference } from '@boats/domain/booking-reference';
import { bpsToPercent } from '@boats/domain/fee-split';
import { languageOf } from '@boats/domain/languages';
import { centsToEuros } from '@boats/domain/money';
import { IGIC_EXEMPT_MENTION, type CustomerInvoiceDetail } from '@boats/domain/schemas/owner-invoicing';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { bookings } from '../../db/schema';
import { customerInvoices } from './schema';
import type { CustomerInvoiceRow } from './customer-invoices';
import { verifactuQrOf } from './invoice-qr';
import { platformIssuer } from './issuers';

export async function customerInvoiceDetail(
  db: Db,
  config: Config,
  invoice: CustomerInvoiceRow,
): Promise<CustomerInvoiceDetail> {
  const [[booking], [corrected], verifactu] = await Promise.all([
    db.select({ startsAt: bookings.startsAt }).from(bookings).where(eq(bookings.id, invoice.bookingId)),
    invoice.correctsId
      ? db
          .select({ number: customerInvoices.number })
          .from(customerInvoices)
          .where(eq(customerInvoices.id, invoice.correctsId))
      : Promise.resolve([]),
    verifactuQrOf(db, config, { kind: 'customer_invoice', id: invoice.id }),
  ]);
  return {
    _id: invoice.id,
    bookingId: invoice.bookingId,
    reference: bookingReference(invoice.bookingId),
    number: invoice.number,
    invoiceType: invoice.invoiceType,
    language: languageOf(invoice.language),
    issuedAt: invoice.issuedAt.toISOString(),
    // An invoice outlives its booking (no foreign key); without it, the day of issue stands in.
    tripStartsAt: (booking?.startsAt ?? invoice.issuedAt).toISOString(),
    issuer: invoice.issuer,
    buyer: invoice.recipient,
    recipient: invoice.recipient?.name ?? null,
    issuedByPlatform: invoice.byThirdParty ? platformIssuer(config).name : null,
    exemptMention: invoice.igicBps === null ? IGIC_EXEMPT_MENTION : null,
    corrects: corrected?.number ?? null,
    base: centsToEuros(invoice.baseCents),
    igicPercent: invoice.igicBps === null ? null : bpsToPercent(invoice.igicBps),
    igic: centsToEuros(invoice.igicCents),
    total: centsToEuros(invoice.totalCents),
    verifactu,
  };
}
