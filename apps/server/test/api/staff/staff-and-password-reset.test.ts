import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { emailOutbox, passwordResetTokens } from '../../../src/db/schema';
import { hashPassword } from '../../../src/modules/auth/password';
import { upsertUser } from '../../../src/modules/auth/user-repository';
import { queueEventEmails } from '../../../src/modules/jobs/event-emails';
import { bearer } from '../../helpers/admin-token';
import { buildTestApp, type TestApp } from '../../helpers/test-app';
import { platformOwnerId } from '../../../src/modules/owner-scope/platform-owner';

const BOSS = { email: 'boss@example.com', password: 'boss-password-1' };

async function signIn(t: TestApp, email: string, password: string, ip = '10.1.0.1') {
  return t.app.inject({ method: 'POST', url: '/user/auth', payload: { email, password }, remoteAddress: ip });
}
const refreshCookie = (res: { cookies: { name: string; value: string }[] }) =>
  res.cookies.find((c) => c.name === 'boats_refresh')?.value;
const refresh = (t: TestApp, token: string | undefined) =>
  t.app.inject({ method: 'POST', url: '/user/refresh', cookies: token ? { boats_refresh: token } : {} });

describe('staff accounts', async () => {
  const t = await buildTestApp({ template: 'empty' });
  await upsertUser(t.ctx.db, {
    email: BOSS.email,
    passwordHash: await hashPassword(BOSS.password),
    role: 'admin',
    ownerId: null,
  });
  const bossToken = ((await signIn(t, BOSS.email, BOSS.password)).json() as { accessToken: string })
    .accessToken;
  const admin = bearer(bossToken);

  const create = (payload: Record<string, unknown>, headers = admin) =>
    t.app.inject({ method: 'POST', url: '/api/admin/staff', headers, payload });

  it('creates a crew account that can sign in with the crew role, and lists it', async () => {
    const res = await create({ email: 'Deckhand@Example.com', role: 'crew', password: 'first-password-1' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      account: { email: 'deckhand@example.com', role: 'crew', disabled: false },
    });
    const signedIn = await signIn(t, 'deckhand@example.com', 'first-password-1');
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toMatchObject({ user: { role: 'crew' } });
    const list = (await t.app.inject({ url: '/api/admin/staff', headers: admin })).json() as {
      items: { email: string; role: string }[];
    };
    expect(list.items.map((a) => [a.email, a.role])).toEqual([
      ['boss@example.com', 'admin'],
      ['deckhand@example.com', 'crew'],
    ]);
  });

  it('refuses a taken e-mail with 409, and a short password or bad role with 400 naming the field', async () => {
    expect((await create({ email: BOSS.email, role: 'crew', password: 'another-password' })).statusCode).toBe(
      409,
    );
    const short = await create({ email: 'new@example.com', role: 'crew', password: 'short' });
    expect(short.statusCode).toBe(400);
    expect((short.json() as { fields: { path: string }[] }).fields.map((f) => f.path)).toEqual([
      'body.password',
    ]);
    const role = await create({ email: 'new@example.com', role: 'user', password: 'long-enough-password' });
    expect((role.json() as { fields: { path: string }[] }).fields.map((f) => f.path)).toEqual(['body.role']);
  });

  it('disables an account: it can no longer sign in or renew its session; enabling it again works', async () => {
    const created = (
      await create({ email: 'skipper@example.com', role: 'crew', password: 'skipper-password' })
    ).json() as {
      account: { _id: string };
    };
    const session = await signIn(t, 'skipper@example.com', 'skipper-password');
    const cookie = refreshCookie(session);
    const disable = (disabled: boolean) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/staff/${created.account._id}/disable`,
        headers: admin,
        payload: { disabled },
      });
    expect((await disable(true)).json()).toMatchObject({ account: { disabled: true } });
    const refused = await signIn(t, 'skipper@example.com', 'skipper-password');
    expect(refused.statusCode).toBe(403);
    expect((await refresh(t, cookie)).statusCode).toBe(401);
    // A wrong password on a disabled account says nothing more than on any account.
    expect((await signIn(t, 'skipper@example.com', 'wrong-password!')).statusCode).toBe(401);

    expect((await disable(false)).json()).toMatchObject({ account: { disabled: false } });
    expect((await signIn(t, 'skipper@example.com', 'skipper-password')).statusCode).toBe(200);
  });

  it('does not let an admin disable their own account', async () => {
    const list = (await t.app.inject({ url: '/api/admin/staff', headers: admin })).json() as {
      items: { _id: string; email: string }[];
    };
    const me = list.items.find((a) => a.email === BOSS.email)!;
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/staff/${me._id}/disable`,
      headers: admin,
      payload: { disabled: true },
    });
    expect(res.statusCode).toBe(400);
  });

  it('is closed to crew', async () => {
    const crew = (await signIn(t, 'deckhand@example.com', 'first-password-1')).json() as {
      accessToken: string;
    };
    expect(
      (await t.app.inject({ url: '/api/admin/staff', headers: bearer(crew.accessToken) })).statusCode,
    ).toBe(403);
  });
});

