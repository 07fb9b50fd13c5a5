// The authorization matrix, generated from the app's route table: every admin route (by its
// requireAdmin guard or by its back-office path) × every kind of caller. A new back-office route
// without the guard, or a new public write route nobody reviewed, fails this file.
import { randomUUID } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { signAccessToken } from '../../src/modules/auth/access-token';
import { buildTestApp } from '../helpers/test-app';
import { concreteUrl, isAdminPath, routeTable, type RouteEntry } from '../helpers/route-table';
import { tokenFor } from '../helpers/admin-token';

vi.mock('fastify', async (original) =>
  (await import('../helpers/route-table')).withRouteLog(await original()),
);
vi.mock('../../src/modules/auth/require-admin', async (original) =>
  (await import('../helpers/route-table')).withAdminGuardTag(await original()),
);

/**
 * Routes that change state without an admin token, each reviewed on purpose. Adding one here is
 * a security decision: say why in the line.
 */
const PUBLIC_WRITES = new Set([
  'POST /api/boat/payment-intent', // a customer holds seats; limited per IP
  'POST /api/payments/sandbox/confirm', // the sandbox card form; needs the intent's client secret
  'POST /api/payments/sandbox/authenticate', // the sandbox 3-D Secure page
  'POST /api/payments/webhook', // the provider; signature checked
  'POST /checkout/booking/:id/customer', // the customer's own contact details on their booking
  'POST /checkout/booking/:id/release', // the customer gives up their own unpaid hold (random id; 409 once paid)
  'POST /api/bookings/lookup', // reads a booking by number + e-mail; same 404 for both; limited per IP
  'POST /messages/messages', // the contact form; limited per IP
  'POST /user/auth', // sign-in; limited
  'POST /user/refresh', // needs the httpOnly refresh cookie
  'POST /user/logout',
]);

const b64url = (value: string) => Buffer.from(value).toString('base64url');

describe('authorization matrix over the route table', async () => {
  const t = await buildTestApp({ template: 'empty' });
  const secret = t.ctx.config.jwtSecret;
  const admin = await tokenFor(t, 'admin');
  const user = await tokenFor(t, 'user');
  const [header, payload, signature] = user.split('.') as [string, string, string];
  const escalated = {
    ...(JSON.parse(Buffer.from(payload, 'base64url').toString()) as object),
    role: 'admin',
  };
  const callers: { name: string; token?: string; expect: (status: number) => boolean; wanted: string }[] = [
    { name: 'no token', expect: (s) => s === 401, wanted: '401' },
    {
      name: 'expired admin token',
      token: await signAccessToken(
        { id: randomUUID(), email: 'old@example.com', role: 'admin' },
        secret,
        new Date(Date.now() - 3600_000),
      ),
      expect: (s) => s === 401,
      wanted: '401',
    },
    {
      name: 'tampered token (role raised)',
      token: `${header}.${b64url(JSON.stringify(escalated))}.${signature}`,
      expect: (s) => s === 401,
      wanted: '401',
    },
    {
      name: 'token signed with another secret',
      token: await signAccessToken(
        { id: randomUUID(), email: 'x@example.com', role: 'admin' },
        'another-secret-another-secret-another-1',
      ),
      expect: (s) => s === 401,
      wanted: '401',
    },
    {
      name: 'unsigned token (alg none)',
      token: `${b64url('{"alg":"none"}')}.${b64url(JSON.stringify(escalated))}.`,
      expect: (s) => s === 401,
      wanted: '401',
    },
    { name: 'non-admin token', token: user, expect: (s) => s === 403, wanted: '403' },
    {
      name: 'admin token',
      token: admin,
      expect: (s) => s !== 401 && s !== 403 && s < 500,
      wanted: 'neither 401/403 nor 5xx',
    },
  ];

  const table = routeTable();
  const adminRoutes = table.filter((r) => r.adminGuarded || isAdminPath(r.url));

  it('finds the back office in the route table', () => {
    expect(table.length).toBeGreaterThan(10);
    expect(adminRoutes.length).toBeGreaterThan(0);
  });

  it('guards every back-office path with requireAdmin', () => {
    const unguarded = table
      .filter((r) => isAdminPath(r.url) && !r.adminGuarded)
      .map((r) => `${r.method} ${r.url}`);
    expect(unguarded, 'back-office routes without the requireAdmin guard').toEqual([]);
  });

  it('lets no write route through without a guard unless it was reviewed as public', () => {
    const unreviewed = table
      .filter((r) => r.method !== 'GET' && !r.adminGuarded && !PUBLIC_WRITES.has(`${r.method} ${r.url}`))
      .map((r) => `${r.method} ${r.url}`);
    expect(unreviewed, 'write routes that are neither admin-guarded nor reviewed public').toEqual([]);
  });

  const send = (route: RouteEntry, token: string | undefined) =>
    t.app.inject({
      method: route.method as 'GET',
      url: concreteUrl(route.url),
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(route.method === 'GET' || route.method === 'DELETE'
          ? {}
          : { 'content-type': 'application/json' }),
      },
      ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: '{}' }),
    });

  it.each(adminRoutes.map((r) => [`${r.method} ${r.url}`, r] as const))(
    '%s answers each caller as it should',
    async (_name, route) => {
      const wrong: string[] = [];
      for (const caller of callers) {
        const res = await send(route, caller.token);
        if (!caller.expect(res.statusCode))
          wrong.push(`${caller.name}: ${res.statusCode} (wanted ${caller.wanted}) ${res.body.slice(0, 120)}`);
      }
      expect(wrong).toEqual([]);
    },
  );
});
