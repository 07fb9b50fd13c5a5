import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contactMessages, emailOutbox, owners } from '../../../src/db/schema';
import { queueEventEmails } from '../../../src/modules/jobs/event-emails';
import { buildTestApp } from '../../helpers/test-app';

describe('POST /messages/messages: the public contact form', async () => {
  const t = await buildTestApp({ template: 'empty', env: { OPERATOR_EMAIL: 'boss@example.com' } });
  const { app } = t;
  let ipCounter = 0;
  // Each test is its own visitor, so the per-IP limit only meets the test that is about it.
  const nextIp = () => `198.51.100.${++ipCounter}`;

  const send = (payload: Record<string, unknown>, ip = nextIp(), userAgent = 'TestBrowser/1.0') =>
    app.inject({
      method: 'POST',
      url: '/messages/messages',
      remoteAddress: ip,
      headers: { 'user-agent': userAgent },
      payload,
    });

  it('stores a lead with the IP and user agent and queues a notice to the operator', async () => {
    const res = await send(
      {
        name: '  Ana García ',
        email: 'ana@example.es',
        phone: '+34 600 12 34 56',
        message: 'Can we book a sunset trip for 6 people?',
        source: 'landing',
        language: 'es',
        createdAt: '2020-01-01T10:00:00Z',
      },
      '203.0.113.7',
      'Mozilla/5.0 (Test)',
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true });

    const [row] = await t.ctx.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.email, 'ana@example.es'));
    expect(row).toMatchObject({
      name: 'Ana García',
      phone: '+34 600 12 34 56',
      source: 'landing',
      language: 'es',
      message: 'Can we book a sunset trip for 6 people?',
      ip: '203.0.113.7',
      userAgent: 'Mozilla/5.0 (Test)',
    });
    // The server's clock is the record, not the client's claim.
    expect(Date.now() - row!.createdAt.getTime()).toBeLessThan(60_000);

    await queueEventEmails(t.ctx);
    const [mail] = await t.ctx.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.kind, 'contact_lead'))
      .orderBy(desc(emailOutbox.createdAt))
      .limit(1);
    expect(mail).toMatchObject({ toAddress: 'boss@example.com', status: 'pending' });
    expect(mail!.subject).toBe('New contact request from Ana García');
    expect(mail!.textBody).toContain('Phone: +34 600 12 34 56');
    expect(mail!.textBody).toContain('Language: Español');
    expect(mail!.textBody).toContain('sunset trip');
  });

  it("tells the operator in the platform owner's language", async () => {
    await t.ctx.db.update(owners).set({ language: 'es' }).where(eq(owners.isPlatform, true));
    try {
      const res = await send({ name: 'Hans Meier', email: 'hans@example.de', language: 'de' });
      expect(res.statusCode).toBe(200);
      await queueEventEmails(t.ctx);
      const [mail] = await t.ctx.db
        .select()
        .from(emailOutbox)
        .where(eq(emailOutbox.subject, 'Nueva solicitud de contacto de Hans Meier'));
      expect(mail?.toAddress).toBe('boss@example.com');
      expect(mail!.textBody).toContain('Un visitante ha enviado una solicitud de contacto desde la web.');
      expect(mail!.textBody).toContain('Idioma: Deutsch');
      expect(mail!.textBody).toContain('(sin mensaje)');
      expect(mail!.textBody).not.toMatch(/Name:|Phone:|Received:/);
    } finally {
      await t.ctx.db.update(owners).set({ language: 'en' }).where(eq(owners.isPlatform, true));
    }
  });

  it('defaults the source to the website call to action and accepts a phone without e-mail', async () => {
    const res = await send({ name: 'Oleg', phone: '(922) 123-456' });
    expect(res.statusCode).toBe(200);
    const [row] = await t.ctx.db.select().from(contactMessages).where(eq(contactMessages.name, 'Oleg'));
    expect(row).toMatchObject({ source: 'landing', email: '', phone: '(922) 123-456' });
  });

  it.each([
    [{ name: 'A', email: 'a@example.com' }, 'body.name', 'validation.minChars2'],
    [{ name: 'Ann', email: 'not-an-email' }, 'body.email', 'validation.email'],
    [{ name: 'Ann', phone: '12-34' }, 'body.phone', 'validation.phone'],
    [{ name: 'Ann', phone: '600 abc 123' }, 'body.phone', 'validation.phone'],
    [{ name: 'Ann' }, 'body.email', 'validation.emailOrPhone'],
    [{ name: 'Ann', email: 'a@example.com', source: 'spam' }, 'body.source', undefined],
    [
      { name: 'Ann', email: 'a@example.com', message: 'x'.repeat(2001) },
      'body.message',
      'validation.maxChars2000',
    ],
  ])('refuses %j with a 400 naming the field', async (payload, field, message) => {
    const res = await send(payload);
    expect(res.statusCode).toBe(400);
    const body = res.json() as { fields: { path: string; message: string }[] };
    const hit = body.fields.find((f) => f.path === field);
    expect(hit, JSON.stringify(body)).toBeDefined();
    if (message) expect(hit!.message).toBe(message);
  });

  it('answers a bot that fills the honeypot like a person but stores nothing', async () => {
    const before = await t.ctx.db.$count(contactMessages);
    const mailsBefore = await t.ctx.db.$count(emailOutbox);
    const res = await send({ name: 'Spam Bot', email: 'bot@spam.example', website: 'http://spam.example' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true });
    expect(await t.ctx.db.$count(contactMessages)).toBe(before);
    expect(await t.ctx.db.$count(emailOutbox)).toBe(mailsBefore);
  });

  it('lets one IP send 5 requests in 10 minutes and answers the 6th with 429 and a clear message', async () => {
    const ip = '192.0.2.99';
    for (let i = 1; i <= 5; i++) {
      const res = await send({ name: `Visitor ${i}`, email: `v${i}@example.com` }, ip);
      expect(res.statusCode).toBe(200);
    }
    const sixth = await send({ name: 'Visitor 6', email: 'v6@example.com' }, ip);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toMatchObject({
      message: expect.stringMatching(/Too many requests\. Please try again in \d+ seconds/),
    });
    expect(await t.ctx.db.$count(contactMessages, eq(contactMessages.name, 'Visitor 6'))).toBe(0);

    // Another visitor is not affected.
    expect((await send({ name: 'Someone else', email: 'else@example.com' })).statusCode).toBe(200);
  });
});
