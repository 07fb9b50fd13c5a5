// The reminder before a trip and the contact acknowledgement, caught by a local SMTP server in
// the customer's language; the reminder goes out exactly once even when two instances run the
// job at the same moment.
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { boats } from '../../../src/db/schema';
import { eq } from 'drizzle-orm';
import { sendTripReminders } from '../../../src/modules/jobs/trip-reminders';
import { queueEventEmails } from '../../../src/modules/jobs/event-emails';
import { createMailTransport } from '../../../src/modules/mail/mail-transport';
import { deliverDueEmails } from '../../../src/modules/mail/outbox-worker';
import { mailSubject, mailText } from '../../helpers/mail-text';
import { startSmtpTestServer } from '../../helpers/smtp-test-server';
import { buildTestApp } from '../../helpers/test-app';
import {
  card,
  CARDS,
  charterRequest,
  createBoat,
  createPrivateRun,
  HOUR,
} from '../../helpers/checkout-fixtures';

const NOW = new Date('2027-06-01T09:00:00Z');
const TRIP = new Date('2027-06-10T09:00:00Z'); // 10:00 in the Canaries (summer time)
const silent = { info() {}, error() {} };

async function pay(app: FastifyInstance, body: object): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/boat/payment-intent', payload: body });
  expect(res.statusCode, res.body).toBe(200);
  const { clientSecret, bookingId } = res.json<{ clientSecret: string; bookingId: string }>();
  await app.inject({
    method: 'POST',
    url: '/api/payments/sandbox/confirm',
    payload: { clientSecret, card: card(CARDS.ok), returnUrl: 'http://localhost:3000/' },
  });
  expect(
    (await app.inject(`/checkout/confirm?payment_intent=${clientSecret.split('_secret_')[0]}`)).statusCode,
  ).toBe(200);
  return bookingId;
}

describe('customer e-mails through SMTP', async () => {
  const smtp = await startSmtpTestServer();
  afterAll(() => smtp.close());
  const t = await buildTestApp({ template: 'empty', now: NOW, env: { SMTP_URL: smtp.url } });
  const db = t.ctx.db;
  const transport = createMailTransport({ smtpUrl: smtp.url, from: t.ctx.config.MAIL_FROM, log: silent });
  afterAll(() => transport.close());

  async function deliver(at: Date) {
    await queueEventEmails(t.ctx);
    await deliverDueEmails(db, transport, at);
  }
  const received = (subject: RegExp) => smtp.received.filter((m) => subject.test(mailSubject(m.raw)));

  it('reminds a Russian customer once, 24 h before, with the meeting point, a map link and what to bring; a late booking has them in its confirmation', async () => {
    const boat = await createBoat(db, { capacity: 6, geoNote: 'Pontoon A' });
    await db
      .update(boats)
      .set({
        harbourI18n: {
          address: { ru: 'Пуэрто-Колон, Коста-Адехе' },
          note: { ru: 'Понтон A, белый катамаран' },
        },
      })
      .where(eq(boats.id, boat.id));
    const run = await createPrivateRun(db, boat.id, TRIP, 2);
    const id = await pay(
      t.app,
      charterRequest(
        boat,
        run[0]!,
        2,
        { customer: { name: 'Olga', email: 'olga@example.com' }, lang: 'ru' },
        { adults: 2, children50: 1, kidsFree: 0 },
      ),
    );
    // A booking paid inside the reminder window has just had its confirmation: no reminder.
    const late = await createPrivateRun(db, boat.id, new Date(TRIP.getTime() + 6 * HOUR), 1);
    t.setNow(new Date(late[0]!.startsAt.getTime() - 3 * HOUR));
    await pay(
      t.app,
      charterRequest(boat, late[0]!, 1, { customer: { name: 'Ivan', email: 'ivan@example.com' } }),
    );

    t.setNow(new Date(TRIP.getTime() - 25 * HOUR));
    expect(await sendTripReminders(t.ctx)).toBe(0);

    const dayBefore = new Date(TRIP.getTime() - 23 * HOUR);
    t.setNow(dayBefore);
    // Two instances at the same moment: one claims it, the other finds nothing.
    const claimed = await Promise.all([sendTripReminders(t.ctx), sendTripReminders(t.ctx)]);
    expect(claimed.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await sendTripReminders(t.ctx)).toBe(0);
    await deliver(dayBefore);

    const reminders = received(/^До встречи/);
    expect(reminders).toHaveLength(1);
    expect(reminders[0]!.to).toEqual(['olga@example.com']);
    expect(mailSubject(reminders[0]!.raw)).toContain('10:00');
    const text = mailText(reminders[0]!.raw);
    expect(text).toContain('Пуэрто-Колон, Коста-Адехе');
    expect(text).toContain('Понтон A, белый катамаран');
    expect(text).toContain('https://www.google.com/maps/search/?api=1&query=');
    expect(text).toContain('Что взять с собой');
    expect(text).toContain('2 взрослых, 1 ребёнок 6–12 лет');
    expect(text).toContain(`/booking/manage?booking=${id}&token=`);
    expect(text).not.toMatch(/What to bring|Meeting point/);
    expect(
      smtp.received.filter(
        (m) => m.to.includes('ivan@example.com') && /До встречи|See you/.test(mailSubject(m.raw)),
      ),
    ).toHaveLength(0);

    // That booking gets no reminder, so its confirmation already says where and when to meet.
    const ivansConfirmation = smtp.received.find(
      (m) => m.to.includes('ivan@example.com') && /^Booking confirmed/.test(mailSubject(m.raw)),
    );
    const confirmation = mailText(ivansConfirmation!.raw);
    expect(confirmation).toContain('Meeting point: ');
    expect(confirmation).toContain('Pontoon A');
    expect(confirmation).toContain('https://www.google.com/maps/search/?api=1&query=');
    expect(confirmation).toContain('15 minutes before departure');
    expect(confirmation).toContain('What to bring');
    // Its link says what manage my booking does, the change of date among it.
    expect(confirmation).toContain('Manage your booking (tickets, change of date, cancellation)');

    t.setNow(new Date(TRIP.getTime() - 22 * HOUR));
    expect(await sendTripReminders(t.ctx)).toBe(0);
    t.setNow(NOW);
  });

  it('acknowledges a contact message in the sender’s language, quoting it; none without an e-mail', async () => {
    const send = (payload: object, ip: string) =>
      t.app.inject({ method: 'POST', url: '/messages/messages', remoteAddress: ip, payload });
    expect(
      (
        await send(
          {
            name: 'Lucía',
            email: 'lucia@example.es',
            message: '¿Hay salidas al atardecer?',
            source: 'landing',
            language: 'es',
          },
          '198.51.100.40',
        )
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await send(
          { name: 'Pablo', phone: '+34600111222', source: 'landing', language: 'es' },
          '198.51.100.41',
        )
      ).statusCode,
    ).toBe(200);
    await deliver(NOW);
    const acks = received(/^Hemos recibido tu mensaje/);
    expect(acks).toHaveLength(1);
    expect(acks[0]!.to).toEqual(['lucia@example.es']);
    const text = mailText(acks[0]!.raw);
    expect(text).toContain('Hola, Lucía');
    expect(text).toContain('> ¿Hay salidas al atardecer?');
  });
});
