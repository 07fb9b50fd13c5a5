// The password-reset and message-reply e-mails are rendered from their domain events in the
// language asked for, with the site's own texts (email.json), and reach a real SMTP server once
// each, however often the jobs run.
import { afterAll, describe, expect, it } from 'vitest';
import { contactMessages } from '../../../src/db/schema';
import { hashPassword } from '../../../src/modules/auth/password';
import { upsertUser } from '../../../src/modules/auth/user-repository';
import { queueEventEmails } from '../../../src/modules/jobs/event-emails';
import { createMailTransport } from '../../../src/modules/mail/mail-transport';
import { deliverDueEmails } from '../../../src/modules/mail/outbox-worker';
import { bearer, tokenFor } from '../../helpers/admin-token';
import { mailSubject, mailText } from '../../helpers/mail-text';
import { startSmtpTestServer } from '../../helpers/smtp-test-server';
import { buildTestApp } from '../../helpers/test-app';
import { platformOwnerId } from '../../../src/modules/owner-scope/platform-owner';

const NOW = new Date('2027-03-01T10:00:00Z');
const silent = { info() {}, error() {} };

describe('account and reply e-mails through SMTP', async () => {
  const smtp = await startSmtpTestServer();
  afterAll(() => smtp.close());
  const t = await buildTestApp({ template: 'empty', now: NOW, env: { SMTP_URL: smtp.url } });
  const transport = createMailTransport({ smtpUrl: smtp.url, from: t.ctx.config.MAIL_FROM, log: silent });
  afterAll(() => transport.close());
  const admin = await tokenFor(t, 'admin');

  async function deliver() {
    await queueEventEmails(t.ctx);
    await deliverDueEmails(t.ctx.db, transport, t.ctx.now());
  }
  const mailsTo = (address: string) => smtp.received.filter((m) => m.to.includes(address));

  const forgot = (email: string, language: string, ip: string) =>
    t.app.inject({
      method: 'POST',
      url: '/user/password/forgot',
      payload: { email, language },
      remoteAddress: ip,
    });

  it('sends the reset link in the language of the request (en, es, ru), once', async () => {
    const cases = [
      {
        email: 'anna@example.com',
        language: 'en',
        subject: 'Reset your password',
        minutes: 'within 30 minutes',
      },
      {
        email: 'blas@example.es',
        language: 'es',
        subject: 'Restablece tu contraseña',
        minutes: 'los próximos 30 minutos',
      },
      { email: 'vera@example.ru', language: 'ru', subject: 'Сброс пароля', minutes: 'в течение 30 минут,' },
    ];
    for (const [i, c] of cases.entries()) {
      await upsertUser(t.ctx.db, {
        email: c.email,
        passwordHash: await hashPassword('x'.repeat(12)),
        role: 'crew',
        ownerId: await platformOwnerId(t.ctx.db),
      });
      expect((await forgot(c.email, c.language, `10.9.0.${i + 1}`)).statusCode).toBe(200);
    }
    await deliver();
    await deliver(); // a second run of the jobs sends nothing again

    for (const c of cases) {
      const mails = mailsTo(c.email);
      expect(mails, c.email).toHaveLength(1);
      expect(mailSubject(mails[0]!.raw)).toBe(c.subject);
      const text = mailText(mails[0]!.raw);
      expect(text).toMatch(/http:\/\/localhost:3000\/reset-password#token=[\w-]{20,}/);
      expect(text).toContain(c.minutes);
    }
    // The link in the e-mail works.
    const token = /#token=([\w-]+)/.exec(mailText(mailsTo('vera@example.ru')[0]!.raw))![1]!;
    const reset = await t.app.inject({
      method: 'POST',
      url: '/user/password/reset',
      payload: { token, password: 'a-new-password-2027' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
  });

  it("sends the operator's reply as written (the form starts it with the greeting), in the chosen language, quoting the visitor", async () => {
    const [message] = await t.ctx.db
      .insert(contactMessages)
      .values({
        name: 'Дарья',
        email: 'darya@example.ru',
        phone: '',
        source: 'form',
        message: 'Можно ли с собакой?\nОна маленькая.',
        language: 'ru',
        createdAt: new Date('2027-02-27T18:00:00Z'),
      })
      .returning();
    const res = await t.app.inject({
      method: 'POST',
      url: `/messages/admin/messages/${message!.id}/reply`,
      headers: bearer(admin),
      payload: {
        language: 'ru',
        subject: 'Ваш вопрос',
        body: 'Здравствуйте, Дарья!\n\nДа, маленьких собак берём.',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    await deliver();
    await deliver();

    const mails = mailsTo('darya@example.ru');
    expect(mails).toHaveLength(1);
    expect(mailSubject(mails[0]!.raw)).toBe('Ваш вопрос');
    expect(mailText(mails[0]!.raw)).toBe(
      'Здравствуйте, Дарья!\n\nДа, маленьких собак берём.\n\n' +
        'Ваше сообщение от 27.02.2027:\n> Можно ли с собакой?\n> Она маленькая.',
    );
  });
});
