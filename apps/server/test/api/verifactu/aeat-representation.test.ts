// Sending for others lawfully (docs/invoicing.md#sending-for-others-lawfully; decision 30): the
// platform's certificate sends an owner's billing records only once the owner's representation
// of the platform before the AEAT is recorded. Until then the invoices are issued (the customer
// has theirs at once) and their records wait in the chain's order, shown to the admin as held;
// recorded, they go; revoked, new ones wait again. And the owner's acceptance of invoicing in
// their name is theirs: the admin may turn it off, never on.
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { BillingRecordsResponse } from '@boats/domain/schemas/invoicing';
import type { OwnerInvoicingResponse } from '@boats/domain/schemas/owner-invoicing';
import { startFakeAeat } from '../../../src/dev/fake-aeat';
import { aeatSubmissions } from '../../../src/modules/verifactu/schema';
import { soapTaxAuthority } from '../../../src/modules/verifactu/aeat-connection';
import { auditLog } from '../../../src/modules/audit/schema';
import { platformOwnerId } from '../../../src/modules/owner-scope/platform-owner';
import { bearer, newOwner, tokenFor } from '../../helpers/admin-token';
import {
  buyAndConfirm,
  createBoat,
  createSharedTrip,
  HOUR,
  sharedRequest,
} from '../../helpers/checkout-fixtures';
import { sendEveryRecord } from '../../helpers/billing-records';
import { buildTestApp } from '../../helpers/test-app';

describe('an owner’s records go once their representation is recorded', async () => {
  const t = await buildTestApp({ template: 'empty', now: new Date('2027-06-01T09:00:00Z') });
  const fake = await startFakeAeat({ now: t.ctx.now });
  afterAll(() => fake.close());
  const aeat = soapTaxAuthority({ url: fake.url, where: 'the fake AEAT' });
  const db = t.ctx.db;
  // A fresh session each time: sending moves the test's clock past a token's life.
  const asAdmin = async () => bearer(await tokenFor(t, 'admin'));
  // Tejita Charters approved, accepting invoicing in their name, but no representation yet.
  const tejita = await newOwner(t, {
    legalName: 'Tejita Charters S.L.',
    taxId: 'B38333337',
    aeatRepresentedSince: null,
    aeatRepresentationEvidence: null,
  });
  const tejitaBoat = await createBoat(db, { ownerId: tejita });
  const platformBoat = await createBoat(db);
  let day = 0;
  const sell = async (boat: { id: string }) => {
    const trip = await createSharedTrip(
      db,
      boat.id,
      new Date(t.ctx.now().getTime() + (9 + ++day) * 24 * HOUR),
    );
    return buyAndConfirm(t.app, sharedRequest(boat.id, trip, { adults: 2, children50: 0, kidsFree: 0 }));
  };
  const statesOf = async (issuerNif: string) =>
    (await db.select().from(aeatSubmissions).where(eq(aeatSubmissions.issuerNif, issuerNif))).map(
      (s) => s.state,
    );
  const recordsPage = async () => {
    const res = await t.app.inject({ url: '/api/admin/invoicing/records', headers: await asAdmin() });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<BillingRecordsResponse>();
  };
  const represent = async (ownerId: string, body: object, headers?: Record<string, string>) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/admin/owners/${ownerId}/aeat-representation`,
      headers: headers ?? (await asAdmin()),
      payload: body,
    });

  it('issues the owner’s invoice at once but holds its record, with an alert; the platform’s own go', async () => {
    await sell(tejitaBoat);
    await sell(platformBoat);
    await sendEveryRecord(t, aeat);
    expect(await statesOf('B38333337')).toEqual(['pending']);
    expect(fake.received).toHaveLength(1);
    expect((await recordsPage()).held).toEqual([{ issuerNif: 'B38333337', waiting: 1 }]);
  });

  it('takes the representation with its day and evidence from the admin only, refusing a day ahead, and the records go', async () => {
    const ahead = await represent(tejita, { since: '2027-06-02', evidence: 'AEAT registro 2027-000123' });
    expect(ahead.statusCode).toBe(400);
    expect(ahead.json<{ fields: { path: string }[] }>().fields.map((f) => f.path)).toEqual(['body.since']);
    const tooShort = await represent(tejita, { since: '2027-05-20', evidence: 'x' });
    expect(tooShort.statusCode).toBe(400);
    const owner = bearer(await tokenFor(t, 'owner', { ownerId: tejita }));
    expect(
      (await represent(tejita, { since: '2027-05-20', evidence: 'AEAT registro 2027-000123' }, owner))
        .statusCode,
    ).toBe(403);
    const platform = await represent(await platformOwnerId(db), {
      since: '2027-05-20',
      evidence: 'AEAT registro 1',
    });
    expect(platform.statusCode).toBe(409);
    expect(await statesOf('B38333337')).toEqual(['pending']);

    const res = await represent(tejita, { since: '2027-05-20', evidence: 'AEAT registro 2027-000123' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      owner: { aeatRepresentation: { since: '2027-05-20', evidence: 'AEAT registro 2027-000123' } },
    });
    const [audit] = await db.select().from(auditLog).where(eq(auditLog.action, 'owner.aeat_representation'));
    expect(audit).toMatchObject({ objectId: tejita });
    // The owner reads it on their invoicing settings.
    const settings = await t.app.inject({ url: '/api/owner/invoicing', headers: owner });
    expect(settings.json<OwnerInvoicingResponse>().settings.representation).toEqual({
      since: '2027-05-20',
      evidence: 'AEAT registro 2027-000123',
    });

    await sendEveryRecord(t, aeat);
    expect(await statesOf('B38333337')).toEqual(['accepted']);
    expect((await recordsPage()).held).toEqual([]);
    // The message named Tejita as the issuer and the platform as their representative.
    const last = fake.received.at(-1)!.xml;
    expect(last).toMatch(/<sf:ObligadoEmision>.*<sf:NIF>B38333337<\/sf:NIF>/s);
    expect(last).toContain('<sf:Representante>');
  });

  it('holds new records again once the representation is revoked', async () => {
    const revoked = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/owners/${tejita}/aeat-representation`,
      headers: await asAdmin(),
    });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json()).toMatchObject({ owner: { aeatRepresentation: null } });
    await sell(tejitaBoat);
    await sendEveryRecord(t, aeat);
    expect((await statesOf('B38333337')).sort()).toEqual(['accepted', 'pending']);
    expect((await recordsPage()).held).toEqual([{ issuerNif: 'B38333337', waiting: 1 }]);
  });

  it('lets only the owner accept invoicing in their name; the admin may turn it off', async () => {
    const owner = bearer(await tokenFor(t, 'owner', { ownerId: tejita }));
    const put = (headers: Record<string, string>, invoicesCustomers: boolean) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/owner/invoicing?ownerId=${tejita}`,
        headers,
        payload: { invoicesCustomers, igicRegime: 'general', igicPercent: 7 },
      });
    const admin = await asAdmin();
    expect((await put(admin, false)).statusCode).toBe(200);
    const accepted = await put(admin, true);
    expect(accepted.statusCode).toBe(403);
    expect(accepted.json<{ message: string }>().message).toBe(
      'Only the owner can accept that the platform invoices their customers in their name.',
    );
    const own = await put(owner, true);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json<OwnerInvoicingResponse>().settings).toMatchObject({ invoicesCustomers: true });
  });
});
