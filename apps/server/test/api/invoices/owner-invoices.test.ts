// The platform's commission invoices (docs/payments.md#commission-invoices): a month's invoice per
// owner with its own gap-free number, both parties' legal details and IGIC rounded once; the
// owner's e-mail in their language; a refund after the invoice corrected by a credit note; an
// issued invoice the database refuses to change; the monthly job issuing once however often it
// runs; and the admin's platform month adding up to the owners' statements, to the cent.
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { statementTotals } from '@boats/domain/earnings-statement';
import type { Invoice, InvoicesResponse, PlatformMonth } from '@boats/domain/schemas/invoices';
import type { OwnerEarningsResponse } from '@boats/domain/schemas/payouts';
import { emailOutbox } from '../../../src/db/schema';
import { ownerInvoices } from '../../../src/modules/invoices/schema';
import { issueMonthlyInvoices } from '../../../src/modules/jobs/monthly-invoices';
import { completeEndedTrips } from '../../../src/modules/jobs/trip-completion';
import { bearer, newOwner, tokenFor } from '../../helpers/admin-token';
import { buildTestApp, type TestApp } from '../../helpers/test-app';
import { addPaidBooking, seedBoat } from '../admin-bookings/admin-bookings.fixtures';

const boatOf = (t: TestApp, ownerId: string) => seedBoat(t.ctx.db, { en: 'Owner boat' }, ownerId);

