// A reseller made as the admin makes one (Viator, 20 % commission), with one API key: what the
// OCTO, webhook and statement tests start from.
import type { TestApp } from './test-app';

export async function newReseller(
  t: TestApp,
  admin: { authorization: string },
  cancellation: 'boat_policy' | 'full_refund' = 'boat_policy',
): Promise<{ resellerId: string; key: string }> {
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/admin/resellers',
    headers: admin,
    payload: {
      name: 'Viator',
      contactName: 'Partner Desk',
      contactEmail: 'desk@viator.example',
      commissionPercent: 20,
      cancellation,
      boats: { allOptedIn: true, boatIds: [] },
    },
  });
  const resellerId = created.json<{ reseller: { _id: string } }>().reseller._id;
  const key = (
    await t.app.inject({
      method: 'POST',
      url: `/api/admin/resellers/${resellerId}/keys`,
      headers: admin,
      payload: { label: 'Production' },
    })
  ).json<{ secret: string }>().secret;
  return { resellerId, key };
}
