// The "Forgot your password?" e-mail, rendered from its event in the language the person used on
// the site, with texts from apps/web/public/locales/{lang}/email.json.
import { emailTexts } from './email-i18n';
import type { OutgoingEmail } from './outbox';
import { escapeHtml } from './html';

export function passwordResetEmail(input: {
  to: string;
  link: string;
  minutes: number;
  language: string;
}): OutgoingEmail {
  const t = emailTexts(input.language);
  const paragraphs = [
    t('common.greetingNoName'),
    t('passwordReset.intro'),
    t('passwordReset.howTo', { count: input.minutes }),
  ];
  const closing = t('passwordReset.notYou');
  const text = [...paragraphs, input.link, closing].join('\n\n');
  const html = [
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    `<p><a href="${escapeHtml(input.link)}">${escapeHtml(t('passwordReset.button'))}</a></p>`,
    `<p>${escapeHtml(closing)}</p>`,
  ].join('\n');
  return {
    kind: 'password_reset',
    to: input.to,
    subject: t('passwordReset.subject'),
    text,
    html,
    language: input.language,
  };
}
