// The waitlist's "confirm your place" e-mail (docs/public-site.md#waitlist), in the language the
// visitor used, with texts from apps/web/public/locales/{lang}/email.json. Only an entry whose
// address opened this link is offered seats, so nobody can put strangers in line.
import { canaryTimeLabel, formatCanaryDate } from '@boats/domain/canary-time';
import { languageOf } from '@boats/domain/languages';
import type { LocalizedText } from '@boats/domain/schemas/boat';
import { emailTexts } from './email-i18n';
import type { OutgoingEmail } from './outbox';
import { escapeHtml } from './html';

export function waitlistConfirmEmail(input: {
  to: string;
  language: string;
  boatTitle: LocalizedText;
  startsAt: Date;
  seats: number;
  link: string;
}): OutgoingEmail {
  const locale = languageOf(input.language);
  const t = emailTexts(locale);
  const boat = input.boatTitle[locale] ?? input.boatTitle.en;
  const paragraphs = [
    t('common.greetingNoName'),
    t('waitlistConfirm.intro', {
      count: input.seats,
      boat,
      date: formatCanaryDate(input.startsAt, locale),
      time: canaryTimeLabel(input.startsAt),
    }),
    t('waitlistConfirm.howTo'),
  ];
  const closing = t('waitlistConfirm.notYou');
  const text = [...paragraphs, input.link, closing].join('\n\n');
  const html = [
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    `<p><a href="${escapeHtml(input.link)}">${escapeHtml(t('waitlistConfirm.button'))}</a></p>`,
    `<p>${escapeHtml(closing)}</p>`,
  ].join('\n');
  return {
    kind: 'waitlist_confirm',
    to: input.to,
    subject: t('waitlistConfirm.subject', { boat }),
    text,
    html,
    language: locale,
  };
}
