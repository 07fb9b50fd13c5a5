// The authorization matrix, generated from the real app's route table (no mocks): every
// back-office route (registered in a guarded plugin of src/back-office-routes.ts, or on a
// back-office path) × every kind of caller. A back-office route registered outside the guarded
// plugins, or a new public write route nobody reviewed, fails this file.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { signAccessToken } from '../../src/modules/auth/access-token';
import { buildTestApp } from '../helpers/test-app';
import { concreteUrl, isAdminPath, routeTable, type RouteEntry } from '../helpers/route-table';
import { newOwner, tokenFor } from '../helpers/admin-token';
import { auditLog } from '../../src/modules/audit/schema';
import { isAuditAction } from '@boats/domain/schemas/audit';
import { depositClaims, deposits, reviews } from '../../src/db/schema';
import { erasureRequests } from '../../src/modules/erasure/schema';
import { ownerApplications } from '../../src/modules/owner-applications/schema';
import { buyAndConfirm, createBoat, createSharedTrip, sharedRequest } from '../helpers/checkout-fixtures';
import { watchWrites } from '../helpers/write-watch';

/**
 * Routes that change state without an admin token, each reviewed on purpose. Adding one here is
 * a security decision: say why in the line.
 */
const PUBLIC_WRITES = new Set([
  'POST /api/boat/payment-intent', // a customer holds seats; limited per IP
  'POST /api/payments/sandbox/confirm', // the sandbox card form; needs the intent's client secret
  'POST /api/payments/sandbox/authenticate', // the sandbox 3-D Secure page
  'POST /api/payments/webhook', // the provider; signature checked
  'POST /checkout/booking/:id/customer', // the customer's own contact details on their hold: needs its checkout key (HMAC)
  'POST /checkout/booking/:id/release', // the customer gives up their own unpaid hold: checkout key (HMAC); 409 once paid
  'POST /api/bookings/lookup', // reads a booking by number + e-mail; same 404 for both; limited per IP
  'POST /api/bookings/:id/cancel', // the customer's own booking: needs its manage token (HMAC); limited per IP
  'POST /api/bookings/:id/reschedule', // the customer moves their own booking: manage token (HMAC); limited per IP
  'POST /api/bookings/:id/reschedule/confirm', // the card paid a dearer change: manage token (HMAC); settles that booking's own intent only
  'POST /api/bookings/:id/reschedule/release', // the customer gave up a dearer change: manage token (HMAC); frees that booking's own change hold only
  'POST /api/bookings/:id/withdraw', // the customer's own request-to-book: needs its manage token (HMAC); limited per IP
  'POST /api/bookings/:id/deposit/card', // another card for the customer's own refused deposit: manage token (HMAC); an authorisation only; limited per IP
  'POST /api/bookings/:id/deposit/confirm', // back from that card: manage token (HMAC); settles that booking's own deposit only; limited per IP
  'POST /api/bookings/:id/deposit/claim/answer', // the customer's answer to a damage claim on their own deposit: manage token (HMAC); at most the amount claimed; limited per IP
  'POST /api/bookings/:id/resend', // the confirmation again, only to the booking's own address; manage token
  'POST /api/bookings/:id/invoice', // a company's full invoice replacing the booking's simplified one; manage token, limited per IP
  'POST /messages/messages', // the contact form; limited per IP
  'POST /api/owner-applications', // "List your boat"; validated like the contact form, limited per IP
  'POST /api/owner-applications/photos', // an applicant's photo: the upload checks, limited per IP
  'POST /api/bookings/:id/trip-change', // the customer's move-or-refund choice; needs the manage token
  'POST /api/bookings/:id/self-drive/photos', // a photo of the skipper's licence for the customer's own booking: manage token (HMAC), the upload checks, private; limited per IP
  'PUT /api/bookings/:id/self-drive/licence', // the customer's own skipper's licence, until crew check it: manage token (HMAC); limited per IP
  'POST /api/personal-data/requests', // e-mails a one-time link to the address itself; same answer for every address; limited per IP and per address
  'POST /api/personal-data/export', // needs the one-time token e-mailed to the address; limited per IP
  'POST /api/personal-data/erasure', // needs the one-time token e-mailed to the address; limited per IP
  'POST /user/auth', // sign-in; limited
  'POST /user/refresh', // needs the httpOnly refresh cookie
  'POST /user/logout',
  'POST /user/auth/second-factor', // needs the challenge the right password answered; limited like it
  'POST /user/second-factor/setup', // needs that challenge or a bearer token
  'POST /user/second-factor/confirm', // the same, and a code from the new secret
  'POST /user/step-up', // needs a bearer token and the code; limited like sign-in
  'POST /user/passkeys/options', // a one-time challenge for a passkey: nothing else; limited
  'POST /user/auth/passkey', // needs a registered passkey's signature over a one-time challenge; limited like sign-in
  'POST /user/step-up/passkey', // needs a bearer token and the passkey's signature; limited like sign-in
  'POST /user/password/forgot', // same answer for every address; limited per IP and per address
  'POST /user/password/reset', // needs the one-time token of the reset e-mail
  'POST /api/reviews', // a completed booking's one review: needs the signed review link (30 days); limited per IP
  'PUT /api/reviews/:bookingId', // the author's change within 48 h: the same signed link; limited per IP
  'POST /api/reviews/:id/helpful', // one "helpful" per device on a published review; limited per IP
  'POST /api/waitlist', // "tell me when seats free up" on a full trip: one entry per e-mail and trip; limited like the contact form
  'POST /api/waitlist/confirm', // the waitlist e-mail's confirmation link: needs its signed token (HMAC); marks the entry confirmed only
  'POST /api/waitlist/offer', // the waitlist e-mail's offer link: needs its signed token (HMAC); opens the hold's payment only
  'POST /api/payment-link', // a staff member's payment link: needs its signed token (HMAC); opens that booking's hold payment only
  'POST /api/gift-vouchers', // buys a voucher: a pending voucher and its card payment, nothing until paid; limited per IP
  'POST /checkout/booking/:id/pay-with-voucher', // the customer's own hold: checkout key (HMAC), only when its voucher already holds the whole price
]);

