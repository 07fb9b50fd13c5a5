// The commission invoice, credit note or substitution e-mailed to its owner when it is issued
// (docs/payments.md#commission-invoices), in the owner's language, with texts from
// apps/web/public/locales/{lang}/email.json, a link to the printable document and the document
// itself as a PDF with its VERI*FACTU QR code (docs/invoicing.md#qr-code).
import { formatCanaryMonthYear } from '@boats/domain/canary-time';
import { bpsToPercent } from '@boats/domain/fee-split';
import { languageOf } from '@boats/domain/languages';
import { formatMoney, formatNumber } from '@boats/domain/money';
import type { owners } from '../../db/schema';
import type { ownerInvoices } from '../invoices/schema';
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
  const substitution = invoice.kind === 'substitution';
  const intro = {
    invoice: t('ownerInvoice.invoiceIntro', { number: invoice.number, month }),
    credit_note: t('ownerInvoice.creditIntro', {
      number: invoice.number,
      corrects: correctsNumber ?? '',
      month,
    }),
    substitution: t('ownerInvoice.substitutionIntro', {
      number: invoice.number,
      replaces: correctsNumber ?? '',
      month,
    }),
  }[invoice.kind];
  const paragraphs = [
    t('common.greeting', { name: owner.displayName }),
    intro,
    t('ownerInvoice.figures', {
      base: money(invoice.baseCents),
      percent: formatNumber(bpsToPercent(invoice.igicBps), lang),
      igic: money(invoice.igicCents),
      total: money(invoice.totalCents),
    }),
    credit
      ? t('ownerInvoice.creditHow')
      : substitution
        ? t('ownerInvoice.substitutionHow')
        : t('ownerInvoice.invoiceHow'),
    t('ownerInvoice.attached'),
  ];
  const label = t('ownerInvoice.open');
  const text = [...paragraphs, labelled(lang, label, link)].join('\n\n');
  const html = [
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    `<p><a href="${escapeHtml(link)}">${escapeHtml(label)}</a></p>`,
  ].join('\n');
  const subject = {
    invoice: t('ownerInvoice.invoiceSubject', { number: invoice.number, month }),
    credit_note: t('ownerInvoice.creditSubject', { number: invoice.number, month }),
    substitution: t('ownerInvoice.substitutionSubject', {
      number: invoice.number,
      replaces: correctsNumber ?? '',
    }),
  }[invoice.kind];
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
