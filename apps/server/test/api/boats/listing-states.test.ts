// A boat's listing through the API (docs/back-office.md#listings): an owner's new boat is a
// draft, its submission is refused while something is missing (said by name), the platform
// approves it, its owner pauses and resumes it, the platform suspends and reinstates it; the
// public catalogue, the boat's page, the sitemap and the checkout follow the state at once, and
// each party is refused the other's steps; the owner is e-mailed when the platform approves or
// sends back their boat.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { newBoatDefaults } from '@boats/domain/schemas/boat';
import type { AdminBoat } from '@boats/domain/schemas/boat';
import { bearer, newOwner, tokenFor } from '../../helpers/admin-token';
import { buildTestApp } from '../../helpers/test-app';
import { emailOutbox, owners } from '../../../src/db/schema';
import { queueEventEmails } from '../../../src/modules/jobs/event-emails';
import { createSharedTrip, requestHold, sharedRequest } from '../../helpers/checkout-fixtures';

const NOW = new Date('2027-06-01T09:00:00Z');

describe('a listing from draft to live and paused', async () => {
  const t = await buildTestApp({ template: 'empty', now: NOW });
  const admin = await tokenFor(t, 'admin');
  const ownerId = await newOwner(t);
  const owner = await tokenFor(t, 'owner', { ownerId });
  const otherOwner = await tokenFor(t, 'owner');

  const call = (token: string, url: string, payload?: object) =>
    t.app.inject({
      method: payload ? 'POST' : 'GET',
      url,
      headers: bearer(token),
      ...(payload && { payload }),
    });
  const step = (token: string, id: string, action: string) =>
    call(token, `/api/admin/boats/${id}/listing`, { action });
  const boatOf = (res: { json(): unknown }) => (res.json() as { boat: AdminBoat }).boat;

  /** Where the public site shows the boat: catalogue, its month, the sitemap, a checkout's hold. */
  async function publicly(id: string) {
    const catalogue = (await t.app.inject('/api/boats')).json<{ items: { _id: string }[] }>().items;
    const month = await t.app.inject(
      `/api/boat/${id}?start=2027-06-01T00:00:00.000Z&end=2027-06-30T23:59:59.999Z`,
    );
    const sitemap = (await t.app.inject('/sitemap.xml')).body;
    return {
      catalogue: catalogue.some((b) => b._id === id),
      page: month.statusCode,
      sitemap: sitemap.includes(`/boats/${id}`),
    };
  }

  it('refuses a submission naming what is missing, then walks draft → in review → live → paused → live', async () => {
    const created = await call(owner, '/api/admin/boats', {
      ...newBoatDefaults,
      title: 'Sea Breeze',
      pricing: { ...newBoatDefaults.pricing, perHour: 0 },
      shared: { ...newBoatDefaults.shared, pricing: { perHour: 0 } },
    });
    expect(created.statusCode, created.body).toBe(200);
    const draft = boatOf(created);
    expect(draft).toMatchObject({
      listing: 'draft',
      isActive: false,
      missing: ['description', 'photos', 'harbour', 'price'],
    });

    const refused = await step(owner, draft._id, 'submit');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      error: 'listing_incomplete',
      details: { missing: ['description', 'photos', 'harbour', 'price'] },
    });
    // The platform cannot approve what was never submitted.
    expect((await step(admin, draft._id, 'approve')).json()).toMatchObject({
      error: 'listing_transition',
      details: { from: 'draft', action: 'approve' },
    });

    const completed = await call(owner, `/api/boats/update/${draft._id}`, {
      ...newBoatDefaults,
      title: 'Sea Breeze',
      description: '<p>Two hours along the cliffs of Los Gigantes</p>',
      images: ['/media/boats/sea-breeze.webp'],
      port: { name: 'Los Gigantes', address: 'Puerto de Los Gigantes' },
      shared: { ...newBoatDefaults.shared, pricing: { perHour: 30 } },
    });
    expect(boatOf(completed).missing).toEqual([]);

    const submitted = await step(owner, draft._id, 'submit');
    expect(boatOf(submitted)).toMatchObject({ listing: 'in_review' });
    // An owner never approves their own boat; another owner does not even find it.
    expect((await step(owner, draft._id, 'approve')).json()).toMatchObject({ error: 'listing_forbidden' });
    expect((await step(otherOwner, draft._id, 'pause')).statusCode).toBe(404);
    expect(await publicly(draft._id)).toEqual({ catalogue: false, page: 404, sitemap: false });

    const approved = await step(admin, draft._id, 'approve');
    expect(boatOf(approved)).toMatchObject({ listing: 'live', isActive: true });
    expect(await publicly(draft._id)).toEqual({ catalogue: true, page: 200, sitemap: true });

    const trip = await createSharedTrip(t.ctx.db, draft._id, new Date('2027-06-12T09:00:00Z'), {
      seatPriceCents: 3000,
    });
    const hold = sharedRequest(draft._id, trip, { adults: 2, children50: 0, kidsFree: 0 });

    const paused = await step(owner, draft._id, 'pause');
    expect(boatOf(paused)).toMatchObject({ listing: 'paused', isActive: false });
    expect(await publicly(draft._id)).toEqual({ catalogue: false, page: 404, sitemap: false });
    expect((await requestHold(t.app, hold)).statusCode).toBe(404);

    expect(boatOf(await step(owner, draft._id, 'resume'))).toMatchObject({ listing: 'live' });
    expect((await requestHold(t.app, hold)).statusCode).toBe(200);
  });

  it('lets only the platform suspend; lifting a suspension or the archive returns the boat to where it was', async () => {
    const { boat } = (
      await call(owner, '/api/admin/boats', {
        ...newBoatDefaults,
        title: 'Blue Fin',
        description: 'Whales and dolphins',
        images: ['/media/boats/blue-fin.webp'],
        port: { name: 'Puerto Colón', address: '' },
      })
    ).json<{ boat: AdminBoat }>();
    await step(owner, boat._id, 'submit');
    await step(admin, boat._id, 'approve');
    await step(owner, boat._id, 'pause');

    expect((await step(owner, boat._id, 'suspend')).statusCode).toBe(403);
    expect(boatOf(await step(admin, boat._id, 'suspend'))).toMatchObject({ listing: 'suspended' });
    // The owner cannot resume their way around it.
    expect((await step(owner, boat._id, 'resume')).json()).toMatchObject({
      error: 'listing_transition',
      details: { from: 'suspended' },
    });
    expect((await step(owner, boat._id, 'reinstate')).statusCode).toBe(403);
    expect(boatOf(await step(admin, boat._id, 'reinstate'))).toMatchObject({ listing: 'paused' });

    const archived = await call(owner, `/api/admin/boats/${boat._id}/archive`, { archived: true });
    expect(boatOf(archived)).toMatchObject({ listing: 'archived', archived: true });
    const restored = await call(owner, `/api/admin/boats/${boat._id}/archive`, { archived: false });
    expect(boatOf(restored)).toMatchObject({ listing: 'paused', archived: false });

    const history = (await call(admin, `/api/admin/boats/${boat._id}/history`)).json<{
      items: { action: string }[];
    }>();
    // The test's clock stands still, so the lines share one instant: compared as a set.
    expect(history.items.map((h) => h.action).sort()).toEqual(
      [
        'created',
        'submitted',
        'published',
        'paused',
        'suspended',
        'unsuspended',
        'archived',
        'restored',
      ].sort(),
    );
  });

  it('shows the admin each boat with its owner’s name and state; an owner their own', async () => {
    const all = (await call(admin, '/api/admin/boats')).json<{ items: AdminBoat[] }>().items;
    expect(all.map((b) => [b.title, b.listing])).toEqual(
      expect.arrayContaining([
        ['Sea Breeze', 'live'],
        ['Blue Fin', 'paused'],
      ]),
    );
    const mine = (await call(owner, '/api/admin/boats')).json<{ items: AdminBoat[] }>().items;
    expect(new Set(mine.map((b) => b.ownerName))).toEqual(new Set([all[0]!.ownerName]));
    expect((await call(otherOwner, '/api/admin/boats')).json<{ items: AdminBoat[] }>().items).toEqual([]);
  });
});

