// PAYMENTS=sandbox (config.ts): the site takes test bookings, so every e-mail it sends says so
// at the top and in its subject, in the reader's language, lest a test confirmation with
// tickets be taken for a real one (issue 23.5).
import { emailTexts } from './email-i18n';
import { escapeHtml } from './html';
import type { OutgoingEmail } from './outbox';

/** The e-mail marked as a test booking: the subject tagged, the notice first in the body. */
export function markedAsTestBooking(email: OutgoingEmail): OutgoingEmail {
  const t = emailTexts(email.language ?? 'en');
  const notice = t('testBooking.notice');
  return {
    ...email,
    subject: `${t('testBooking.subjectTag')} ${email.subject}`,
    text: `${notice}\n\n${email.text}`,
    ...(email.html !== undefined && { html: `<p><strong>${escapeHtml(notice)}</strong></p>\n${email.html}` }),
  };
}
