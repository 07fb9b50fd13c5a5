// A month of invoicing on PostgreSQL (issue 38, done when; docs/invoicing.md): June's bookings on
// the boats of three owners (one under IGIC's general regime, one exempt, one who invoices their
// customers themselves) and of the platform, a sale above 400 € (an F2 with the art. 6.1.d flag), a weather
// cancellation refunding a whole trip, partial refunds after the trips, and June's commission
// invoices issued on 1 July; then the server's sender takes every record to the local fake AEAT.
// Per issuer: each series numbered from 1 without a gap, one chain that verifies from its first
// record, every record accepted, every message valid against the AEAT's XSD. The self-invoicing
// owner has no customers' invoices and no chain. (A fake AEAT that times out, rejects one record
// and asks to wait 60 s: test/api/verifactu/submission.test.ts.)
import { asc, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { checkChains } from '../../../src/modules/verifactu/chain-check';
import { sendDueRecords } from '../../../src/modules/verifactu/aeat-sender';
import { startFakeAeat } from '../../../src/dev/fake-aeat';
import { customerInvoices, ownerInvoices } from '../../../src/modules/invoices/schema';
import { aeatSubmissions, billingRecords } from '../../../src/modules/verifactu/schema';
import { soapTaxAuthority } from '../../../src/modules/verifactu/aeat-connection';
import { issueMonthlyInvoices } from '../../../src/modules/jobs/monthly-invoices';
import { completeEndedTrips } from '../../../src/modules/jobs/trip-completion';
import { bearer, newOwner, tokenFor } from '../../helpers/admin-token';
import { buyAndConfirm, createBoat, createSharedTrip, sharedRequest } from '../../helpers/checkout-fixtures';
import { buildTestApp } from '../../helpers/test-app';

const PLATFORM_NIF = 'B76543217';

/** 'S2027-000003' → ['S2027', 3]: the series and the number in it. */
const seriesOf = (number: string): [string, number] => {
  const [, series = '', n = '0'] = /^(.*?)-?(\d{6})$/.exec(number) ?? [];
  return [series, Number(n)];
};

/** Each series' numbers, in issue order, must be 1, 2, 3, … */
function expectGapFree(numbers: string[]) {
  const bySeries = new Map<string, number[]>();
  for (const number of numbers) {
    const [series, n] = seriesOf(number);
    bySeries.set(series, [...(bySeries.get(series) ?? []), n]);
  }
  for (const [series, ns] of bySeries) {
    expect(
      [...ns].sort((a, b) => a - b),
      `series ${series}`,
    ).toEqual(ns.map((_, i) => i + 1));
  }
  return [...bySeries.keys()].sort();
}

describe('a month of invoicing', async () => {
  const t = await buildTestApp({
    template: 'empty',
    now: new Date('2027-06-01T08:00:00Z'),
    env: { OPERATOR_LEGAL_NAME: 'AD Boat Rental S.L.', OPERATOR_TAX_ID: PLATFORM_NIF },
  });
  const db = t.ctx.db;
  const fake = await startFakeAeat({ now: t.ctx.now });
  afterAll(() => fake.close());
  const admin = bearer(await tokenFor(t, 'admin'));
  const owners = {
    general: await newOwner(t, { legalName: 'Marlin Charters S.L.', taxId: 'B12345674' }),
    exempt: await newOwner(t, { legalName: 'Teide Mar', taxId: 'X1234567L', igicRegime: 'exempt' }),
    self: await newOwner(t, {
      legalName: 'Self Invoicing S.L.',
      taxId: 'B76543214',
      invoicesCustomers: false,
      customerInvoicingAcceptedAt: null,
    }),
  };
  const boats = {
    general: await createBoat(db, { ownerId: owners.general }),
    exempt: await createBoat(db, { ownerId: owners.exempt }),
    self: await createBoat(db, { ownerId: owners.self }),
    platform: await createBoat(db),
  };

  it('numbers every series without a gap, verifies every chain, and the AEAT accepts every record', async () => {
    const june = (day: number) => new Date(Date.UTC(2027, 5, day, 9));
    const sold: Record<keyof typeof boats, string[]> = { general: [], exempt: [], self: [], platform: [] };
    let weatherTrip = '';
    for (const [key, boat] of Object.entries(boats) as [keyof typeof boats, { id: string }][]) {
      for (const day of [5, 12, 19, 26]) {
        const trip = await createSharedTrip(db, boat.id, june(day));
        if (key === 'general' && day === 19) weatherTrip = trip.id;
        // Two adults at €25 an hour for two hours (€100, simplified), and on the 26th ten (€500, full).
        for (const adults of day === 26 ? [10] : [2, 2]) {
          const sale = await buyAndConfirm(
            t.app,
            sharedRequest(boat.id, trip, { adults, children50: 0, kidsFree: 0 }),
          );
          sold[key].push(sale.bookingId);
        }
      }
    }
    // Wind on the 19th: the operator cancels the general owner's trip and refunds everyone.
    const canceled = await t.app.inject({
      method: 'POST',
      url: `/api/admin/trips/${weatherTrip}/cancel`,
      headers: admin,
      payload: { reasonCode: 'wind', note: 'Strong wind warning', offer: 'refund' },
    });
    expect(canceled.statusCode, canceled.body).toBe(200);

    // The month ends; partial refunds after the trips; June's commission invoices on 1 July.
    t.setNow(new Date('2027-07-01T00:30:00Z'));
    await completeEndedTrips(t.ctx);
    const adminInJuly = bearer(await tokenFor(t, 'admin'));
    for (const key of Object.keys(boats) as (keyof typeof boats)[]) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/admin/bookings/${sold[key][0]!}/refund`,
        headers: adminInJuly,
        payload: { amount: 30, reason: 'Partial refund: the engine broke down halfway' },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    await issueMonthlyInvoices(t.ctx);

    // The server's sender takes every record to the fake AEAT, waiting what each answer asks.
    const authority = soapTaxAuthority({ url: fake.url, where: 'the fake AEAT', timeoutMs: 60_000 });
    for (let i = 0; i < 10; i++) {
      await sendDueRecords(t.ctx, authority);
      t.setNow(new Date(t.ctx.now().getTime() + 61_000));
    }

    const invoices = await db.select().from(customerInvoices).orderBy(asc(customerInvoices.issuedAt));
    const byIssuer = (nif: string) => invoices.filter((i) => i.issuerNif === nif);
    // The general owner: consumers' F2s (one above 400 €, with the art. 6.1.d flag, in the same
    // series), the rectifying ones of the weather and the partial refund, in their own series; the
    // exempt owner's without IGIC; none for the one who invoices themselves; the platform's own
    // boats in its name, beside its commission invoices.
    expect(expectGapFree(byIssuer('B12345674').map((i) => i.number))).toEqual(['RC2027', 'S2027']);
    expect(byIssuer('B12345674').some((i) => i.invoiceType === 'F2' && i.totalCents > 40_000)).toBe(true);
    expect(byIssuer('B12345674').filter((i) => i.invoiceType === 'R5')).toHaveLength(3);
    expect(expectGapFree(byIssuer('X1234567L').map((i) => i.number))).toEqual(['RC2027', 'S2027']);
    expect(byIssuer('X1234567L').every((i) => i.igicBps === null && i.igicCents === 0)).toBe(true);
    expect(byIssuer('B76543214')).toEqual([]);
    expect(expectGapFree(byIssuer(PLATFORM_NIF).map((i) => i.number))).toEqual(['RC2027', 'S2027']);
    const commission = await db.select().from(ownerInvoices);
    expect(commission.map((i) => i.ownerId).sort()).toEqual(
      expect.arrayContaining([owners.general, owners.exempt, owners.self].sort()),
    );
    expectGapFree(commission.map((i) => i.number));
    // Each booking's invoices add up to what its customer kept paid: the weather's trip to nothing.
    const weatherBookings = sold.general.slice(4, 6);
    for (const bookingId of weatherBookings) {
      expect(invoices.filter((i) => i.bookingId === bookingId).reduce((s, i) => s + i.totalCents, 0)).toBe(0);
    }
    expect(invoices.filter((i) => i.bookingId === sold.general[0]).map((i) => i.totalCents)).toEqual([
      10_000, -3_000,
    ]);

    // One chain per issuer, each verifying from its first record; none for the self-invoicing owner.
    const chains = await checkChains(db);
    expect(chains.ok).toBe(true);
    expect(chains.issuers.map((c) => c.issuerNif).sort()).toEqual(['B12345674', PLATFORM_NIF, 'X1234567L']);
    const records = await db.select().from(billingRecords);
    expect(chains.total).toBe(records.length);
    expect(records).toHaveLength(invoices.length + commission.length);

    // Every record accepted by the AEAT; every message it received valid against its schemas.
    const states = await db.select({ state: aeatSubmissions.state }).from(aeatSubmissions);
    expect(states).toHaveLength(records.length);
    expect(new Set(states.map((s) => s.state))).toEqual(new Set(['accepted']));
    expect(fake.received.length).toBeGreaterThanOrEqual(3);
    expect(fake.received.flatMap((m) => m.errors)).toEqual([]);
    expect(fake.received.flatMap((m) => m.records).length).toBe(records.length);
    const exemptRecord = records.find(
      (r) => r.issuerNif === 'X1234567L' && r.content.kind === 'alta' && r.content.invoiceType === 'F2',
    );
    expect(exemptRecord?.content).toMatchObject({ lines: [{ qualification: 'E6', quota: null }] });
    expect(await db.select().from(billingRecords).where(eq(billingRecords.issuerNif, 'B76543214'))).toEqual(
      [],
    );
  });
});
