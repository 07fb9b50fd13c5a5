// A customer's invoice as an A4 PDF (docs/invoicing.md#customers-invoices-in-the-owners-name):
// the attachment of the booking's confirmation e-mail and of a refund's e-mail, and the customer's
// download, in the customer's language, drawn from the same detail as the owner's printable page
// (customer-invoice-detail.ts), which is the invoice as stored at issue: the issuer (the owner, or
// the platform for its own boats) and, when the platform issued it in the owner's name, a line
// saying so; the invoice it corrects or replaces with its date, the date of the operation, the
// lines of what was sold or changed, the base, IGIC or the exemption's legal mention, the total,
// what a gift voucher paid, and the VERI*FACTU QR code from the invoice's billing record.
import { formatCanaryDate } from '@boats/domain/canary-time';
import { eurosToCents, formatEuros, formatNumber } from '@boats/domain/money';
import type { CustomerInvoiceDetail } from '@boats/domain/schemas/owner-invoicing';
import { customerInvoiceTitleKey } from '@boats/domain/customer-invoice';
import { eq } from 'drizzle-orm';
import { localeTexts } from '../../locale-texts';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { EmailAttachment } from '../../db/schema';
import { invoicesOfBooking, standingInvoice, type CustomerInvoiceRow } from './customer-invoices';
import { customerInvoiceDetail } from './customer-invoice-detail';
import { documentPdf, type PrintableDocument } from './invoice-pdf';
import { customerInvoices } from './schema';

const texts = localeTexts('owner-invoices');

function customerInvoicePdf(invoice: CustomerInvoiceDetail): Promise<Uint8Array> {
  const lang = invoice.language;
  const t = texts(lang);
  const euros = (n: number) => formatEuros(n, lang);
  const facts: [string, string][] = [
    [t('document.number'), invoice.number],
    [t('document.issued'), formatCanaryDate(new Date(invoice.issuedAt), lang)],
    [t('document.operation'), formatCanaryDate(new Date(invoice.tripStartsAt), lang)],
    [t('document.reference'), invoice.reference],
  ];
  if (invoice.corrects) {
    facts.push([
      t(invoice.invoiceType === 'F3' ? 'customer.replaces' : 'document.corrects'),
      t('document.numberOfDate', {
        number: invoice.corrects.number,
        date: formatCanaryDate(new Date(invoice.corrects.issuedAt), lang),
      }),
    ]);
  }
  const parties: PrintableDocument['parties'] = [{ heading: t('document.seller'), party: invoice.issuer }];
  if (invoice.buyer) parties.push({ heading: t('document.buyer'), party: invoice.buyer });
  const mentions: string[] = [];
  if (invoice.issuedByPlatform)
    mentions.push(t('customer.byThirdParty', { platform: invoice.issuedByPlatform }));
  if (invoice.exemptMention) mentions.push(invoice.exemptMention);
  return documentPdf({
    language: lang,
    issuedAt: invoice.issuedAt,
    title: t(
      customerInvoiceTitleKey({ invoiceType: invoice.invoiceType, totalCents: eurosToCents(invoice.total) }),
    ),
    subject: t('customer.subject'),
    facts,
    parties,
    mentions,
    columns: [t('document.description'), t('document.amount')],
    amountColumns: 1,
    rows: invoice.lines.map((line) => [line.description, euros(line.amount)]),
    totals: [
      [t('document.base'), euros(invoice.base)],
      invoice.igicPercent === null
        ? [t('customer.exempt'), euros(0)]
        : [t('document.igic', { percent: formatNumber(invoice.igicPercent, lang) }), euros(invoice.igic)],
      [t('document.total'), euros(invoice.total)],
    ],
    note:
      invoice.paidByVoucher === null
        ? null
        : t('customer.paidByVoucher', { amount: euros(invoice.paidByVoucher) }),
    qrUrl: invoice.verifactu?.qrUrl ?? null,
  });
}

/** One invoice as an e-mail attachment, `<number>.pdf`. */
async function customerInvoiceAttachmentOf(
  db: Db,
  config: Config,
  invoice: CustomerInvoiceRow,
): Promise<EmailAttachment> {
  const pdf = await customerInvoicePdf(await customerInvoiceDetail(db, config, invoice));
  return {
    filename: `${invoice.number}.pdf`,
    contentType: 'application/pdf',
    content: Buffer.from(pdf).toString('base64'),
    encoding: 'base64',
  };
}

/**
 * The PDF of a booking's standing invoice (its latest sale invoice) as an e-mail attachment;
 * null when the booking has none (its owner invoices themselves).
 */
export async function customerInvoiceAttachment(
  db: Db,
  config: Config,
  booking: { id: string },
): Promise<EmailAttachment | null> {
  const invoice = standingInvoice(await invoicesOfBooking(db, booking.id));
  return invoice ? customerInvoiceAttachmentOf(db, config, invoice) : null;
}

/** The rectifying invoice a refund issued, as its e-mail's attachment; null when it issued none. */
export async function refundInvoiceAttachment(
  db: Db,
  config: Config,
  refundId: string,
): Promise<EmailAttachment | null> {
  if (!refundId) return null;
  const [invoice] = await db.select().from(customerInvoices).where(eq(customerInvoices.refundId, refundId));
  return invoice ? customerInvoiceAttachmentOf(db, config, invoice) : null;
}

/**
 * One of a booking's invoices as a PDF file (the customer's download on the confirmation page and
 * in manage my booking); undefined for an invoice of another booking or none.
 */
export async function bookingInvoicePdf(
  db: Db,
  config: Config,
  bookingId: string,
  invoiceId: string,
): Promise<{ filename: string; pdf: Uint8Array } | undefined> {
  const invoice = (await invoicesOfBooking(db, bookingId)).find((i) => i.id === invoiceId);
  if (!invoice) return undefined;
  const pdf = await customerInvoicePdf(await customerInvoiceDetail(db, config, invoice));
  return { filename: `${invoice.number}.pdf`, pdf };
}
