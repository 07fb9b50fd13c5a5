import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { emailOutbox } from '../../../src/db/schema';
import { createMailTransport } from '../../../src/modules/mail/mail-transport';
import { enqueueEmail } from '../../../src/modules/mail/outbox';
import { queueEventEmails } from '../../../src/modules/jobs/event-emails';
import { DELIVERY_BACKOFF, retryDelayMs } from '@boats/domain/retry-backoff';
import { deliverDueEmails } from '../../../src/modules/mail/outbox-worker';
import { startSmtpTestServer } from '../../helpers/smtp-test-server';
import { buildTestApp } from '../../helpers/test-app';
import { card, CARDS, createBoat, createSlot, sharedRequest } from '../../helpers/checkout-fixtures';

const NOW = new Date('2027-06-01T09:00:00Z');
const silent = { info() {}, error() {} };

describe('e-mail: the outbox reaches an SMTP server, with the calendar attachment', async () => {
  const smtp = await startSmtpTestServer({ failFirst: 1 });
  afterAll(() => smtp.close());
  const t = await buildTestApp({ template: 'empty', now: NOW, env: { SMTP_URL: smtp.url } });
  const db = t.ctx.db;
  const transport = createMailTransport({
    smtpUrl: t.ctx.config.SMTP_URL,
    from: t.ctx.config.MAIL_FROM,
    log: silent,
  });
  afterAll(() => transport.close());

  it('delivers the confirmation in the booking language with an .ics, retrying after a refusal', async () => {
    const boat = await createBoat(db);
    const trip = await createSlot(db, boat.id, {
      type: 'shared',
      start: new Date('2027-11-10T10:00:00Z'), // winter: 10:00 in the Canaries too
      hours: 2,
      seatsTotal: 10,
      seatPriceCents: 3000,
    });
    const start = await t.app.inject({
      method: 'POST',
      url: '/api/boat/payment-intent',
      payload: sharedRequest(
        boat.id,
        trip,
        { adults: 2, children50: 0, kidsFree: 0 },
        {
          customer: { name: 'Olga', email: 'olga@example.com' },
          lang: 'ru',
        },
      ),
    });
    const { clientSecret, bookingId } = start.json<{ clientSecret: string; bookingId: string }>();
    await t.app.inject({
      method: 'POST',
      url: '/api/payments/sandbox/confirm',
      payload: { clientSecret, card: card(CARDS.ok), returnUrl: 'http://localhost:3000/' },
    });
    const confirmed = await t.app.inject(
      `/checkout/confirm?payment_intent=${clientSecret.split('_secret_')[0]}`,
    );
    expect(confirmed.statusCode).toBe(200);
    // The confirmation is rendered from the booking's domain event by its job.
    await queueEventEmails(t.ctx);

    // The server refuses the first attempt: the booking stays paid, the mail waits and retries.
    expect(await deliverDueEmails(db, transport, NOW)).toEqual({ sent: 0, failed: 1 });
    const [waiting] = await db.select().from(emailOutbox).where(eq(emailOutbox.bookingId, bookingId));
    expect(waiting).toMatchObject({ status: 'pending', attempts: 1 });
    expect(waiting?.lastError).toContain('Mailbox temporarily unavailable');
    expect(waiting?.nextAttemptAt.getTime()).toBe(NOW.getTime() + retryDelayMs(1, DELIVERY_BACKOFF));
    expect(await deliverDueEmails(db, transport, NOW)).toEqual({ sent: 0, failed: 0 });

    const later = new Date(NOW.getTime() + retryDelayMs(1, DELIVERY_BACKOFF));
    expect(await deliverDueEmails(db, transport, later)).toEqual({ sent: 1, failed: 0 });
    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0]!;
    expect(mail.to).toEqual(['olga@example.com']);
    expect(mail.raw).toMatch(/Subject: =\?UTF-8\?/); // Russian subject, encoded
    expect(mail.raw).toContain('text/calendar');
    expect(mail.raw).toMatch(/filename=.?booking-[0-9A-F]{8}\.ics/);
    const encoded = /filename=booking-[0-9A-F]{8}\.ics\r?\n\r?\n([A-Za-z0-9+/=\r\n]+?)\r?\n--/.exec(
      mail.raw,
    )?.[1];
    const ics = Buffer.from(encoded ?? '', 'base64').toString('utf8');
    expect(ics).toContain('BEGIN:VCALENDAR');
    expect(ics).toContain('DTSTART:20271110T100000Z');
    expect(ics).toContain('DTEND:20271110T120000Z');
    const [sent] = await db.select().from(emailOutbox).where(eq(emailOutbox.bookingId, bookingId));
    expect(sent).toMatchObject({ status: 'sent', attempts: 2 });
    expect(await deliverDueEmails(db, transport, later)).toEqual({ sent: 0, failed: 0 });
  });

  it('gives up after the last attempt and marks the e-mail failed', async () => {
    const broken = createMailTransport({ smtpUrl: 'smtp://127.0.0.1:1', from: 'x@example.com', log: silent });
    await enqueueEmail(db, { kind: 'test', to: 'nobody@example.com', subject: 'Hi', text: 'Hi' });
    await db.update(emailOutbox).set({ attempts: 7 }).where(eq(emailOutbox.kind, 'test'));
    expect(await deliverDueEmails(db, broken, new Date(NOW.getTime() + 86_400_000))).toEqual({
      sent: 0,
      failed: 1,
    });
    const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.kind, 'test'));
    expect(row?.status).toBe('failed');
    broken.close();
  });
});
