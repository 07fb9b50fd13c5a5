// The account e-mails, rendered from their events with texts from
// apps/web/public/locales/{lang}/email.json: "Forgot your password?" in the language the person
// used on the site; the notice of a change of payout details and of a sign-in from a new device in
// the owner's language (another account's: the sign-in page's).
import { formatCanaryDateTime } from '@boats/domain/canary-time';
import { languageOf } from '@boats/domain/languages';
import { emailTexts } from './email-i18n';
import type { OutgoingEmail } from './outbox';
import { escapeHtml } from './html';

/** An e-mail whose point is one link: its paragraphs, the link as a button, a closing line. */
function oneLinkEmail(input: {
  kind: string;
  to: string;
  language: string;
  subject: string;
  paragraphs: string[];
  link: string;
  button: string;
  closing: string;
}): OutgoingEmail {
  const text = [...input.paragraphs, input.link, input.closing].join('\n\n');
  const html = [
    ...input.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    `<p><a href="${escapeHtml(input.link)}">${escapeHtml(input.button)}</a></p>`,
    `<p>${escapeHtml(input.closing)}</p>`,
  ].join('\n');
  return { kind: input.kind, to: input.to, subject: input.subject, text, html, language: input.language };
}

export function passwordResetEmail(input: {
  to: string;
  link: string;
  minutes: number;
  language: string;
}): OutgoingEmail {
  const t = emailTexts(input.language);
  return oneLinkEmail({
    ...input,
    kind: 'password_reset',
    subject: t('passwordReset.subject'),
    paragraphs: [
      t('common.greetingNoName'),
      t('passwordReset.intro'),
      t('passwordReset.howTo', { count: input.minutes }),
    ],
    button: t('passwordReset.button'),
    closing: t('passwordReset.notYou'),
  });
}

/**
 * The link that proves the address before its data is downloaded or erased
 * (modules/data-rights), in the language of the page it was asked from.
 */
export function personalDataLinkEmail(input: {
  to: string;
  link: string;
  minutes: number;
  language: string;
  purpose: 'export' | 'erasure';
}): OutgoingEmail {
  const t = emailTexts(input.language);
  const texts = `personalDataLink.${input.purpose}`;
  return oneLinkEmail({
    ...input,
    kind: `personal_data_${input.purpose}`,
    subject: t(`${texts}.subject`),
    paragraphs: [
      t('common.greetingNoName'),
      t(`${texts}.intro`),
      t('personalDataLink.howTo', { count: input.minutes }),
    ],
    button: t(`${texts}.button`),
    closing: t('personalDataLink.notYou'),
  });
}

/** To the owner's address on file: their payout details are being changed, and payouts wait. */
export function payoutDetailsChangedEmail(input: {
  to: string;
  language: string;
  heldUntil: Date;
  by: string;
}): OutgoingEmail {
  const t = emailTexts(input.language);
  const until = formatCanaryDateTime(input.heldUntil, languageOf(input.language));
  const paragraphs = [
    t('common.greetingNoName'),
    t('payoutDetailsChanged.intro', { by: input.by }),
    t('payoutDetailsChanged.hold', { until }),
    t('payoutDetailsChanged.notYou'),
  ];
  return {
    kind: 'payout_details_changed',
    to: input.to,
    subject: t('payoutDetailsChanged.subject'),
    text: paragraphs.join('\n\n'),
    html: paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n'),
    language: input.language,
  };
}

/** To the account's address: a browser that never signed in to it did. */
export function newDeviceSignInEmail(input: {
  to: string;
  language: string;
  /** The browser and its system, or the program a client that is no browser names. */
  browser: string | null;
  os?: string | null;
  program?: string | null;
  country: string | null;
  /** Signed in from a private or loopback address. */
  local?: boolean;
  at: Date;
}): OutgoingEmail {
  const t = emailTexts(input.language);
  const language = languageOf(input.language);
  const place = input.country
    ? (new Intl.DisplayNames([language], { type: 'region' }).of(input.country) ?? input.country)
    : t(input.local ? 'newDeviceSignIn.localNetwork' : 'newDeviceSignIn.unknownPlace');
  const browser = input.browser
    ? input.os
      ? t('newDeviceSignIn.browserOn', { browser: input.browser, os: input.os })
      : input.browser
    : input.program
      ? t('newDeviceSignIn.program', { program: input.program })
      : t('newDeviceSignIn.unknownBrowser');
  const paragraphs = [
    t('common.greetingNoName'),
    t('newDeviceSignIn.intro', { account: input.to }),
    t('newDeviceSignIn.details', {
      browser,
      place,
      at: formatCanaryDateTime(input.at, language),
    }),
    t('newDeviceSignIn.notYou'),
  ];
  return {
    kind: 'new_device_sign_in',
    to: input.to,
    subject: t('newDeviceSignIn.subject'),
    text: paragraphs.join('\n\n'),
    html: paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n'),
    language: input.language,
  };
}

/** To the account's old address: it signs in with another address from now on. */
export function emailChangedEmail(input: { to: string; language: string; newEmail: string }): OutgoingEmail {
  const t = emailTexts(input.language);
  const paragraphs = [
    t('common.greetingNoName'),
    t('emailChanged.intro', { account: input.to, newEmail: input.newEmail }),
    t('emailChanged.notYou'),
  ];
  return {
    kind: 'email_changed',
    to: input.to,
    subject: t('emailChanged.subject'),
    text: paragraphs.join('\n\n'),
    html: paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n'),
    language: input.language,
  };
}