describe('commission invoices', async () => {
  const t = await buildTestApp({ template: 'empty', now: new Date('2026-10-20T12:00:00Z') });
  const asAdmin = async () => bearer(await tokenFor(t, 'admin'));
  const marlin = await newOwner(t, {
    displayName: 'Marlin',
    legalName: 'Marlin Charters S.L.',
    taxId: 'B76543214',
    address: 'Calle del Puerto 1, 38650 Los Cristianos',
    language: 'es',
    commissionBps: 1000,
  });
  const anaga = await newOwner(t, { displayName: 'Anaga', language: 'de' });
  const boat = { marlin: await boatOf(t, marlin), anaga: await boatOf(t, anaga) };
  const asOwner = async (ownerId: string) => bearer(await tokenFor(t, 'owner', { ownerId }));

  const sold = (b: typeof boat.marlin, day: string, cents: number, bps: number) =>
    addPaidBooking(t.ctx.db, b, day, cents, bps);
  const issue = async (period?: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/invoices/issue',
      headers: await asAdmin(),
      payload: period ? { period } : {},
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ period: string; issued: Invoice[] }>();
  };
  const invoice = async (id: string, headers: Record<string, string>) => {
    const res = await t.app.inject({ url: `/api/owner/invoices/${id}`, headers });
    return { status: res.statusCode, body: res.json<Invoice>() };
  };

  it('issues each owner the month’s invoice with a gap-free number, both parties and IGIC once', async () => {
    const big = await sold(boat.marlin, '2026-10-05', 20_005, 1000); // fee €20.01 (20.005 rounds up)
    await sold(boat.marlin, '2026-10-12', 10_000, 1000); // fee €10.00
    await sold(boat.anaga, '2026-10-06', 30_000, 1500); // fee €45.00
    expect(await completeEndedTrips(t.ctx)).toBe(3);
    // The month under way is not invoiced by default: the last month that has ended is (none).
    expect((await issue()).issued).toEqual([]);

    t.setNow(new Date('2026-11-01T00:30:00Z')); // 1 November, 00:30 Canary (UTC+0 in winter)
    await issueMonthlyInvoices(t.ctx);
    await issueMonthlyInvoices(t.ctx); // a second instance, a second tick: nothing more
    const list = (
      await t.app.inject({ url: '/api/owner/invoices', headers: await asAdmin() })
    ).json<InvoicesResponse>().invoices;
    expect(list.map((i) => [i.ownerName, i.number, i.period]).sort()).toEqual(
      [
        ['Anaga', expect.stringMatching(/^2026-00000[12]$/), '2026-10'],
        ['Marlin', expect.stringMatching(/^2026-00000[12]$/), '2026-10'],
      ].sort(),
    );
    expect(new Set(list.map((i) => i.number)).size).toBe(2);

    const mine = (
      await t.app.inject({ url: '/api/owner/invoices', headers: await asOwner(marlin) })
    ).json<InvoicesResponse>().invoices;
    expect(mine).toHaveLength(1);
    const detail = await invoice(mine[0]!._id, await asOwner(marlin));
    expect(detail.status).toBe(200);
    // €30.01 commission; IGIC 7 % on it once: €2.1007 → €2.10; total €32.11.
    expect(detail.body).toMatchObject({
      kind: 'invoice',
      language: 'es',
      base: 30.01,
      igicPercent: 7,
      igic: 2.1,
      total: 32.11,
      buyer: {
        name: 'Marlin Charters S.L.',
        taxId: 'B76543214',
        address: 'Calle del Puerto 1, 38650 Los Cristianos',
      },
      seller: { name: expect.stringContaining('AD Boat Rental'), taxId: expect.any(String) },
      corrects: null,
    });
    expect(detail.body.lines.map((l) => l.fee).sort()).toEqual([10, 20.01]);
    expect(detail.body.lines.find((l) => l.bookingId === big.id)).toMatchObject({
      net: 200.05,
      commissionPercent: 10,
    });

    // Another owner's invoice is not found for Marlin; the admin reads anyone's.
    const other = list.find((i) => i.ownerName === 'Anaga')!;
    expect((await invoice(other._id, await asOwner(marlin))).status).toBe(404);
    expect((await invoice(other._id, await asAdmin())).body).toMatchObject({ total: 48.15, igic: 3.15 });

    // The e-mail, in the owner's language.
    const mails = await t.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.kind, 'owner_invoice'));
    const toMarlin = mails.find((m) => m.subject.includes(detail.body.number))!;
    expect(toMarlin.subject).toMatch(/^Factura /);
    expect(toMarlin.textBody).toContain('IGIC 7 %');
    expect(toMarlin.textBody).toContain(`/admin/earnings/invoices/${detail.body._id}`);
    expect(mails.find((m) => m.subject.includes(other.number))!.subject).toMatch(/^Rechnung /);
  });

  it('never changes an issued invoice: the database refuses it', async () => {
    const [one] = await t.ctx.db.select().from(ownerInvoices).limit(1);
    await expect(
      t.ctx.db.update(ownerInvoices).set({ totalCents: 1 }).where(eq(ownerInvoices.id, one!.id)),
    ).rejects.toThrow();
    await expect(t.ctx.db.delete(ownerInvoices).where(eq(ownerInvoices.id, one!.id))).rejects.toThrow();
    await expect(t.ctx.db.execute(sql`delete from owner_invoice_lines`)).rejects.toThrow();
  });

  it('corrects a refund after the invoice with a credit note; invoices − credit notes = the lines’ fees', async () => {
    const [mine] = (
      await t.app.inject({ url: '/api/owner/invoices', headers: await asOwner(marlin) })
    ).json<InvoicesResponse>().invoices;
    const first = await invoice(mine!._id, await asOwner(marlin));
    const bigId = first.body.lines.find((l) => l.fee === 20.01)!.bookingId;
    t.setNow(new Date('2026-11-10T12:00:00Z'));
    const refund = await t.app.inject({
      method: 'POST',
      url: `/api/admin/bookings/${bigId}/refund`,
      headers: await asAdmin(),
      payload: { amount: 100, reason: 'Goodwill' },
    });
    expect(refund.statusCode, refund.body).toBe(200);
    await sold(boat.marlin, '2026-11-08', 5_000, 1000);
    expect(await completeEndedTrips(t.ctx)).toBe(1);

    // November has not ended: the admin cannot issue it yet, and is told when.
    const early = await t.app.inject({
      method: 'POST',
      url: '/api/admin/invoices/issue',
      headers: await asAdmin(),
      payload: { period: '2026-11' },
    });
    expect(early.statusCode).toBe(400);
    expect(early.json()).toMatchObject({
      error: 'month_not_ended',
      message:
        'The month 2026-11 has not ended yet (Canary time): its invoices can be issued from 2026-12-01.',
      fields: [{ path: 'body.period' }],
    });

    // Once it has: the new trip on an invoice, the refund on a credit note.
    t.setNow(new Date('2026-12-01T00:00:00Z'));
    const { issued } = await issue('2026-11');
    const credit = issued.find((i) => i.kind === 'credit_note')!;
    expect(credit).toMatchObject({
      number: 'R2026-000001',
      base: -10,
      igic: -0.7,
      total: -10.7,
      corrects: { _id: first.body._id, number: first.body.number },
    });
    expect(issued.find((i) => i.kind === 'invoice' && i.ownerId === marlin)).toMatchObject({
      number: '2026-000003',
      base: 5,
    });
    expect((await issue('2026-11')).issued).toEqual([]);
    // The month under way and a month not begun are refused, naming the field.
    for (const period of ['2026-12', '2027-01']) {
      const refused = await t.app.inject({
        method: 'POST',
        url: '/api/admin/invoices/issue',
        headers: await asAdmin(),
        payload: { period },
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ error: 'month_not_ended', fields: [{ path: 'body.period' }] });
    }

    const [sums] = (
      (await t.ctx.db.execute(sql`
        select (select sum(base_cents) from owner_invoices where owner_id = ${marlin})::int as documents,
          (select sum(fee_cents) from owner_earning_lines where owner_id = ${marlin})::int as lines`)) as unknown as {
        rows: { documents: number; lines: number }[];
      }
    ).rows;
    // €30.01 invoiced, €10.00 credited, €5.00 invoiced.
    expect(sums).toEqual({ documents: 2501, lines: 2501 });

    // What is kept from Marlin, the fees of their lines and the IGIC lines of the three documents
    // (€2.10, −€0.70, €0.35), is what the documents total, to the cent; and their balance says so.
    const [kept] = (
      (await t.ctx.db.execute(sql`
        select (select sum(total_cents) from owner_invoices where owner_id = ${marlin})::int as documents,
          (select sum(fee_cents) - sum(owner_cents) filter (where kind = 'commission_igic')
           from owner_earning_lines where owner_id = ${marlin})::int as withheld,
          (select sum(net_cents) - sum(owner_cents) from owner_earning_lines where owner_id = ${marlin})::int as net_less_shares`)) as unknown as {
        rows: { documents: number; withheld: number; net_less_shares: number }[];
      }
    ).rows;
    expect(kept).toEqual({ documents: 2676, withheld: 2676, net_less_shares: 2676 });
    const december = (
      await t.app.inject({ url: '/api/owner/earnings?month=2026-12', headers: await asOwner(marlin) })
    ).json<OwnerEarningsResponse>().lines;
    expect(december.map((l) => [l.kind, l.invoice, l.igic, l.share]).sort()).toEqual([
      ['commission_igic', '2026-000003', 0.35, -0.35],
      ['commission_igic', 'R2026-000001', -0.7, 0.7],
    ]);
  });

  it('shows the admin the platform month, the sum of every owner’s statement to the cent', async () => {
    t.setNow(new Date('2026-11-20T12:00:00Z'));
    const payouts = await t.app.inject({
      method: 'POST',
      url: '/api/admin/payouts/run',
      headers: await asAdmin(),
    });
    expect(payouts.statusCode).toBe(200);
    for (const period of ['2026-10', '2026-11']) {
      const res = await t.app.inject({
        url: `/api/admin/earnings/month?period=${period}`,
        headers: await asAdmin(),
      });
      expect(res.statusCode, res.body).toBe(200);
      const month = res.json<PlatformMonth>();
      const statements = await Promise.all(
        [marlin, anaga].map(async (ownerId) => {
          const e = (
            await t.app.inject({
              url: `/api/owner/earnings?ownerId=${ownerId}&month=${period}`,
              headers: await asAdmin(),
            })
          ).json<OwnerEarningsResponse>();
          expect(e.month).toBe(period);
          return statementTotals(e.lines);
        }),
      );
      const cents = (n: number) => Math.round(n * 100);
      const sum = (pick: (s: (typeof statements)[number]) => number) =>
        statements.reduce((s, x) => s + cents(pick(x)), 0);
      // Gross sales and refunds follow the same rule as each statement line's (earnings.ts).
      expect(cents(month.grossSales)).toBe(sum((s) => s.gross));
      expect(cents(month.refunds)).toBe(sum((s) => s.refunds));
      expect(cents(month.net)).toBe(sum((s) => s.net));
      expect(cents(month.fees)).toBe(sum((s) => s.fee));
      expect(cents(month.commissionIgic)).toBe(sum((s) => s.igic));
      expect(cents(month.ownersShares)).toBe(sum((s) => s.share));
      expect(cents(month.fees) + cents(month.commissionIgic) + cents(month.ownersShares)).toBe(
        cents(month.net),
      );
      expect(cents(month.grossSales) - cents(month.refunds)).toBe(cents(month.net));
    }
    const october = (
      await t.app.inject({ url: '/api/admin/earnings/month?period=2026-10', headers: await asAdmin() })
    ).json<PlatformMonth>();
    expect(october).toMatchObject({
      grossSales: 600.05,
      refunds: 0,
      fees: 75.01,
      commissionIgic: 0,
      ownersShares: 525.04,
      paidOut: 0,
    });
    expect(october.owed).toBe(525.04);
    const november = (
      await t.app.inject({ url: '/api/admin/earnings/month?period=2026-11', headers: await asAdmin() })
    ).json<PlatformMonth>();
    // November: the €50 trip and the €100 refund of an October trip, and October's invoices' IGIC
    // (€2.10 and €3.15, issued on 1 November) withheld; the run paid everything due.
    expect(november).toMatchObject({
      grossSales: 50,
      refunds: 100,
      fees: -5,
      commissionIgic: 5.25,
      ownersShares: -50.25,
    });
    expect(Math.round((november.paidOut + november.owed) * 100)).toBe(47479);
  });
});
