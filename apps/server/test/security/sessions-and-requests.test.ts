// The smaller findings of the attack run, each as the attacker tried it: a signed-out access
// token, cross-site calls with the session cookie, personal data in cacheable answers, webhook
// timestamps from the future, a 3-D Secure return to the Host header's site, and a client that
// chooses its own address through X-Forwarded-For.
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { contactMessages, users } from '../../src/db/schema';
import { hashPassword } from '../../src/modules/auth/password';
import {
  card,
  CARDS,
  createBoat,
  createSlot,
  HOUR,
  sharedRequest,
  bookingUrl,
} from '../helpers/checkout-fixtures';
import { buildTestApp, type TestApp } from '../helpers/test-app';

const ADMIN = { email: 'owner@example.com', password: 'correct-horse-battery' };

async function signIn(t: TestApp) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/user/auth',
    payload: { ...ADMIN, remember: false },
  });
  expect(res.statusCode).toBe(200);
  const refresh = res.cookies.find((c) => c.name === 'boats_refresh')!;
  return { accessToken: res.json().accessToken as string, cookie: `boats_refresh=${refresh.value}` };
}

describe('sessions', async () => {
  const t = await buildTestApp({ template: 'empty' });
  await t.ctx.db
    .insert(users)
    .values({ email: ADMIN.email, passwordHash: await hashPassword(ADMIN.password), role: 'admin' });
  const adminCall = (token: string) =>
    t.app.inject({ method: 'GET', url: '/api/admin/boats', headers: { authorization: `Bearer ${token}` } });

  it('ends the access token too when the admin signs out', async () => {
    const { accessToken, cookie } = await signIn(t);
    const before = await adminCall(accessToken);
    expect(before.statusCode).toBe(200);
    expect(before.headers['cache-control']).toBe('no-store');
    const out = await t.app.inject({ method: 'POST', url: '/user/logout', headers: { cookie } });
    expect(out.statusCode).toBe(200);
    expect((await adminCall(accessToken)).statusCode).toBe(401);
  });

  it('refuses cross-site refresh and sign-out calls, and takes same-site ones', async () => {
    const { accessToken, cookie } = await signIn(t);
    for (const headers of [
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      { origin: 'https://evil.example' },
    ]) {
      for (const url of ['/user/refresh', '/user/logout']) {
        const res = await t.app.inject({ method: 'POST', url, headers: { cookie, ...headers } });
        expect(res.statusCode, `${url} ${JSON.stringify(headers)}`).toBe(403);
      }
    }
    // Nothing above ended or renewed the session.
    expect((await adminCall(accessToken)).statusCode).toBe(200);
    const own = await t.app.inject({
      method: 'POST',
      url: '/user/refresh',
      headers: { cookie, 'sec-fetch-site': 'same-origin', origin: 'http://localhost:3000' },
    });
    expect(own.statusCode).toBe(200);
  });
});

describe('checkout answers and the card provider', async () => {
  const SECRET = 'whsec_test_sandbox_secret';
  const t = await buildTestApp({ template: 'empty', env: { SANDBOX_WEBHOOK_SECRET: SECRET } });
  const boat = await createBoat(t.ctx.db, { sharedMinSeatsToDepart: 0 });
  const slot = await createSlot(t.ctx.db, boat.id, {
    type: 'shared',
    start: new Date(Date.now() + 20 * 24 * HOUR),
    hours: 2,
    seatsTotal: 20,
    seatPriceCents: 2500,
  });
  const intent = await t.app.inject({
    method: 'POST',
    url: '/api/boat/payment-intent',
    payload: sharedRequest(
      boat.id,
      slot,
      { adults: 2, children50: 0, kidsFree: 0 },
      {
        customer: { name: 'Emma Thompson', email: 'emma@example.com', phone: '+447700900123' },
      },
    ),
  });
  const { bookingId, clientSecret } = intent.json() as { bookingId: string; clientSecret: string };

  it('marks every answer with a customer’s personal data no-store', async () => {
    expect(intent.statusCode).toBe(200);
    expect(intent.headers['cache-control']).toBe('no-store');
    const view = await t.app.inject({ method: 'GET', url: bookingUrl(t.ctx, bookingId) });
    expect(view.statusCode).toBe(200);
    expect(view.body).toContain('Emma Thompson');
    expect(view.headers['cache-control']).toBe('no-store');
  });

  it('sends 3-D Secure returns only to PUBLIC_URL, whatever Host the caller claims', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/sandbox/confirm',
      headers: { host: 'evil.example' },
      payload: { clientSecret, card: card(CARDS.threeDs), returnUrl: 'https://evil.example/steal' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('invalid_return_url');
  });

  it('refuses webhooks signed with a timestamp in the future, as it does old ones', async () => {
    const send = (timestamp: number) => {
      const payload = JSON.stringify({
        id: `evt_future_${timestamp}`,
        object: 'event',
        type: 'customer.created',
        data: { object: { id: 'cus_1', object: 'customer' } },
      });
      const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET, timestamp });
      return t.app.inject({
        method: 'POST',
        url: '/api/payments/webhook',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        payload,
      });
    };
    const now = Math.floor(Date.now() / 1000);
    expect((await send(now + 3600)).statusCode).toBe(400);
    expect((await send(now - 3600)).statusCode).toBe(400);
    expect((await send(now + 60)).statusCode).toBe(200);
  });
});

describe('client addresses behind proxies', () => {
  const contact = (t: TestApp, remoteAddress: string, forwardedFor: string) =>
    t.app.inject({
      method: 'POST',
      url: '/messages/messages',
      remoteAddress,
      headers: { 'x-forwarded-for': forwardedFor },
      payload: { name: 'Visitor', email: `v-${forwardedFor.length}@example.com`, source: 'landing' },
    });
  const storedIps = async (t: TestApp) =>
    (await t.ctx.db.select({ ip: contactMessages.ip }).from(contactMessages)).map((r) => r.ip);

  it('with TRUST_PROXY=true takes the right-most address, so prepended entries change nothing', async () => {
    const t = await buildTestApp({ template: 'empty', env: { TRUST_PROXY: 'true' } });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push((await contact(t, '10.0.0.1', `198.51.100.${i}, 10.9.9.9`)).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect(new Set(await storedIps(t))).toEqual(new Set(['10.9.9.9']));
  });

  it('with a number of hops takes the right-most untrusted address', async () => {
    const hops = await buildTestApp({ template: 'empty', env: { TRUST_PROXY: '2' } });
    await contact(hops, '10.0.0.1', '203.0.113.9, 198.51.100.7, 10.0.0.2');
    expect(await storedIps(hops)).toEqual(['198.51.100.7']);
  });

  it('with a list of proxies takes the right-most untrusted address', async () => {
    const list = await buildTestApp({ template: 'empty', env: { TRUST_PROXY: '10.0.0.0/8, 192.0.2.1' } });
    await contact(list, '10.0.0.1', '203.0.113.9, 198.51.100.7, 192.0.2.1, 10.0.0.2');
    expect(await storedIps(list)).toEqual(['198.51.100.7']);
  });
});
