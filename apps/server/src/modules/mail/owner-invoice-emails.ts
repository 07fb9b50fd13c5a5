// The commission invoice or credit note e-mailed to its owner when it is issued
// (docs/payments.md#commission-invoices), in the owner's language, with texts from
// apps/web/public/locales/{lang}/email.json, a link to the printable document and the document
// itself as a PDF with its VERI*FACTU QR code (docs/invoicing.md#qr-code).
import { formatCanaryMonthYear } from '@boats/domain/canary-time';
import { bpsToPercent } from '@boats/domain/fee-split';
import { languageOf } from '@boats/domain/languages';
import { formatMoney, formatNumber } from '@boats/domain/money';
import type { owners } from '../../db/schema';
import type { ownerInvoices } from '../invoicing/schema';
import { emailEnvelope } from './email-envelope';
import { emailTexts, labelled } from './email-i18n';
import { escapeHtml } from './html';
import type { OutgoingEmail } from './outbox';

export function ownerInvoiceEmail(
  invoice: typeof ownerInvoices.$inferSelect,
  owner: Pick<typeof owners.$inferSelect, 'displayName' | 'email'>,
  link: string,
  correctsNumber: string | null,
  pdf: Uint8Array,
): OutgoingEmail {
  const lang = languageOf(invoice.language);
  const t = emailTexts(lang);
  const money = (cents: number) => formatMoney(cents, lang);
  const month = formatCanaryMonthYear(
    Number(invoice.period.slice(0, 4)),
    Number(invoice.period.slice(5, 7)),
    lang,
  );
  const credit = invoice.kind === 'credit_note';
  const paragraphs = [
    t('common.greeting', { name: owner.displayName }),
    credit
      ? t('ownerInvoice.creditIntro', { number: invoice.number, corrects: correctsNumber ?? '', month })
      : t('ownerInvoice.invoiceIntro', { number: invoice.number, month }),
    t('ownerInvoice.figures', {
      base: money(invoice.baseCents),
      percent: formatNumber(bpsToPercent(invoice.igicBps), lang),
      igic: money(invoice.igicCents),
      total: money(invoice.totalCents),
    }),
    credit ? t('ownerInvoice.creditHow') : t('ownerInvoice.invoiceHow'),
    t('ownerInvoice.attached'),
  ];
  const label = t('ownerInvoice.open');
  const text = [...paragraphs, labelled(lang, label, link)].join('\n\n');
  const html = [
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    `<p><a href="${escapeHtml(link)}">${escapeHtml(label)}</a></p>`,
  ].join('\n');
  const subject = credit
    ? t('ownerInvoice.creditSubject', { number: invoice.number, month })
    : t('ownerInvoice.invoiceSubject', { number: invoice.number, month });
  return emailEnvelope(
    { kind: credit ? 'owner_credit_note' : 'owner_invoice', to: owner.email, subject },
    { text, html },
    {
      language: lang,
      attachments: [
        {
          filename: `${invoice.number}.pdf`,
          contentType: 'application/pdf',
          content: Buffer.from(pdf).toString('base64'),
          encoding: 'base64',
        },
      ],
    },
  );
}
