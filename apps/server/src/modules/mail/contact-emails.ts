// The acknowledgement a visitor gets after writing through the contact form, in the language
// the site was in when they wrote, quoting their message.
import type { contactMessages } from '../../db/schema';
import { emailEnvelope } from './email-envelope';
import { emailTexts } from './email-i18n';
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
    ...(quoted ? ['', `${t('contactAck.yourMessage')}:`, ...quoted.split('\n').map((l) => `> ${l}`)] : []),
    '',
    t('contactAck.closing'),
  ].join('\n');
  const html = [
    `<p>${escapeHtml(greeting)}</p>`,
    `<p>${escapeHtml(t('contactAck.intro'))}</p>`,
    ...(quoted
      ? [
          `<p>${escapeHtml(t('contactAck.yourMessage'))}:</p>`,
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
