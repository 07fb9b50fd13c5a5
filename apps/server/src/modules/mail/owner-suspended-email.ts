// The one e-mail an owner gets when the platform suspends them (docs/back-office.md#safe-admin-actions),
// in their language (email.json `ownerSuspended`): that they are suspended, the platform's reason
// as the admin wrote it, what became of their bookings ahead and open requests, and that their
// boats are off the site and their payouts stopped. The suspension's cancellations and refunds
// send them nothing else (domain owner-notifications.ts, OWNER_SUSPENDED_CAUSE).
import { languageOf } from '@boats/domain/languages';
import { formatMoney } from '@boats/domain/money';
import type { UpcomingFate } from '@boats/domain/schemas/upcoming-bookings';
import type { owners } from '../../db/schema';
import { emailEnvelope } from './email-envelope';
import { emailTexts } from './email-i18n';
import { escapeHtml } from './html';
import type { OutgoingEmail } from './outbox';

export function ownerSuspendedEmail(
  owner: Pick<typeof owners.$inferSelect, 'displayName' | 'email' | 'language'>,
  suspension: {
    reason: string | null;
    fate: UpcomingFate;
    /**
     * How many paid bookings ahead were canceled and how much went back at once; how many of
     * their customers were offered another owner's boat; how many were kept.
     */
    canceled: number;
    refundedCents: number;
    offered: number;
    served: number;
    declined: number;
  },
): OutgoingEmail {
  const lang = languageOf(owner.language);
  const t = emailTexts(lang);
  const paragraphs = [
    t('common.greeting', { name: owner.displayName }),
    t('ownerSuspended.intro'),
    ...(suspension.reason ? [t('ownerSuspended.reason', { reason: suspension.reason })] : []),
    suspension.fate === 'serve'
      ? t('ownerSuspended.served', { count: suspension.served })
      : suspension.offered > 0
        ? t('ownerSuspended.canceledOffered', { count: suspension.canceled })
        : t('ownerSuspended.canceled', {
            count: suspension.canceled,
            amount: formatMoney(suspension.refundedCents, lang),
          }),
    ...(suspension.declined > 0 ? [t('ownerSuspended.declined', { count: suspension.declined })] : []),
    t('ownerSuspended.payouts'),
    t('ownerSuspended.contact'),
  ];
  return emailEnvelope(
    { kind: 'owner_suspended', to: owner.email, subject: t('ownerSuspended.subject') },
    {
      text: paragraphs.join('\n\n'),
      html: paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n'),
    },
    { language: lang },
  );
}