describe('forgot password', async () => {
  const start = new Date('2027-03-01T10:00:00Z');
  const t = await buildTestApp({ template: 'empty', now: start });
  await upsertUser(t.ctx.db, {
    email: BOSS.email,
    passwordHash: await hashPassword(BOSS.password),
    role: 'admin',
    ownerId: null,
  });

  const forgot = (email: string, ip = '10.2.0.1', language = 'en') =>
    t.app.inject({
      method: 'POST',
      url: '/user/password/forgot',
      payload: { email, language },
      remoteAddress: ip,
    });
  const reset = (token: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/user/password/reset', payload: { token, password } });
  // Each test has its own account: the per-address limit counts in real time across tests.
  const account = async (email: string) =>
    upsertUser(t.ctx.db, {
      email,
      passwordHash: await hashPassword(BOSS.password),
      role: 'crew',
      ownerId: await platformOwnerId(t.ctx.db),
    });
  async function lastLink(to = BOSS.email): Promise<{ token: string; text: string; subject: string }> {
    await queueEventEmails(t.ctx);
    const mails = await t.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, to));
    const mail = mails.at(-1)!;
    const token = /reset-password#token=([\w-]+)/.exec(mail.textBody)![1]!;
    return { token, text: mail.textBody, subject: mail.subject };
  }

  it('answers the same for an unknown address and sends nothing', async () => {
    const unknown = await forgot('nobody@example.com');
    const known = await forgot(BOSS.email, '10.2.0.2', 'es');
    expect(unknown.statusCode).toBe(200);
    expect(known.statusCode).toBe(200);
    expect(unknown.body).toBe(known.body);
    await queueEventEmails(t.ctx);
    const mails = await t.ctx.db.select().from(emailOutbox);
    expect(mails.map((m) => m.toAddress)).toEqual([BOSS.email]);
    const { subject, text } = await lastLink();
    expect(subject).toBe('Restablece tu contraseña');
    expect(text).toContain('http://localhost:3000/reset-password#token=');
    expect(text).toContain('30 minutos');
  });

  it('sets a new password once, ends every session, and the old password stops working', async () => {
    const session = await signIn(t, BOSS.email, BOSS.password);
    const cookie = refreshCookie(session);
    await forgot(BOSS.email);
    const { token } = await lastLink();
    expect((await reset(token, 'brand-new-password')).statusCode).toBe(200);

    expect((await refresh(t, cookie)).statusCode).toBe(401);
    // The access token of that session stops working at once too.
    const { accessToken } = session.json() as { accessToken: string };
    expect((await t.app.inject({ url: '/api/admin/staff', headers: bearer(accessToken) })).statusCode).toBe(
      401,
    );
    expect((await signIn(t, BOSS.email, BOSS.password, '10.1.0.9')).statusCode).toBe(401);
    expect((await signIn(t, BOSS.email, 'brand-new-password')).statusCode).toBe(200);

    const again = await reset(token, 'another-new-password');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ error: 'reset_link_invalid', fields: [{ path: 'body.token' }] });
    expect((await signIn(t, BOSS.email, 'brand-new-password')).statusCode).toBe(200);
  });

  it('makes an earlier link useless once another link has been used', async () => {
    await account('mate@example.com');
    await forgot('mate@example.com', '10.2.0.3');
    const first = await lastLink('mate@example.com');
    await forgot('mate@example.com', '10.2.0.3');
    const second = await lastLink('mate@example.com');
    expect(second.token).not.toBe(first.token);
    expect((await reset(second.token, 'second-new-password')).statusCode).toBe(200);
    expect((await reset(first.token, 'first-new-password!')).statusCode).toBe(400);
  });

  it('expires a link after 30 minutes (valid at 29:59, refused at 30:00)', async () => {
    t.setNow(start);
    await account('bosun@example.com');
    await forgot('bosun@example.com', '10.2.0.4');
    const { token } = await lastLink('bosun@example.com');
    await forgot('bosun@example.com', '10.2.0.4');
    const { token: other } = await lastLink('bosun@example.com');
    expect(other).not.toBe(token);
    t.setNow(new Date(start.getTime() + 30 * 60_000));
    expect((await reset(token, 'too-late-password')).statusCode).toBe(400);
    t.setNow(new Date(start.getTime() + 30 * 60_000 - 1000));
    expect((await reset(other, 'just-in-time-password')).statusCode).toBe(200);
    t.setNow(start);
  });

  it('stores only a hash of the token', async () => {
    await account('purser@example.com');
    await forgot('purser@example.com', '10.2.0.5');
    const { token } = await lastLink('purser@example.com');
    const rows = await t.ctx.db.select().from(passwordResetTokens);
    expect(rows.some((r) => r.tokenHash === token)).toBe(false);
  });

  it('refuses a short new password with 400 naming the field', async () => {
    const res = await reset('x'.repeat(43), 'short');
    expect(res.statusCode).toBe(400);
    expect((res.json() as { fields: { path: string }[] }).fields.map((f) => f.path)).toEqual([
      'body.password',
    ]);
  });

  it('sends at most 3 e-mails per address in 15 minutes, answering the same', async () => {
    const target = 'crew2@example.com';
    await upsertUser(t.ctx.db, {
      email: target,
      passwordHash: await hashPassword('crew-password-2'),
      role: 'crew',
      ownerId: await platformOwnerId(t.ctx.db),
    });
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push((await forgot(target, `10.3.0.${i}`)).statusCode);
    expect(answers).toEqual([200, 200, 200, 200, 200]);
    await queueEventEmails(t.ctx);
    const mails = await t.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, target));
    expect(mails).toHaveLength(3);
  });
});
