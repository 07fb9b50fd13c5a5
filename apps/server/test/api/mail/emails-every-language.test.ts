// The customer's e-mails in German, French and Italian, caught by a local SMTP server: the
// confirmation, a goodwill gesture, and the cancellation with its refund, each in the booking's language with its
// texts from the locale files, the boat's title in that language, dates and money written the
// reader's way (€ after the number, a decimal comma), and no English left in them.
import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { formatCanaryDate } from '@boats/domain/canary-time';
import type { LanguageCode } from '@boats/domain/languages';
import { formatMoney } from '@boats/domain/money';
import { queueEventEmails } from '../../../src/modules/jobs/event-emails';
import { createMailTransport } from '../../../src/modules/mail/mail-transport';
import { deliverDueEmails } from '../../../src/modules/mail/outbox-worker';
import { mailSubject, mailText } from '../../helpers/mail-text';
import { startSmtpTestServer } from '../../helpers/smtp-test-server';
import { bearer, tokenFor } from '../../helpers/admin-token';
import { buildTestApp } from '../../helpers/test-app';
import {
  buyAndConfirm,
  charterRequest,
  createBoat,
  createPrivateRun,
  HOUR,
} from '../../helpers/checkout-fixtures';

const NOW = new Date('2027-06-01T09:00:00Z');
const silent = { info() {}, error() {} };

type Json = { [key: string]: string | Json };
/** A text of email.json in `lng`, with its {{values}} filled; `count` picks the plural form. */
function emailText(lng: LanguageCode, key: string, values: Record<string, string | number> = {}): string {
  const file = JSON.parse(
    readFileSync(new URL(`../../../../web/public/locales/${lng}/email.json`, import.meta.url), 'utf8'),
  ) as Json;
  const find = (k: string) =>
    k
      .split('.')
      .reduce<Json | string | undefined>((n, p) => (typeof n === 'object' ? n[p] : undefined), file);
  const plural =
    typeof values.count === 'number'
      ? find(`${key}_${new Intl.PluralRules(lng).select(values.count)}`)
      : undefined;
  const text = plural ?? find(key);
  if (typeof text !== 'string') throw new Error(`no e-mail text ${lng}:${key}`);
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));
}

const CASES = [
  {
    lng: 'de',
    priceLine: 'Preis: 2 Std. × ',
    name: 'Jonas',
    title: 'Meeresbrise',
    subject: /^Buchung bestätigt: Meeresbrise, /,
    canceled: /^Buchung storniert: /,
    gesture: 'Die Schnorchelausrüstung fehlte',
    colon: ':',
  },
  {
    lng: 'fr',
    priceLine: 'Prix\u00a0: 2 h × ',
    name: 'Camille',
    title: 'Brise de mer',
    subject: /^Réservation confirmée\s: Brise de mer, /,
    canceled: /^Réservation annulée\s: /,
    gesture: 'Le matériel de snorkeling manquait',
    // French writes a no-break space before a colon.
    colon: '\u00a0:',
  },
  {
    lng: 'it',
    priceLine: 'Prezzo: 2 h × ',
    name: 'Giulia',
    title: 'Brezza di mare',
    subject: /^Prenotazione confermata: Brezza di mare, /,
    canceled: /^Prenotazione cancellata: /,
    gesture: 'Mancava l’attrezzatura da snorkeling',
    colon: ':',
  },
] as const;

/** English sentences of the e-mails that must not appear in another language's e-mail. */
const ENGLISH = [
  /Booking number/,
  /Cancellation policy/,
  /Manage your booking/,
  /Hello/,
  /Total paid/,
  /goodwill/,
  /Your booking stands/,
];

