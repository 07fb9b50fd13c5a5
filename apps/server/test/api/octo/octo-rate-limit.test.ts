// Each reseller API key has its own budget of calls per route and minute
// (OCTO_RATE_LIMIT_PER_MINUTE): a key over it is told to wait, another key is not slowed.
import { describe, expect, it } from 'vitest';
import { bearer, tokenFor } from '../../helpers/admin-token';
import { buildTestApp } from '../../helpers/test-app';

describe('the OCTO API’s limit per key', async () => {
  const t = await buildTestApp({ template: 'empty', env: { OCTO_RATE_LIMIT_PER_MINUTE: '3' } });
  const admin = bearer(await tokenFor(t, 'admin'));
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/admin/resellers',
    headers: admin,
    payload: {
      name: 'Busy Reseller',
      contactName: 'Sync Bot',
      contactEmail: 'sync@busy.example',
      commissionPercent: 15,
      cancellation: 'boat_policy',
      boats: { allOptedIn: true, boatIds: [] },
    },
  });
  const id = created.json<{ reseller: { _id: string } }>().reseller._id;
  const issue = async () =>
    (
      await t.app.inject({
        method: 'POST',
        url: `/api/admin/resellers/${id}/keys`,
        headers: admin,
        payload: { label: 'sync' },
      })
    ).json<{ secret: string }>().secret;
  const [busy, calm] = [await issue(), await issue()];
  const products = (key: string) =>
    t.app.inject({ url: '/octo/products', headers: { authorization: `Bearer ${key}` } });

  it('answers 429 in OCTO’s shape past the limit, and only to that key', async () => {
    for (let i = 0; i < 3; i++) expect((await products(busy)).statusCode).toBe(200);
    const over = await products(busy);
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ error: 'TOO_MANY_REQUESTS' });
    expect(over.json<{ errorMessage: string }>().errorMessage).toMatch(/try again in \d+ seconds/);
    expect((await products(calm)).statusCode).toBe(200);
  });
});
