// A reseller's invoice as an A4 PDF (docs/invoicing.md#resellers-invoices), drawn by the invoices'
// renderer (invoice-pdf.ts) in the reader's language: the issuer and, when the platform issued it
// in the owner's name, a line saying so; the reseller with its tax id; a line per booking (trip
// date, reference, units, net price); the base, IGIC or the exemption's legal mention, the total,
// and the VERI*FACTU QR code from the invoice's billing record.
import { formatCanaryDate } from '@boats/domain/canary-time';
import { bookingReference } from '@boats/domain/booking-reference';
import { bpsToPercent } from '@boats/domain/fee-split';
import { languageOf, type LanguageCode } from '@boats/domain/languages';
import { centsToEuros, formatEuros, formatNumber } from '@boats/domain/money';
import { IGIC_EXEMPT_MENTION } from '@boats/domain/schemas/owner-invoicing';
import { verifactuQrUrl } from '@boats/domain/verifactu';
import { localeTexts } from '../../locale-texts';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { documentPdf, type PrintableDocument } from './invoice-pdf';
import { standingAltaOf } from './invoice-qr';
import { platformIssuer } from '../verifactu/issuers';
import { resellerInvoiceWithLines } from './reseller-invoices';

const texts = localeTexts('owner-invoices');

/** One of the reseller's invoices as a PDF in `language`; undefined for another reseller's. */
export async function resellerInvoicePdf(
  db: Db,
  config: Config,
  resellerId: string,
  invoiceId: string,
  language: string,
): Promise<{ filename: string; pdf: Uint8Array } | undefined> {
  const found = await resellerInvoiceWithLines(db, resellerId, invoiceId);
  if (!found) return undefined;
  const { invoice, lines, corrects } = found;
  const lang: LanguageCode = languageOf(language);
  const t = texts(lang);
  const euros = (cents: number) => formatEuros(centsToEuros(cents), lang);
  const facts: [string, string][] = [
    [t('document.number'), invoice.number],
    [t('document.issued'), formatCanaryDate(invoice.issuedAt, lang)],
    [t('document.period'), invoice.period],
  ];
  if (corrects) facts.push([t('document.corrects'), corrects]);
  const parties: PrintableDocument['parties'] = [
    { heading: t('document.seller'), party: invoice.issuer },
    { heading: t('document.buyer'), party: invoice.recipient },
  ];
  const mentions: string[] = [];
  // The platform as the record issued it names itself (its name then, not the settings' now).
  const issued = await standingAltaOf(db, { kind: 'reseller_invoice', id: invoice.id });
  if (invoice.byThirdParty) {
    mentions.push(
      t('customer.byThirdParty', { platform: issued?.thirdParty?.name ?? platformIssuer(config).name }),
    );
  }
  if (invoice.igicBps === null) mentions.push(IGIC_EXEMPT_MENTION);
  const units = (l: (typeof lines)[number]) =>
    [
      l.adults && t('reseller.adults', { count: l.adults }),
      l.children && t('reseller.children', { count: l.children }),
      l.infants && t('reseller.infants', { count: l.infants }),
    ]
      .filter(Boolean)
      .join(', ');
  const verifactu = issued ? { qrUrl: verifactuQrUrl(config.AEAT_ENVIRONMENT, issued) } : null;
  const pdf = await documentPdf({
    language: lang,
    issuedAt: invoice.issuedAt.toISOString(),
    title: t(invoice.invoiceType === 'R1' ? 'customer.rectifying' : 'document.invoice'),
    subject: t('reseller.subject', { month: invoice.period }),
    facts,
    parties,
    mentions,
    columns: [t('document.trip'), t('document.reference'), t('reseller.units'), t('reseller.net')],
    amountColumns: 1,
    rows: lines.map((l) => [
      formatCanaryDate(l.tripStartsAt, lang),
      bookingReference(l.bookingId),
      units(l),
      euros(l.amountCents),
    ]),
    totals: [
      [t('document.base'), euros(invoice.baseCents)],
      invoice.igicBps === null
        ? [t('customer.exempt'), euros(0)]
        : [
            t('document.igic', { percent: formatNumber(bpsToPercent(invoice.igicBps), lang) }),
            euros(invoice.igicCents),
          ],
      [t('document.total'), euros(invoice.totalCents)],
    ],
    note: null,
    qrUrl: verifactu?.qrUrl ?? null,
  });
  return { filename: `${invoice.number}.pdf`, pdf };
}
