// A self-drive boat's e-mails. Crew refuse a departure (decision 39): the customer is e-mailed in
// their language with crew's reason, the cancellation and the policy (nothing refunded), and the
// boat's owner is told as of any cancellation they did not make, with the reason and what the
// booking keeps. The confirmation names the licence to bring, and an equivalent such as the ICC
// only when the boat accepts one.
import { afterAll, describe, expect, it } from 'vitest';
import { queueEventEmails } from '../../../src/modules/jobs/event-emails';
import { createMailTransport } from '../../../src/modules/mail/mail-transport';
import { deliverDueEmails } from '../../../src/modules/mail/outbox-worker';
import { bearer, newOwner, tokenFor } from '../../helpers/admin-token';
import { mailSubject, mailText } from '../../helpers/mail-text';
import { startSmtpTestServer } from '../../helpers/smtp-test-server';
import { buildTestApp } from '../../helpers/test-app';
import { buyAndConfirm, charterRequest, createBoat, createPrivateRun } from '../../helpers/checkout-fixtures';

const NOW = new Date('2027-06-10T06:00:00Z'); // 07:00 in the Canaries, the trip's day
const DAY = new Date('2027-06-10T09:00:00Z');
const silent = { info() {}, error() {} };

describe('a self-drive boat’s e-mails', async () => {
  const smtp = await startSmtpTestServer();
  afterAll(() => smtp.close());
  const t = await buildTestApp({ now: NOW, env: { SMTP_URL: smtp.url } });
  const db = t.ctx.db;
  const transport = createMailTransport({ smtpUrl: smtp.url, from: t.ctx.config.MAIL_FROM, log: silent });
  afterAll(() => transport.close());
  const ownerId = await newOwner(t, { email: 'skipper-owner@example.com', language: 'de' });
  const boat = await createBoat(db, { ownerId, requiresLicense: true, licence: 'per', depositCents: 30000 });
  const run = await createPrivateRun(db, boat.id, DAY, 4);
  const crew = bearer(await tokenFor(t, 'crew', { ownerId }));

  const sell = async (slot: number, lang: string, address: string) => {
    const body = charterRequest(boat, run[slot]!, 1, {
      customer: { name: 'Lucía', email: `lucia-${lang}@example.com`, phone: '+34600000000' },
      lang,
    });
    const confirmed = {
      ...body,
      booking: { ...body.booking, licenceConfirmed: true, depositAccepted: true },
    };
    return (await buyAndConfirm(t.app, confirmed, address)).bookingId;
  };
  const refuse = (id: string, reason: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/crew/bookings/${id}/self-drive/licence/refuse`,
      headers: crew,
      payload: { reason },
    });
  const deliver = async () => {
    await queueEventEmails(t.ctx);
    await deliverDueEmails(db, transport, t.ctx.now());
  };
  const mailsTo = (address: string) => smtp.received.filter((m) => m.to.includes(address));

  it('the customer reads, in Spanish, why, that the booking is canceled and that nothing is refunded', async () => {
    const id = await sell(0, 'es', '10.0.7.1');
    await deliver();
    const before = mailsTo('lucia-es@example.com').length;
    expect((await refuse(id, 'El patrón solo tiene la Licencia de Navegación')).statusCode).toBe(200);
    await deliver();

    const mails = mailsTo('lucia-es@example.com').slice(before);
    expect(mails).toHaveLength(1);
    expect(mailSubject(mails[0]!.raw)).toMatch(/^Reserva cancelada, salida denegada: /);
    const body = mailText(mails[0]!.raw);
    expect(body).toContain('El patrón solo tiene la Licencia de Navegación');
    expect(body).toContain('Tu reserva ha sido cancelada');
    expect(body).toContain('no se reembolsa nada');
    expect(body).toMatch(/Tu fianza de 300,00\s€ no se retiene: no se cobra nada/);

    // The owner, in German: refused at the harbour, crew's reason, nothing refunded.
    const owner = mailsTo('skipper-owner@example.com');
    const notice = owner.map((m) => mailText(m.raw)).find((text) => text.includes('im Hafen storniert'));
    expect(notice).toBeDefined();
    expect(notice).toContain('El patrón solo tiene la Licencia de Navegación');
    expect(notice).toContain('nach der Führerschein-Regel wird nichts erstattet');
  });

  it('in English for an English customer, and once however often the job runs', async () => {
    const id = await sell(2, 'en', '10.0.7.2');
    await deliver();
    const before = mailsTo('lucia-en@example.com').length;
    expect((await refuse(id, 'The licence shown is not the skipper’s')).statusCode).toBe(200);
    await deliver();
    await deliver();
    const mails = mailsTo('lucia-en@example.com').slice(before);
    expect(mails.map((m) => mailSubject(m.raw))).toEqual([
      expect.stringMatching(/^Booking canceled, departure refused: /),
    ]);
    const body = mailText(mails[0]!.raw);
    expect(body).toContain('The licence shown is not the skipper’s');
    expect(body).toContain('nothing is refunded');
  });

  it('the confirmation names the licence to bring, and the ICC only for a boat that accepts it', async () => {
    const strict = await createBoat(db, {
      ownerId,
      requiresLicense: true,
      licence: 'pnb',
      foreignLicenceAccepted: false,
    });
    const [slot] = await createPrivateRun(db, strict.id, DAY, 1);
    const body = charterRequest(strict, slot!, 1, {
      customer: { name: 'Jonas', email: 'jonas@example.com', phone: '+4915100000000' },
      lang: 'de',
    });
    await buyAndConfirm(t.app, { ...body, booking: { ...body.booking, licenceConfirmed: true } }, '10.0.7.3');
    await sell(3, 'fr', '10.0.7.4');
    await deliver();

    const [strictMail] = mailsTo('jonas@example.com').map((m) => mailText(m.raw));
    expect(strictMail).toContain('Den Bootsführerschein des Skippers: ');
    expect(strictMail).not.toContain('ICC');
    const [acceptingMail] = mailsTo('lucia-fr@example.com').map((m) => mailText(m.raw));
    expect(acceptingMail).toContain('ou un équivalent comme l');
    expect(acceptingMail).toContain('ICC');
  });
});
