// The second factor through the real routes: an admin is taken to enrol at sign-in, then signs
// in with the authenticator's code (once per code) or a recovery code (once), guesses are
// throttled like passwords, crew need none, and a session from before the enrolment ends.
import { describe, expect, it } from 'vitest';
import { startSession } from '../../../src/modules/auth/auth-service';
import { platformOwnerId } from '../../../src/modules/owner-scope/platform-owner';
import { and, eq } from 'drizzle-orm';
import { emailOutbox, owners, users } from '../../../src/db/schema';
import { openTotpSecret, sealPlainTotpSecrets } from '../../../src/modules/auth/totp-secret-box';
import { queueEventEmails } from '../../../src/modules/jobs/event-emails';
import { newOwner } from '../../helpers/admin-token';
import {
  codeAt,
  enrolledSignIn,
  newAccount,
  PASSWORD,
  signInAgain,
  signInWithPassword,
} from '../../helpers/second-factor';
import { addBooking, addSandboxPayment, at, seedBoat } from '../admin-bookings/admin-bookings.fixtures';
import { buildTestApp } from '../../helpers/test-app';

// 10 s into a 30 s step: the codes of the step before and after are still accepted.
const NOW = new Date('2026-11-27T10:00:10Z');

describe('second factor (TOTP and recovery codes)', async () => {
  const t = await buildTestApp({ template: 'empty', now: NOW });
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  it('takes an admin without a factor to enrol: a challenge, no session, until a code confirms the app', async () => {
    await newAccount(t, 'chief@boats.test', 'admin', null);
    const signIn = await signInWithPassword(t, 'chief@boats.test');
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json()).toEqual({ secondFactor: 'enrol', challenge: expect.any(String) });
    expect(signIn.cookies.find((c) => c.name === 'boats_refresh')).toBeUndefined();
    const { challenge } = signIn.json<{ challenge: string }>();

    const setup = await t.app.inject({
      method: 'POST',
      url: '/user/second-factor/setup',
      payload: { challenge },
    });
    expect(setup.statusCode).toBe(200);
    const { secret, uri, qrCode } = setup.json<{ secret: string; uri: string; qrCode: string }>();
    expect(uri).toMatch(/^otpauth:\/\/totp\/.*chief%40boats\.test.*secret=/);
    expect(qrCode).toMatch(/^data:image\/svg\+xml;base64,/);

    const wrong = await t.app.inject({
      method: 'POST',
      url: '/user/second-factor/confirm',
      payload: { challenge, code: '000000' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ error: 'second_factor_invalid', fields: [{ path: 'body.code' }] });

    const confirmed = await t.app.inject({
      method: 'POST',
      url: '/user/second-factor/confirm',
      payload: { challenge, code: await codeAt(secret, NOW) },
    });
    expect(confirmed.statusCode).toBe(200);
    const body = confirmed.json<{ recoveryCodes: string[]; session: { accessToken: string } }>();
    expect(body.recoveryCodes).toHaveLength(10);
    expect(new Set(body.recoveryCodes).size).toBe(10);
    expect(confirmed.cookies.find((c) => c.name === 'boats_refresh')).toBeDefined();
    const boats = await t.app.inject({ url: '/api/admin/boats', headers: bearer(body.session.accessToken) });
    expect(boats.statusCode).toBe(200);
    const status = await t.app.inject({
      url: '/user/second-factor',
      headers: bearer(body.session.accessToken),
    });
    expect(status.json()).toEqual({ enabled: true, totp: true, required: true, recoveryCodesLeft: 10 });
  });

  it('then asks for the code after the password; a code works once, the next one signs in', async () => {
    const { secret } = await enrolledSignIn(t, (await newAccount(t, 'mate@boats.test', 'admin', null)).email);
    const signIn = await signInWithPassword(t, 'mate@boats.test');
    expect(signIn.json()).toEqual({ secondFactor: 'totp', challenge: expect.any(String) });
    const { challenge } = signIn.json<{ challenge: string }>();
    const send = (code: string) =>
      t.app.inject({ method: 'POST', url: '/user/auth/second-factor', payload: { challenge, code } });

    // The enrolment used this step's code: the same code again is refused.
    expect((await send(await codeAt(secret, NOW))).statusCode).toBe(400);
    const next = await send(await codeAt(secret, NOW, 1));
    expect(next.statusCode).toBe(200);
    expect(next.json()).toEqual({
      accessToken: expect.any(String),
      user: { email: 'mate@boats.test', role: 'admin' },
    });
    // A code two steps ahead is not accepted (the phone's clock is never that far off).
    expect((await send(await codeAt(secret, NOW, 3))).statusCode).toBe(400);
  });

  it('accepts each recovery code once, in any case and with or without its dash', async () => {
    const { recoveryCodes } = await enrolledSignIn(
      t,
      (await newAccount(t, 'purser@boats.test', 'owner', await platformOwnerId(t.ctx.db))).email,
    );
    const code = recoveryCodes[0]!;
    const attempt = async (given: string) => {
      const { challenge } = (await signInWithPassword(t, 'purser@boats.test')).json<{ challenge: string }>();
      return t.app.inject({
        method: 'POST',
        url: '/user/auth/second-factor',
        payload: { challenge, code: given },
      });
    };
    expect((await attempt(code.toUpperCase().replace('-', ''))).statusCode).toBe(200);
    const again = await attempt(code);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ error: 'second_factor_invalid' });
    expect((await attempt(recoveryCodes[1]!)).statusCode).toBe(200);
  });

  it('throttles code guesses like passwords: the 11th wrong code on the account is a 429, even from new addresses', async () => {
    await enrolledSignIn(t, (await newAccount(t, 'bosun@boats.test', 'admin', null)).email);
    const { challenge } = (await signInWithPassword(t, 'bosun@boats.test')).json<{ challenge: string }>();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/user/auth/second-factor',
        payload: { challenge, code: String(100000 + i) },
        remoteAddress: `10.8.${i}.1`,
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(400));
    expect(statuses[10]).toBe(429);
  });

  it('refuses a forged or expired challenge', async () => {
    const forged = await t.app.inject({
      method: 'POST',
      url: '/user/auth/second-factor',
      payload: { challenge: 'eyJhbGciOiJub25lIn0.e30.', code: '123456' },
    });
    expect(forged.statusCode).toBe(401);
    await newAccount(t, 'late@boats.test', 'admin', null);
    const { challenge } = (await signInWithPassword(t, 'late@boats.test')).json<{ challenge: string }>();
    t.setNow(new Date(NOW.getTime() + 11 * 60_000));
    const setup = await t.app.inject({
      method: 'POST',
      url: '/user/second-factor/setup',
      payload: { challenge },
    });
    t.setNow(NOW);
    expect(setup.statusCode).toBe(401);
  });

  it('lets crew sign in with the password alone, and set up a factor when they want one', async () => {
    await newAccount(t, 'deckhand@boats.test', 'crew', await platformOwnerId(t.ctx.db));
    const signIn = await signInWithPassword(t, 'deckhand@boats.test');
    const { accessToken } = signIn.json<{ accessToken: string }>();
    expect(accessToken).toEqual(expect.any(String));
    const setup = await t.app.inject({
      method: 'POST',
      url: '/user/second-factor/setup',
      headers: bearer(accessToken),
      payload: {},
    });
    const { secret } = setup.json<{ secret: string }>();
    const confirmed = await t.app.inject({
      method: 'POST',
      url: '/user/second-factor/confirm',
      headers: bearer(accessToken),
      payload: { code: await codeAt(secret, NOW) },
    });
    expect(confirmed.json()).toMatchObject({ recoveryCodes: expect.any(Array), session: null });
    expect((await signInWithPassword(t, 'deckhand@boats.test')).json()).toMatchObject({
      secondFactor: 'totp',
    });
  });

  it('keeps the secret encrypted, bound to its account, and seals a secret stored in the clear before', async () => {
    const { secret } = await enrolledSignIn(
      t,
      (await newAccount(t, 'sealed@boats.test', 'admin', null)).email,
    );
    const [row] = await t.ctx.db.select().from(users).where(eq(users.email, 'sealed@boats.test'));
    expect(row!.totpSecret).toMatch(/^v1:/);
    expect(row!.totpSecret).not.toContain(secret);
    expect(openTotpSecret(t.ctx.config.totpKey, row!.id, row!.totpSecret!)).toBe(secret);
    // Copied onto another account it does not open.
    const other = await newAccount(t, 'copycat@boats.test', 'admin', null);
    expect(() => openTotpSecret(t.ctx.config.totpKey, other.id, row!.totpSecret!)).toThrow();

    // An account enrolled before the secrets were encrypted (migration 0049 stored them as they are).
    const old = await newAccount(t, 'plain@boats.test', 'admin', null);
    const plain = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
    await t.ctx.db.update(users).set({ totpSecret: plain, totpEnabledAt: NOW }).where(eq(users.id, old.id));
    expect(await sealPlainTotpSecrets(t.ctx.db, t.ctx.config.totpKey)).toBe(1);
    expect(await sealPlainTotpSecrets(t.ctx.db, t.ctx.config.totpKey)).toBe(0);
    const [sealed] = await t.ctx.db.select().from(users).where(eq(users.id, old.id));
    expect(sealed!.totpSecret).toMatch(/^v1:/);
    const { challenge } = (await signInWithPassword(t, 'plain@boats.test')).json<{ challenge: string }>();
    const res = await t.app.inject({
      method: 'POST',
      url: '/user/auth/second-factor',
      payload: { challenge, code: await codeAt(plain, NOW) },
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('ends a session of an admin who has no factor yet at its next renewal', async () => {
    const user = await newAccount(t, 'before@boats.test', 'admin', null);
    const session = await startSession(t.ctx, user, false, { userAgent: '', ip: '127.0.0.1' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/user/refresh',
      cookies: { boats_refresh: session.refreshToken },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('step-up: money and power ask for the second factor again after 10 minutes', async () => {
  const t = await buildTestApp({ template: 'empty', now: NOW });
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const admin = await enrolledSignIn(t, (await newAccount(t, 'captain@boats.test', 'admin', null)).email);
  const ownerId = await newOwner(t, { displayName: 'Stepped', email: 'stepped@example.com', language: 'es' });
  const owner = await enrolledSignIn(t, (await newAccount(t, 'skipper@boats.test', 'owner', ownerId)).email);
  const boat = await seedBoat(t.ctx.db, { en: 'Step-up boat' }, ownerId);
  const { booking: onTrip } = await addBooking(t.ctx.db, boat, {
    status: 'paid',
    start: at('2026-11-28'),
    grossCents: 10_000,
  });
  let day = 0;
  // Each call asks for a new rate: an unchanged one is not a change (no step-up).
  let commission = 10;
  /** A paid booking the admin canceled (not a step-up act), ready to refund. */
  const canceled = async (cents: number, token = admin.accessToken) => {
    day += 1;
    const { booking } = await addBooking(t.ctx.db, boat, {
      status: 'paid',
      start: at(`2026-12-${String(day).padStart(2, '0')}`),
      grossCents: cents,
    });
    await addSandboxPayment(t.ctx.db, booking.providerPaymentId!, cents);
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/admin/bookings/${booking.id}/cancel`,
      headers: bearer(token),
      payload: { reason: 'Weather' },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    return booking.id;
  };

  const acts: [string, (token: string) => Promise<{ statusCode: number; body: string }>][] = [
    [
      'creating staff',
      (token) =>
        t.app.inject({
          method: 'POST',
          url: '/api/admin/staff',
          headers: bearer(token),
          payload: {
            email: `crew-${Math.random().toString(36).slice(2, 8)}@example.com`,
            role: 'crew',
            password: 'long-enough-pass',
          },
        }),
    ],
    [
      'an owner’s commission',
      (token) =>
        t.app.inject({
          method: 'PATCH',
          url: `/api/admin/owners/${ownerId}`,
          headers: bearer(token),
          payload: { commissionPercent: (commission += 1) },
        }),
    ],
    [
      'the bookings CSV',
      (token) => t.app.inject({ url: '/api/admin/bookings/export.csv', headers: bearer(token) }),
    ],
    [
      'the audit CSV',
      (token) => t.app.inject({ url: '/api/admin/audit/export.csv', headers: bearer(token) }),
    ],
    [
      'a trip’s manifest CSV',
      (token) =>
        t.app.inject({ url: `/api/crew/trips/${onTrip.slotId}/manifest.csv`, headers: bearer(token) }),
    ],
    [
      // The same password again: the act, not the value, asks for the factor.
      'changing one’s password',
      (token) =>
        t.app.inject({
          method: 'POST',
          url: '/api/account/password',
          headers: bearer(token),
          payload: { currentPassword: PASSWORD, password: PASSWORD },
        }),
    ],
    [
      'changing one’s sign-in address',
      (token) =>
        t.app.inject({
          method: 'POST',
          url: '/api/account/email',
          headers: bearer(token),
          payload: { currentPassword: PASSWORD, email: 'captain@boats.test' },
        }),
    ],
    [
      'a refund above STEP_UP_REFUND_EUR',
      async (token) =>
        t.app.inject({
          method: 'POST',
          url: `/api/admin/bookings/${await canceled(25_000)}/refund`,
          headers: bearer(token),
          payload: {},
        }),
    ],
  ];

  it.each(acts)(
    '%s: passes within 10 minutes of the sign-in, then asks again, then passes after the code',
    async (_name, act) => {
      t.setNow(NOW);
      expect((await act(admin.accessToken)).statusCode).toBe(200);
      t.setNow(new Date(NOW.getTime() + 11 * 60_000));
      const refused = await act(admin.accessToken);
      expect(refused.statusCode).toBe(403);
      expect(JSON.parse(refused.body)).toMatchObject({ error: 'step_up_required' });
    },
  );

  it('takes the code once per step, and lets the acts through for 10 minutes after it', async () => {
    const later = new Date(NOW.getTime() + 11 * 60_000);
    t.setNow(later);
    const stepUp = (code: string) =>
      t.app.inject({
        method: 'POST',
        url: '/user/step-up',
        headers: bearer(admin.accessToken),
        payload: { code },
      });
    expect((await stepUp('000000')).statusCode).toBe(400);
    expect((await stepUp(await codeAt(admin.secret, later))).statusCode).toBe(200);
    for (const [name, act] of acts) expect((await act(admin.accessToken)).statusCode, name).toBe(200);
  });

  it('asks for it only for a refund above the threshold, and not for a change that leaves the commission', async () => {
    // The account's refunds above are more than STEP_UP_REFUND_WINDOW_MINUTES (60) old by then:
    // only this refund counts (test/api/auth/split-refunds.test.ts counts recent ones).
    t.setNow(new Date(NOW.getTime() + 80 * 60_000));
    const token = (await signInAgain(t, 'captain@boats.test', admin.secret)).accessToken;
    t.setNow(new Date(NOW.getTime() + 91 * 60_000));
    const small = await t.app.inject({
      method: 'POST',
      url: `/api/admin/bookings/${await canceled(20_000, token)}/refund`,
      headers: bearer(token),
      payload: {},
    });
    expect(small.statusCode, small.body).toBe(200);
    const rename = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/owners/${ownerId}`,
      headers: bearer(token),
      payload: { displayName: 'Stepped Again' },
    });
    expect(rename.statusCode, rename.body).toBe(200);
  });

  it('asks an owner for it before the provider’s page for bank details', async () => {
    t.setNow(new Date(NOW.getTime() + 11 * 60_000));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/owner/payouts/account',
      headers: bearer(owner.accessToken),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: 'step_up_required' });
    const [changed] = await t.ctx.db.select().from(owners).where(eq(owners.id, ownerId));
    expect(changed?.payoutDetailsChangedAt).toBeNull();
  });

  it('changes an owner’s sign-in address after the password, tells the old address in the owner’s language, and keeps the address on file', async () => {
    t.setNow(NOW);
    const change = (currentPassword: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/account/email',
        headers: bearer(owner.accessToken),
        payload: { currentPassword, email: 'Skipper.New@boats.test', language: 'en' },
      });
    const wrong = await change('not-my-password');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ fields: [{ path: 'body.currentPassword' }] });
    const changed = await change(PASSWORD);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toEqual({ email: 'skipper.new@boats.test' });

    expect((await signInWithPassword(t, 'skipper@boats.test')).statusCode).toBe(401);
    expect((await signInWithPassword(t, 'skipper.new@boats.test')).json()).toMatchObject({
      secondFactor: 'totp',
    });
    await queueEventEmails(t.ctx);
    const [notice] = await t.ctx.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.kind, 'email_changed'), eq(emailOutbox.toAddress, 'skipper@boats.test')));
    // newOwner's language (Spanish), not the page's: the owner reads it, whoever changed it.
    expect(notice?.subject).toBe('Se ha cambiado tu dirección de acceso');
    expect(notice?.textBody).toContain('skipper.new@boats.test');
    const [onFile] = await t.ctx.db.select().from(owners).where(eq(owners.id, ownerId));
    expect(onFile?.email).toBe('stepped@example.com');
  });
});
