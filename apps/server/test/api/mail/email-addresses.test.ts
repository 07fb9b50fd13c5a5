// The booking form is not a mail relay (issue 23, item 2): a comma list, a display name or a
// CR/LF in any e-mail field is a 400 naming the field and stores nothing; the mailer refuses a
// recipient that is not exactly one address, even one that reached the outbox another way.
// (test/security/email-fields.test.ts walks every route's body schema for e-mail fields.)
import { count, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { bookings, contactMessages, emailOutbox } from '../../../src/db/schema';
import { createMailTransport, RefusedRecipientError } from '../../../src/modules/mail/mail-transport';
import { enqueueEmail } from '../../../src/modules/mail/outbox';
import { deliverDueEmails } from '../../../src/modules/mail/outbox-worker';
import { bearer, tokenFor } from '../../helpers/admin-token';
import { startSmtpTestServer } from '../../helpers/smtp-test-server';
import { buildTestApp } from '../../helpers/test-app';
import { createBoat, createSharedTrip, sharedRequest } from '../../helpers/checkout-fixtures';

const NOW = new Date('2027-06-01T09:00:00Z');
const RELAY = 'attacker@example.com, victim1@example.org, victim2@example.net';
const HIDDEN_BCC = 'a@x.com\r\nBcc: hidden@example.org';
const DISPLAY_NAME = 'Your booking <victim@example.org>';
const silent = { info() {} };

describe('e-mail addresses: exactly one, everywhere', async () => {
  const smtp = await startSmtpTestServer();
  afterAll(() => smtp.close());
  const t = await buildTestApp({ template: 'empty', now: NOW, env: { SMTP_URL: smtp.url } });
  const db = t.ctx.db;
  const boat = await createBoat(db);
  const trip = await createSharedTrip(db, boat.id, new Date('2027-06-20T09:00:00Z'));

  const fieldsOf = (res: { json(): unknown }) =>
    (res.json() as { fields?: { path: string }[] }).fields?.map((f) => f.path) ?? [];

  it('the payment intent refuses a list, a hidden Bcc and a display name in customer.email, holding nothing', async () => {
    const [before] = await db.select({ n: count() }).from(bookings);
    for (const email of [RELAY, HIDDEN_BCC, DISPLAY_NAME]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/boat/payment-intent',
        payload: sharedRequest(
          boat.id,
          trip,
          { adults: 2, children50: 0, kidsFree: 0 },
          { customer: { name: 'Attacker text in the greeting', email } },
        ),
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(fieldsOf(res)).toEqual(['body.customer.email']);
    }
    const [after] = await db.select({ n: count() }).from(bookings);
    expect(after?.n).toBe(before?.n);
    // One plain address still books.
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/boat/payment-intent',
      payload: sharedRequest(
        boat.id,
        trip,
        { adults: 2, children50: 0, kidsFree: 0 },
        { customer: { name: 'Ana', email: 'ana@example.com' } },
      ),
    });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('contact, lookup, password reset, sign-in and staff refuse them too, naming the field', async () => {
    const admin = bearer(await tokenFor(t, 'admin'));
    const calls = [
      { url: '/messages/messages', payload: { name: 'Olga', email: RELAY, message: 'Hi' } },
      { url: '/api/bookings/lookup', payload: { reference: 'ABCDEF12', email: HIDDEN_BCC } },
      { url: '/user/password/forgot', payload: { email: DISPLAY_NAME } },
      { url: '/user/auth', payload: { email: RELAY, password: 'whatever-1' } },
      {
        url: '/api/admin/staff',
        headers: admin,
        payload: { email: HIDDEN_BCC, role: 'crew', password: 'first-password-1' },
      },
    ];
    for (const call of calls) {
      const res = await t.app.inject({ method: 'POST', ...call, remoteAddress: '10.9.9.9' });
      expect(res.statusCode, `${call.url}: ${res.body}`).toBe(400);
      expect(fieldsOf(res), call.url).toEqual(['body.email']);
    }
    expect(await db.select().from(contactMessages)).toEqual([]);
    expect(await db.select().from(emailOutbox)).toEqual([]);
  });

  it('the mailer refuses a recipient that is not exactly one address, and gives it up at once', async () => {
    const transport = createMailTransport({ smtpUrl: smtp.url, from: t.ctx.config.MAIL_FROM, log: silent });
    afterAll(() => transport.close());
    const logged = createMailTransport({ from: t.ctx.config.MAIL_FROM, log: silent });
    const mail = { subject: 'Tickets', text: 'Your tickets', attachments: [] };
    for (const to of [RELAY, HIDDEN_BCC, DISPLAY_NAME]) {
      await expect(transport.send({ ...mail, to })).rejects.toBeInstanceOf(RefusedRecipientError);
      await expect(logged.send({ ...mail, to })).rejects.toBeInstanceOf(RefusedRecipientError);
    }
    // A row written before the schemas were strict (or by a path that forgot them).
    await enqueueEmail(db, { kind: 'booking_confirmed', to: RELAY, subject: 'Tickets', text: 'x' });
    await enqueueEmail(db, {
      kind: 'booking_confirmed',
      to: 'ana@example.com',
      subject: 'Tickets',
      text: 'y',
    });
    const before = smtp.received.length;
    // A second on: the rows are due by the database's clock, which counts microseconds, so a
    // run in the same millisecond as the insert could find them not yet due.
    const later = new Date(Date.now() + 1000);
    expect(await deliverDueEmails(db, transport, later)).toEqual({ sent: 1, failed: 1 });
    expect(smtp.received.slice(before).map((m) => m.to)).toEqual([['ana@example.com']]);
    const [refused] = await db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, RELAY));
    expect(refused).toMatchObject({ status: 'failed', attempts: 1 });
  });
});
