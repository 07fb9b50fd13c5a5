// The contact form's two e-mails: the acknowledgement a visitor gets, in the language the site
// was in when they wrote, quoting their message; and the operator's notice of the request, in
// the operator's language.
import { formatCanaryDateTime } from '@boats/domain/canary-time';
import { isLanguage, languageName } from '@boats/domain/languages';
import type { contactMessages } from '../../db/schema';
import { emailEnvelope } from './email-envelope';
import { emailTexts, labelled } from './email-i18n';
import type { OutgoingEmail } from './outbox';
import { escapeHtml } from './html';

export function contactAcknowledgementEmail(message: typeof contactMessages.$inferSelect): OutgoingEmail {
  const t = emailTexts(message.language);
  const greeting = message.name ? t('common.greeting', { name: message.name }) : t('common.greetingNoName');
  const quoted = message.message.trim();
  const text = [
    greeting,
    '',
    t('contactAck.intro'),
    ...(quoted
      ? [
          '',
          labelled(message.language, t('contactAck.yourMessage')),
          ...quoted.split('\n').map((l) => `> ${l}`),
        ]
      : []),
    '',
    t('contactAck.closing'),
  ].join('\n');
  const html = [
    `<p>${escapeHtml(greeting)}</p>`,
    `<p>${escapeHtml(t('contactAck.intro'))}</p>`,
    ...(quoted
      ? [
          `<p>${escapeHtml(labelled(message.language, t('contactAck.yourMessage')))}</p>`,
          `<blockquote>${escapeHtml(quoted).replace(/\n/g, '<br>')}</blockquote>`,
        ]
      : []),
    `<p>${escapeHtml(t('contactAck.closing'))}</p>`,
  ].join('\n');
  return emailEnvelope(
    { kind: 'contact_acknowledgement', to: message.email, subject: t('contactAck.subject') },
    { text, html },
    { language: message.language },
  );
}

/** The operator's notice of a contact request: who wrote, how to reach them, and the message. */
export function contactOperatorNotice(
  message: typeof contactMessages.$inferSelect,
  operator: { email: string; language: string },
): OutgoingEmail {
  const lang = isLanguage(operator.language) ? operator.language : 'en';
  const t = emailTexts(lang);
  const wrote = isLanguage(message.language) ? languageName(message.language) : message.language;
  const lines: [string, string][] = [
    [t('contactNotice.name'), message.name],
    [t('contactNotice.email'), message.email || '-'],
    [t('contactNotice.phone'), message.phone || '-'],
    [t('contactNotice.language'), wrote],
    [t('contactNotice.source'), message.source],
    [t('contactNotice.received'), formatCanaryDateTime(message.createdAt, lang)],
  ];
  const body = message.message.trim() || t('contactNotice.noMessage');
  const text = [
    t('contactNotice.intro'),
    '',
    ...lines.map(([label, value]) => labelled(lang, label, value)),
    '',
    body,
  ].join('\n');
  const html = [
    `<p>${escapeHtml(t('contactNotice.intro'))}</p>`,
    `<p>${lines.map(([label, value]) => escapeHtml(labelled(lang, label, value))).join('<br>')}</p>`,
    `<blockquote>${escapeHtml(body).replace(/\n/g, '<br>')}</blockquote>`,
  ].join('\n');
  return emailEnvelope(
    {
      kind: 'contact_lead',
      to: operator.email,
      subject: t('contactNotice.subject', { name: message.name }),
    },
    { text, html },
    { language: lang },
  );
}
