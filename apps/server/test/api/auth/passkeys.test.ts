// Passkeys (docs/security.md#second-factor-and-step-up) through the real routes, answered by a
// software authenticator (test/helpers/soft-authenticator.ts): adding, listing and removing one,
// signing in without the password, as the second factor, and for step-up; a wrong signature, a
// replayed answer, a counter that went back and guessing are refused.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { passkeys, users } from '../../../src/db/schema';
import { auditLog } from '../../../src/modules/audit/schema';
import { newOwner } from '../../helpers/admin-token';
import { enrolledSignIn, newAccount, signInWithPassword } from '../../helpers/second-factor';
import { softAuthenticator, type SoftAuthenticator } from '../../helpers/soft-authenticator';
import { buildTestApp } from '../../helpers/test-app';

const NOW = new Date('2026-11-27T10:00:10Z');

describe('passkeys', async () => {
  const t = await buildTestApp({ template: 'empty', now: NOW });
  const { origin } = t.ctx.config.passkeys;
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  type Options = { challenge: string; rpId?: string; allowCredentials?: { id: string }[] };
  const post = (url: string, payload: object, token?: string) =>
    t.app.inject({ method: 'POST', url, payload, headers: token ? bearer(token) : {} });

  /** Adds the authenticator's passkey to the signed-in account, as the Security page does. */
  async function addPasskey(token: string, key: SoftAuthenticator, name = 'My phone') {
    const options = await post('/api/account/passkeys/options', {}, token);
    expect(options.statusCode, options.body).toBe(200);
    const response = key.create(options.json<{ options: never }>().options, origin);
    return post('/api/account/passkeys', { name, response }, token);
  }

  async function passkeyOptions(purpose: string, extra: object = {}, token?: string): Promise<Options> {
    const res = await post('/user/passkeys/options', { purpose, ...extra }, token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ options: Options }>().options;
  }

  const ownerId = await newOwner(t);
  await newAccount(t, 'skipper@boats.test', 'owner', ownerId);
  const enrolled = await enrolledSignIn(t, 'skipper@boats.test');
  const phone = softAuthenticator();

  it('adds a named passkey from the account (audited), lists it, and refuses the same one twice', async () => {
    const added = await addPasskey(enrolled.accessToken, phone);
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json()).toMatchObject({ name: 'My phone', lastUsedAt: null });
    const list = await t.app.inject({ url: '/api/account/passkeys', headers: bearer(enrolled.accessToken) });
    expect(list.json<{ passkeys: { name: string }[] }>().passkeys.map((p) => p.name)).toEqual(['My phone']);
    const [row] = await t.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'account.passkey_add'));
    expect(row).toMatchObject({
      actorEmail: 'skipper@boats.test',
      changes: { passkey: { before: null, after: 'My phone' } },
    });
    // The browser is told to skip a passkey the account has; one sent anyway is refused.
    const options = await post('/api/account/passkeys/options', {}, enrolled.accessToken);
    expect(
      options.json<{ options: { excludeCredentials: { id: string }[] } }>().options.excludeCredentials,
    ).toEqual([expect.objectContaining({ id: phone.credentialId })]);
    const again = await post(
      '/api/account/passkeys',
      { name: 'Again', response: phone.create(options.json<{ options: never }>().options, origin) },
      enrolled.accessToken,
    );
    expect(again.statusCode).toBe(409);
  });

  it('lets an agent, whose factor is optional, add a passkey and then sign in with it alone', async () => {
    await newAccount(t, 'desk@hotel.test', 'agent', null);
    const signedIn = await signInWithPassword(t, 'desk@hotel.test');
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const { accessToken } = signedIn.json<{ accessToken: string }>();
    const deskPhone = softAuthenticator();
    const added = await addPasskey(accessToken, deskPhone, 'Hotel desk');
    expect(added.statusCode, added.body).toBe(200);
    const res = await post('/user/auth/passkey', {
      response: deskPhone.get(await passkeyOptions('sign-in'), origin),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ user: { email: 'desk@hotel.test', role: 'agent' } });
  });

  it('signs in without the password: a discoverable passkey, verified by the device', async () => {
    const options = await passkeyOptions('sign-in');
    expect(options.allowCredentials).toEqual([]);
    const res = await post('/user/auth/passkey', { response: phone.get(options, origin) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      accessToken: expect.any(String),
      user: { email: 'skipper@boats.test' },
    });
    expect(res.cookies.find((c) => c.name === 'boats_refresh')).toBeDefined();
    // Without the device's lock (user verification) a passkey alone is not a sign-in.
    const unverified = await post('/user/auth/passkey', {
      response: phone.get(await passkeyOptions('sign-in'), origin, false),
    });
    expect(unverified.statusCode).toBe(400);
  });

  it('answers the password’s challenge as the second factor', async () => {
    const signIn = await signInWithPassword(t, 'skipper@boats.test');
    expect(signIn.json()).toMatchObject({ secondFactor: 'totp', passkey: true });
    const { challenge } = signIn.json<{ challenge: string }>();
    const options = await passkeyOptions('second-factor', { challenge });
    expect(options.allowCredentials?.map((c) => c.id)).toEqual([phone.credentialId]);
    const res = await post('/user/auth/passkey', { challenge, response: phone.get(options, origin) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ user: { email: 'skipper@boats.test' } });
  });

  it('refuses a wrong signature, a replayed answer, another site’s answer and a counter that went back', async () => {
    const options = await passkeyOptions('sign-in');
    const answer = phone.get(options, origin) as { response: { signature: string } };
    const forged = {
      ...answer,
      response: { ...answer.response, signature: answer.response.signature.replace(/^../, 'AA') },
    };
    expect((await post('/user/auth/passkey', { response: forged })).statusCode).toBe(400);
    // The forged try took the challenge: the genuine answer to it is refused too (single use).
    expect((await post('/user/auth/passkey', { response: answer })).statusCode).toBe(400);

    const fresh = await passkeyOptions('sign-in');
    const good = phone.get(fresh, origin);
    expect((await post('/user/auth/passkey', { response: good })).statusCode).toBe(200);
    expect((await post('/user/auth/passkey', { response: good })).statusCode).toBe(400);

    const elsewhere = phone.get(await passkeyOptions('sign-in'), 'https://boats.example.evil');
    expect((await post('/user/auth/passkey', { response: elsewhere })).statusCode).toBe(400);

    // A clone of the key whose counter is behind the one the server last saw.
    const [stored] = await t.ctx.db
      .select()
      .from(passkeys)
      .where(eq(passkeys.credentialId, phone.credentialId));
    phone.counter = stored!.counter - 2;
    const cloned = await post('/user/auth/passkey', {
      response: phone.get(await passkeyOptions('sign-in'), origin),
    });
    expect(cloned.statusCode).toBe(400);
    phone.counter = stored!.counter + 10;
    // A challenge older than its 5 minutes is gone.
    const old = await passkeyOptions('sign-in');
    t.setNow(new Date(NOW.getTime() + 6 * 60_000));
    try {
      expect((await post('/user/auth/passkey', { response: phone.get(old, origin) })).statusCode).toBe(400);
    } finally {
      t.setNow(NOW);
    }
  });

  it('proves the factor again for step-up, and removes a passkey only after it', async () => {
    const later = new Date(NOW.getTime() + 11 * 60_000);
    t.setNow(later);
    try {
      const [row] = await t.ctx.db
        .select()
        .from(passkeys)
        .where(eq(passkeys.credentialId, phone.credentialId));
      const remove = () =>
        t.app.inject({
          method: 'DELETE',
          url: `/api/account/passkeys/${row!.id}`,
          headers: bearer(enrolled.accessToken),
        });
      const refused = await remove();
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ error: 'step_up_required' });
      const options = await passkeyOptions('step-up', {}, enrolled.accessToken);
      const stepUp = await post(
        '/user/step-up/passkey',
        { response: phone.get(options, origin) },
        enrolled.accessToken,
      );
      expect(stepUp.statusCode, stepUp.body).toBe(200);
      expect((await remove()).statusCode).toBe(200);
      expect((await remove()).statusCode).toBe(404);
      const [gone] = await t.ctx.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.action, 'account.passkey_remove'));
      expect(gone).toMatchObject({
        objectId: row!.id,
        changes: { passkey: { before: 'My phone', after: null } },
      });
    } finally {
      t.setNow(NOW);
    }
  });

  it('counts as the second factor an owner must have: no enrolment asked, none possible with the password alone', async () => {
    await newAccount(t, 'deckhand@boats.test', 'owner', await newOwner(t));
    const first = await enrolledSignIn(t, 'deckhand@boats.test');
    const key = softAuthenticator();
    expect((await addPasskey(first.accessToken, key, 'YubiKey')).statusCode).toBe(200);
    // The operator turns the app off: the passkey is the account's only factor now.
    await t.ctx.db
      .update(users)
      .set({ totpEnabledAt: null, totpSecret: null })
      .where(eq(users.email, 'deckhand@boats.test'));
    const signIn = await signInWithPassword(t, 'deckhand@boats.test');
    expect(signIn.json()).toEqual({ secondFactor: 'passkey', passkey: true, challenge: expect.any(String) });
    const { challenge } = signIn.json<{ challenge: string }>();
    const setup = await post('/user/second-factor/setup', { challenge });
    expect(setup.statusCode).toBe(409);
    const res = await post('/user/auth/passkey', {
      challenge,
      response: key.get(await passkeyOptions('second-factor', { challenge }), origin),
    });
    expect(res.statusCode, res.body).toBe(200);
    // Its last factor stays: removing it is refused.
    const [row] = await t.ctx.db
      .select()
      .from(passkeys)
      .where(and(eq(passkeys.credentialId, key.credentialId)));
    const remove = await t.app.inject({
      method: 'DELETE',
      url: `/api/account/passkeys/${row!.id}`,
      headers: bearer(res.json<{ accessToken: string }>().accessToken),
    });
    expect(remove.statusCode).toBe(409);
    // Another account's passkey is not found for this one.
    const other = await t.app.inject({
      method: 'DELETE',
      url: `/api/account/passkeys/${row!.id}`,
      headers: bearer(enrolled.accessToken),
    });
    expect(other.statusCode).toBe(404);
  });

  it('throttles passkey guesses like passwords: the 11th wrong answer on the account is a 429', async () => {
    await newAccount(t, 'mate@boats.test', 'owner', await newOwner(t));
    const mate = await enrolledSignIn(t, 'mate@boats.test');
    const key = softAuthenticator();
    expect((await addPasskey(mate.accessToken, key)).statusCode).toBe(200);
    const answer = key.get(await passkeyOptions('sign-in'), origin) as { response: { signature: string } };
    const forged = {
      ...answer,
      response: { ...answer.response, signature: answer.response.signature.replace(/^../, 'AA') },
    };
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push(
        (
          await t.app.inject({
            method: 'POST',
            url: '/user/auth/passkey',
            payload: { response: forged },
            remoteAddress: `10.20.0.${i + 1}`,
          })
        ).statusCode,
      );
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(400));
    expect(statuses[10]).toBe(429);
  });
});
