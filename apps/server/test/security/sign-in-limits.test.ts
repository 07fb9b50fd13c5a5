// Password guessing as an attacker runs it: many attempts at once, from several addresses, and
// a stranger trying to lock the owner out. Here the limits live in this instance's memory (no
// Redis); test/postgres/shared-limits.test.ts runs the same bursts through Redis and two instances.
//
// The bursts sent at once hash at production's cost: each attempt takes its slot before its hash,
// and with hashes that slow (queued two at a time) every attempt of a burst is in flight while the
// first are still being checked, so a limit counted after the check would let far more of the
// burst through. The attempts sent one after another (an IPv6 /64, the owner's browser) cannot
// race, so they are checked at the tests' cost: what they prove is the key and the budgets. Every
// attempt goes to an account that exists, its hash made right after its describe's app set the
// cost: the cost is the process's (configurePasswordHashing, set by the last app built), and an
// unknown account's sign-in verifies one hash made at the process's first such sign-in.
import { describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema';
import { hashPassword } from '../../src/modules/auth/password';
import { FAILED_LOGINS_PER_ACCOUNT, FAILED_LOGINS_PER_IP } from '../../src/modules/auth/login-throttle';
import { buildTestApp, type TestApp } from '../helpers/test-app';
import { REAL_PASSWORD_HASH_COST } from '../helpers/test-config';

const signIn = (t: TestApp, ip: string, email: string, password: string, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/user/auth',
    remoteAddress: ip,
    headers: cookie ? { cookie } : {},
    payload: { email, password, remember: false },
  });

/** Accounts that exist, hashed at the cost the last app built set (the describe's own). */
async function addAccounts(t: TestApp, emails: string[]) {
  const passwordHash = await hashPassword('the-right-password');
  await t.ctx.db.insert(users).values(emails.map((email) => ({ email, passwordHash })));
}

const tally = (statuses: number[]) => ({
  checked: statuses.filter((s) => s === 401 || s === 200).length,
  refused: statuses.filter((s) => s === 429).length,
  other: statuses.filter((s) => s !== 401 && s !== 200 && s !== 429),
});

describe('sign-in limits under parallel attempts', async () => {
  const t = await buildTestApp({ template: 'empty', env: REAL_PASSWORD_HASH_COST });
  await addAccounts(t, [
    'target@example.com',
    ...Array.from({ length: 40 }, (_, i) => `account-${i}@example.com`),
  ]);

  it(`checks at most ${FAILED_LOGINS_PER_ACCOUNT} of 60 wrong passwords sent at once on one account from 6 addresses`, async () => {
    const statuses = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        signIn(t, `10.40.0.${i % 6}`, 'target@example.com', `wrong-${i}-password`).then((r) => r.statusCode),
      ),
    );
    const { checked, refused, other } = tally(statuses);
    expect(other).toEqual([]);
    expect(checked).toBe(FAILED_LOGINS_PER_ACCOUNT);
    expect(refused).toBe(60 - FAILED_LOGINS_PER_ACCOUNT);
  }, 120_000);

  it(`checks at most ${FAILED_LOGINS_PER_IP} of 40 wrong sign-ins sent at once from one address`, async () => {
    const statuses = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        signIn(t, '10.41.0.1', `account-${i}@example.com`, 'wrong-password').then((r) => r.statusCode),
      ),
    );
    const { checked, refused, other } = tally(statuses);
    expect(other).toEqual([]);
    expect(checked).toBe(FAILED_LOGINS_PER_IP);
    expect(refused).toBe(40 - FAILED_LOGINS_PER_IP);
  }, 180_000);
});

describe('sign-in limits for an IPv6 client behind the proxy', async () => {
  const t = await buildTestApp({ template: 'empty', env: { TRUST_PROXY: 'true' } });
  // Each account guessed once: the per-account limit never starts, the client's does.
  await addAccounts(
    t,
    [...Array.from({ length: FAILED_LOGINS_PER_IP + 1 }, (_, n) => n), 99].map(
      (n) => `account-${n}@example.com`,
    ),
  );
  /** The n-th of many addresses of one /64 (http/client-key.ts: one client). */
  const inOne64 = (n: number) => `2001:db8:41:7:${n.toString(16)}:${(n * 31).toString(16)}::${n + 1}`;
  const signInVia = (address: string, n: number) =>
    t.app.inject({
      method: 'POST',
      url: '/user/auth',
      remoteAddress: '10.0.0.1',
      headers: { 'x-forwarded-for': address },
      payload: { email: `account-${n}@example.com`, password: 'wrong-password', remember: false },
    });

  it(`checks at most ${FAILED_LOGINS_PER_IP} wrong sign-ins from the addresses of one /64, like one IPv4 address`, async () => {
    const statuses: number[] = [];
    for (let n = 0; n <= FAILED_LOGINS_PER_IP; n++)
      statuses.push((await signInVia(inOne64(n), n)).statusCode);
    expect(statuses).toEqual([...Array<number>(FAILED_LOGINS_PER_IP).fill(401), 429]);
    // A client of another /64 is still checked.
    expect((await signInVia('2001:db8:41:8::1', 99)).statusCode).toBe(401);
  });
});

