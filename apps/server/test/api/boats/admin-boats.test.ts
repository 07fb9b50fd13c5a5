import { count, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { newBoatDefaults } from '@boats/domain/schemas/boat';
import { bookings } from '../../../src/db/schema';
import { bearer, tokenFor } from '../../helpers/admin-token';
import { buildTestApp } from '../../helpers/test-app';

type BoatJson = Record<string, unknown> & { _id: string; title: string; pricing: { perHour: number } };

describe('admin boats API', async () => {
  const t = await buildTestApp({ template: 'demo' });
  const admin = bearer(await tokenFor(t, 'admin'));
  const user = bearer(await tokenFor(t, 'user'));
  const { items } = (await t.app.inject({ url: '/api/admin/boats', headers: admin })).json() as {
    items: BoatJson[];
  };
  const someBoat = items[0]!;

  const newBoat = {
    ...newBoatDefaults,
    title: 'Test Cat',
    titleI18n: { en: 'Test Cat', es: 'Catamarán de prueba', ru: 'Тестовый катамаран' },
    description: '<p>Calm <b>waters</b></p>',
    images: ['https://example.com/a.jpg', '/media/boats/b.webp'],
    port: { name: 'Puerto Colón', address: 'Costa Adeje' },
    pricing: { perHour: 120.5, halfDay: 400, perDay: null },
  };

  const endpoints = [
    { method: 'GET' as const, url: '/api/admin/boats' },
    { method: 'GET' as const, url: `/api/admin/boats/${someBoat._id}` },
    { method: 'POST' as const, url: '/api/admin/boats', payload: newBoat },
    { method: 'POST' as const, url: `/api/boats/update/${someBoat._id}`, payload: newBoat },
    { method: 'POST' as const, url: `/api/admin/boats/${someBoat._id}/archive`, payload: { archived: true } },
  ];

  it.each(endpoints)('$method $url answers 401 without a token and 403 for a non-admin', async (endpoint) => {
    const anonymous = await t.app.inject(endpoint);
    expect(anonymous.statusCode).toBe(401);
    const expired = await t.app.inject({ ...endpoint, headers: bearer('not.a.token') });
    expect(expired.statusCode).toBe(401);
    const forbidden = await t.app.inject({ ...endpoint, headers: user });
    expect(forbidden.statusCode).toBe(403);
  });

  it('checks the role before the body: an anonymous bad payload is 401, not a schema lesson', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/boats', payload: { capacity: 'x' } });
    expect(res.statusCode).toBe(401);
    const asUser = await t.app.inject({
      method: 'POST',
      url: '/api/admin/boats',
      payload: {},
      headers: user,
    });
    expect(asUser.statusCode).toBe(403);
  });

  it('lists every boat, inactive ones included, in the spec shape', async () => {
    expect(items.length).toBeGreaterThanOrEqual(7);
    expect(someBoat).toMatchObject({ _id: expect.any(String), title: expect.any(String), isActive: true });
  });

  it('creates a boat (euros in, cents kept exactly) and fetches it for the editor', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/boats',
      payload: newBoat,
      headers: admin,
    });
    expect(created.statusCode).toBe(200);
    const { boat } = created.json() as { boat: BoatJson };
    expect(boat).toMatchObject({
      title: 'Test Cat',
      titleI18n: { en: 'Test Cat', es: 'Catamarán de prueba', ru: 'Тестовый катамаран' },
      capacity: 6,
      minDurationHours: 2,
      maxDurationHours: 8,
      verified: false,
      port: { name: 'Puerto Colón', address: 'Costa Adeje' },
      pricing: { perHour: 120.5, halfDay: 400, perDay: null },
      shared: { pricing: { perHour: 50 }, minSeatsToDepart: 0 },
      images: ['https://example.com/a.jpg', '/media/boats/b.webp'],
    });

    const fetched = await t.app.inject({ url: `/api/admin/boats/${boat._id}`, headers: admin });
    expect(fetched.statusCode).toBe(200);
    expect((fetched.json() as { boat: BoatJson }).boat).toEqual(boat);

    const listed = (await t.app.inject({ url: '/api/admin/boats', headers: admin })).json() as {
      items: BoatJson[];
    };
    expect(listed.items.map((b) => b._id)).toContain(boat._id);
  });

  it('updates a boat; pausing it hides it from the public fleet but not from the admin list', async () => {
    const { boat } = (
      await t.app.inject({ method: 'POST', url: '/api/admin/boats', payload: newBoat, headers: admin })
    ).json() as { boat: BoatJson };
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/boats/update/${boat._id}`,
      payload: { ...newBoat, title: 'Renamed', capacity: 10 },
      headers: admin,
    });
    expect(res.statusCode).toBe(200);
    expect((res.json() as { boat: BoatJson }).boat).toMatchObject({ title: 'Renamed', capacity: 10 });
    const paused = await t.app.inject({
      method: 'POST',
      url: `/api/admin/boats/${boat._id}/listing`,
      payload: { action: 'pause' },
      headers: admin,
    });
    expect(paused.json()).toMatchObject({ boat: { listing: 'paused', isActive: false } });
    const publicFleet = (await t.app.inject('/api/boats')).json() as { items: BoatJson[] };
    expect(publicFleet.items.map((b) => b._id)).not.toContain(boat._id);
    const adminList = (await t.app.inject({ url: '/api/admin/boats', headers: admin })).json() as {
      items: BoatJson[];
    };
    expect(adminList.items.map((b) => b._id)).toContain(boat._id);
  });

  it("counts each boat's paid and confirmed bookings still ahead, which the archive question names", async () => {
    const list = (await t.app.inject({ url: '/api/admin/boats', headers: admin })).json() as {
      items: (BoatJson & { upcomingBookings: number })[];
    };
    const now = Date.now();
    const all = await t.ctx.db
      .select({ boatId: bookings.boatId, status: bookings.status, startsAt: bookings.startsAt })
      .from(bookings);
    const ahead = (boatId: string) =>
      all.filter(
        (b) => b.boatId === boatId && ['paid', 'confirmed'].includes(b.status) && b.startsAt.getTime() > now,
      ).length;
    for (const boat of list.items) expect(boat.upcomingBookings, boat.title).toBe(ahead(boat._id));
    expect(list.items.some((boat) => boat.upcomingBookings > 0)).toBe(true);
    // Bookings of other kinds (held, canceled, completed, past) are there but not counted.
    expect(all.length).toBeGreaterThan(list.items.reduce((sum, boat) => sum + boat.upcomingBookings, 0));
  });

  it('archives a boat with bookings: gone from the public site, its bookings kept; and brings it back', async () => {
    const [busiest] = await t.ctx.db
      .select({ boatId: bookings.boatId, n: count() })
      .from(bookings)
      .groupBy(bookings.boatId)
      .orderBy(desc(count()))
      .limit(1);
    expect(busiest?.n).toBeGreaterThan(0);
    const boatId = busiest!.boatId;
    const archive = (archived: boolean) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/boats/${boatId}/archive`,
        payload: { archived },
        headers: admin,
      });
    const publicIds = async () =>
      ((await t.app.inject('/api/boats')).json() as { items: BoatJson[] }).items.map((b) => b._id);
    const month = `start=${new Date().toISOString()}&end=${new Date(Date.now() + 7 * 86_400_000).toISOString()}`;

    const archived = await archive(true);
    expect(archived.statusCode).toBe(200);
    expect((archived.json() as { boat: BoatJson }).boat).toMatchObject({ _id: boatId, archived: true });
    expect(await publicIds()).not.toContain(boatId);
    expect((await t.app.inject(`/api/boat/${boatId}?${month}`)).statusCode).toBe(404);
    const adminBoat = (await t.app.inject({ url: `/api/admin/boats/${boatId}`, headers: admin })).json() as {
      boat: BoatJson;
    };
    expect(adminBoat.boat.archived).toBe(true);
    const [kept] = await t.ctx.db.select({ n: count() }).from(bookings).where(eq(bookings.boatId, boatId));
    expect(kept?.n).toBe(busiest!.n);

    expect((await archive(false)).statusCode).toBe(200);
    expect(await publicIds()).toContain(boatId);
  });

  it.each([
    ['capacity', { capacity: 0 }, 'body.capacity'],
    ['hours', { minDurationHours: 0 }, 'body.minDurationHours'],
    ['min above max', { minDurationHours: 9, maxDurationHours: 8 }, 'body.maxDurationHours'],
    ['negative price', { pricing: { perHour: -1, halfDay: null, perDay: null } }, 'body.pricing.perHour'],
    ['blank title', { title: '  ' }, 'body.title'],
    ['bad image', { images: ['javascript:alert(1)'] }, 'body.images.0'],
  ])('refuses a boat with a bad %s with 400 naming the field', async (_name, change, path) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/boats',
      payload: { ...newBoat, ...change },
      headers: admin,
    });
    expect(res.statusCode).toBe(400);
    expect((res.json() as { fields: { path: string }[] }).fields.map((f) => f.path)).toContain(path);
  });

  it('keeps a boat’s own reschedule policy (fee in euros), shows the site default otherwise, and names a bad field', async () => {
    const { boat } = (
      await t.app.inject({ method: 'POST', url: '/api/admin/boats', payload: newBoat, headers: admin })
    ).json() as { boat: BoatJson };
    expect(boat).toMatchObject({
      reschedulePolicy: { allowed: true, hoursBefore: 48, maxTimes: 1, fee: 0 },
      reschedulePolicyIsDefault: true,
    });
    const update = (reschedulePolicy: unknown) =>
      t.app.inject({
        method: 'POST',
        url: `/api/boats/update/${boat._id}`,
        payload: { ...newBoat, reschedulePolicy },
        headers: admin,
      });
    const own = await update({ allowed: true, hoursBefore: 24, maxTimes: 2, fee: 12.5 });
    expect(own.json()).toMatchObject({
      boat: {
        reschedulePolicy: { hoursBefore: 24, maxTimes: 2, fee: 12.5 },
        reschedulePolicyIsDefault: false,
      },
    });
    const bad = await update({ allowed: true, hoursBefore: -1, maxTimes: 2, fee: 0 });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('reschedulePolicy.hoursBefore');
    const back = await update(null);
    expect(back.json()).toMatchObject({ boat: { reschedulePolicyIsDefault: true } });
  });

  it('names the licence a self-drive boat needs, keeps it, and names a bad one', async () => {
    const { boat } = (
      await t.app.inject({ method: 'POST', url: '/api/admin/boats', payload: newBoat, headers: admin })
    ).json() as { boat: BoatJson };
    const update = (change: object) =>
      t.app.inject({
        method: 'POST',
        url: `/api/boats/update/${boat._id}`,
        payload: { ...newBoat, ...change },
        headers: admin,
      });
    const selfDrive = await update({ requiresLicense: true, licence: 'per' });
    expect(selfDrive.json()).toMatchObject({ boat: { requiresLicense: true, licence: 'per' } });
    // A form that does not send it keeps what is stored.
    expect((await update({ requiresLicense: true })).json()).toMatchObject({ boat: { licence: 'per' } });
    const bad = await update({ requiresLicense: true, licence: 'yacht master' });
    expect(bad.statusCode).toBe(400);
    expect((bad.json() as { fields: { path: string }[] }).fields.map((f) => f.path)).toContain(
      'body.licence',
    );
  });

  it('answers 404 for an unknown boat, whatever the id looks like', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      expect((await t.app.inject({ url: `/api/admin/boats/${id}`, headers: admin })).statusCode).toBe(404);
      const update = await t.app.inject({
        method: 'POST',
        url: `/api/boats/update/${id}`,
        payload: newBoat,
        headers: admin,
      });
      expect(update.statusCode).toBe(404);
    }
  });
});
