// Accounts with a second factor for API tests: made through the real sign-in and enrolment
// routes (test/api/auth/second-factor.test.ts tests those routes themselves). Their e-mails are
// not @example.com, which the tests' configuration exempts from the requirement.
import { generate } from 'otplib';
import { hashPassword } from '../../src/modules/auth/password';
import { upsertUser } from '../../src/modules/auth/user-repository';
import type { TestApp } from './test-app';

export const PASSWORD = 'correct-horse-2fa';

/** The authenticator's code `steps` periods from the app's clock. */
export const codeAt = (secret: string, now: Date, steps = 0) =>
  generate({ secret, epoch: Math.floor(now.getTime() / 1000) + steps * 30 });

export async function signInWithPassword(t: TestApp, email: string, ip = '10.9.0.1') {
  return t.app.inject({
    method: 'POST',
    url: '/user/auth',
    payload: { email, password: PASSWORD },
    remoteAddress: ip,
  });
}

/** Signs a not-exempt admin or owner up to a session with a second factor; answers its secret too. */
export async function enrolledSignIn(t: TestApp, email: string) {
  const challenge = (await signInWithPassword(t, email)).json<{ challenge: string }>().challenge;
  const setup = await t.app.inject({
    method: 'POST',
    url: '/user/second-factor/setup',
    payload: { challenge },
  });
  const { secret } = setup.json<{ secret: string }>();
  const confirmed = await t.app.inject({
    method: 'POST',
    url: '/user/second-factor/confirm',
    payload: { challenge, code: await codeAt(secret, t.ctx.now()) },
  });
  const body = confirmed.json<{ recoveryCodes: string[]; session: { accessToken: string } }>();
  return { secret, accessToken: body.session.accessToken, recoveryCodes: body.recoveryCodes };
}

export async function newAccount(
  t: TestApp,
  email: string,
  role: 'admin' | 'owner' | 'crew' | 'agent',
  ownerId: string | null,
) {
  const { row } = await upsertUser(t.ctx.db, {
    email,
    passwordHash: await hashPassword(PASSWORD),
    role,
    ownerId,
  });
  return row;
}

/** A new sign-in of an enrolled account with the code of the app's next step. */
export async function signInAgain(
  t: TestApp,
  email: string,
  secret: string,
): Promise<{ accessToken: string }> {
  const { challenge } = (await signInWithPassword(t, email)).json<{ challenge: string }>();
  const res = await t.app.inject({
    method: 'POST',
    url: '/user/auth/second-factor',
    payload: { challenge, code: await codeAt(secret, t.ctx.now()) },
  });
  return res.json<{ accessToken: string }>();
}