describe('a stranger cannot lock the owner out', async () => {
  const t = await buildTestApp({ template: 'empty' });
  const owner = { email: 'owner@example.com', password: 'correct-horse-battery' };
  await t.ctx.db
    .insert(users)
    .values({ email: owner.email, passwordHash: await hashPassword(owner.password), role: 'admin' });

  it('keeps the owner’s browser signing in while strangers only get growing delays', async () => {
    // The owner signed in once from this browser: it keeps the device cookie.
    const first = await signIn(t, '10.50.0.1', owner.email, owner.password);
    expect(first.statusCode).toBe(200);
    const device = first.cookies.find((c) => c.name === 'boats_device');
    expect(device?.httpOnly).toBe(true);
    const deviceCookie = `boats_device=${device!.value}`;

    // A stranger burns the account's budget for unknown browsers, from many addresses.
    for (let i = 0; i < FAILED_LOGINS_PER_ACCOUNT; i++) {
      expect((await signIn(t, `10.51.0.${i}`, owner.email, `guess-${i}-wrong`)).statusCode).toBe(401);
    }
    const blocked = await signIn(t, '10.51.1.1', owner.email, 'guess-again-wrong');
    expect(blocked.statusCode).toBe(429);
    const waitSeconds = Number(/try again in (\d+) seconds?/.exec(blocked.json().message)?.[1]);
    expect(waitSeconds).toBeGreaterThanOrEqual(1);
    expect(waitSeconds).toBeLessThanOrEqual(2);
    // Even the right password from an unknown browser waits its turn…
    expect((await signIn(t, '10.51.1.2', owner.email, owner.password)).statusCode).toBe(429);

    // …but the owner's browser has its own budget and signs in at once, from a new address too.
    const ownerAgain = await signIn(t, '10.52.0.1', owner.email, owner.password, deviceCookie);
    expect(ownerAgain.statusCode).toBe(200);
    // A wrong guess from the owner's browser is counted on that browser only.
    expect((await signIn(t, '10.52.0.1', owner.email, 'typo-password', deviceCookie)).statusCode).toBe(401);

    // Not a lock: after the delay one more attempt is checked, then the next (longer) delay
    // runs (the doubling itself: src/http/limit-store.test.ts).
    await new Promise((r) => setTimeout(r, 2100));
    expect((await signIn(t, '10.51.2.1', owner.email, 'guess-later-wrong')).statusCode).toBe(401);
    expect((await signIn(t, '10.51.2.2', owner.email, 'guess-later-wrong')).statusCode).toBe(429);
  });

  it('gives a forged device cookie no budget of its own', async () => {
    // The account's budget for unknown browsers is used up above; a made-up cookie is unknown.
    const res = await signIn(t, '10.53.0.1', owner.email, 'wrong-password', 'boats_device=forged.bad');
    expect(res.statusCode).toBe(429);
  });
});

describe('limits while Redis is unreachable', async () => {
  // Nothing listens on port 1: Redis is "down" from the start.
  const t = await buildTestApp({
    template: 'empty',
    env: { REDIS_URL: 'redis://127.0.0.1:1', ...REAL_PASSWORD_HASH_COST },
  });
  await addAccounts(t, ['target@example.com']);

  it('reports the degraded state on /readyz', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'degraded', rateLimits: 'per-instance' });
  });

  it('still limits the contact form, per instance', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/messages/messages',
        remoteAddress: '10.60.0.1',
        payload: { name: `Visitor ${i}`, email: 'visitor@example.com', source: 'landing' },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('still limits parallel sign-in attempts', async () => {
    const statuses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        signIn(t, `10.61.0.${i % 4}`, 'target@example.com', `wrong-${i}-password`).then((r) => r.statusCode),
      ),
    );
    expect(tally(statuses).checked).toBe(FAILED_LOGINS_PER_ACCOUNT);
  }, 120_000);
});