describe('customer e-mails in German, French and Italian through SMTP', async () => {
  const smtp = await startSmtpTestServer();
  afterAll(() => smtp.close());
  const t = await buildTestApp({ template: 'empty', now: NOW, env: { SMTP_URL: smtp.url } });
  const db = t.ctx.db;
  const transport = createMailTransport({ smtpUrl: smtp.url, from: t.ctx.config.MAIL_FROM, log: silent });
  afterAll(() => transport.close());
  const boat = await createBoat(db, {
    title: { en: 'Sea Breeze', de: 'Meeresbrise', fr: 'Brise de mer', it: 'Brezza di mare' },
    pricePerHourCents: 12_345,
  });

  const mailsTo = (email: string) => smtp.received.filter((m) => m.to.includes(email));
  async function deliver() {
    await queueEventEmails(t.ctx);
    await deliverDueEmails(db, transport, NOW);
  }

  it.each(CASES)('confirms and cancels a booking in $lng', async (c) => {
    const email = `${c.name.toLowerCase()}@example.com`;
    // 72 hours ahead: a cancellation now gets everything back.
    const [slot] = await createPrivateRun(
      db,
      boat.id,
      new Date(NOW.getTime() + (72 + CASES.indexOf(c) * 4) * HOUR),
      2,
    );
    const checkout = await buyAndConfirm(
      t.app,
      charterRequest(boat, slot!, 2, { customer: { name: c.name, email }, lang: c.lng }),
    );
    await deliver();

    const [confirmation] = mailsTo(email);
    expect(confirmation).toBeDefined();
    const date = formatCanaryDate(slot!.startsAt, c.lng);
    expect(mailSubject(confirmation!.raw)).toMatch(c.subject);
    expect(mailSubject(confirmation!.raw)).toBe(
      emailText(c.lng, 'confirmed.subject', { boat: c.title, date }),
    );
    const text = mailText(confirmation!.raw);
    expect(text).toContain(emailText(c.lng, 'common.greeting', { name: c.name }));
    expect(text).toContain(emailText(c.lng, 'confirmed.intro'));
    expect(text).toContain(date);
    // 2 h × €123.45: the reader's own way of writing €246.90.
    expect(text).toContain(formatMoney(24_690, c.lng));
    expect(formatMoney(24_690, c.lng)).toMatch(/^246,90\s€$/);
    // The trip's price line as the review showed it, so the total can be checked.
    expect(text).toContain(`${c.priceLine}${formatMoney(12_345, c.lng)}\r\n`);
    expect(text).toContain(emailText(c.lng, 'common.adults', { count: 2 }));
    expect(text).toContain(emailText(c.lng, 'common.policyRule', { count: 48, percent: 100 }));
    for (const english of ENGLISH) expect(text).not.toMatch(english);
    for (const label of ['common.bookingNo', 'common.date', 'common.manage'])
      expect(text).toContain(`${emailText(c.lng, label)}${c.colon} `);

    // A goodwill gesture of €46.90 on the trip that sails (issue 56): the reason in the
    // operator's words inside the reader's own sentence, and that the booking stands.
    const gesture = await t.app.inject({
      method: 'POST',
      url: `/api/admin/bookings/${checkout.bookingId}/refund`,
      headers: bearer(await tokenFor(t, 'admin')),
      payload: { amount: 46.9, reason: c.gesture },
    });
    expect(gesture.statusCode, gesture.body).toBe(200);
    await deliver();
    const gestureMail = mailsTo(email).find(
      (m) =>
        mailSubject(m.raw) === emailText(c.lng, 'goodwill.subject', { amount: formatMoney(4_690, c.lng) }),
    );
    expect(gestureMail).toBeDefined();
    const gestureText = mailText(gestureMail!.raw);
    expect(gestureText).toContain(
      emailText(c.lng, 'goodwill.card', { amount: formatMoney(4_690, c.lng), reason: `${c.gesture}.` }),
    );
    expect(gestureText).toContain(emailText(c.lng, 'goodwill.stands'));
    expect(gestureText).toContain(
      `${emailText(c.lng, 'goodwill.paid')}${c.colon} ${formatMoney(20_000, c.lng)}`,
    );
    for (const english of ENGLISH) expect(gestureText).not.toMatch(english);

    // The customer cancels with the link from that e-mail: the cancellation and the refund follow.
    const lookup = await t.app.inject({
      method: 'POST',
      url: '/api/bookings/lookup',
      payload: { reference: checkout.bookingId.slice(-8).toUpperCase(), email },
    });
    const { token } = lookup.json<{ token: string }>();
    const canceled = await t.app.inject({
      method: 'POST',
      url: `/api/bookings/${checkout.bookingId}/cancel`,
      payload: { token, expectedRefund: 200 },
    });
    expect(canceled.statusCode, canceled.body).toBe(200);
    await deliver();

    const cancellation = mailsTo(email).find((m) => c.canceled.test(mailSubject(m.raw)));
    expect(cancellation).toBeDefined();
    const cancelText = mailText(cancellation!.raw);
    // The policy's 100 % of what the booking still held after the gesture, and the text says so.
    expect(cancelText).toContain(
      emailText(c.lng, 'canceledByCustomer.refund', { amount: formatMoney(20_000, c.lng), percent: 100 }),
    );
    expect(cancelText).toContain(
      emailText(c.lng, 'canceledByCustomer.earlier', {
        earlier: formatMoney(4_690, c.lng),
        held: formatMoney(20_000, c.lng),
      }),
    );
    for (const english of ENGLISH) expect(cancelText).not.toMatch(english);
  });
});
