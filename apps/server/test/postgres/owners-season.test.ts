// A season of owners' money on PostgreSQL (docs/payments.md#from-a-card-to-an-owners-bank and
// #commission-invoices), end to end through the jobs and the admin's calls: three owners at three
// commission rates sell trips from March to May, some refunded in part before the trip; the
// monthly job invoices each month; a payout run pays everyone; a refund after that payout leaves
// an owner a negative balance, carried by the next run and netted by the one after; a transfer
// the provider refuses is retried; a run killed after the money moved is started again. At the
// end everything adds up to the cent: each booking's fee + share = its net, each owner's payouts
// + balance = their lines, every paid payout transferred once, all shares + fees = all net money
// of completed trips, and per owner the invoices minus the credit notes = the fees of the lines
// and the commissions of the agents who sold some of the trips for cash in the owner's name
// (docs/decisions/0036-the-channel-commission-an-owner-bears.md), with numbers in each series
// from 1 without a gap.
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { canaryInstant } from '@boats/domain/canary-time';
import type { InvoicesResponse, PlatformMonth } from '@boats/domain/schemas/invoices';
import { agentBookings, boats, owners } from '../../src/db/schema';
import { recordAgentCashPayment } from '../../src/modules/payments/ledger';
import { refundBooking } from '../../src/modules/bookings/refunds';
import { issueMonthlyInvoices } from '../../src/modules/jobs/monthly-invoices';
import { completeEndedTrips } from '../../src/modules/jobs/trip-completion';
import { runPayouts, type PayoutRunReport } from '../../src/modules/payouts/payout-service';
import { SANDBOX_REFUSING_ACCOUNT } from '../../src/modules/payouts/sandbox-payouts';
import { bearer, newOwner, tokenFor } from '../helpers/admin-token';
import { buildTestApp, type TestApp } from '../helpers/test-app';
import { addBooking, addSandboxPayment } from '../api/admin-bookings/admin-bookings.fixtures';

async function rows<T>(t: TestApp, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await t.ctx.db.execute(query)) as unknown as { rows: T[] }).rows;
}

const RATES = [1000, 1500, 2000] as const;
const paidTo = (report: PayoutRunReport, ownerId: string) =>
  report.paid.filter((p) => p.ownerId === ownerId).reduce((s, p) => s + p.amountCents, 0);

