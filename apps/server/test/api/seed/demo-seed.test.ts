// What `npm start` seeds on an empty database (src/seed/seed.ts): the demo reseller with its
// published key, and a demo month an accountant can read (issue 56): every past sale of an owner
// who lets the platform invoice for them (and of the platform's boats) with its customer's invoice
// and VERI*FACTU record, every refund with its rectifying invoice, each ended month with fees with
// its commission invoices, and every chain verifying. One seeded app for the file.
import { and, eq, isNotNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { canaryYearMonth, lastEndedMonth } from '@boats/domain/canary-time';
import { boats, bookings, owners } from '../../../src/db/schema';
import { ownerEarningLines } from '../../../src/modules/earnings/schema';
import { invoicesOfBooking, standingInvoice } from '../../../src/modules/invoices/customer-invoices';
import { invoiceRuns, ownerInvoiceLines, ownerInvoices } from '../../../src/modules/invoices/schema';
import { checkChains } from '../../../src/modules/verifactu/chain-check';
import { billingRecords } from '../../../src/modules/verifactu/schema';
import { resellerApiKeys } from '../../../src/modules/resellers/schema';
import { apiKeyHash } from '../../../src/modules/resellers/api-key';
import { refundsOf } from '../../../src/modules/payments/ledger';
import { DEMO_RESELLER, seedDemoDataIfEmpty, seededAccountsLine } from '../../../src/seed/seed';
import { demoResellerKeyWorks } from '../../../src/seed/demo-password-check';
import type { ManifestResponse } from '@boats/domain/schemas/trips';
import { bearer, tokenFor } from '../../helpers/admin-token';
import { buildTestApp } from '../../helpers/test-app';

const NOW = new Date('2027-03-02T10:00:00Z');
const periodOf = (at: Date) => {
  const { year, month } = canaryYearMonth(at);
  return `${String(year)}-${String(month).padStart(2, '0')}`;
};

describe("the demo start's seeding", async () => {
  const t = await buildTestApp({ template: 'empty', now: NOW });
  // The empty template has no boats or users: the demo start's seeding runs on it.
  const seeded = await seedDemoDataIfEmpty(t.ctx);

  it('gives every past sale its customer invoice and record, and every ended month its commission invoices', async () => {
    const sold = await t.ctx.db
      .select({ booking: bookings, owner: owners })
      .from(bookings)
      .innerJoin(boats, eq(boats.id, bookings.boatId))
      .innerJoin(owners, eq(owners.id, boats.ownerId))
      .where(isNotNull(bookings.paidAt));
    const completed = sold.filter((s) => s.booking.status === 'completed');
    expect(completed.length).toBeGreaterThan(10);
    for (const { booking, owner } of sold) {
      const invoices = await invoicesOfBooking(t.ctx.db, booking.id);
      if (!owner.isPlatform && !owner.invoicesCustomers) {
        expect(invoices).toEqual([]);
        continue;
      }
      const standing = standingInvoice(invoices);
      expect(standing, `${booking.status} booking ${booking.id}`).toBeDefined();
      // Issued at the sale, in the owner's name (the platform's for its boats).
      expect(standing!.issuedAt).toEqual(booking.paidAt);
      expect(standing!.ownerId).toBe(owner.id);
      expect(standing!.issuerNif).toBe(owner.isPlatform ? 'B00000000' : owner.taxId);
      // A booking's invoices add up to what its customer kept paid (a refund's rectifying one).
      const refunded = (await refundsOf(t.ctx.db, booking.id))
        .filter((r) => r.status === 'succeeded')
        .reduce((sum, r) => sum + r.amountCents, 0);
      const kept = booking.amountGrossCents - refunded;
      expect(invoices.reduce((sum, i) => sum + i.totalCents, 0)).toBe(kept);
      for (const invoice of invoices) {
        const records = await t.ctx.db
          .select()
          .from(billingRecords)
          .where(and(eq(billingRecords.documentId, invoice.id), eq(billingRecords.kind, 'alta')));
        expect(records, invoice.number).toHaveLength(1);
      }
    }

    // Every fee earned in a month that has ended is on that month's commission invoice.
    const lastEnded = lastEndedMonth(NOW);
    const lines = await t.ctx.db
      .select({ line: ownerEarningLines, invoice: ownerInvoices })
      .from(ownerEarningLines)
      .innerJoin(owners, eq(owners.id, ownerEarningLines.ownerId))
      .leftJoin(ownerInvoiceLines, eq(ownerInvoiceLines.earningLineId, ownerEarningLines.id))
      .leftJoin(ownerInvoices, eq(ownerInvoices.id, ownerInvoiceLines.invoiceId))
      .where(eq(owners.isPlatform, false));
    const ended = lines.filter(({ line }) => line.feeCents !== 0 && periodOf(line.earnedAt) <= lastEnded);
    const months = new Set(ended.map(({ line }) => periodOf(line.earnedAt)));
    expect(months.size).toBeGreaterThanOrEqual(2);
    for (const { line, invoice } of ended) {
      expect(invoice, `the line of ${line.earnedAt.toISOString()}`).toMatchObject({
        kind: 'invoice',
        ownerId: line.ownerId,
        period: periodOf(line.earnedAt),
      });
    }
    // Issued as the monthly job does, on the next month's first day, its run recorded as done.
    const runs = await t.ctx.db.select().from(invoiceRuns);
    expect(runs.map((r) => r.period).sort()).toEqual([...months].sort());
    for (const invoice of ended.map((e) => e.invoice!)) {
      expect(periodOf(invoice.issuedAt) > invoice.period).toBe(true);
      expect(invoice.issuedAt.getTime()).toBeLessThan(NOW.getTime());
    }
    // The month under way waits for its end.
    expect(lines.some(({ line, invoice }) => periodOf(line.earnedAt) > lastEnded && invoice)).toBe(false);

    // Every issuer's chain, the platform's and each owner's, verifies from its first record.
    const chains = await checkChains(t.ctx.db);
    expect(chains.ok).toBe(true);
    expect(chains.issuers).toHaveLength(4);
  });

  it('gives the demo reseller its published key outside production, printed with the demo accounts', async () => {
    expect(seeded?.resellerKey).toBe(DEMO_RESELLER.key);
    expect(seededAccountsLine(seeded!)).toContain(`demo reseller's OCTO API key: ${DEMO_RESELLER.key}`);
    // So is the promo code of docs/payments.md's worked example: 10 % off from €100, on any boat.
    expect(seededAccountsLine(seeded!)).toContain('demo promo code: SUMMER-10');
    const [boat] = await t.ctx.db.select().from(boats).limit(1);
    const checked = await t.app.inject(`/api/boat/${boat!.id}/promo-code?code=SUMMER-10&subtotal=13500`);
    expect(checked.statusCode, checked.body).toBe(200);
    expect(checked.json()).toMatchObject({ kind: 'percent', value: 1000 });
    const [row] = await t.ctx.db
      .select()
      .from(resellerApiKeys)
      .where(eq(resellerApiKeys.keyHash, apiKeyHash(DEMO_RESELLER.key)));
    expect(row?.revokedAt).toBeNull();
    // A production start refuses this database until the published key is revoked.
    expect(await demoResellerKeyWorks(t.ctx.db)).toBe(true);

    // The README's first three calls with the demo key: products, a week of trips, a reservation.
    const headers = { authorization: `Bearer ${DEMO_RESELLER.key}`, 'octo-capabilities': 'octo/pricing' };
    const products = await t.app.inject({ url: '/octo/products', headers });
    expect(products.statusCode, products.body).toBe(200);
    // What the OCTO validator books again and again (docs/channels.md#the-octo-validator): the
    // first product's trip, the large catamaran's, at most 6 seats a reservation.
    const [first] = products.json<{ reference: string; options: { id: string; restrictions: object }[] }[]>();
    expect(first?.reference).toBe('teide-spirit');
    expect(first?.options[0]).toMatchObject({ id: 'DEFAULT', restrictions: { minUnits: 1, maxUnits: 6 } });
    const week = { localDateStart: '2027-03-03', localDateEnd: '2027-03-09' };
    let reserved = false;
    for (const product of products.json<{ id: string }[]>()) {
      const trips = await t.app.inject({
        method: 'POST',
        url: '/octo/availability',
        headers,
        payload: { productId: product.id, optionId: 'DEFAULT', ...week },
      });
      expect(trips.statusCode, trips.body).toBe(200);
      const open = trips.json<{ id: string; vacancies: number }[]>().find((a) => a.vacancies >= 2);
      if (!open) continue;
      const hold = await t.app.inject({
        method: 'POST',
        url: '/octo/bookings',
        headers,
        payload: {
          productId: product.id,
          optionId: 'DEFAULT',
          availabilityId: open.id,
          unitItems: [{ unitId: 'adult' }, { unitId: 'adult' }],
        },
      });
      expect(hold.statusCode, hold.body).toBe(200);
      expect(hold.json()).toMatchObject({ status: 'ON_HOLD' });
      reserved = true;
      break;
    }
    expect(reserved).toBe(true);

    const admin = bearer(await tokenFor(t, 'admin'));
    await t.app.inject({
      method: 'POST',
      url: `/api/admin/resellers/${row!.resellerId}/keys/${row!.id}/revoke`,
      headers: admin,
    });
    expect(await demoResellerKeyWorks(t.ctx.db)).toBe(false);
    const refused = await t.app.inject({ url: '/octo/products', headers });
    expect(refused.statusCode).toBe(403);
  }, 120_000);

  it('walks a visitor through the self-drive boat’s handover: one in progress tomorrow, one done', async () => {
    const [boat] = await t.ctx.db.select().from(boats).where(eq(boats.slug, 'gomera-runner'));
    expect(boat).toMatchObject({ requiresLicense: true, licence: 'pnb', depositCents: 30_000 });
    expect(boat!.conditionChecklist?.map((item) => item.key)).toContain('bimini');
    expect(boat!.agreementTerms?.en).toContain('Volkov Boats lets the Gomera Runner');
    const owner = bearer(await tokenFor(t, 'owner', { ownerId: boat!.ownerId }));
    const ofBoat = await t.ctx.db.select().from(bookings).where(eq(bookings.boatId, boat!.id));
    const handovers = [];
    for (const booking of ofBoat) {
      const licence = await t.app.inject({
        url: `/api/crew/bookings/${booking.id}/self-drive/licence`,
        headers: owner,
      });
      if (licence.json<{ licence: unknown }>().licence) handovers.push({ booking, licence: licence.json() });
    }
    const upcoming = handovers.find((h) => h.booking.status === 'paid');
    const past = handovers.find((h) => h.booking.status === 'completed');

    // Tomorrow's: the deposit held on the card, the licence recorded, crew to check it on the manifest.
    expect(upcoming!.booking.startsAt.getTime()).toBeGreaterThan(NOW.getTime());
    expect(upcoming!.licence).toMatchObject({ licence: { status: 'recorded', licenceType: 'per' } });
    const deposit = await t.app.inject({
      url: `/api/admin/bookings/${upcoming!.booking.id}/deposit`,
      headers: owner,
    });
    expect(deposit.json()).toMatchObject({ deposit: { status: 'authorised', method: 'card', amount: 300 } });
    const manifest = await t.app.inject({
      url: `/api/crew/trips/${upcoming!.booking.slotId}/manifest`,
      headers: owner,
    });
    expect(manifest.statusCode, manifest.body).toBe(200);
    const onManifest = manifest
      .json<ManifestResponse>()
      .bookings.find((b) => b.bookingId === upcoming!.booking.id);
    expect(onManifest).toMatchObject({ licenceToCheck: true, skipperLicence: { status: 'recorded' } });
    expect(onManifest!.condition?.checklist.map((item) => item.label)).toContain('Bimini top');
    // The visitor can carry on: crew confirm the licence against the document.
    const confirmed = await t.app.inject({
      method: 'POST',
      url: `/api/crew/bookings/${upcoming!.booking.id}/self-drive/licence/confirm`,
      headers: owner,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);

    // Three days ago's: the condition out and back signed, what changed, the deposit released.
    const condition = await t.app.inject({
      url: `/api/crew/bookings/${past!.booking.id}/self-drive/condition`,
      headers: owner,
    });
    expect(condition.json()).toMatchObject({
      departure: { values: { fuel: 4 } },
      return: { values: { fuel: 2 } },
    });
    const pastDeposit = await t.app.inject({
      url: `/api/admin/bookings/${past!.booking.id}/deposit`,
      headers: owner,
    });
    expect(pastDeposit.json()).toMatchObject({ deposit: { status: 'released' } });
    const agreement = await t.app.inject({
      url: `/api/crew/bookings/${past!.booking.id}/self-drive/agreement.pdf`,
      headers: owner,
    });
    expect(agreement.statusCode).toBe(200);
    expect(agreement.headers['content-type']).toContain('application/pdf');
  });
});