/**
 * Back-office routes that take a body but change nothing, each reviewed: every other back-office
 * write declares its audit action (modules/audit/audit-trail.ts) and adds a row.
 */
const READ_ONLY_POSTS = new Set([
  'POST /api/admin/boats/:id/schedule/preview', // the slots a weekly schedule would make; nothing is saved
  'POST /api/account/passkeys/options', // a one-time challenge for the browser; the next call adds the passkey
]);

const b64url = (value: string) => Buffer.from(value).toString('base64url');

describe('authorization matrix over the route table', async () => {
  const t = await buildTestApp({ template: 'empty' });
  const secret = t.ctx.config.jwtSecret;
  const admin = await tokenFor(t, 'admin');
  const user = await tokenFor(t, 'user');
  const crew = await tokenFor(t, 'crew');
  const owner = await tokenFor(t, 'owner');
  // An agent with its terms (an agent's routes refuse an account without them).
  const agent = await t.app.inject({
    method: 'POST',
    url: '/api/admin/agents',
    headers: { authorization: `Bearer ${admin}` },
    payload: {
      name: 'Matrix Desk',
      email: 'matrix-agent@example.com',
      password: 'matrix-agent-2026',
      commissionPercent: 10,
    },
  });
  const agentToken = await signAccessToken(
    {
      id: agent.json<{ agent: { _id: string } }>().agent._id,
      email: 'matrix-agent@example.com',
      role: 'agent',
      sessionId: randomUUID(),
      ownerId: null,
    },
    secret,
  );
  const [header, payload, signature] = user.split('.') as [string, string, string];
  const escalated = {
    ...(JSON.parse(Buffer.from(payload, 'base64url').toString()) as object),
    role: 'admin',
  };
  const callers: {
    name: string;
    token?: string;
    expect: (status: number, route: RouteEntry) => boolean;
    wanted: string;
  }[] = [
    { name: 'no token', expect: (s) => s === 401, wanted: '401' },
    {
      name: 'expired admin token',
      token: await signAccessToken(
        { id: randomUUID(), email: 'old@example.com', role: 'admin', sessionId: randomUUID(), ownerId: null },
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
        { id: randomUUID(), email: 'x@example.com', role: 'admin', sessionId: randomUUID(), ownerId: null },
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
    {
      // Correctly signed, but never expires: a stolen one would work forever.
      name: 'admin token without exp',
      token: await new SignJWT({ email: 'forever@example.com', role: 'admin', sid: randomUUID() })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(randomUUID())
        .setIssuer('boats')
        .setIssuedAt()
        .sign(new TextEncoder().encode(secret)),
      expect: (s) => s === 401,
      wanted: '401',
    },
    { name: 'non-admin token', token: user, expect: (s) => s === 403, wanted: '403' },
    {
      // Crew reach only the routes of a plugin that allows them (trips, manifests, check-in).
      name: 'crew token',
      token: crew,
      expect: (s, route) =>
        route.allowedRoles?.includes('crew') ? s !== 401 && s !== 403 && s < 500 : s === 403,
      wanted: '403 unless the route allows crew',
    },
    {
      // Owners reach the back office of their boats (scoped: test/api/owner-scope/owner-scope-matrix.test.ts),
      // never the platform admin's own routes.
      name: 'owner token',
      token: owner,
      expect: (s, route) =>
        route.allowedRoles?.includes('owner') ? s !== 401 && s !== 403 && s < 500 : s === 403,
      wanted: '403 unless the route allows owners',
    },
    {
      // Agents reach their own plugin's routes (trips to sell, a sale, their sales), nothing else.
      name: 'agent token',
      token: agentToken,
      expect: (s, route) =>
        route.allowedRoles?.includes('agent') ? s !== 401 && s !== 403 && s < 500 : s === 403,
      wanted: '403 unless the route allows agents',
    },
    {
      name: 'admin token',
      token: admin,
      expect: (s, route) =>
        route.allowedRoles && !route.allowedRoles.includes('admin')
          ? s === 403
          : s !== 401 && s !== 403 && s < 500,
      wanted: 'neither 401/403 nor 5xx, 403 on the agents’ own routes',
    },
  ];

  const table = routeTable(t.routes);
  const adminRoutes = table.filter((r) => r.allowedRoles || isAdminPath(r.url));

  it('finds the back office in the route table', () => {
    expect(table.length).toBeGreaterThan(10);
    expect(adminRoutes.length).toBeGreaterThan(10);
    expect(
      table.filter((r) => r.allowedRoles?.includes('admin') || r.allowedRoles?.includes('agent')).length,
    ).toBe(adminRoutes.length);
  });

  it("opens exactly the agents' own routes and their own account to agents, and the former to no one else", () => {
    const forAgents = table.filter((r) => r.allowedRoles?.includes('agent'));
    expect(forAgents.map((r) => `${r.method} ${r.url}`)).toEqual([
      'POST /api/account/email',
      'GET /api/account/passkeys',
      'POST /api/account/passkeys',
      'DELETE /api/account/passkeys/:id',
      'POST /api/account/passkeys/options',
      'POST /api/account/password',
      'POST /api/account/recovery-codes',
      'DELETE /api/account/second-factor',
      'GET /api/account/sessions',
      'DELETE /api/account/sessions/:id',
      'POST /api/account/sessions/sign-out-others',
      'GET /api/agent/sales',
      'GET /api/agent/trips',
      'POST /api/agent/trips/:slotId/bookings',
    ]);
    const agentsOwn = forAgents.filter((r) => r.url.startsWith('/api/agent/'));
    expect(agentsOwn.filter((r) => r.allowedRoles?.length !== 1)).toEqual([]);
  });

  it('opens exactly the trips, manifests, check-in, walk-in bookings and their payment links, a deposit taken at the harbour, a self-drive boat’s handover (licence, condition, agreement), and their own account, to crew', () => {
    expect(table.filter((r) => r.allowedRoles?.includes('crew')).map((r) => `${r.method} ${r.url}`)).toEqual([
      'POST /api/account/email',
      'GET /api/account/passkeys',
      'POST /api/account/passkeys',
      'DELETE /api/account/passkeys/:id',
      'POST /api/account/passkeys/options',
      'POST /api/account/password',
      'POST /api/account/recovery-codes',
      'DELETE /api/account/second-factor',
      'GET /api/account/sessions',
      'DELETE /api/account/sessions/:id',
      'POST /api/account/sessions/sign-out-others',
      'POST /api/crew/bookings/:id/deposit/harbour',
      'POST /api/crew/bookings/:id/payment-link',
      'GET /api/crew/bookings/:id/self-drive/agreement.pdf',
      'GET /api/crew/bookings/:id/self-drive/condition',
      'PUT /api/crew/bookings/:id/self-drive/condition/:phase',
      'GET /api/crew/bookings/:id/self-drive/licence',
      'PUT /api/crew/bookings/:id/self-drive/licence',
      'POST /api/crew/bookings/:id/self-drive/licence/confirm',
      'POST /api/crew/bookings/:id/self-drive/licence/refuse',
      'POST /api/crew/bookings/:id/self-drive/photos',
      'GET /api/crew/bookings/:id/self-drive/photos/:file',
      'POST /api/crew/checkin',
      'GET /api/crew/trips',
      'POST /api/crew/trips/:slotId/bookings',
      'GET /api/crew/trips/:slotId/manifest',
      'GET /api/crew/trips/:slotId/manifest.csv',
    ]);
  });

  it('registers every back-office path inside a guarded plugin', () => {
    const unguarded = table
      .filter((r) => isAdminPath(r.url) && !r.allowedRoles)
      .map((r) => `${r.method} ${r.url}`);
    expect(unguarded, 'back-office routes registered outside back-office-routes.ts').toEqual([]);
  });

  it('answers 401 to an anonymous caller on every back-office route of the real table', async () => {
    const apiAdmin = table.filter((r) => isAdminPath(r.url));
    expect(apiAdmin.length).toBeGreaterThan(5);
    const open: string[] = [];
    for (const route of apiAdmin) {
      const res = await send(route, undefined);
      if (res.statusCode !== 401) open.push(`${route.method} ${route.url}: ${res.statusCode}`);
    }
    expect(open).toEqual([]);
  });

  it('lets no write route through without a guard unless it was reviewed as public', () => {
    const unreviewed = table
      .filter(
        (r) =>
          r.method !== 'GET' &&
          !r.allowedRoles &&
          !r.resellerKey &&
          !PUBLIC_WRITES.has(`${r.method} ${r.url}`),
      )
      .map((r) => `${r.method} ${r.url}`);
    expect(unreviewed, 'write routes that are neither admin-guarded nor reviewed public').toEqual([]);
  });

  it('writes every back-office write, and every download of a file, to the audit trail', () => {
    const unaudited = adminRoutes
      .filter(
        (r) =>
          (r.method !== 'GET' && !READ_ONLY_POSTS.has(`${r.method} ${r.url}`)) ||
          /\.(csv|json|pdf)$/.test(r.url),
      )
      .filter((r) => !r.auditAction || !isAuditAction(r.auditAction))
      .map((r) => `${r.method} ${r.url}`);
    expect(unaudited, 'back-office writes without an audit action (config: audited(...))').toEqual([]);
    const readOnlyAudited = adminRoutes.filter(
      (r) => READ_ONLY_POSTS.has(`${r.method} ${r.url}`) && r.auditAction,
    );
    expect(readOnlyAudited).toEqual([]);
  });

  // The OCTO API (modules/octo/routes.ts) answers resellers' API keys, never a session: every
  // route of its plugin, whatever its path, refuses a caller without a live key.
  const octoRoutes = table.filter((r) => r.resellerKey);
  const reseller = await t.app.inject({
    method: 'POST',
    url: '/api/admin/resellers',
    headers: { authorization: `Bearer ${admin}` },
    payload: {
      name: 'Matrix Reseller',
      contactName: 'Matrix Desk',
      contactEmail: 'matrix@reseller.example',
      commissionPercent: 10,
      cancellation: 'boat_policy',
      boats: { allOptedIn: true, boatIds: [] },
    },
  });
  const resellerId = reseller.json<{ reseller: { _id: string } }>().reseller._id;
  const issueKey = async () =>
    (
      await t.app.inject({
        method: 'POST',
        url: `/api/admin/resellers/${resellerId}/keys`,
        headers: { authorization: `Bearer ${admin}` },
        payload: { label: 'matrix' },
      })
    ).json<{ secret: string; key: { _id: string } }>();
  const liveKey = (await issueKey()).secret;
  const revoked = await issueKey();
  await t.app.inject({
    method: 'POST',
    url: `/api/admin/resellers/${resellerId}/keys/${revoked.key._id}/revoke`,
    headers: { authorization: `Bearer ${admin}` },
  });
  const keyCallers: { name: string; token?: string; wanted: (s: number) => boolean; says: string }[] = [
    { name: 'no key', wanted: (s) => s === 401, says: '401' },
    { name: 'admin session', token: admin, wanted: (s) => s === 403, says: '403' },
    { name: 'owner session', token: owner, wanted: (s) => s === 403, says: '403' },
    { name: 'unknown key', token: 'octo_not-a-key-at-all', wanted: (s) => s === 403, says: '403' },
    { name: 'revoked key', token: revoked.secret, wanted: (s) => s === 403, says: '403' },
    {
      name: 'live key',
      token: liveKey,
      wanted: (s) => s !== 401 && s !== 403 && s < 500,
      says: 'neither 401/403 nor 5xx',
    },
  ];

  it('finds the whole OCTO API behind reseller keys, and none of it in the back office', () => {
    expect(octoRoutes.map((r) => `${r.method} ${r.url}`)).toEqual([
      'POST /octo/availability',
      'POST /octo/availability/calendar',
      'GET /octo/bookings',
      'POST /octo/bookings',
      'DELETE /octo/bookings/:uuid',
      'GET /octo/bookings/:uuid',
      'PATCH /octo/bookings/:uuid',
      'POST /octo/bookings/:uuid/cancel',
      'POST /octo/bookings/:uuid/confirm',
      'POST /octo/bookings/:uuid/extend',
      'GET /octo/products',
      'GET /octo/products/:id',
      'GET /octo/supplier',
      'GET /octo/webhooks',
      'POST /octo/webhooks',
      'DELETE /octo/webhooks/:id',
    ]);
    expect(octoRoutes.filter((r) => r.allowedRoles)).toEqual([]);
    expect(table.filter((r) => r.url.startsWith('/octo') && !r.resellerKey)).toEqual([]);
  });

  it.each(octoRoutes.map((r) => [`${r.method} ${r.url}`, r] as const))(
    '%s answers a live reseller key only',
    async (_name, route) => {
      const wrong: string[] = [];
      for (const caller of keyCallers) {
        const res = await send(route, caller.token);
        if (!caller.wanted(res.statusCode))
          wrong.push(`${caller.name}: ${res.statusCode} (wanted ${caller.says}) ${res.body.slice(0, 120)}`);
      }
      expect(wrong).toEqual([]);
    },
  );

  const auditRows = async () => t.ctx.db.$count(auditLog);
  // Every row any call below inserts, updates or deletes, seen by a trigger on each table.
  const writes = await watchWrites(t.ctx.db);

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
        const rowsBefore = await auditRows();
        await writes.take();
        const res = await send(route, caller.token);
        const tables = await writes.take();
        if (!caller.expect(res.statusCode, route))
          wrong.push(`${caller.name}: ${res.statusCode} (wanted ${caller.wanted}) ${res.body.slice(0, 120)}`);
        // A call that succeeded wrote its row; a refused one wrote none.
        const written = (await auditRows()) - rowsBefore;
        const wanted =
          route.auditAction && res.statusCode < 300 && (!route.auditWhenNoted || tables.length > 0) ? 1 : 0;
        if (written !== wanted)
          wrong.push(`${caller.name}: ${res.statusCode} added ${written} audit rows (wanted ${wanted})`);
        if (tables.length > 0 && written === 0)
          wrong.push(`${caller.name}: ${res.statusCode} wrote ${tables.join(', ')} without an audit row`);
      }
      expect(wrong).toEqual([]);
    },
  );

  // The calls above carry random ids and empty bodies, so most writes are refused before they
  // write. Here every back-office write route that owners cannot call is called once as it is
  // meant to be, on real objects (the owners' routes are called so by
  // test/api/owner-scope/owner-scope-matrix.test.ts, with the same check): whatever it wrote,
  // it added its audit row.
  it('adds an audit row for every back-office write that wrote anything (valid calls)', async () => {
    const db = t.ctx.db;
    const ownerId = await newOwner(t);
    const boat = await createBoat(db, { ownerId });
    const trip = await createSharedTrip(db, boat.id, new Date(Date.now() + 3 * 24 * 3_600_000));
    const sale = await buyAndConfirm(
      t.app,
      sharedRequest(boat.id, trip, { adults: 2, children50: 0, kidsFree: 0 }),
    );
    const [review] = await db
      .insert(reviews)
      .values({
        bookingId: sale.bookingId,
        boatId: boat.id,
        stars: 2,
        firstName: 'Matrix',
        language: 'en',
        tripStartsAt: trip.startsAt,
      })
      .returning();
    const [erasure] = await db
      .insert(erasureRequests)
      .values({
        bookingId: sale.bookingId,
        email: 'erase-me@example.com',
        dueAt: new Date(Date.now() + 30 * 24 * 3_600_000),
      })
      .returning();
    // Two "List your boat" applications, through the public form.
    const apply = async (name: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/owner-applications',
        payload: {
          kind: 'company',
          displayName: name,
          legalName: `${name} S.L.`,
          taxId: 'B12345674',
          address: 'Calle del Puerto 3, 38650 Los Cristianos',
          phone: '+34 600 11 22 33',
          email: `${name.toLowerCase()}-${randomUUID().slice(0, 6)}@example.com`,
          language: 'en',
          boat: {
            type: 'catamaran',
            name: 'Brisa',
            lengthMeters: '12',
            capacity: 10,
            harbour: 'Puerto Colón',
            included: 'Drinks',
            photos: [],
          },
          termsAccepted: true,
        },
      });
      expect(res.statusCode, res.body).toBeLessThan(300);
      const [row] = await db
        .select({ id: ownerApplications.id })
        .from(ownerApplications)
        .where(eq(ownerApplications.displayName, name));
      return row!;
    };
    const approve = await apply('Approvable');
    const decline = await apply('Declinable');
    const agentId = agent.json<{ agent: { _id: string } }>().agent._id;
    const liveKeyId = (await issueKey()).key._id;
    // A seat the reseller sold on account, so there is something to settle.
    const octoCall = (url: string, payload: object) =>
      t.app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${liveKey}` }, payload });
    const held = await octoCall('/octo/bookings', {
      productId: boat.id,
      optionId: 'DEFAULT',
      availabilityId: trip.id,
      unitItems: [{ unitId: 'adult' }],
    });
    await octoCall(`/octo/bookings/${held.json<{ uuid: string }>().uuid}/confirm`, {
      contact: { fullName: 'Matrix Guest' },
    });
    // A webhook to remove (the matrix adds another through its own call).
    const matrixWebhookId = (
      await t.app.inject({
        method: 'POST',
        url: `/api/admin/resellers/${resellerId}/webhooks`,
        headers: { authorization: `Bearer ${admin}` },
        payload: { url: 'https://matrix.reseller.example/removed' },
      })
    ).json<{ webhook: { _id: string } }>().webhook._id;
    // A damage claim the customer disputed, on a deposit taken at the harbour (decision 40).
    const [harbourDeposit] = await db
      .insert(deposits)
      .values({
        bookingId: sale.bookingId,
        amountCents: 30_000,
        status: 'authorised',
        method: 'cash',
        authoriseAt: new Date(),
      })
      .returning();
    await db.insert(depositClaims).values({
      bookingId: sale.bookingId,
      depositId: harbourDeposit!.id,
      amountCents: 5000,
      note: 'Matrix damage',
      photos: ['evidence-00000000-0000-4000-8000-000000000000'],
      status: 'disputed',
      filedBy: 'owner@example.com',
      filedAt: new Date(),
      answerBy: new Date(),
      answer: 'Not me',
    });
    type Call = { url: string; body?: unknown; token?: string };
    const CALLS: Record<string, Call> = {
      'POST /api/admin/deposit-claims/:id/decision': {
        url: `/api/admin/deposit-claims/${sale.bookingId}/decision`,
        body: { amount: 0, reason: 'Matrix decision' },
      },
      'POST /api/admin/agents': {
        url: '/api/admin/agents',
        body: {
          name: 'Second Desk',
          email: `desk-${randomUUID().slice(0, 6)}@example.com`,
          password: 'second-desk-2026',
          commissionPercent: 10,
        },
      },
      // The agent's cash sale first, so there is something to settle.
      'POST /api/agent/trips/:slotId/bookings': {
        url: `/api/agent/trips/${trip.id}/bookings`,
        token: agentToken,
        body: {
          passengers: { adults: 1, children50: 0, kidsFree: 0 },
          customer: { name: 'Matrix Guest', email: 'guest@example.com' },
          language: 'en',
          payment: { method: 'cash' },
        },
      },
      'POST /api/admin/agents/:id/settlements': {
        url: `/api/admin/agents/${agentId}/settlements`,
        body: { amount: 1 },
      },
      'POST /api/admin/boats/:id/instant-forced': {
        url: `/api/admin/boats/${boat.id}/instant-forced`,
        body: { instantForced: true },
      },
      'POST /api/admin/erasure-requests/:id/carry-out': {
        url: `/api/admin/erasure-requests/${erasure!.id}/carry-out`,
      },
      'POST /api/admin/invoices/issue': { url: '/api/admin/invoices/issue', body: {} },
      'POST /api/admin/owner-applications/:id/approve': {
        url: `/api/admin/owner-applications/${approve.id}/approve`,
      },
      'POST /api/admin/owner-applications/:id/decline': {
        url: `/api/admin/owner-applications/${decline.id}/decline`,
        body: { reason: 'Not a boat we can list' },
      },
      'PATCH /api/admin/owners/:id': {
        url: `/api/admin/owners/${ownerId}`,
        body: { commissionPercent: 12.5 },
      },
      'POST /api/admin/payouts/owners/:ownerId/hold': {
        url: `/api/admin/payouts/owners/${ownerId}/hold`,
        body: { onHold: true },
      },
      'POST /api/admin/payouts/run': { url: '/api/admin/payouts/run' },
      'POST /api/admin/resellers': {
        url: '/api/admin/resellers',
        body: {
          name: 'Second Reseller',
          contactName: 'Desk',
          contactEmail: 'second@reseller.example',
          commissionPercent: 10,
          cancellation: 'boat_policy',
        },
      },
      'POST /api/admin/resellers/:id/keys': {
        url: `/api/admin/resellers/${resellerId}/keys`,
        body: { label: 'second' },
      },
      'POST /api/admin/resellers/:id/keys/:keyId/revoke': {
        url: `/api/admin/resellers/${resellerId}/keys/${liveKeyId}/revoke`,
      },
      'POST /api/admin/resellers/:id/webhooks': {
        url: `/api/admin/resellers/${resellerId}/webhooks`,
        body: { url: 'https://matrix.reseller.example/octo' },
      },
      'POST /api/admin/resellers/:id/webhook-secret': {
        url: `/api/admin/resellers/${resellerId}/webhook-secret`,
      },
      'DELETE /api/admin/resellers/:id/webhooks/:webhookId': {
        url: `/api/admin/resellers/${resellerId}/webhooks/${matrixWebhookId}`,
      },
      'PUT /api/admin/resellers/:id/boats': {
        url: `/api/admin/resellers/${resellerId}/boats`,
        body: { allOptedIn: true, boatIds: [boat.id] },
      },
      'POST /api/admin/resellers/:id/settlements': {
        url: `/api/admin/resellers/${resellerId}/settlements`,
        body: { amount: 1 },
      },
      'PUT /api/admin/resellers/:id/hold-limits': {
        url: `/api/admin/resellers/${resellerId}/hold-limits`,
        body: {
          maxHeldSharePercent: 100,
          maxHeldSeatsPerTrip: null,
          maxSeatsPerReservation: null,
          maxLiveHolds: null,
          maxHoldMinutes: 30,
        },
      },
      'PUT /api/admin/resellers/:id/billing': {
        url: `/api/admin/resellers/${resellerId}/billing`,
        body: {
          legalName: 'Matrix Tours S.L.',
          taxId: 'B12345674',
          country: 'ES',
          address: 'Calle Mayor 1, Madrid',
        },
      },
      // After the billing details: a month long ended, with nothing to invoice.
      'POST /api/admin/resellers/:id/invoices': {
        url: `/api/admin/resellers/${resellerId}/invoices`,
        body: { month: '2020-01' },
      },
      'POST /api/admin/boats/:id/reseller-commission': {
        url: `/api/admin/boats/${boat.id}/reseller-commission`,
        body: { resellerCommissionBearer: 'owner' },
      },
      'POST /api/admin/reviews/:id/hide': {
        url: `/api/admin/reviews/${review!.id}/hide`,
        body: { reason: 'abuse', note: 'matrix' },
      },
      'PUT /api/admin/trips/:slotId/minimum': {
        url: `/api/admin/trips/${trip.id}/minimum`,
        body: { waived: true },
      },
      'PUT /api/admin/owners/:id/aeat-representation': {
        url: `/api/admin/owners/${ownerId}/aeat-representation`,
        body: { since: '2020-01-01', evidence: 'AEAT registro 2020-000001' },
      },
      'DELETE /api/admin/owners/:id/aeat-representation': {
        url: `/api/admin/owners/${ownerId}/aeat-representation`,
      },
      // Last: suspending takes the owner's boats off the site.
      'POST /api/admin/owners/:id/suspend': {
        url: `/api/admin/owners/${ownerId}/suspend`,
        body: { upcoming: 'serve' },
      },
    };
    // A correction needs a billing record the tax agency rejected (a fake AEAT):
    // test/api/verifactu/correction.test.ts checks its audit row; a cancellation needs a company's
    // full invoice: test/api/invoices/invoice-cancellation.test.ts checks its audit row; a change
    // of recipient needs a full invoice or a commission invoice:
    // test/api/invoices/recipient-change.test.ts checks its audit row.
    const NOT_CALLED = new Set([
      'POST /api/admin/invoicing/records/:id/correction',
      'POST /api/admin/invoicing/customer-invoices/:id/cancellation',
      'POST /api/admin/invoicing/customer-invoices/:id/recipient',
      'POST /api/admin/invoicing/commission-invoices/:id/recipient',
    ]);
    const adminOnlyWrites = adminRoutes
      .filter((r) => r.method !== 'GET' && !r.allowedRoles?.includes('owner'))
      .map((r) => `${r.method} ${r.url}`);
    expect(
      adminOnlyWrites.filter((k) => !CALLS[k] && !NOT_CALLED.has(k)),
      'back-office write routes without a valid call here',
    ).toEqual([]);
    const wrong: string[] = [];
    for (const [key, call] of Object.entries(CALLS)) {
      const method = key.split(' ')[0] as 'POST';
      const rowsBefore = await auditRows();
      await writes.take();
      const res = await t.app.inject({
        method,
        url: call.url,
        headers: { authorization: `Bearer ${call.token ?? admin}` },
        ...(call.body === undefined ? {} : { payload: call.body as object }),
      });
      const tables = await writes.take();
      const written = (await auditRows()) - rowsBefore;
      if (res.statusCode >= 300) wrong.push(`${key}: ${res.statusCode} ${res.body.slice(0, 160)}`);
      else if (written !== 1)
        wrong.push(`${key}: wrote ${tables.join(', ') || 'nothing'} and ${written} audit rows`);
    }
    expect(wrong).toEqual([]);
  }, 60_000);
});
