// The operator's answer to a contact request, rendered from its event in the language the
// operator chose: their text as written (the reply form starts it with the greeting, so none is
// added here: a second one doubled it), then the visitor's own message quoted, so the thread
// reads on its own. Texts from apps/web/public/locales/{lang}/email.json.
import { formatCanaryDate } from '@boats/domain/canary-time';
import { languageOf } from '@boats/domain/languages';
import type { contactMessages } from '../../db/schema';
import { emailTexts } from './email-i18n';
import type { OutgoingEmail } from './outbox';
import { escapeHtml } from './html';

const lines = (text: string) => escapeHtml(text).replace(/\n/g, '<br>');

export function messageReplyEmail(
  message: Pick<typeof contactMessages.$inferSelect, 'email' | 'message' | 'createdAt'>,
  reply: { language: string; subject: string; body: string },
): OutgoingEmail {
  const t = emailTexts(reply.language);
  const original = message.message.trim();
  const quotedLabel = t('messageReply.yourMessage', {
    date: formatCanaryDate(message.createdAt, languageOf(reply.language)),
  });
  const text = [
    reply.body,
    ...(original ? ['', quotedLabel, ...original.split('\n').map((l) => `> ${l}`)] : []),
  ].join('\n');
  const html = [
    ...reply.body
      .trim()
      .split(/\n\s*\n/)
      .map((paragraph) => `<p>${lines(paragraph.trim())}</p>`),
    ...(original ? [`<p>${escapeHtml(quotedLabel)}</p>`, `<blockquote>${lines(original)}</blockquote>`] : []),
  ].join('\n');
  return {
    kind: 'message_reply',
    to: message.email,
    subject: reply.subject,
    text,
    html,
    language: reply.language,
  };
}
