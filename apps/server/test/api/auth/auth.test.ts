import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { hashPassword } from '../../../src/modules/auth/password';
import { upsertUser } from '../../../src/modules/auth/user-repository';
import { and, eq } from 'drizzle-orm';
import { emailOutbox } from '../../../src/db/schema';
import { queueEventEmails } from '../../../src/modules/jobs/event-emails';
import { buildTestApp } from '../../helpers/test-app';

const ADMIN = { email: 'boss@example.com', password: 'correct-horse' };

function refreshCookieOf(res: { cookies: { name: string; value: string; [k: string]: unknown }[] }) {
  return res.cookies.find((c) => c.name === 'boats_refresh');
}

describe('sign-in, refresh rotation and sign-out', async () => {
  const t = await buildTestApp({ template: 'empty' });
  await upsertUser(t.ctx.db, {
    email: ADMIN.email,
    passwordHash: await hashPassword(ADMIN.password),
    role: 'admin',
    ownerId: null,
  });

  const signIn = (body: Record<string, unknown>, ip = '10.0.0.1') =>
    t.app.inject({ method: 'POST', url: '/user/auth', payload: body, remoteAddress: ip });
  const refresh = (token: string | undefined) =>
    t.app.inject({ method: 'POST', url: '/user/refresh', cookies: token ? { boats_refresh: token } : {} });

  it('answers an access token and the user, with an httpOnly Lax session cookie without "remember"', async () => {
    const res = await signIn({ email: 'Boss@Example.com', password: ADMIN.password });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      accessToken: expect.any(String),
      user: { email: ADMIN.email, role: 'admin' },
    });
    const cookie = refreshCookieOf(res);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/user' });
    expect(cookie?.expires).toBeUndefined();
    expect(cookie?.secure).toBeFalsy();
  });

  it('makes the cookie persistent only with "remember"', async () => {
    const res = await signIn({ email: ADMIN.email, password: ADMIN.password, remember: true });
    const expires = refreshCookieOf(res)?.expires as Date | undefined;
    expect(expires).toBeInstanceOf(Date);
    expect(expires!.getTime() - Date.now()).toBeGreaterThan(20 * 86_400_000);
  });

  it('lets the access token open admin routes', async () => {
    const res = await signIn({ email: ADMIN.email, password: ADMIN.password });
    const { accessToken } = res.json() as { accessToken: string };
    const boats = await t.app.inject({
      url: '/api/admin/boats',
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(boats.statusCode).toBe(200);
  });

  it('refuses a wrong password with 401 and bad input with 400 naming the field', async () => {
    const wrong = await signIn({ email: ADMIN.email, password: 'nope-nope' }, '10.0.0.2');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ message: 'Wrong email or password' });
    const unknown = await signIn({ email: 'ghost@example.com', password: 'whatever' }, '10.0.0.2');
    expect(unknown.statusCode).toBe(401);
    const short = await signIn({ email: ADMIN.email, password: '123' }, '10.0.0.2');
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ fields: [{ path: 'body.password' }] });
  });

  it('rotates the refresh token on every use and revokes the family when an old one is replayed', async () => {
    const first = refreshCookieOf(await signIn({ email: ADMIN.email, password: ADMIN.password }))!.value;
    const r1 = await refresh(first);
    expect(r1.statusCode).toBe(200);
    expect(r1.json()).toMatchObject({ user: { email: ADMIN.email, role: 'admin' } });
    const second = refreshCookieOf(r1)!.value;
    expect(second).not.toBe(first);

    const r2 = await refresh(second);
    expect(r2.statusCode).toBe(200);
    const third = refreshCookieOf(r2)!.value;

    // The first token was already rotated: replaying it (a thief) ends every session of the family.
    const replay = await refresh(first);
    expect(replay.statusCode).toBe(401);
    expect((await refresh(third)).statusCode).toBe(401);

    // Another sign-in is a different family and still works.
    const other = refreshCookieOf(await signIn({ email: ADMIN.email, password: ADMIN.password }))!.value;
    expect((await refresh(other)).statusCode).toBe(200);
  });

  it('refuses refresh without a cookie or with an unknown one', async () => {
    expect((await refresh(undefined)).statusCode).toBe(401);
    expect((await refresh('made-up-token')).statusCode).toBe(401);
  });

  it('expires a session token after its lifetime', async () => {
    const token = refreshCookieOf(await signIn({ email: ADMIN.email, password: ADMIN.password }))!.value;
    t.setNow(new Date(Date.now() + 13 * 3_600_000));
    try {
      expect((await refresh(token)).statusCode).toBe(401);
    } finally {
      t.setNow(undefined);
    }
  });

  it('signs out: the refresh token stops working and the cookie is cleared', async () => {
    const token = refreshCookieOf(await signIn({ email: ADMIN.email, password: ADMIN.password }))!.value;
    const out = await t.app.inject({
      method: 'POST',
      url: '/user/logout',
      cookies: { boats_refresh: token },
    });
    expect(out.statusCode).toBe(200);
    expect(refreshCookieOf(out)?.value).toBe('');
    expect((await refresh(token)).statusCode).toBe(401);
    // Signing out twice is harmless.
    expect((await t.app.inject({ method: 'POST', url: '/user/logout' })).statusCode).toBe(200);
  });

  describe('signed-in devices', () => {
    const IPHONE =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Mobile/15E148 Safari/604.1';
    const LINUX_CHROME =
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';
    const account = async (email: string) =>
      upsertUser(t.ctx.db, {
        email,
        passwordHash: await hashPassword(ADMIN.password),
        role: 'admin',
        ownerId: null,
      });
    /** A sign-in from a browser with no cookies (a new device), answering its token and cookies. */
    const signInFrom = async (
      email: string,
      userAgent: string,
      ip: string,
      cookies: Record<string, string> = {},
    ) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/user/auth',
        payload: { email, password: ADMIN.password, language: 'de' },
        headers: { 'user-agent': userAgent },
        cookies,
        remoteAddress: ip,
      });
      expect(res.statusCode, res.body).toBe(200);
      const cookie = (name: string) => res.cookies.find((c) => c.name === name)?.value ?? '';
      return {
        token: res.json<{ accessToken: string }>().accessToken,
        refresh: cookie('boats_refresh'),
        device: cookie('boats_device'),
      };
    };
    const sessionsOf = (token: string) =>
      t.app.inject({ url: '/api/account/sessions', headers: { authorization: `Bearer ${token}` } });
    type Listed = {
      id: string;
      browser: string | null;
      os: string | null;
      program: string | null;
      country: string | null;
      local: boolean;
      current: boolean;
      lastSeenAt: string;
    };

    it('lists each device with its browser, country and last seen; signing one out refuses its tokens at once', async () => {
      await account('devices@example.com');
      // A public Spanish address (Telefónica) and a private one, which has no place.
      const phone = await signInFrom('devices@example.com', IPHONE, '83.45.1.1');
      const laptop = await signInFrom('devices@example.com', LINUX_CHROME, '10.0.0.7');
      const listed = (await sessionsOf(laptop.token)).json<{ sessions: Listed[] }>().sessions;
      expect(listed).toHaveLength(2);
      expect(listed).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            browser: 'Safari',
            os: 'iOS',
            country: 'ES',
            local: false,
            current: false,
          }),
          expect.objectContaining({
            browser: 'Chrome',
            os: 'Linux',
            country: null,
            local: true,
            current: true,
          }),
        ]),
      );
      const phoneSession = listed.find((s) => !s.current)!;
      expect((await sessionsOf(phone.token)).statusCode).toBe(200);

      // Another account cannot reach it.
      const other = await signInFrom(ADMIN.email, LINUX_CHROME, '10.0.0.8');
      const foreign = await t.app.inject({
        method: 'DELETE',
        url: `/api/account/sessions/${phoneSession.id}`,
        headers: { authorization: `Bearer ${other.token}` },
      });
      expect(foreign.statusCode).toBe(404);

      const out = await t.app.inject({
        method: 'DELETE',
        url: `/api/account/sessions/${phoneSession.id}`,
        headers: { authorization: `Bearer ${laptop.token}` },
      });
      expect(out.statusCode, out.body).toBe(200);
      expect((await sessionsOf(phone.token)).statusCode).toBe(401);
      expect((await refresh(phone.refresh)).statusCode).toBe(401);
      expect((await sessionsOf(laptop.token)).json<{ sessions: Listed[] }>().sessions).toHaveLength(1);
    });

    it('signs every other device out at once', async () => {
      await account('many@example.com');
      const first = await signInFrom('many@example.com', IPHONE, '10.0.1.1');
      const second = await signInFrom('many@example.com', IPHONE, '10.0.1.2');
      const here = await signInFrom('many@example.com', LINUX_CHROME, '10.0.1.3');
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/account/sessions/sign-out-others',
        headers: { authorization: `Bearer ${here.token}` },
      });
      expect(res.json()).toEqual({ signedOut: 2 });
      for (const gone of [first, second]) {
        expect((await sessionsOf(gone.token)).statusCode).toBe(401);
        expect((await refresh(gone.refresh)).statusCode).toBe(401);
      }
      expect((await sessionsOf(here.token)).statusCode).toBe(200);
    });

    it('e-mails the account on a sign-in from a browser that never signed in to it, in the page’s language', async () => {
      await account('watched@example.com');
      // The account's first sign-in has no earlier device to compare with; the same browser again is known.
      const first = await signInFrom('watched@example.com', LINUX_CHROME, '10.0.2.1');
      await signInFrom('watched@example.com', LINUX_CHROME, '10.0.2.1', { boats_device: first.device });
      await queueEventEmails(t.ctx);
      const noticesTo = () =>
        t.ctx.db
          .select()
          .from(emailOutbox)
          .where(
            and(eq(emailOutbox.kind, 'new_device_sign_in'), eq(emailOutbox.toAddress, 'watched@example.com')),
          );
      expect(await noticesTo()).toHaveLength(0);

      await signInFrom('watched@example.com', IPHONE, '83.45.1.1');
      await queueEventEmails(t.ctx);
      const [notice, ...more] = await noticesTo();
      expect(more).toHaveLength(0);
      expect(notice?.subject).toBe('Neue Anmeldung bei Ihrem Konto');
      expect(notice?.textBody).toContain('Safari unter iOS');
      expect(notice?.textBody).toContain('Spanien');
    });

    it('names a sign-in through the API by its program and its private address as the local network (issue 58)', async () => {
      await account('script@example.com');
      const first = await signInFrom('script@example.com', 'curl/8.5.0', '127.0.0.1');
      const listed = (await sessionsOf(first.token)).json<{ sessions: Listed[] }>().sessions;
      expect(listed).toEqual([
        expect.objectContaining({ browser: null, program: 'curl/8.5.0', country: null, local: true }),
      ]);
      await signInFrom('script@example.com', 'python-requests/2.31.0', '192.168.1.20');
      await queueEventEmails(t.ctx);
      const [notice] = await t.ctx.db
        .select()
        .from(emailOutbox)
        .where(
          and(eq(emailOutbox.kind, 'new_device_sign_in'), eq(emailOutbox.toAddress, 'script@example.com')),
        );
      expect(notice?.textBody).toContain('python-requests/2.31.0 (ein Programm, kein Browser)');
      expect(notice?.textBody).toContain('lokales Netzwerk');
    });
  });

  it('answers the 11th failed sign-in on one account with 429, even with the right password', async () => {
    // The clock stands still: past the limit the account takes one attempt per growing delay
    // (2 s first), and on a busy machine the tenth password check alone can outlast it.
    vi.useFakeTimers({ toFake: ['Date'] });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const victim = 'victim@example.com';
    await upsertUser(t.ctx.db, {
      email: victim,
      passwordHash: await hashPassword('right-password'),
      role: 'user',
      ownerId: null,
    });
    for (let i = 1; i <= 10; i++) {
      // Different IPs: the per-account limit applies however the attacker spreads the attempts.
      const res = await signIn({ email: victim, password: `guess-${i}` }, `10.1.0.${i}`);
      expect(res.statusCode).toBe(401);
    }
    const eleventh = await signIn({ email: victim, password: 'guess-11' }, '10.1.0.99');
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json()).toMatchObject({
      message: expect.stringMatching(/Too many failed sign-in attempts/),
    });
    const right = await signIn({ email: victim, password: 'right-password' }, '10.1.0.100');
    expect(right.statusCode).toBe(429);
    // Other accounts are not affected.
    expect((await signIn({ email: ADMIN.email, password: ADMIN.password }, '10.1.0.101')).statusCode).toBe(
      200,
    );
  }, 60_000);

  it('limits failed sign-ins per IP across accounts', async () => {
    const ip = '10.2.0.1';
    for (let i = 1; i <= 30; i++) {
      const res = await signIn({ email: `nobody${i}@example.com`, password: 'whatever' }, ip);
      expect(res.statusCode).toBe(401);
    }
    expect((await signIn({ email: 'nobody31@example.com', password: 'whatever' }, ip)).statusCode).toBe(429);
  }, 120_000);
});

describe('refresh cookie on an https site', async () => {
  const t = await buildTestApp({ template: 'empty', env: { PUBLIC_URL: 'https://boats.example.com' } });
  await upsertUser(t.ctx.db, {
    email: ADMIN.email,
    passwordHash: await hashPassword(ADMIN.password),
    role: 'admin',
    ownerId: null,
  });

  it('is marked Secure', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/user/auth', payload: ADMIN });
    expect(res.statusCode).toBe(200);
    expect(refreshCookieOf(res)).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax' });
  });
});