describe('the owner is told the platform’s decision on their boat (issue 58)', async () => {
  const t = await buildTestApp({ template: 'empty', now: NOW });
  const admin = await tokenFor(t, 'admin');
  const ownerId = await newOwner(t, { language: 'es', displayName: 'Marta' });
  const owner = await tokenFor(t, 'owner', { ownerId });
  const email = (
    await t.ctx.db.select({ email: owners.email }).from(owners).where(eq(owners.id, ownerId))
  )[0]!.email;

  const call = (token: string, url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: bearer(token), payload });
  // The e-mails hang off the step's event, queued by the event job.
  const mails = async () => {
    await queueEventEmails(t.ctx);
    return t.ctx.db
      .select({ subject: emailOutbox.subject, text: emailOutbox.textBody, kind: emailOutbox.kind })
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, email));
  };

  it('sent back with a note, then approved: an e-mail each, in the owner’s language', async () => {
    const { boat } = (
      await call(owner, '/api/admin/boats', {
        ...newBoatDefaults,
        title: 'Sea Breeze',
        description: 'Two hours along the cliffs',
        images: ['/media/boats/sea-breeze.webp'],
        port: { name: 'Los Gigantes', address: '' },
      })
    ).json<{ boat: AdminBoat }>();
    await call(owner, `/api/admin/boats/${boat._id}/listing`, { action: 'submit' });
    // The owner's own steps tell nobody.
    expect(await mails()).toEqual([]);

    const back = await call(admin, `/api/admin/boats/${boat._id}/listing`, {
      action: 'send_back',
      note: 'Las fotos están muy oscuras.',
    });
    expect(back.statusCode, back.body).toBe(200);
    const [sentBack] = await mails();
    expect(sentBack).toMatchObject({
      kind: 'boat_listing_sent_back',
      subject: 'Te hemos devuelto Sea Breeze',
    });
    expect(sentBack!.text).toContain('Hola, Marta:');
    expect(sentBack!.text).toContain('Nota de la plataforma: Las fotos están muy oscuras.');
    expect(sentBack!.text).toContain(`/admin/boats/edit/${boat._id}`);

    await call(owner, `/api/admin/boats/${boat._id}/listing`, { action: 'submit' });
    await call(admin, `/api/admin/boats/${boat._id}/listing`, { action: 'approve' });
    const all = await mails();
    expect(all.map((m) => m.subject).sort()).toEqual(
      ['Sea Breeze ya está en la web', 'Te hemos devuelto Sea Breeze'].sort(),
    );
    expect(all.find((m) => m.kind === 'boat_listing_approved')!.text).not.toContain('Nota de la plataforma');
  });
});
