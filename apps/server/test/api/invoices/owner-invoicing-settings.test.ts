// An owner's invoicing settings (docs/invoicing.md#customers-invoices-in-the-owners-name): a new
// owner starts with the platform invoicing their customers in their name, accepted when the owner
// was created, IGIC general at 7 %; the owner turns it off and on (the acceptance's instant is
// the new one), chooses the exempt regime; a bad rate is a 400 naming the field; the admin reads
// and sets any owner's, another owner reads none but their own; the platform's own settings are
// not the owner's to choose; each change is in the audit trail.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { OwnerInvoicingResponse } from '@boats/domain/schemas/owner-invoicing';
import { owners } from '../../../src/db/schema';
import { auditLog } from '../../../src/modules/audit/schema';
import { bearer, newOwner, tokenFor } from '../../helpers/admin-token';
import { buildTestApp } from '../../helpers/test-app';

describe('owner invoicing settings', async () => {
  const created = new Date('2026-11-20T09:00:00Z');
  const t = await buildTestApp({ template: 'empty', now: created });
  const marlin = await newOwner(t, { displayName: 'Marlin', legalName: 'Marlin Charters S.L.' });
  const anaga = await newOwner(t, { displayName: 'Anaga' });
  const asOwner = async (ownerId: string) => bearer(await tokenFor(t, 'owner', { ownerId }));
  const asAdmin = async () => bearer(await tokenFor(t, 'admin'));

  const read = async (headers: Record<string, string>, query = '') =>
    t.app.inject({ url: `/api/owner/invoicing${query}`, headers });
  const write = async (headers: Record<string, string>, payload: object, query = '') =>
    t.app.inject({ method: 'PUT', url: `/api/owner/invoicing${query}`, headers, payload });

  it('starts on for a new owner, accepted when they were created, IGIC general at 7 %', async () => {
    const [row] = await t.ctx.db.select().from(owners).where(eq(owners.id, marlin));
    const res = await read(await asOwner(marlin));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<OwnerInvoicingResponse>().settings).toMatchObject({
      invoicesCustomers: true,
      acceptedAt: row!.customerInvoicingAcceptedAt!.toISOString(),
      igicRegime: 'general',
      igicPercent: 7,
      isPlatform: false,
      legalName: 'Marlin Charters S.L.',
      taxId: 'B12345674',
      exemptMention: expect.stringContaining('artículo 10.1.28º de la Ley 20/1991'),
    });
  });

  it('turns it off and on again: the acceptance is the new instant; the exempt regime kept', async () => {
    const off = await write(await asOwner(marlin), {
      invoicesCustomers: false,
      igicRegime: 'general',
      igicPercent: 7,
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json<OwnerInvoicingResponse>().settings).toMatchObject({
      invoicesCustomers: false,
      acceptedAt: null,
    });

    const later = new Date('2026-11-25T10:30:00Z');
    t.setNow(later); // a token signed at the new instant for each call
    const on = await write(await asOwner(marlin), {
      invoicesCustomers: true,
      igicRegime: 'exempt',
      igicPercent: 7,
    });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json<OwnerInvoicingResponse>().settings).toMatchObject({
      invoicesCustomers: true,
      acceptedAt: later.toISOString(),
      igicRegime: 'exempt',
    });
    // Saving again leaves the acceptance where it was.
    t.setNow(new Date('2026-11-26T10:30:00Z'));
    const again = await write(await asOwner(marlin), {
      invoicesCustomers: true,
      igicRegime: 'general',
      igicPercent: 9.5,
    });
    expect(again.json<OwnerInvoicingResponse>().settings).toMatchObject({
      acceptedAt: later.toISOString(),
      igicRegime: 'general',
      igicPercent: 9.5,
    });
    expect((await read(await asOwner(marlin))).json<OwnerInvoicingResponse>().settings.igicPercent).toBe(9.5);

    const trail = await t.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'owner.invoicing'));
    expect(trail).toHaveLength(3);
    expect(trail.map((r) => r.objectId)).toEqual([marlin, marlin, marlin]);
    expect(trail[0]!.changes).toMatchObject({ invoicesCustomers: { before: true, after: false } });
  });

  it('answers 400 naming the field for a rate above 20 % or with three decimals', async () => {
    const owner = await asOwner(anaga);
    for (const igicPercent of [21, 7.125, -1]) {
      const res = await write(owner, { invoicesCustomers: true, igicRegime: 'general', igicPercent });
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain('igicPercent');
    }
    const regime = await write(owner, { invoicesCustomers: true, igicRegime: 'reduced', igicPercent: 7 });
    expect(regime.statusCode).toBe(400);
    expect(regime.body).toContain('igicRegime');
  });

  it('lets the admin read and set any owner’s; an owner reads only their own', async () => {
    const admin = await asAdmin();
    expect((await read(admin)).statusCode).toBe(400); // the admin names the owner
    const res = await write(
      admin,
      { invoicesCustomers: false, igicRegime: 'general', igicPercent: 7 },
      `?ownerId=${anaga}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(
      (await read(admin, `?ownerId=${anaga}`)).json<OwnerInvoicingResponse>().settings.invoicesCustomers,
    ).toBe(false);
    // An owner's ?ownerId= is ignored: they read their own.
    const own = await read(await asOwner(marlin), `?ownerId=${anaga}`);
    expect(own.json<OwnerInvoicingResponse>().settings.legalName).toBe('Marlin Charters S.L.');
  });

  it('refuses to change the platform’s: its own boats are invoiced in its name', async () => {
    const [platform] = await t.ctx.db.select().from(owners).where(eq(owners.isPlatform, true));
    const admin = await asAdmin();
    const settings = (await read(admin, `?ownerId=${platform!.id}`)).json<OwnerInvoicingResponse>().settings;
    expect(settings.isPlatform).toBe(true);
    const res = await write(
      admin,
      { invoicesCustomers: true, igicRegime: 'general', igicPercent: 7 },
      `?ownerId=${platform!.id}`,
    );
    expect(res.statusCode).toBe(409);
  });
});
