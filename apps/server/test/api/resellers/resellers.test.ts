// The admin's resellers and API keys: a key is shown once and stored only as its hash, revoking
// it is immediate (the demo's published key: test/api/seed/demo-seed.test.ts).
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Reseller } from '@boats/domain/schemas/resellers';
import { auditLog } from '../../../src/db/schema';
import { resellerApiKeys } from '../../../src/modules/resellers/schema';
import { apiKeyHash } from '../../../src/modules/resellers/api-key';
import { bearer, tokenFor } from '../../helpers/admin-token';
import { buildTestApp } from '../../helpers/test-app';

const NOW = new Date('2027-03-02T10:00:00Z');

const getYourBoat = {
  name: 'GetYourBoat',
  contactName: 'Jana Novak',
  contactEmail: 'supply@getyourboat.example',
  commissionPercent: 22.5,
  cancellation: 'boat_policy',
};

describe('resellers and their API keys', async () => {
  const t = await buildTestApp({ template: 'empty', now: NOW });
  const admin = bearer(await tokenFor(t, 'admin'));
  const owner = bearer(await tokenFor(t, 'owner'));

  const create = (body: object, headers = admin) =>
    t.app.inject({ method: 'POST', url: '/api/admin/resellers', headers, payload: body });
  const list = async () => {
    const res = await t.app.inject({ url: '/api/admin/resellers', headers: admin });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ items: Reseller[] }>().items;
  };

  it('the admin adds a reseller with its commission and cancellation agreement', async () => {
    const res = await create(getYourBoat);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ reseller: Reseller }>().reseller).toMatchObject({
      ...getYourBoat,
      createdAt: NOW.toISOString(),
      keys: [],
    });
    expect((await list()).map((r) => r.name)).toContain('GetYourBoat');
  });

  it('refuses a bad reseller naming the field, and owners are not let in', async () => {
    const tooGreedy = await create({ ...getYourBoat, commissionPercent: 60 });
    expect(tooGreedy.statusCode).toBe(400);
    expect(tooGreedy.body).toContain('commissionPercent');
    const badEmail = await create({ ...getYourBoat, contactEmail: 'not an address' });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.body).toContain('contactEmail');
    const badAgreement = await create({ ...getYourBoat, cancellation: 'never' });
    expect(badAgreement.statusCode).toBe(400);
    expect(badAgreement.body).toContain('cancellation');
    expect((await create(getYourBoat, owner)).statusCode).toBe(403);
  });

  it('issues a key shown once, stored as its hash; the list shows only its first characters', async () => {
    const reseller = (await create({ ...getYourBoat, name: 'Keys Test' })).json<{ reseller: Reseller }>()
      .reseller;
    const issued = await t.app.inject({
      method: 'POST',
      url: `/api/admin/resellers/${reseller._id}/keys`,
      headers: admin,
      payload: { label: 'Production' },
    });
    expect(issued.statusCode, issued.body).toBe(200);
    const { key, secret } = issued.json<{ key: Reseller['keys'][number]; secret: string }>();
    expect(secret).toMatch(/^octo_[A-Za-z0-9_-]{43}$/);
    expect(secret.startsWith(key.prefix)).toBe(true);
    expect(key).toMatchObject({ label: 'Production', lastUsedAt: null, revokedAt: null });

    const [row] = await t.ctx.db.select().from(resellerApiKeys).where(eq(resellerApiKeys.id, key._id));
    expect(row?.keyHash).toBe(apiKeyHash(secret));
    expect(JSON.stringify(row)).not.toContain(secret);
    const listed = (await list()).find((r) => r._id === reseller._id);
    expect(listed?.keys).toEqual([key]);
    expect(JSON.stringify(await list())).not.toContain(secret);

    // A second key: several per reseller, each revoked on its own.
    const second = await t.app.inject({
      method: 'POST',
      url: `/api/admin/resellers/${reseller._id}/keys`,
      headers: admin,
      payload: { label: 'Staging' },
    });
    expect(second.statusCode).toBe(200);
    const revoked = await t.app.inject({
      method: 'POST',
      url: `/api/admin/resellers/${reseller._id}/keys/${key._id}/revoke`,
      headers: admin,
    });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json<{ key: { revokedAt: string } }>().key.revokedAt).toBe(NOW.toISOString());
    const after = (await list()).find((r) => r._id === reseller._id);
    const byLabel = [...(after?.keys ?? [])].sort((x, y) => x.label.localeCompare(y.label));
    expect(byLabel.map((k) => [k.label, k.revokedAt !== null])).toEqual([
      ['Production', true],
      ['Staging', false],
    ]);
    // The audit trail names the reseller (the route's `id`) on each of its calls, not the key.
    const trail = await t.ctx.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.objectId, reseller._id));
    expect(trail.map((r) => r.action).sort()).toEqual([
      'reseller.create',
      'reseller.issue_key',
      'reseller.issue_key',
      'reseller.revoke_key',
    ]);
  });

  it('a key of another reseller, or an unknown reseller, is not found', async () => {
    const a = (await create({ ...getYourBoat, name: 'Reseller A' })).json<{ reseller: Reseller }>().reseller;
    const b = (await create({ ...getYourBoat, name: 'Reseller B' })).json<{ reseller: Reseller }>().reseller;
    const issued = await t.app.inject({
      method: 'POST',
      url: `/api/admin/resellers/${a._id}/keys`,
      headers: admin,
      payload: { label: 'A key' },
    });
    const keyId = issued.json<{ key: { _id: string } }>().key._id;
    const wrong = await t.app.inject({
      method: 'POST',
      url: `/api/admin/resellers/${b._id}/keys/${keyId}/revoke`,
      headers: admin,
    });
    expect(wrong.statusCode).toBe(404);
    const unknown = await t.app.inject({
      method: 'POST',
      url: `/api/admin/resellers/${keyId}/keys`,
      headers: admin,
      payload: { label: 'Nobody' },
    });
    expect(unknown.statusCode).toBe(404);
  });
});
