// The platform admin's owners and listings (docs/back-office.md#owners, #listings): the
// commission override and suspension of an owner, an owner's new boat as a draft the public
// site does not show until the admin publishes it, suspension of a boat, and the boat's history;
// an owner's translations of the inclusions they typed, which no other owner can change.
import { describe, expect, it } from 'vitest';
import { newBoatDefaults, type Boat } from '@boats/domain/schemas/boat';
import type { BoatHistoryEntry, Owner } from '@boats/domain/schemas/owner';
import { bearer, newOwner, tokenFor } from '../../helpers/admin-token';
import { buildTestApp } from '../../helpers/test-app';

describe('owners and listings for the platform admin', async () => {
  const t = await buildTestApp({ template: 'empty', env: { PLATFORM_FEE_PERCENT: '15' } });
  const admin = await tokenFor(t, 'admin');
  const ownerId = await newOwner(t);
  const owner = await tokenFor(t, 'owner', { ownerId });

  const call = (token: string, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const publicIds = async () =>
    (await t.app.inject({ url: '/api/boats' })).json<{ items: { _id: string }[] }>().items.map((b) => b._id);

  it('lists owners with the site default commission, overrides it and suspends an owner', async () => {
    const list = (await call(admin, 'GET', '/api/admin/owners')).json<{ items: Owner[] }>().items;
    expect(list[0]).toMatchObject({ isPlatform: true });
    expect(list.find((o) => o._id === ownerId)).toMatchObject({
      commissionPercent: 15,
      commissionOverridden: false,
      status: 'active',
    });
    const patched = await call(admin, 'PATCH', `/api/admin/owners/${ownerId}`, { commissionPercent: 12.5 });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json<{ owner: Owner }>().owner).toMatchObject({
      commissionPercent: 12.5,
      commissionOverridden: true,
    });
    const bad = await call(admin, 'PATCH', `/api/admin/owners/${ownerId}`, { commissionPercent: 120 });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('commissionPercent');
    const platform = list[0]!;
    const refused = await call(admin, 'PATCH', `/api/admin/owners/${platform._id}`, { status: 'suspended' });
    expect(refused.statusCode).toBe(409);
    // Owners never reach the admin's owner routes.
    expect((await call(owner, 'GET', '/api/admin/owners')).statusCode).toBe(403);
  });

  it('keeps an owner’s new boat a draft off the site until the admin approves it; suspension takes it off again', async () => {
    const created = await call(owner, 'POST', '/api/admin/boats', {
      ...newBoatDefaults,
      title: 'Draft boat',
      description: 'Along the coast',
      images: ['/media/boats/a.webp'],
      port: { name: 'Los Cristianos', address: '' },
    });
    expect(created.statusCode, created.body).toBe(200);
    const boat = created.json<{ boat: Boat }>().boat;
    expect(await publicIds()).not.toContain(boat._id);

    expect(
      (await call(owner, 'POST', `/api/admin/boats/${boat._id}/listing`, { action: 'submit' })).json(),
    ).toMatchObject({ boat: { listing: 'in_review' } });
    const published = await call(admin, 'POST', `/api/admin/boats/${boat._id}/listing`, {
      action: 'approve',
    });
    expect(published.json()).toMatchObject({ boat: { listing: 'live', ownerName: expect.any(String) } });
    expect(await publicIds()).toContain(boat._id);

    // An owner's edit goes live at once and is recorded.
    const edit = {
      ...newBoatDefaults,
      title: 'Draft boat renamed',
      capacity: 8,
      description: 'Along the coast',
      images: ['/media/boats/a.webp'],
      port: { name: 'Puerto Colón', address: '' },
      pricing: { ...newBoatDefaults.pricing, perHour: 120 },
      harbourI18n: { name: { es: 'Puerto Colón, muelle 3' }, address: {}, note: {} },
    };
    const edited = await call(owner, 'POST', `/api/boats/update/${boat._id}`, edit);
    expect(edited.statusCode, edited.body).toBe(200);
    // The same form saved again changes nothing, whatever order the database keeps its keys in.
    expect((await call(owner, 'POST', `/api/boats/update/${boat._id}`, edit)).statusCode).toBe(200);

    expect(
      (await call(owner, 'POST', `/api/admin/boats/${boat._id}/listing`, { action: 'suspend' })).statusCode,
    ).toBe(403);
    const suspended = await call(admin, 'POST', `/api/admin/boats/${boat._id}/listing`, {
      action: 'suspend',
    });
    expect(suspended.json()).toMatchObject({ boat: { listing: 'suspended' } });
    expect(await publicIds()).not.toContain(boat._id);

    const history = (await call(admin, 'GET', `/api/admin/boats/${boat._id}/history`)).json<{
      items: BoatHistoryEntry[];
    }>().items;
    expect(history.map((h) => [h.action, h.actorRole])).toEqual([
      ['suspended', 'admin'],
      ['edited', 'owner'],
      ['published', 'admin'],
      ['submitted', 'owner'],
      ['created', 'owner'],
    ]);
    expect(history[1]!.fields).toEqual(['capacity', 'harbourI18n', 'portName', 'pricePerHourCents', 'title']);
    // Short values read old → new; a text in every language says only that it changed.
    expect(history[1]!.changes).toEqual([
      { field: 'capacity', from: 6, to: 8 },
      { field: 'harbourI18n' },
      { field: 'portName', from: 'Los Cristianos', to: 'Puerto Colón' },
      { field: 'pricePerHourCents', from: 10000, to: 12000 },
      { field: 'title' },
    ]);
    expect(history[1]!.actor).toMatch(/@/);
  });

  it('keeps the owner’s translations of the inclusions they typed, on the boat’s page for every language; another owner cannot change them', async () => {
    const form = {
      ...newBoatDefaults,
      title: 'Towel boat',
      description: 'Along the coast',
      images: ['/media/boats/a.webp'],
      port: { name: 'Los Cristianos', address: '' },
      inclusions: ['skipper', 'Cold towels on board'],
    };
    const boat = (await call(owner, 'POST', '/api/admin/boats', form)).json<{ boat: Boat }>().boat;
    await call(owner, 'POST', `/api/admin/boats/${boat._id}/listing`, { action: 'submit' });
    await call(admin, 'POST', `/api/admin/boats/${boat._id}/listing`, { action: 'approve' });

    const saved = await call(owner, 'POST', `/api/boats/update/${boat._id}`, {
      ...form,
      inclusionsI18n: {
        'Cold towels on board': { es: ' Toallas frías a bordo ', de: '', ru: 'Холодные полотенца' },
        // Not one of the boat's inclusions: not kept.
        'Free champagne': { es: 'Cava gratis' },
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const translated = { 'Cold towels on board': { es: 'Toallas frías a bordo', ru: 'Холодные полотенца' } };
    expect(saved.json<{ boat: Boat }>().boat.inclusionsI18n).toEqual(translated);

    const intruderId = await newOwner(t);
    const intruder = await tokenFor(t, 'owner', { ownerId: intruderId });
    const refused = await call(intruder, 'POST', `/api/boats/update/${boat._id}`, {
      ...form,
      inclusionsI18n: { 'Cold towels on board': { es: 'Toallas sucias' } },
    });
    expect(refused.statusCode).toBe(404);

    // The boat's page answers every language at once; the Spanish page reads the Spanish one.
    const page = await t.app.inject(
      `/api/boat/${boat._id}?start=2027-06-01T00:00:00.000Z&end=2027-06-30T23:59:59.999Z`,
    );
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json<{ boat: Boat }>().boat.inclusionsI18n).toEqual(translated);
    // A form that does not send them keeps them.
    expect((await call(owner, 'POST', `/api/boats/update/${boat._id}`, form)).statusCode).toBe(200);
    const kept = (await call(owner, 'GET', `/api/admin/boats/${boat._id}`)).json<{ boat: Boat }>().boat;
    expect(kept.inclusionsI18n).toEqual(translated);
  });
});
