// A customer's invoice in full (docs/invoicing.md#customers-invoices-in-the-owners-name): what its
// printable page (the owner's) and its PDF (the customer's e-mail and download) show, from one
// builder, so the two cannot differ; drawn from the invoice as stored at issue only, never from
// its booking as it is now (docs/invoicing.md#a-document-is-frozen-at-issue); its QR code from
// its billing record, which is as fixed.
import type { TFunction } from 'i18next';
import { bookingReference } from '@boats/domain/booking-reference';
import { formatCanaryDateTime } from '@boats/domain/canary-time';
import type { InvoiceLine } from '@boats/domain/customer-invoice';
import { bpsToPercent } from '@boats/domain/fee-split';
import { languageOf, type LanguageCode } from '@boats/domain/languages';
import { centsToEuros, formatNumber } from '@boats/domain/money';
import { IGIC_EXEMPT_MENTION, type CustomerInvoiceDetail } from '@boats/domain/schemas/owner-invoicing';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { localeTexts } from '../../locale-texts';
import type { CustomerInvoiceRow } from './customer-invoices';
import { verifactuQrOf } from './invoice-qr';

const texts = localeTexts('owner-invoices');

/**
 * `copyIn`: a reader's copy in their language (the owner's page); the PDF and the e-mail are
 * always drawn in the language the invoice was issued in.
 */
export async function customerInvoiceDetail(
  db: Db,
  config: Config,
  invoice: CustomerInvoiceRow,
  copyIn?: LanguageCode,
): Promise<CustomerInvoiceDetail> {
  const { document } = invoice;
  const issuedIn = languageOf(invoice.language);
  const language = copyIn ?? issuedIn;
  const t = texts(language);
  return {
    _id: invoice.id,
    bookingId: invoice.bookingId,
    reference: bookingReference(invoice.bookingId),
    number: invoice.number,
    invoiceType: invoice.invoiceType,
    language,
    issuedIn,
    issuedAt: invoice.issuedAt.toISOString(),
    tripStartsAt: document.operationAt,
    issuer: invoice.issuer,
    buyer: invoice.recipient,
    recipient: invoice.recipient?.name ?? null,
    issuedByPlatform: document.issuedByPlatform,
    byRecipient: invoice.byRecipient,
    exemptMention: invoice.igicBps === null ? IGIC_EXEMPT_MENTION : null,
    corrects: document.corrects && {
      number: document.corrects.number,
      issuedAt: document.corrects.issuedAt,
      bySubstitution: invoice.bySubstitution,
    },
    lines: document.lines.map((line) => ({
      description: invoiceLineText(line, t, language),
      amount: centsToEuros(line.amountCents),
    })),
    paidByVoucher: document.voucherCents > 0 ? centsToEuros(document.voucherCents) : null,
    base: centsToEuros(invoice.baseCents),
    igicPercent: invoice.igicBps === null ? null : bpsToPercent(invoice.igicBps),
    igic: centsToEuros(invoice.igicCents),
    total: centsToEuros(invoice.totalCents),
    verifactu: await verifactuQrOf(db, config, { kind: 'customer_invoice', id: invoice.id }),
  };
}

/** A line as the invoice's reader reads it, in the invoice's language (owner-invoices.json `line`). */
function invoiceLineText(line: InvoiceLine, t: TFunction, language: LanguageCode): string {
  const date = (iso: string) => formatCanaryDateTime(iso, language);
  switch (line.kind) {
    case 'charter':
      return t('line.charter', {
        boat: line.boat,
        date: date(line.startsAt),
        hours: formatNumber(line.hours, language),
      });
    case 'seats':
      return t('line.seats', { boat: line.boat, date: date(line.startsAt), count: line.seats });
    case 'extra':
      return t('line.extra', { name: line.name, quantity: line.quantity });
    case 'promo':
      return t('line.promo', { code: line.code });
    case 'refund':
      return t(`line.refund.${REFUND_CAUSES_TOLD.has(line.cause) ? line.cause : 'other'}`);
    case 'dateChange':
      return t('line.dateChange', { date: date(line.startsAt) });
    case 'moved':
      return t('line.moved');
    case 'platformCover':
      return t('line.platformCover');
    case 'trip':
      return t('customer.service');
  }
}

// The refunds' causes a line names (refunds.cause); any other is "Refund".
const REFUND_CAUSES_TOLD = new Set(['weather', 'minimum', 'reschedule', 'trip_change', 'goodwill']);
