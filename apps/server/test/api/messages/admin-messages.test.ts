import { messagesPageSchema, type MessagesPage } from '@boats/domain/schemas/messages';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { contactMessages, emailOutbox } from '../../../src/db/schema';
import { queueEventEmails } from '../../../src/modules/jobs/event-emails';
import { bearer, tokenFor } from '../../helpers/admin-token';
import { buildTestApp } from '../../helpers/test-app';

describe('admin messages', async () => {
  const t = await buildTestApp({ template: 'empty' });
  const admin = await tokenFor(t, 'admin');
  const user = await tokenFor(t, 'user');
  const base = new Date('2026-11-10T12:00:00Z').getTime();
  const people = [
    { name: 'Carla', email: 'carla@example.es', phone: '+34600000003', source: 'form' as const },
    { name: 'alberto', email: 'alberto@example.es', phone: '', source: 'landing' as const },
    { name: 'Борис', email: '', phone: '+79000000001', source: 'widget' as const },
    { name: 'Dora', email: 'dora@example.com', phone: '+44700000002', source: 'landing' as const },
  ];
  // 25 messages, one per day back from 10 November, names cycling through the four people.
  await t.ctx.db.insert(contactMessages).values(
    Array.from({ length: 25 }, (_, i) => ({
      ...people[i % 4]!,
      message: i === 0 ? '<img src=x onerror=alert(1)> hello' : `Message ${i}`,
      createdAt: new Date(base - i * 86400_000),
      ip: '203.0.113.1',
      userAgent: 'Test',
    })),
  );

  async function list(query: string): Promise<MessagesPage> {
    const res = await t.app.inject({ url: `/messages/admin/messages?${query}`, headers: bearer(admin) });
    expect(res.statusCode, res.body).toBe(200);
    return messagesPageSchema.parse(res.json());
  }

  it('answers 401 without a token and 403 for a non-admin', async () => {
    expect((await t.app.inject('/messages/admin/messages')).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/messages/admin/messages', headers: bearer(user) })).statusCode).toBe(
      403,
    );
  });

  it('pages newest first by default, 20 per page', async () => {
    const first = await list('');
    expect(first.success).toBe(true);
    expect(first.data).toMatchObject({ total: 25, pages: 2, limit: 20 });
    expect(first.data.items).toHaveLength(20);
    expect(first.data.items[0]?.message).toBe('<img src=x onerror=alert(1)> hello');
    const second = await list('page=2');
    expect(second.data.items).toHaveLength(5);
    const all = [...first.data.items, ...second.data.items].map((m) => m._id);
    expect(new Set(all).size).toBe(25);
    expect((await list('page=3')).data.items).toEqual([]);
  });

  it('sorts by any sortable column in both directions', async () => {
    const byName = (await list('sort=name&order=asc&limit=100')).data.items.map((m) => m.name);
    expect(byName[0]).toBe('alberto');
    expect(byName.at(-1)).toBe('Борис');
    const desc = (await list('sort=createdAt&order=asc&limit=10')).data.items.map((m) => m.createdAt);
    expect(desc).toEqual([...desc].sort());
    const bySource = (await list('sort=source&order=desc&limit=100')).data.items.map((m) => m.source);
    expect(bySource[0]).toBe('widget');
  });

  it('filters by search, source and Canary days', async () => {
    expect((await list(`search=${encodeURIComponent('борис')}`)).data.total).toBe(6);
    expect((await list('search=EXAMPLE.ES')).data.total).toBe(13);
    expect((await list('source=landing')).data.total).toBe(12);
    const day = await list('from=2026-11-08&to=2026-11-09');
    expect(day.data.items.map((m) => m.createdAt)).toEqual([
      '2026-11-09T12:00:00.000Z',
      '2026-11-08T12:00:00.000Z',
    ]);
    const empty = await list('search=nobody');
    expect(empty.data).toMatchObject({ total: 0, pages: 0, items: [] });
  });

  it('refuses bad parameters with a 400 naming the field', async () => {
    for (const [query, field] of [
      ['limit=15', 'limit'],
      ['sort=ip', 'sort'],
      ['page=0', 'page'],
      ['source=fax', 'source'],
      ['from=yesterday', 'from'],
      ['from=2026-11-09&to=2026-11-08', 'querystring.to'],
    ] as const) {
      const res = await t.app.inject({ url: `/messages/admin/messages?${query}`, headers: bearer(admin) });
      expect(res.statusCode, query).toBe(400);
      expect(res.body).toContain(field);
    }
  });

  describe('read and replied', () => {
    const post = (id: string, action: 'read' | 'reply', payload: Record<string, unknown>, token = admin) =>
      t.app.inject({
        method: 'POST',
        url: `/messages/admin/messages/${id}/${action}`,
        headers: bearer(token),
        payload,
      });

    it('marks a message read and unread again', async () => {
      const [message] = (await list('search=Carla&limit=10')).data.items;
      expect(message).toMatchObject({ readAt: null, repliedAt: null });
      const read = await post(message!._id, 'read', { read: true });
      expect(read.statusCode).toBe(200);
      expect((read.json() as { message: { readAt: string } }).message.readAt).toEqual(expect.any(String));
      const unread = await post(message!._id, 'read', { read: false });
      expect(unread.json()).toMatchObject({ message: { readAt: null } });
    });

    it('replies by e-mail in the chosen language through the outbox and marks the message replied', async () => {
      const [message] = (await list('search=dora&limit=10')).data.items;
      const res = await post(message!._id, 'reply', {
        language: 'es',
        subject: 'Tu consulta',
        // As the reply form sends it: the greeting it started with, then the operator's answer.
        body: 'Hola, Dora:\n\nSí, quedan plazas el sábado.',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        message: { _id: message!._id, readAt: expect.any(String), repliedAt: expect.any(String) },
      });
      await queueEventEmails(t.ctx);
      const [mail] = await t.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.kind, 'message_reply'));
      expect(mail).toMatchObject({
        toAddress: 'dora@example.com',
        subject: 'Tu consulta',
        status: 'pending',
      });
      expect(mail!.textBody).toMatch(/^Hola, Dora:\n\nSí, quedan plazas el sábado\.\n/);
      // One greeting, in the text and in the HTML (the e-mail used to add its own before it).
      expect(mail!.textBody.match(/Hola/g)).toHaveLength(1);
      expect((mail!.htmlBody ?? '').match(/Hola/g)).toHaveLength(1);
      expect(mail!.htmlBody).toContain('<p>Hola, Dora:</p>\n<p>Sí, quedan plazas el sábado.</p>');
      expect(mail!.textBody).toContain(`> ${message!.message}`);
      const listed = (await list('search=dora&limit=10')).data.items.find((m) => m._id === message!._id);
      expect(listed?.repliedAt).toEqual(expect.any(String));
    });

    it('refuses a reply to a visitor without e-mail (409) and an empty reply (400 naming the field)', async () => {
      const [phoneOnly] = (await list(`search=${encodeURIComponent('Борис')}&limit=10`)).data.items;
      const noEmail = await post(phoneOnly!._id, 'reply', {
        language: 'ru',
        subject: 'Ответ',
        body: 'Позвоните нам',
      });
      expect(noEmail.statusCode).toBe(409);
      const [carla] = (await list('search=Carla&limit=10')).data.items;
      const empty = await post(carla!._id, 'reply', { language: 'en', subject: 'Hi', body: '   ' });
      expect(empty.statusCode).toBe(400);
      expect(empty.body).toContain('body.body');
      expect((await post('00000000-0000-4000-8000-000000000000', 'read', { read: true })).statusCode).toBe(
        404,
      );
    });

    it('is closed to non-admins', async () => {
      const [message] = (await list('limit=10')).data.items;
      expect((await post(message!._id, 'read', { read: true }, user)).statusCode).toBe(403);
      expect(
        (await post(message!._id, 'reply', { language: 'en', subject: 'x', body: 'y' }, user)).statusCode,
      ).toBe(403);
    });
  });
});
