// The authenticator app in the audit trail (issue 53): turning it on (at sign-in or from the
// Security page), new recovery codes and removing it each add a row, as passkeys do; removing
// and new codes ask for step-up and never take the last factor of an account that needs one.
import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../../../src/modules/audit/schema';
import { users } from '../../../src/db/schema';
import { platformOwnerId } from '../../../src/modules/owner-scope/platform-owner';
import { codeAt, enrolledSignIn, newAccount, signInWithPassword } from '../../helpers/second-factor';
import { buildTestApp } from '../../helpers/test-app';

const NOW = new Date('2026-11-27T10:00:10Z');

describe('the authenticator app in the audit trail', async () => {
  const t = await buildTestApp({ template: 'empty', now: NOW });
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const rowsOf = (userId: string) =>
    t.ctx.db
      .select({ action: auditLog.action, changes: auditLog.changes, actorRole: auditLog.actorRole })
      .from(auditLog)
      .where(eq(auditLog.actorUserId, userId))
      .orderBy(asc(auditLog.id));

  it('writes the enrolment at sign-in and its recovery codes', async () => {
    t.setNow(NOW);
    const account = await newAccount(t, 'enrolling-admin@boats.test', 'admin', null);
    await enrolledSignIn(t, account.email);
    expect(await rowsOf(account.id)).toEqual([
      {
        action: 'account.totp_enable',
        changes: { authenticatorApp: { before: false, after: true } },
        actorRole: 'admin',
      },
      {
        action: 'account.recovery_codes',
        changes: { codes: { before: null, after: 10 } },
        actorRole: 'admin',
      },
    ]);
  });

  it('writes new recovery codes (the old ones stop working), and keeps the last factor of an admin', async () => {
    t.setNow(NOW);
    const account = await newAccount(t, 'codes-admin@boats.test', 'admin', null);
    const { accessToken, recoveryCodes } = await enrolledSignIn(t, account.email);
    const renewed = await t.app.inject({
      method: 'POST',
      url: '/api/account/recovery-codes',
      headers: bearer(accessToken),
    });
    expect(renewed.statusCode, renewed.body).toBe(200);
    const fresh = renewed.json<{ recoveryCodes: string[] }>().recoveryCodes;
    expect(fresh).toHaveLength(10);
    expect(fresh).not.toContain(recoveryCodes[0]);
    // An old code no longer signs in; a new one does.
    const { challenge } = (await signInWithPassword(t, account.email)).json<{ challenge: string }>();
    const withCode = (code: string) =>
      t.app.inject({ method: 'POST', url: '/user/auth/second-factor', payload: { challenge, code } });
    expect((await withCode(recoveryCodes[0]!)).statusCode).toBe(400);
    expect((await withCode(fresh[0]!)).statusCode).toBe(200);

    const removal = await t.app.inject({
      method: 'DELETE',
      url: '/api/account/second-factor',
      headers: bearer(accessToken),
    });
    expect(removal.statusCode).toBe(409);
    expect(removal.json()).toMatchObject({ error: 'last_second_factor' });

    const actions = (await rowsOf(account.id)).map((r) => r.action);
    expect(actions).toEqual(['account.totp_enable', 'account.recovery_codes', 'account.recovery_codes']);
    const [renewal] = (await rowsOf(account.id)).slice(-1);
    expect(renewal?.changes).toEqual({ codes: { before: 10, after: 10 } });
  });

  it('writes the enrolment and the removal of a crew member’s app, which then signs in with the password alone', async () => {
    t.setNow(NOW);
    const crew = await newAccount(t, 'audited-deckhand@boats.test', 'crew', await platformOwnerId(t.ctx.db));
    const { accessToken } = (await signInWithPassword(t, crew.email)).json<{ accessToken: string }>();
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
    expect(confirmed.statusCode, confirmed.body).toBe(200);

    const removal = await t.app.inject({
      method: 'DELETE',
      url: '/api/account/second-factor',
      headers: bearer(accessToken),
    });
    expect(removal.statusCode, removal.body).toBe(200);
    const [after] = await t.ctx.db.select().from(users).where(eq(users.id, crew.id));
    expect(after?.totpEnabledAt).toBeNull();
    expect((await signInWithPassword(t, crew.email)).json()).toMatchObject({
      accessToken: expect.any(String),
    });

    const rows = await t.ctx.db
      .select({ action: auditLog.action, changes: auditLog.changes })
      .from(auditLog)
      .where(and(eq(auditLog.actorUserId, crew.id), eq(auditLog.action, 'account.totp_remove')));
    expect(rows).toEqual([
      { action: 'account.totp_remove', changes: { authenticatorApp: { before: true, after: false } } },
    ]);
    expect((await rowsOf(crew.id)).map((r) => r.action)).toEqual([
      'account.totp_enable',
      'account.recovery_codes',
      'account.totp_remove',
    ]);
  });

  it('asks for step-up to remove the app or renew the codes on a stale session', async () => {
    t.setNow(NOW);
    const account = await newAccount(t, 'stale-admin@boats.test', 'admin', null);
    const { accessToken } = await enrolledSignIn(t, account.email);
    t.setNow(new Date(NOW.getTime() + 11 * 60_000));
    for (const [method, url] of [
      ['POST', '/api/account/recovery-codes'],
      ['DELETE', '/api/account/second-factor'],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: bearer(accessToken) });
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toMatchObject({ error: 'step_up_required' });
    }
  });
});
