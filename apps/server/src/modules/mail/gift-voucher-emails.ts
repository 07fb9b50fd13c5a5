// A gift voucher's two e-mails (docs/payments.md#gift-vouchers), texts from email.json: the
// voucher itself, to its recipient in the recipient's language (or to the purchaser, to print or
// hand over, when no recipient address was given), with the purchaser's message, the code, a QR
// image of the code, the expiry and the printable voucher's link; and the purchaser's receipt in
// the purchaser's language.
import QRCode from 'qrcode';
import { formatCanaryDate } from '@boats/domain/canary-time';
import { languageOf } from '@boats/domain/languages';
import { formatMoney } from '@boats/domain/money';
import type { giftVouchers } from '../../db/schema';
import { emailEnvelope } from './email-envelope';
import { emailTexts, labelled } from './email-i18n';
import { escapeHtml } from './html';
import type { OutgoingEmail } from './outbox';

type Voucher = typeof giftVouchers.$inferSelect;

export type GiftVoucherEmailInput = {
  voucher: Voucher;
  /** The printable voucher: `${PUBLIC_URL}/gift/voucher?id=…&token=…`. */
  url: string;
  /** The boat it is "for a trip on", in every language; null: any trip. */
  boatTitle: Record<string, string> | null;
};

const QR_CID = 'voucher-qr@boats';

/** The QR code of the voucher's code, as the tickets carry theirs (the same qrcode library). */
async function qrPng(code: string): Promise<string> {
  const png = await QRCode.toBuffer(code, { type: 'png', errorCorrectionLevel: 'M', margin: 4, width: 240 });
  return png.toString('base64');
}

function rowsHtml(rows: [string, string][]): string {
  return [
    '<table>',
    ...rows.map(([k, v]) => `<tr><th align="left">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`),
    '</table>',
  ].join('\n');
}

/** The voucher: to the recipient when they have an address, else to the purchaser. */
export async function giftVoucherEmail(input: GiftVoucherEmailInput): Promise<OutgoingEmail> {
  const { voucher } = input;
  const toRecipient = voucher.recipientEmail !== null;
  const lang = languageOf(toRecipient ? voucher.recipientLanguage : voucher.purchaserLanguage);
  const t = emailTexts(lang);
  const amount = formatMoney(voucher.amountCents, lang);
  const name = toRecipient ? voucher.recipientName : voucher.purchaserName;
  const greeting = name ? t('common.greeting', { name }) : t('common.greetingNoName');
  const intro = toRecipient
    ? t('giftVoucher.introFrom', { name: voucher.purchaserName, amount })
    : t('giftVoucher.introToPurchaser', { recipient: voucher.recipientName, amount });
  const boat = input.boatTitle ? (input.boatTitle[lang] ?? input.boatTitle.en ?? '') : '';
  const rows: [string, string][] = [
    [t('giftVoucher.code'), voucher.code],
    [t('giftVoucher.amount'), amount],
    [t('giftVoucher.expires'), formatCanaryDate(voucher.expiresAt, lang)],
    ...(boat ? [[t('giftVoucher.forBoat'), boat] as [string, string]] : []),
  ];
  const message = voucher.message?.trim() ?? '';
  const text = [
    greeting,
    '',
    intro,
    ...(message
      ? ['', labelled(lang, t('giftVoucher.message')), ...message.split('\n').map((l) => `> ${l}`)]
      : []),
    '',
    ...rows.map(([k, v]) => labelled(lang, k, v)),
    '',
    t('giftVoucher.howTo'),
    '',
    labelled(lang, t('giftVoucher.print'), input.url),
  ].join('\n');
  const html = [
    `<p>${escapeHtml(greeting)}</p>`,
    `<p>${escapeHtml(intro)}</p>`,
    ...(message
      ? [
          `<p>${escapeHtml(labelled(lang, t('giftVoucher.message')))}</p>`,
          `<blockquote>${escapeHtml(message).replace(/\n/g, '<br>')}</blockquote>`,
        ]
      : []),
    rowsHtml(rows),
    `<p><img src="cid:${QR_CID}" width="160" height="160" alt="${escapeHtml(t('giftVoucher.qrAlt', { code: voucher.code }))}"></p>`,
    `<p>${escapeHtml(t('giftVoucher.howTo'))}</p>`,
    `<p><a href="${escapeHtml(input.url)}">${escapeHtml(t('giftVoucher.print'))}</a></p>`,
  ].join('\n');
  return emailEnvelope(
    {
      kind: toRecipient ? 'gift_voucher' : 'gift_voucher_to_purchaser',
      to: toRecipient ? (voucher.recipientEmail ?? '') : voucher.purchaserEmail,
      subject: toRecipient
        ? t('giftVoucher.subject', { name: voucher.purchaserName, amount })
        : t('giftVoucher.subjectToPurchaser', { amount }),
    },
    { text, html },
    {
      language: lang,
      attachments: [
        {
          filename: `${voucher.code}.png`,
          contentType: 'image/png',
          content: await qrPng(voucher.code),
          encoding: 'base64',
          cid: QR_CID,
        },
      ],
    },
  );
}

/** The purchaser's receipt, in the language they bought in. */
export function giftVoucherReceiptEmail(input: GiftVoucherEmailInput): OutgoingEmail {
  const { voucher } = input;
  const lang = languageOf(voucher.purchaserLanguage);
  const t = emailTexts(lang);
  const amount = formatMoney(voucher.amountCents, lang);
  const greeting = t('common.greeting', { name: voucher.purchaserName });
  const rows: [string, string][] = [
    [t('giftVoucherReceipt.total'), amount],
    [t('giftVoucher.code'), voucher.code],
    [t('giftVoucherReceipt.for'), voucher.recipientName],
    [t('giftVoucherReceipt.sentTo'), voucher.recipientEmail ?? t('giftVoucherReceipt.sentToYou')],
    [t('giftVoucher.expires'), formatCanaryDate(voucher.expiresAt, lang)],
  ];
  const intro = t('giftVoucherReceipt.intro', { amount });
  const text = [
    greeting,
    '',
    intro,
    '',
    ...rows.map(([k, v]) => labelled(lang, k, v)),
    '',
    labelled(lang, t('giftVoucher.print'), input.url),
  ].join('\n');
  const html = [
    `<p>${escapeHtml(greeting)}</p>`,
    `<p>${escapeHtml(intro)}</p>`,
    rowsHtml(rows),
    `<p><a href="${escapeHtml(input.url)}">${escapeHtml(t('giftVoucher.print'))}</a></p>`,
  ].join('\n');
  return emailEnvelope(
    {
      kind: 'gift_voucher_receipt',
      to: voucher.purchaserEmail,
      subject: t('giftVoucherReceipt.subject', { code: voucher.code }),
    },
    { text, html },
    { language: lang },
  );
}
