// The e-mails of "List your boat" (docs/back-office.md#owner-applications), in the language the
// applicant chose, with texts from apps/web/public/locales/{lang}/email.json. What the applicant
// or the admin typed is escaped in the HTML part.
import type { ownerApplications } from '../../db/schema';
import { emailEnvelope } from './email-envelope';
import { emailTexts, labelled } from './email-i18n';
import { escapeHtml } from './html';
import type { OutgoingEmail } from './outbox';

type Application = typeof ownerApplications.$inferSelect;

function render(
  application: Application,
  kind: string,
  subject: string,
  paragraphs: (string | { link: string; label: string } | { quote: string })[],
): OutgoingEmail {
  const t = emailTexts(application.language);
  const all = [t('common.greeting', { name: application.displayName }), ...paragraphs];
  const text = all
    .map((p) =>
      typeof p === 'string'
        ? p
        : 'link' in p
          ? p.link
          : p.quote
              .split('\n')
              .map((l) => `> ${l}`)
              .join('\n'),
    )
    .join('\n\n');
  const html = all
    .map((p) =>
      typeof p === 'string'
        ? `<p>${escapeHtml(p)}</p>`
        : 'link' in p
          ? `<p><a href="${escapeHtml(p.link)}">${escapeHtml(p.label)}</a></p>`
          : `<blockquote>${escapeHtml(p.quote).replace(/\n/g, '<br>')}</blockquote>`,
    )
    .join('\n');
  return emailEnvelope(
    { kind, to: application.email, subject },
    { text, html },
    { language: application.language },
  );
}

export function applicationReceivedEmail(application: Application): OutgoingEmail {
  const t = emailTexts(application.language);
  return render(application, 'owner_application_received', t('ownerApplication.receivedSubject'), [
    t('ownerApplication.receivedIntro', { boat: application.boat.name }),
    t('ownerApplication.receivedNext'),
    t('ownerApplication.closing'),
  ]);
}

export function applicationApprovedEmail(
  application: Application,
  link: string,
  hours: number,
): OutgoingEmail {
  const t = emailTexts(application.language);
  return render(application, 'owner_application_approved', t('ownerApplication.approvedSubject'), [
    t('ownerApplication.approvedIntro', { boat: application.boat.name }),
    t('ownerApplication.approvedHowTo', { count: hours, email: application.email }),
    { link, label: t('ownerApplication.approvedButton') },
    t('ownerApplication.approvedNext'),
    t('ownerApplication.closing'),
  ]);
}

export function applicationDeclinedEmail(application: Application): OutgoingEmail {
  const t = emailTexts(application.language);
  return render(application, 'owner_application_declined', t('ownerApplication.declinedSubject'), [
    t('ownerApplication.declinedIntro', { boat: application.boat.name }),
    labelled(application.language, t('ownerApplication.declinedReason')),
    { quote: application.declineReason ?? '' },
    t('ownerApplication.declinedNext'),
    t('ownerApplication.closing'),
  ]);
}
