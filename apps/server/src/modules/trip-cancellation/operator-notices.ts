// What the operator hears about trip cancellations they did not run themselves, by e-mail to the
// boat's owner and to the platform's operator address (OPERATOR_EMAIL), each in the reader's
// language: the minimum-to-depart cutoff canceled a trip (queued in the cancellation's own
// transaction, which runs once per trip), and, once every customer's choice of a canceled trip
// has closed, a summary of who moved where and who was refunded (queued by the job in the
// transaction that marks the cancellation summarised, under its row lock: once, whatever the
// number of instances). docs/operating.md#operator-e-mails
import { canaryTimeLabel, formatCanaryDate, formatCanaryDateTime } from '@boats/domain/canary-time';
import { bookingReference } from '@boats/domain/booking-reference';
import { languageOf } from '@boats/domain/languages';
import { OWNER_SUSPENDED_CAUSE } from '@boats/domain/schemas/upcoming-bookings';
import { formatMoney } from '@boats/domain/money';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { boats, owners, slots, tripCancellations } from '../../db/schema';
import { emailTexts } from '../mail/email-i18n';
import { escapeHtml } from '../mail/html';
import { enqueueEmail } from '../mail/outbox';
import { markedAsTestBooking } from '../mail/test-booking-mark';
import { cancellationOfTrip, type CanceledCustomerRow } from '../trips/trips-repository';

type Reader = { to: string; language: string };

/** The boat's owner (when they have an address) and the platform's operator, once each. */
async function readersOf(ctx: AppContext, db: Db, boatId: string, withOwner: boolean): Promise<Reader[]> {
  const [owner] = await db
    .select({ email: owners.email, language: owners.language })
    .from(boats)
    .innerJoin(owners, eq(owners.id, boats.ownerId))
    .where(eq(boats.id, boatId));
  const readers: Reader[] = [];
  if (withOwner && owner?.email) readers.push({ to: owner.email, language: owner.language });
  if (!readers.some((r) => r.to.toLowerCase() === ctx.config.OPERATOR_EMAIL.toLowerCase()))
    readers.push({ to: ctx.config.OPERATOR_EMAIL, language: 'en' });
  return readers;
}

type Trip = { boatId: string; title: Record<string, string>; startsAt: Date; endsAt: Date };

async function tripOf(db: Db, slotId: string): Promise<Trip | undefined> {
  const [trip] = await db
    .select({ boatId: slots.boatId, title: boats.title, startsAt: slots.startsAt, endsAt: slots.endsAt })
    .from(slots)
    .innerJoin(boats, eq(boats.id, slots.boatId))
    .where(eq(slots.id, slotId));
  return trip;
}

/** One customer's line: who, the reference, what they paid, and what became of them. */
function customerLine(
  t: ReturnType<typeof emailTexts>,
  locale: ReturnType<typeof languageOf>,
  row: CanceledCustomerRow,
): string {
  const who = t('operatorNotice.customer', {
    name: row.booking.customerName || '—',
    ref: bookingReference(row.booking.id),
    amount: formatMoney(row.paidCents, locale),
  });
  const what =
    row.state === 'moved' && row.movedTo
      ? t('operatorNotice.moved', { when: formatCanaryDateTime(row.movedTo, locale) })
      : t(`operatorNotice.state.${row.state}`);
  return `${who}: ${what}`;
}

async function queueNotice(
  ctx: AppContext,
  db: Db,
  slotId: string,
  kind: 'cutoff' | 'summary',
): Promise<void> {
  const trip = await tripOf(db, slotId);
  const cancellation = await cancellationOfTrip(db, slotId);
  if (!trip || !cancellation) return;
  const { customers } = cancellation;
  // A suspended owner hears of their trips once, in the suspension's own e-mail.
  const suspended = cancellation.record.cause === OWNER_SUSPENDED_CAUSE;
  for (const reader of await readersOf(ctx, db, trip.boatId, !suspended)) {
    const locale = languageOf(reader.language);
    const t = emailTexts(reader.language);
    const boat = trip.title[locale] ?? trip.title.en ?? '';
    const when = `${formatCanaryDate(trip.startsAt, locale)} ${canaryTimeLabel(trip.startsAt)}–${canaryTimeLabel(trip.endsAt)}`;
    const count = (state: string) => customers.filter((c) => c.state === state).length;
    const intro =
      kind === 'cutoff'
        ? t('operatorNotice.cutoffIntro', { count: customers.length })
        : t('operatorNotice.summaryIntro', {
            moved: count('moved'),
            refunded: count('refunded'),
            count: customers.length,
          });
    const lines = customers.map((c) => customerLine(t, locale, c));
    const title = t('operatorNotice.customers');
    const email = {
      kind: kind === 'cutoff' ? 'operator_cutoff_canceled' : 'operator_choice_summary',
      to: reader.to,
      language: reader.language,
      subject: t(`operatorNotice.${kind}Subject`, { boat, date: when }),
      text: [t('common.greetingNoName'), '', intro, '', `${title}:`, ...lines.map((l) => `- ${l}`)].join(
        '\n',
      ),
      html: [
        `<p>${escapeHtml(t('common.greetingNoName'))}</p>`,
        `<p>${escapeHtml(intro)}</p>`,
        `<h3>${escapeHtml(title)}</h3><ul>`,
        ...lines.map((l) => `<li>${escapeHtml(l)}</li>`),
        '</ul>',
      ].join('\n'),
    };
    await enqueueEmail(db, ctx.config.testBookings ? markedAsTestBooking(email) : email);
  }
}

/** In the cutoff's cancellation transaction: the owner and the operator hear the trip is off. */
export async function queueCutoffNotice(ctx: AppContext, tx: Db, slotId: string): Promise<void> {
  await queueNotice(ctx, tx, slotId, 'cutoff');
}

/**
 * The job: each canceled trip that offered a choice, once every choice has closed (no offer of
 * it undecided or still ahead, no refund left to start), gets its summary. Answers how many.
 */
export async function sendChoiceSummaries(ctx: AppContext): Promise<number> {
  const now = ctx.now().toISOString();
  return ctx.db.transaction(async (tx) => {
    const due = await tx
      .select({ slotId: tripCancellations.slotId })
      .from(tripCancellations)
      .where(
        and(
          eq(tripCancellations.offer, 'choice'),
          sql`${tripCancellations.summarySentAt} is null`,
          sql`exists (select 1 from trip_cancellation_bookings b where b.slot_id = ${tripCancellations.slotId})`,
          sql`not exists (select 1 from trip_change_offers o where o.slot_id = ${tripCancellations.slotId}
            and (o.decided_at is null or o.deadline > ${now}))`,
          sql`not exists (select 1 from trip_cancellation_bookings b where b.slot_id = ${tripCancellations.slotId}
            and b.state in ('offered', 'to_refund'))`,
        ),
      )
      .for('update', { skipLocked: true });
    for (const { slotId } of due) {
      await tx
        .update(tripCancellations)
        .set({ summarySentAt: ctx.now() })
        .where(eq(tripCancellations.slotId, slotId));
      await queueNotice(ctx, tx, slotId, 'summary');
    }
    return due.length;
  });
}
