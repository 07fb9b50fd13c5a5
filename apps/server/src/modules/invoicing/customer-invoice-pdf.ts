// A customer's invoice as an A4 PDF (docs/invoicing.md#customers-invoices-in-the-owners-name),
// the attachment of the booking's confirmation e-mail, in the customer's language: the issuer
// (the owner, or the platform for its own boats) and, when the platform issued it in the owner's
// name, a line saying so; the booking, the base, IGIC or the exemption's legal mention, the total,
// and the VERI*FACTU QR code from the invoice's billing record.
import { bookingReference } from '@boats/domain/booking-reference';
import { formatCanaryDate } from '@boats/domain/canary-time';
import { bpsToPercent } from '@boats/domain/fee-split';
import { languageOf } from '@boats/domain/languages';
import { formatMoney, formatNumber } from '@boats/domain/money';
import { IGIC_EXEMPT_MENTION } from '@boats/domain/schemas/owner-invoicing';
import { localeTexts } from '../../locale-texts';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { EmailAttachment } from '../../db/schema';
import { invoicesOfBooking, standingInvoice, type CustomerInvoiceRow } from './customer-invoices';
import { verifactuQrOf } from './invoice-qr';
import { platformIssuer } from './issuers';
import { documentPdf, type PrintableDocument } from './invoice-pdf';

const texts = localeTexts('owner-invoices');

function customerInvoicePdf(
  invoice: CustomerInvoiceRow,
  booking: { id: string; startsAt: Date },
  platformName: string,
  qrUrl: string | null,
): Promise<Uint8Array> {
  const lang = languageOf(invoice.language);
  const t = texts(lang);
  const money = (cents: number) => formatMoney(cents, lang);
  const simplified = invoice.invoiceType === 'F2';
  const parties: PrintableDocument['parties'] = [{ heading: t('document.seller'), party: invoice.issuer }];
  if (invoice.recipient) parties.push({ heading: t('document.buyer'), party: invoice.recipient });
  const mentions: string[] = [];
  if (invoice.byThirdParty) mentions.push(t('customer.byThirdParty', { platform: platformName }));
  if (invoice.igicBps === null) mentions.push(IGIC_EXEMPT_MENTION);
  return documentPdf({
    language: lang,
    title: simplified ? t('customer.simplified') : t('document.invoice'),
    subject: t('customer.subject'),
    facts: [
      [t('document.number'), invoice.number],
      [t('document.issued'), formatCanaryDate(invoice.issuedAt, lang)],
    ],
    parties,
    mentions,
    columns: [t('document.trip'), t('document.reference'), t('customer.service'), t('document.total')],
    amountColumns: 1,
    rows: [
      [
        formatCanaryDate(booking.startsAt, lang),
        bookingReference(booking.id),
        t('customer.service'),
        money(invoice.totalCents),
      ],
    ],
    totals: [
      [t('document.base'), money(invoice.baseCents)],
      invoice.igicBps === null
        ? [t('customer.exempt'), money(0)]
        : [
            t('document.igic', { percent: formatNumber(bpsToPercent(invoice.igicBps), lang) }),
            money(invoice.igicCents),
          ],
      [t('document.total'), money(invoice.totalCents)],
    ],
    note: null,
    qrUrl,
  });
}

/**
 * The PDF of a booking's standing invoice (its latest sale invoice) as an e-mail attachment, its
 * QR code from its billing record; null when the booking has none (its owner invoices themselves).
 */
export async function customerInvoiceAttachment(
  db: Db,
  config: Config,
  booking: { id: string; startsAt: Date },
): Promise<EmailAttachment | null> {
  const invoice = standingInvoice(await invoicesOfBooking(db, booking.id));
  if (!invoice) return null;
  const qr = await verifactuQrOf(db, config, { kind: 'customer_invoice', id: invoice.id });
  const pdf = await customerInvoicePdf(invoice, booking, platformIssuer(config).name, qr?.qrUrl ?? null);
  return {
    filename: `${invoice.number}.pdf`,
    contentType: 'application/pdf',
    content: Buffer.from(pdf).toString('base64'),
    encoding: 'base64',
  };
}