describe('a season of three owners’ money', async () => {
  const t = await buildTestApp({ template: 'empty', now: new Date('2027-03-01T09:00:00Z') });
  const at = (instant: string) => t.setNow(new Date(instant));
  const ownerIds: string[] = [];
  const boatList: (typeof boats.$inferSelect)[] = [];
  for (const [i, bps] of RATES.entries()) {
    const ownerId = await newOwner(t, {
      displayName: `Season owner ${i}`,
      commissionBps: bps,
      language: 'es',
    });
    ownerIds.push(ownerId);
    const [boat] = await t.ctx.db
      .insert(boats)
      .values({
        title: { en: `Season boat ${i}` },
        description: { en: 'A boat for tests' },
        capacity: 20,
        pricePerHourCents: 10_000,
        ownerId,
        publishedAt: new Date('2020-01-01T00:00:00Z'),
      })
      .returning();
    boatList.push(boat!);
  }
  const [A, B] = ownerIds as [string, string, string];
  // The hotel desk that sells some trips for cash on 12 % (docs/channels.md#agents).
  const AGENT_BPS = 1200;
  const madeAgent = await t.app.inject({
    method: 'POST',
    url: '/api/admin/agents',
    headers: bearer(await tokenFor(t, 'admin')),
    payload: {
      name: 'Season desk',
      email: 'desk@season.example',
      password: 'a-long-agent-password',
      commissionPercent: AGENT_BPS / 100,
    },
  });
  expect(madeAgent.statusCode, madeAgent.body).toBe(200);
  const agentId = madeAgent.json<{ agent: { _id: string } }>().agent._id;
  let seed = 7;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };

  /** Each owner's trips on `days` of a month (10:00 Canary, 2 h), odd cents; some refunded in part. */
  async function sellMonth(month: string, days: number[]) {
    const sold: { id: string; owner: number }[] = [];
    for (const day of days) {
      for (const [owner, boat] of boatList.entries()) {
        const gross = 5_000 + Math.floor(random() * 60_000) + 1;
        const start = canaryInstant(`${month}-${String(day).padStart(2, '0')}`, '10:00');
        // One sale in four by the agent for cash: it keeps its commission, the booking receives the net.
        const byAgent = random() < 0.25;
        const { booking } = await addBooking(t.ctx.db, boat, {
          status: 'confirmed',
          start,
          grossCents: gross,
          commissionBps: RATES[owner],
          ...(byAgent && { receivedCents: 0, providerPaymentId: null }),
        });
        if (byAgent) {
          await t.ctx.db.insert(agentBookings).values({
            bookingId: booking.id,
            agentUserId: agentId,
            commissionBps: AGENT_BPS,
            payment: 'cash',
          });
          await recordAgentCashPayment(t.ctx.db, {
            bookingId: booking.id,
            amountCents: gross - Math.round((gross * AGENT_BPS) / 10_000),
            agentEmail: 'desk@season.example',
            at: start,
          });
        } else {
          await addSandboxPayment(t.ctx.db, booking.providerPaymentId!, gross);
        }
        sold.push({ id: booking.id, owner });
        if (random() < 0.2) {
          await refundBooking(t.ctx, booking.id, {
            amountCents: Math.floor(gross * random() * 0.5) + 1,
            actor: 'season',
            reason: 'Partial refund before the trip',
            cause: 'operator',
          });
        }
      }
    }
    return sold;
  }

  const balances = async () =>
    new Map(
      (
        await rows<{ id: string; lines: number; paid: number; transit: number; balance: number }>(
          t,
          sql`select o.id,
            (select coalesce(sum(l.owner_cents), 0) from owner_earning_lines l where l.owner_id = o.id)::int as lines,
            (select coalesce(sum(p.amount_cents), 0) from payouts p where p.owner_id = o.id and p.state = 'paid')::int as paid,
            (select coalesce(sum(p.amount_cents), 0) from payouts p where p.owner_id = o.id and p.state = 'pending')::int as transit,
            (select coalesce(sum(l.owner_cents), 0) from owner_earning_lines l where l.owner_id = o.id
              and not exists (select 1 from payout_lines pl where pl.line_id = l.id and pl.active))::int as balance
          from owners o where not o.is_platform`,
        )
      ).map((r) => [r.id, r]),
    );

  it('pays, carries, nets, retries and invoices a season, adding up to the cent', async () => {
    // March: ten trip days each; completed as they end; invoiced on 1 April; paid on 5 April.
    const march = await sellMonth('2027-03', [2, 5, 8, 11, 14, 17, 20, 23, 26, 29]);
    at('2027-03-31T20:00:00Z');
    expect(await completeEndedTrips(t.ctx)).toBe(march.length);
    at('2027-04-01T00:10:00Z');
    await issueMonthlyInvoices(t.ctx);
    await issueMonthlyInvoices(t.ctx); // a second instance's tick issues nothing more
    at('2027-04-05T06:00:00Z');
    const first = await runPayouts(t.ctx, 'schedule');
    expect(first.failed).toEqual([]);
    for (const id of ownerIds) expect((await balances()).get(id)!.balance, id).toBe(0);
    expect(paidTo(first, A)).toBeGreaterThan(0);

    // A refund after the payout: owner A owes the share back, carried by the next run.
    at('2027-04-10T12:00:00Z');
    const refunded = march.find((s) => s.owner === 0)!;
    const [{ net } = { net: 0 }] = await rows<{ net: number }>(
      t,
      sql`select ((select sum(amount_cents) from payments where booking_id = ${refunded.id} and status = 'succeeded')
        - (select coalesce(sum(amount_cents), 0) from refunds where booking_id = ${refunded.id} and status = 'succeeded'))::int as net`,
    );
    await refundBooking(t.ctx, refunded.id, {
      amountCents: net - 100, // all but €1: the owner owes 90 % of it back
      actor: 'admin@example.com',
      reason: 'Engine trouble, goodwill',
      cause: 'operator',
    });
    const negative = (await balances()).get(A)!.balance;
    expect(negative).toBeLessThan(0);
    const carried = await runPayouts(t.ctx, 'admin@example.com');
    expect(carried.skipped).toContainEqual({ ownerId: A, reason: 'below_minimum', balanceCents: negative });
    expect((await balances()).get(A)!.balance).toBe(negative);

    // April's trips; B's bank refuses the transfer at the next run.
    const april = await sellMonth('2027-04', [3, 9, 15, 21, 24]);
    at('2027-04-28T06:00:00Z');
    expect(await completeEndedTrips(t.ctx)).toBe(april.length);
    await t.ctx.db.update(owners).set({ payoutAccount: SANDBOX_REFUSING_ACCOUNT }).where(eq(owners.id, B));
    const second = await runPayouts(t.ctx, 'schedule');
    // A's April nets the negative line: one payout of the difference.
    expect(second.paid.filter((p) => p.ownerId === A)).toHaveLength(1);
    expect((await balances()).get(A)!.balance).toBe(0);
    expect(second.failed.map((f) => f.ownerId)).toEqual([B]);
    expect((await balances()).get(B)!.balance).toBe(second.failed[0]!.amountCents);
    // B gives a working account; the next run retries the same lines.
    await t.ctx.db.update(owners).set({ payoutAccount: null }).where(eq(owners.id, B));
    const retried = await runPayouts(t.ctx, 'admin@example.com');
    expect(paidTo(retried, B)).toBe(second.failed[0]!.amountCents);

    // May: invoiced April on the 1st (A's refund after the March invoice: a credit note); a run
    // killed after the money moved, started again, pays once.
    at('2027-05-01T00:10:00Z');
    await issueMonthlyInvoices(t.ctx);
    const may = await sellMonth('2027-05', [4, 12, 20]);
    at('2027-05-27T06:00:00Z');
    expect(await completeEndedTrips(t.ctx)).toBe(may.length);
    const real = t.ctx.payouts;
    t.ctx.payouts = {
      ...real,
      transfer: async (request) => {
        await real.transfer(request);
        throw new Error('killed after the transfer');
      },
    };
    try {
      const killed = await runPayouts(t.ctx, 'schedule');
      expect(killed.paid).toEqual([]);
      expect(killed.pending).toHaveLength(3);
    } finally {
      t.ctx.payouts = real;
    }
    const restarted = await runPayouts(t.ctx, 'schedule');
    expect(restarted.paid).toHaveLength(3);
    expect((await runPayouts(t.ctx, 'schedule')).paid).toEqual([]);
    at('2027-06-01T00:10:00Z');
    await issueMonthlyInvoices(t.ctx);

    // Every cent accounted for. What is left in each balance is May's invoice's IGIC, withheld by
    // the line its issue wrote (payable at once: the next run nets it).
    const mayIgic = await rows<{ owner_id: string; igic: number }>(
      t,
      sql`select owner_id, sum(igic_cents)::int as igic from owner_invoices where period = '2027-05' group by owner_id`,
    );
    for (const [id, o] of await balances()) {
      if (!ownerIds.includes(id)) continue;
      expect(o.paid + o.transit + o.balance, id).toBe(o.lines);
      expect(o.balance, id).toBe(-(mayIgic.find((m) => m.owner_id === id)?.igic ?? 0));
      expect(o.balance, id).toBeLessThan(0);
      expect(o.transit, id).toBe(0);
    }
    const perBooking = await rows<{ net: number; fee: number; share: number; lines: number }>(
      t,
      sql`select
        ((select coalesce(sum(p.amount_cents), 0) from payments p where p.booking_id = b.id and p.status = 'succeeded')
          - (select coalesce(sum(r.amount_cents), 0) from refunds r where r.booking_id = b.id and r.status = 'succeeded'))::int as net,
        (select coalesce(sum(l.fee_cents), 0) from owner_earning_lines l where l.booking_id = b.id)::int as fee,
        (select coalesce(sum(l.owner_cents), 0) from owner_earning_lines l where l.booking_id = b.id)::int as share,
        (select coalesce(sum(l.net_cents), 0) from owner_earning_lines l where l.booking_id = b.id)::int as lines
      from bookings b where b.status = 'completed'`,
    );
    expect(perBooking).toHaveLength(march.length + april.length + may.length);
    for (const b of perBooking) {
      expect(b.fee + b.share).toBe(b.net);
      expect(b.lines).toBe(b.net);
    }
    const [money] = await rows<{
      net: number;
      lines: number;
      transfers: number;
      paid: number;
      n: number;
      payouts: number;
    }>(
      t,
      sql`select
        (select sum(net) from (select
          (select coalesce(sum(p.amount_cents), 0) from payments p where p.booking_id = b.id and p.status = 'succeeded')
          - (select coalesce(sum(r.amount_cents), 0) from refunds r where r.booking_id = b.id and r.status = 'succeeded') as net
          from bookings b where b.status = 'completed') x)::int as net,
        (select sum(net_cents) from owner_earning_lines)::int as lines,
        (select sum(amount_cents) from sandbox_transfers)::int as transfers,
        (select count(*) from sandbox_transfers)::int as n,
        (select sum(amount_cents) from payouts where state = 'paid')::int as paid,
        (select count(*) from payouts where state = 'paid')::int as payouts`,
    );
    expect(money!.lines).toBe(money!.net);
    // Every paid payout transferred exactly once, the refused one never.
    expect(money!.transfers).toBe(money!.paid);
    expect(money!.n).toBe(money!.payouts);

    // Invoices: per owner, invoices − credit notes = the fees of the lines and the agents'
    // commissions the owner bears, and their totals what was kept from the owner (the fees and
    // the IGIC withheld) and what the agents kept of the owner's sales; every line invoiced.
    const docs = await rows<{
      owner_id: string;
      documents: number;
      fees: number;
      agents: number;
      borne: number;
      totals: number;
      kept: number;
      uninvoiced: number;
    }>(
      t,
      sql`select o.id as owner_id,
        (select coalesce(sum(i.base_cents), 0) from owner_invoices i where i.owner_id = o.id)::int as documents,
        (select coalesce(sum(l.fee_cents), 0) from owner_earning_lines l where l.owner_id = o.id)::int as fees,
        (select coalesce(sum(il.agent_commission_cents), 0) from owner_invoice_lines il
          join owner_earning_lines l on l.id = il.earning_line_id where l.owner_id = o.id)::int as agents,
        (select coalesce(sum(round(b.amount_gross_cents::numeric * ab.commission_bps / 10000)), 0)
          from bookings b join agent_bookings ab on ab.booking_id = b.id join boats bo on bo.id = b.boat_id
          where bo.owner_id = o.id and b.status = 'completed')::int as borne,
        (select coalesce(sum(i.total_cents), 0) from owner_invoices i where i.owner_id = o.id)::int as totals,
        (select coalesce(sum(l.net_cents - l.owner_cents), 0) from owner_earning_lines l where l.owner_id = o.id)::int as kept,
        (select count(*) from owner_earning_lines l where l.owner_id = o.id and l.fee_cents <> 0
          and not exists (select 1 from owner_invoice_lines il where il.earning_line_id = l.id))::int as uninvoiced
      from owners o where not o.is_platform`,
    );
    for (const d of docs) {
      expect(d.documents, d.owner_id).toBe(d.fees + d.agents);
      expect(d.kept + d.agents, d.owner_id).toBe(d.totals);
      expect(d.uninvoiced).toBe(0);
    }
    // The agent sold for the owners; a refund takes the agent's commission a sale bears down in
    // proportion, so each owner's documents carry some of it and never more than all of it.
    expect(docs.reduce((s, d) => s + d.agents, 0)).toBeGreaterThan(0);
    for (const d of docs) expect(d.agents, d.owner_id).toBeLessThanOrEqual(d.borne);
    const admin = bearer(await tokenFor(t, 'admin'));
    const all = (await t.app.inject({ url: '/api/owner/invoices', headers: admin })).json<InvoicesResponse>()
      .invoices;
    const numbers = (kind: string) =>
      all
        .filter((i) => i.kind === kind)
        .map((i) => i.number)
        .sort();
    // Three owners × three months, numbered 1…9 in the order issued; one credit note.
    expect(numbers('invoice')).toEqual(
      Array.from({ length: 9 }, (_, i) => `2027-${String(i + 1).padStart(6, '0')}`),
    );
    expect(numbers('credit_note')).toEqual(['R2027-000001']);
    const credit = all.find((i) => i.kind === 'credit_note')!;
    expect(credit).toMatchObject({ ownerId: A, period: '2027-04' });
    expect(all.find((i) => i._id === credit.corrects!._id)).toMatchObject({ ownerId: A, period: '2027-03' });
    const [ledgerFees] = await rows<{ fee: number }>(
      t,
      sql`select sum(fee_cents)::int as fee from owner_earning_lines l
        join owners o on o.id = l.owner_id where not o.is_platform`,
    );
    const invoiced = all.reduce((s, i) => s + Math.round(i.base * 100), 0);
    expect(invoiced).toBe(ledgerFees!.fee + docs.reduce((s, d) => s + d.agents, 0));
    // Each document's IGIC is 7 % of its base, rounded once; total = base + IGIC.
    for (const i of all) {
      const base = Math.round(i.base * 100);
      expect(Math.round(i.igic * 100)).toBe(Math.sign(base) * Math.round(Math.abs(base) * 0.07));
      expect(Math.round(i.total * 100)).toBe(base + Math.round(i.igic * 100));
    }

    // The platform months: nothing owed at the end of May but the shares of trips not yet payable.
    for (const period of ['2027-03', '2027-04', '2027-05']) {
      const month = (
        await t.app.inject({ url: `/api/admin/earnings/month?period=${period}`, headers: admin })
      ).json<PlatformMonth>();
      const cents = (n: number) => Math.round(n * 100);
      expect(cents(month.fees) + cents(month.commissionIgic) + cents(month.ownersShares), period).toBe(
        cents(month.net),
      );
      // The IGIC of the invoices issued on the month's first day (March's on 1 April, …).
      expect(month.commissionIgic > 0, period).toBe(period !== '2027-03');
      expect(cents(month.grossSales) - cents(month.refunds)).toBe(cents(month.net));
    }
    const [left] = await rows<{ n: number }>(
      t,
      sql`select count(*)::int as n from payouts where state = 'pending'`,
    );
    expect(left!.n).toBe(0);
  }, 60_000);
});
