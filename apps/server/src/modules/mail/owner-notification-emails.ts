// The owners' e-mails about changes to their bookings (docs/back-office.md#owners-notifications),
// in the owner's language, texts from email.json's ownerNotice: one line per change, alone in
// its e-mail or listed in the daily digest.
import { ADMIN_PATHS } from '@boats/domain/public-paths';
import { bookingReference } from '@boats/domain/booking-reference';
import { canaryTimeLabel, formatCanaryDate, formatCanaryDateTime } from '@boats/domain/canary-time';
import { languageOf } from '@boats/domain/languages';
import { formatMoney } from '@boats/domain/money';
import type { OwnerNotificationKind } from '@boats/domain/owner-notifications';
import { emailEnvelope } from './email-envelope';
import { emailTexts, labelled } from './email-i18n';
import { escapeHtml } from './html';
import type { OutgoingEmail } from './outbox';

/** One change, with what its line names. */
export type OwnerNotice = {
  kind: OwnerNotificationKind;
  params: Record<string, string | number>;
  bookingId: string | null;
  boatTitle: Record<string, string>;
  startsAt: Date;
  endsAt: Date;
  customerName: string;
  amountGrossCents: number;
};

export type OwnerReader = { email: string; language: string; name: string };

type Texts = ReturnType<typeof emailTexts>;

/** The key of a kind's line: a cancellation says by whom, a canceled trip why, a move to another boat which side. */
function lineKey(notice: OwnerNotice): string {
  if (notice.kind === 'canceled') return `canceled_${String(notice.params.by ?? 'operator')}`;
  if (notice.kind === 'trip_canceled') {
    // The operator's reason: a technical fault is never told as the weather.
    if (notice.params.reasonCode === 'technical_fault') return 'trip_canceled_technical';
    return `trip_canceled_${String(notice.params.cause ?? 'weather')}`;
  }
  // A move to another owner's boat: the owner it left, and the owner it came to.
  if (notice.kind === 'moved' && notice.params.direction) return `moved_${String(notice.params.direction)}`;
  return notice.kind;
}

function noticeFacts(t: Texts, language: string, notice: OwnerNotice) {
  const locale = languageOf(language);
  const money = (cents: unknown) => formatMoney(Number(cents ?? 0), locale);
  const when = (iso: unknown) => formatCanaryDateTime(new Date(String(iso)), locale);
  return {
    ref: notice.bookingId ? bookingReference(notice.bookingId) : '',
    boat: notice.boatTitle[locale] ?? notice.boatTitle.en ?? '',
    date: formatCanaryDate(notice.startsAt, locale),
    time: `${canaryTimeLabel(notice.startsAt)}–${canaryTimeLabel(notice.endsAt)}`,
    customer: notice.customerName || '—',
    amount: money(notice.kind === 'refunded' ? notice.params.amountCents : notice.amountGrossCents),
    refund: money(notice.params.refundCents),
    kept: money(notice.params.keptCents),
    from: notice.params.from ? when(notice.params.from) : '',
    to: notice.params.to ? when(notice.params.to) : '',
    reason: typeof notice.params.reason === 'string' ? notice.params.reason : '',
  };
}

/** A change as one sentence in the owner's language. */
function ownerNoticeLine(language: string, notice: OwnerNotice): string {
  const t = emailTexts(language);
  return t(`ownerNotice.line.${lineKey(notice)}`, noticeFacts(t, language, notice));
}

function render(
  reader: OwnerReader,
  publicUrl: string,
  kind: string,
  subject: string,
  intro: string | null,
  lines: string[],
  bookingId?: string,
): OutgoingEmail {
  const t = emailTexts(reader.language);
  const link = `${publicUrl}${ADMIN_PATHS.bookings}`;
  const greeting = reader.name
    ? t('ownerNotice.greeting', { name: reader.name })
    : t('ownerNotice.greetingNoName');
  const closing = [t('ownerNotice.times'), t('ownerNotice.settings')];
  const text = [
    greeting,
    '',
    ...(intro ? [intro, ''] : []),
    ...lines.map((line) => (lines.length > 1 ? `- ${line}` : line)),
    '',
    labelled(reader.language, t('ownerNotice.open'), link),
    '',
    ...closing,
  ].join('\n');
  const html = [
    `<p>${escapeHtml(greeting)}</p>`,
    ...(intro ? [`<p>${escapeHtml(intro)}</p>`] : []),
    lines.length > 1
      ? `<ul>${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>`
      : `<p>${escapeHtml(lines[0] ?? '')}</p>`,
    `<p><a href="${escapeHtml(link)}">${escapeHtml(t('ownerNotice.open'))}</a></p>`,
    ...closing.map((line) => `<p>${escapeHtml(line)}</p>`),
  ].join('\n');
  return emailEnvelope(
    { kind, to: reader.email, subject },
    { text, html },
    {
      ...(bookingId && { bookingId }),
      language: reader.language,
    },
  );
}

/** One change, in its own e-mail. */
export function ownerNoticeEmail(reader: OwnerReader, publicUrl: string, notice: OwnerNotice): OutgoingEmail {
  const t = emailTexts(reader.language);
  const facts = noticeFacts(t, reader.language, notice);
  return render(
    reader,
    publicUrl,
    `owner_notice_${notice.kind}`,
    t(`ownerNotice.subject.${notice.params.direction ? lineKey(notice) : notice.kind}`, facts),
    null,
    [ownerNoticeLine(reader.language, notice)],
    notice.bookingId ?? undefined,
  );
}

/** The day's changes in one e-mail, oldest first. */
export function ownerDigestEmail(
  reader: OwnerReader,
  publicUrl: string,
  day: Date,
  notices: OwnerNotice[],
): OutgoingEmail {
  const t = emailTexts(reader.language);
  const date = formatCanaryDate(day, languageOf(reader.language));
  return render(
    reader,
    publicUrl,
    'owner_digest',
    t('ownerNotice.digestSubject', { date }),
    t('ownerNotice.digestIntro', { date }),
    notices.map((notice) => ownerNoticeLine(reader.language, notice)),
  );
}
