/**
 * Customer e-mails rendered from domain events, run as a job: each event is read once, the
 * rules below say which e-mail (if any) it means, and the e-mail is queued in the outbox with
 * the event's id (one e-mail per event, however often this runs).
 *
 * To add a kind (reminder, weather cancellation …): write its renderer in booking-emails.ts
 * with texts in apps/web/public/locales/{en,es,ru}/email.json, and add one rule here.
 */
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { emailOutbox } from '../../db/schema';
import { boatOfBooking, findBooking, ticketsOfBooking } from '../bookings/booking-repository';
import { dispatchEvents, type StoredEvent } from '../events/domain-events';
import {
  confirmationEmail,
  operatorCancellationEmail,
  refundEmail,
  type BookingEmailInput,
} from './booking-emails';
import type { OutgoingEmail } from './outbox';

type Payload = Record<string, unknown>;
type Rule = (event: StoredEvent, payload: Payload) => ((input: BookingEmailInput) => OutgoingEmail) | null;

const RULES: Rule[] = [
  (e, p) => (e.kind === 'booking.status_changed' && p.to === 'paid' ? confirmationEmail : null),
  (e, p) =>
    e.kind === 'booking.status_changed' && p.to === 'canceled' && p.code === 'operator_canceled'
      ? (input) => operatorCancellationEmail(input, typeof p.reason === 'string' ? p.reason : null)
      : null,
  (e, p) =>
    e.kind === 'refund.succeeded'
      ? (input) => refundEmail(input, Number(p.amountCents), p.cause === 'late_payment')
      : null,
];

async function emailsOf(ctx: AppContext, tx: Db, event: StoredEvent): Promise<void> {
  const payload = event.payload;
  const renderers = RULES.map((rule) => rule(event, payload)).filter((r) => r !== null);
  if (renderers.length === 0 || !event.bookingId) return;
  const booking = await findBooking(tx, event.bookingId);
  if (!booking?.customerEmail) return;
  const boat = await boatOfBooking(tx, booking.boatId);
  if (!boat) return;
  const tickets = await ticketsOfBooking(tx, booking.id);
  const input = { booking, boat, tickets, publicUrl: ctx.config.publicUrl, now: ctx.now() };
  for (const render of renderers) {
    const email = render(input);
    await tx
      .insert(emailOutbox)
      .values({
        kind: email.kind,
        eventId: Number(event.id),
        bookingId: email.bookingId ?? null,
        toAddress: email.to,
        subject: email.subject,
        textBody: email.text,
        htmlBody: email.html ?? null,
        attachments: email.attachments ?? [],
      })
      .onConflictDoNothing();
  }
}

/** The job: queues the e-mails of every undispatched event; answers how many events it read. */
export async function queueEventEmails(ctx: AppContext): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await dispatchEvents(ctx.db, (tx, event) => emailsOf(ctx, tx, event));
    total += n;
    if (n === 0) return total;
  }
}
