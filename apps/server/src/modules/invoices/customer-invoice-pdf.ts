// A customer's invoice as an A4 PDF (docs/invoicing.md#customers-invoices-in-the-owners-name):
// the attachment of the e-mail of the event that issued it (jobs/event-invoices.ts), and the
// customer's download, in the customer's language, drawn from the same detail as the owner's
// printable page (customer-invoice-detail.ts), which is the invoice as stored at issue: the issuer
// (the owner, or the platform for its own boats) and, when the platform issued it in the owner's
// name, a line saying so; the invoice it corrects or replaces with its date, the date of the
// operation, the lines of what was sold or changed, the base, IGIC or the exemption's legal
// mention, the total, what a gift voucher paid, and the VERI*FACTU QR code from the invoice's
// billing record.
import { formatCanaryDate } from '@boats/domain/canary-time';
import { eurosToCents, formatEuros, formatNumber } from '@boats/domain/money';
import type { CustomerInvoiceDetail } from '@boats/domain/schemas/owner-invoicing';
import { customerInvoiceCorrectsKey, customerInvoiceTitleKey } from '@boats/domain/customer-invoice';
import { localeTexts } from '../../locale-texts';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { EmailAttachment } from '../../db/schema';
import { invoicesOfBooking, type CustomerInvoiceRow } from './customer-invoices';
import { customerInvoiceDetail } from './customer-invoice-detail';
import { documentPdf, type PrintableDocument } from './invoice-pdf';

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
      t(customerInvoiceCorrectsKey(invoice)),
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
    mentions.push(
      t(invoice.byRecipient ? 'customer.byRecipient' : 'customer.byThirdParty', {
        platform: invoice.issuedByPlatform,
      }),
    );
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

/** The file name an invoice's PDF goes by, in an e-mail and as a download: `<number>.pdf`. */
function customerInvoiceFileName(invoice: Pick<CustomerInvoiceRow, 'number'>): string {
  return `${invoice.number}.pdf`;
}

/** One invoice, as it was stored at issue, as an e-mail attachment (`<number>.pdf`). */
export async function customerInvoiceAttachment(
  db: Db,
  config: Config,
  invoice: CustomerInvoiceRow,
): Promise<EmailAttachment> {
  const pdf = await customerInvoicePdf(await customerInvoiceDetail(db, config, invoice));
  return {
    filename: customerInvoiceFileName(invoice),
    contentType: 'application/pdf',
    content: Buffer.from(pdf).toString('base64'),
    encoding: 'base64',
  };
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
  return { filename: customerInvoiceFileName(invoice), pdf };
}
