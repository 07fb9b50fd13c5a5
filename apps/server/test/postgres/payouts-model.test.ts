// Model-based test of owners' money (fast-check) on PostgreSQL: random interleavings of sales
// (on the site; by an agent for cash: the agent keeps its commission and the platform receives
// the net; by a reseller on its account, at the net: its margin is its own, decision 27), refunds before and after the trip, trip completion, the clock moving on, the month's commission
// invoices, payout runs, an owner suspended or put on hold, a payout account that refuses
// transfers, and runs killed just before or just after the money moved (started again by the next
// run). After every step the invariants of docs/payments.md#from-a-card-to-an-owners-bank must hold:
// - for every booking, fee + owner share = net received (its lines add up to one split of it);
// - for every owner, what is kept from them (the fees of their invoiced lines, the agents'
//   commissions on sales in their name that the platform invoices them (decision 36) and the
//   commission's IGIC withheld) = the totals of the commission invoices and credit notes they were
//   sent; an agent's sale whose lines are all invoiced carries on them the agent's commission it
//   bears at its net;
// - for every owner, paid out + in transit + balance = the sum of their lines;
// - no line in two live payouts; every payout's amount is the sum of its lines;
// - no payout made while its owner was suspended or on hold;
// - every paid payout was transferred exactly once, a failed one never;
// - all shares plus all fees plus the IGIC withheld = all net money received for completed trips;
// - on the owner's statement every trip line's gross + the seller's commission = the price the
//   customer was charged, and the line names the agent or the reseller who sold it;
// - security deposits (docs/payments.md#the-security-deposit), authorised on the saved card (or
//   refused by it), released, claimed for damage (decision 40: accepted, disputed and decided by
//   the admin, unanswered and captured by the job, or left open), lapsed, or taken at the harbour
//   instead: never a payment of the booking, no money of anyone's until kept; a kept one is
//   exactly one line of the owner's (fee 0, share = the amount kept, never more than the deposit
//   nor the claim), paid out once; a settled claim's outcome is what its deposit kept.
// PAYOUTS_MODEL_RUNS sets the number of runs (default 200).
import { addMonths, canaryPeriodRange, canaryYearMonth, lastEndedMonth } from '@boats/domain/canary-time';
import { splitAtBps } from '@boats/domain/fee-split';
import { agentCommissionAtNet } from '@boats/domain/commission-invoice';
import { eq, inArray, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GOODWILL_CAUSE } from '@boats/domain/goodwill-refund';
import {
  agentBookings,
  boats,
  bookings,
  conditionReports,
  depositClaims,
  deposits,
  owners,
  payouts,
  resellerBookings,
  sandboxPaymentIntents,
} from '../../src/db/schema';
import {
  releaseDeposit,
  takeDepositAtHarbour,
  tendDeposits,
} from '../../src/modules/deposits/deposit-service';
import { answerClaim, decideClaim, fileClaim, tendClaims } from '../../src/modules/deposits/claim-service';
import { recordAgentCashPayment, recordResellerPayment } from '../../src/modules/payments/ledger';
import { linesOfOwner } from '../../src/modules/payouts/payout-repository';
import { syncCompletedEarnings } from '../../src/modules/earnings/earnings';
import { completeEndedTrips } from '../../src/modules/jobs/trip-completion';
import { refundBooking } from '../../src/modules/bookings/refunds';
import { issueInvoices } from '../../src/modules/invoices/invoice-service';
import { runPayouts } from '../../src/modules/payouts/payout-service';
import { SANDBOX_REFUSING_ACCOUNT } from '../../src/modules/payouts/sandbox-payouts';
import { bearer, newOwner, tokenFor } from '../helpers/admin-token';
import { newReseller } from '../helpers/reseller-fixture';
import { buildTestApp, type TestApp } from '../helpers/test-app';
import { addBooking, addSandboxPayment } from '../api/admin-bookings/admin-bookings.fixtures';

const RUNS = Number(process.env.PAYOUTS_MODEL_RUNS ?? 100);
/** The return record's photo a damage claim rests on. */
const RETURN_PHOTO = 'evidence-11111111-1111-4111-8111-111111111111';
const OWNERS = 3;
const DAY = 86_400_000;

/** Who sold a sale other than the site, at what commission (recorded with the sale). */
type Seller = { channel: 'agent' | 'reseller'; bps: number };

type Op =
  | { kind: 'sale'; owner: number; cents: number; bps: number; seller: Seller | null }
  // The operator's refund, or a goodwill gesture (docs/payments.md#goodwill-refunds): before the
  // trip a gesture is part of the money only, after it any of it.
  | { kind: 'refund'; sale: number; percent: number; goodwill: boolean }
  | { kind: 'complete' }
  | { kind: 'advance'; days: number }
  // The clock to the next month's first day, and that ended month's commission invoices issued.
  | { kind: 'invoice' }
  | { kind: 'run'; crash: null | { at: number; when: 'before' | 'after' } }
  | { kind: 'suspend'; owner: number; on: boolean }
  | { kind: 'hold'; owner: number; on: boolean }
  | { kind: 'refusing'; owner: number; on: boolean }
  // A security deposit on a sale, authorised at once by the job on the card that paid (a card that
  // wants the customer present is refused off-session; an agent's cash sale has no card).
  | { kind: 'deposit'; sale: number; cents: number; failing: boolean; cash: boolean }
  // After the return: released, claimed for damage (left open, accepted, disputed and decided at
  // `decided` percent of the claim, or unanswered past its deadline), its authorisation lapsed, or
  // (a refused one) taken at the harbour.
  | {
      kind: 'settle';
      sale: number;
      action: 'release' | 'claim' | 'accept' | 'dispute' | 'expire' | 'lapse' | 'harbour';
      percent: number;
      decided: number;
    };

const op: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('sale' as const),
      owner: fc.nat(OWNERS - 1),
      cents: fc.integer({ min: 1, max: 60_000 }),
      bps: fc.integer({ min: 0, max: 3000 }),
      // Sold by an agent or a reseller at this commission, else on the site.
      seller: fc.option(
        fc.record({
          channel: fc.constantFrom('agent' as const, 'reseller' as const),
          bps: fc.integer({ min: 0, max: 3000 }),
        }),
        { nil: null },
      ),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('refund' as const),
      sale: fc.nat(20),
      percent: fc.integer({ min: 1, max: 100 }),
      goodwill: fc.boolean(),
    }),
  },
  { weight: 2, arbitrary: fc.constant({ kind: 'complete' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'invoice' as const }) },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('advance' as const), days: fc.integer({ min: 1, max: 5 }) }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('run' as const),
      crash: fc.option(
        fc.record({ at: fc.nat(2), when: fc.constantFrom('before' as const, 'after' as const) }),
        { freq: 3 },
      ),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('suspend' as const),
      owner: fc.nat(OWNERS - 1),
      on: fc.boolean(),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('hold' as const), owner: fc.nat(OWNERS - 1), on: fc.boolean() }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('refusing' as const),
      owner: fc.nat(OWNERS - 1),
      on: fc.boolean(),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('deposit' as const),
      sale: fc.nat(20),
      cents: fc.integer({ min: 1, max: 50_000 }),
      // One in four cards wants the customer present (3-D Secure every time).
      failing: fc.integer({ min: 0, max: 3 }).map((n) => n === 0),
      // One in four deposits is on an agent's cash sale: no card to hold it on.
      cash: fc.integer({ min: 0, max: 3 }).map((n) => n === 0),
    }),
  },
  {
    weight: 8,
    arbitrary: fc.record({
      kind: fc.constant('settle' as const),
      sale: fc.nat(20),
      // The claims' paths twice as often: each needs a held deposit first, which few steps leave.
      action: fc.constantFrom(
        'release' as const,
        'claim' as const,
        'accept' as const,
        'accept' as const,
        'dispute' as const,
        'dispute' as const,
        'expire' as const,
        'expire' as const,
        'lapse' as const,
        'harbour' as const,
      ),
      percent: fc.integer({ min: 1, max: 100 }),
      decided: fc.integer({ min: 0, max: 100 }),
    }),
  },
);

class Killed extends Error {}

async function rows<T>(t: TestApp, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await t.ctx.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** The invariants over one run's owners (and, for the money sums, their bookings). */
async function checkInvariants(t: TestApp, ownerIds: string[], blocked: Map<string, Set<string>>) {
  const ids = sql.join(
    ownerIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  // Lines are split exactly, and a completed booking's lines are one split of its net.
  const bookingsOf = await rows<{
    id: string;
    net: number;
    bps: number;
    lines: number;
    fee: number;
    share: number;
  }>(
    t,
    sql`select b.id, b.commission_bps as bps,
      (select coalesce(sum(p.amount_cents), 0) from payments p where p.booking_id = b.id and p.status = 'succeeded')::int
        - (select coalesce(sum(r.amount_cents), 0) from refunds r where r.booking_id = b.id and r.status = 'succeeded')::int as net,
      (select coalesce(sum(l.net_cents), 0) from owner_earning_lines l where l.booking_id = b.id and l.kind <> 'deposit')::int as lines,
      (select coalesce(sum(l.fee_cents), 0) from owner_earning_lines l where l.booking_id = b.id and l.kind <> 'deposit')::int as fee,
      (select coalesce(sum(l.owner_cents), 0) from owner_earning_lines l where l.booking_id = b.id and l.kind <> 'deposit')::int as share
    from bookings b join boats bo on bo.id = b.boat_id
    where bo.owner_id in (${ids}) and b.status = 'completed'`,
  );
  for (const b of bookingsOf) {
    expect(b.lines, `booking ${b.id}: lines = net received`).toBe(b.net);
    expect(b.fee + b.share).toBe(b.net);
    expect(b.fee).toBe(splitAtBps(Math.max(0, b.net), b.bps).feeCents);
  }
  // Per owner: paid + in transit + balance = sum of lines; payouts carry exactly their lines.
  const perOwner = await rows<{ id: string; lines: number; paid: number; transit: number; balance: number }>(
    t,
    sql`select o.id,
      (select coalesce(sum(l.owner_cents), 0) from owner_earning_lines l where l.owner_id = o.id)::int as lines,
      (select coalesce(sum(p.amount_cents), 0) from payouts p where p.owner_id = o.id and p.state = 'paid')::int as paid,
      (select coalesce(sum(p.amount_cents), 0) from payouts p where p.owner_id = o.id and p.state = 'pending')::int as transit,
      (select coalesce(sum(l.owner_cents), 0) from owner_earning_lines l where l.owner_id = o.id
        and not exists (select 1 from payout_lines pl where pl.line_id = l.id and pl.active))::int as balance
    from owners o where o.id in (${ids})`,
  );
  for (const o of perOwner) expect(o.paid + o.transit + o.balance, `owner ${o.id}`).toBe(o.lines);
  // What is kept from each owner is what their commission documents total, to the cent.
  const kept = await rows<{
    id: string;
    documents: number;
    igic: number;
    fees: number;
    agents: number;
    withheld: number;
  }>(
    t,
    sql`select o.id,
      (select coalesce(sum(i.total_cents), 0) from owner_invoices i
        where i.owner_id = o.id and i.kind in ('invoice', 'credit_note'))::int as documents,
      (select coalesce(sum(i.igic_cents), 0) from owner_invoices i
        where i.owner_id = o.id and i.kind in ('invoice', 'credit_note'))::int as igic,
      (select coalesce(sum(il.fee_cents), 0) from owner_invoice_lines il
        join owner_earning_lines l on l.id = il.earning_line_id where l.owner_id = o.id)::int as fees,
      (select coalesce(sum(il.agent_commission_cents), 0) from owner_invoice_lines il
        join owner_earning_lines l on l.id = il.earning_line_id where l.owner_id = o.id)::int as agents,
      (select coalesce(-sum(l.owner_cents), 0) from owner_earning_lines l
        where l.owner_id = o.id and l.kind = 'commission_igic')::int as withheld
    from owners o where o.id in (${ids})`,
  );
  for (const o of kept) {
    expect(o.withheld, `owner ${o.id}: the IGIC withheld is the documents' IGIC`).toBe(o.igic);
    // Decision 36: the documents invoice the fees and the agents' commissions the owner bears.
    expect(o.fees + o.agents + o.withheld, `owner ${o.id}: kept = the documents' totals`).toBe(o.documents);
  }
  // An agent's sale whose lines are all on documents: they carry the agent's commission it bears
  // at its net (all of it while the sale's net is kept, none once refunded, in proportion between).
  const agentSales = await rows<{
    id: string;
    commission: number;
    sale: number;
    net: number;
    carried: number;
  }>(
    t,
    sql`select b.id,
      (select round(b.amount_gross_cents::numeric * ab.commission_bps / 10000))::int as commission,
      (select coalesce(sum(p.amount_cents), 0) from payments p
        where p.booking_id = b.id and p.status = 'succeeded' and p.method = 'agent_cash')::int as sale,
      (select coalesce(sum(l.net_cents), 0) from owner_earning_lines l where l.booking_id = b.id and l.kind <> 'deposit')::int as net,
      (select coalesce(sum(il.agent_commission_cents), 0) from owner_invoice_lines il
        where il.booking_id = b.id)::int as carried
    from bookings b join agent_bookings ab on ab.booking_id = b.id join boats bo on bo.id = b.boat_id
    where bo.owner_id in (${ids}) and ab.commission_bps > 0 and exists (select 1 from owner_earning_lines l
        where l.booking_id = b.id)
      and not exists (select 1 from owner_earning_lines l where l.booking_id = b.id and l.kind <> 'deposit'
        and not exists (select 1 from owner_invoice_lines il where il.earning_line_id = l.id))`,
  );
  for (const b of agentSales) {
    expect(b.carried, `agent's sale ${b.id}: its documents carry what it bears`).toBe(
      agentCommissionAtNet({ netCents: b.sale, commissionCents: b.commission }, b.net),
    );
  }
  const mismatched = await rows(
    t,
    sql`select p.id from payouts p where p.owner_id in (${ids}) and p.state <> 'failed'
      and p.amount_cents <> (select coalesce(sum(l.owner_cents), 0) from payout_lines pl
        join owner_earning_lines l on l.id = pl.line_id where pl.payout_id = p.id and pl.active)`,
  );
  expect(mismatched).toEqual([]);
  const twice = await rows(
    t,
    sql`select pl.line_id from payout_lines pl join owner_earning_lines l on l.id = pl.line_id
      where l.owner_id in (${ids}) and pl.active group by pl.line_id having count(*) > 1`,
  );
  expect(twice).toEqual([]);
  // Transfers: a paid payout exactly once, for its amount; a failed one never.
  const transfers = await rows<{ id: string; state: string; amount: number; n: number; moved: number }>(
    t,
    sql`select p.id, p.state, p.amount_cents as amount,
      (select count(*) from sandbox_transfers s where s.idempotency_key = p.id::text)::int as n,
      (select coalesce(sum(s.amount_cents), 0) from sandbox_transfers s where s.idempotency_key = p.id::text)::int as moved
    from payouts p where p.owner_id in (${ids})`,
  );
  for (const p of transfers) {
    if (p.state === 'paid') expect([p.n, p.moved]).toEqual([1, p.amount]);
    if (p.state === 'failed') expect(p.n).toBe(0);
  }
  // No payout to an owner who was suspended or on hold when it was made.
  const made = await t.ctx.db
    .select({ id: payouts.id, ownerId: payouts.ownerId })
    .from(payouts)
    .where(inArray(payouts.ownerId, ownerIds));
  for (const p of made) expect(blocked.get(p.ownerId)?.has(p.id) ?? false).toBe(false);
  // Shares + fees + the IGIC withheld = net received of the completed trips + the deposits kept.
  const [total] = await rows<{ lines: number; net: number; kept: number }>(
    t,
    sql`select
      (select coalesce(sum(l.fee_cents + l.owner_cents), 0) + coalesce(-sum(l.owner_cents) filter (where l.kind = 'commission_igic'), 0)
        from owner_earning_lines l where l.owner_id in (${ids}))::int as lines,
      (select coalesce(sum(x.net), 0) from (select
        (select coalesce(sum(p.amount_cents), 0) from payments p where p.booking_id = b.id and p.status = 'succeeded')
        - (select coalesce(sum(r.amount_cents), 0) from refunds r where r.booking_id = b.id and r.status = 'succeeded') as net
        from bookings b join boats bo on bo.id = b.boat_id
        where bo.owner_id in (${ids}) and b.status = 'completed') x)::int as net,
      (select coalesce(sum(d.captured_cents), 0) from deposits d join bookings b on b.id = d.booking_id
        join boats bo on bo.id = b.boat_id where bo.owner_id in (${ids}))::int as kept`,
  );
  expect(total!.lines).toBe(total!.net + total!.kept);
  // Deposits: never a payment of the booking; a kept one is one line of its owner's, no fee.
  const depositRows = await rows<{
    id: string;
    status: string;
    amount: number;
    captured: number;
    n: number;
    net: number;
    fee: number;
    share: number;
    owned: boolean;
  }>(
    t,
    sql`select d.id, d.status, d.amount_cents as amount, d.captured_cents as captured,
      (select count(*) from owner_earning_lines l where l.booking_id = d.booking_id and l.kind = 'deposit')::int as n,
      (select coalesce(sum(l.net_cents), 0) from owner_earning_lines l where l.booking_id = d.booking_id and l.kind = 'deposit')::int as net,
      (select coalesce(sum(l.fee_cents), 0) from owner_earning_lines l where l.booking_id = d.booking_id and l.kind = 'deposit')::int as fee,
      (select coalesce(sum(l.owner_cents), 0) from owner_earning_lines l where l.booking_id = d.booking_id and l.kind = 'deposit')::int as share,
      not exists (select 1 from owner_earning_lines l where l.booking_id = d.booking_id and l.kind = 'deposit'
        and l.owner_id <> bo.owner_id) as owned
    from deposits d join bookings b on b.id = d.booking_id join boats bo on bo.id = b.boat_id
    where bo.owner_id in (${ids})`,
  );
  for (const d of depositRows) {
    expect(d.captured <= d.amount, `deposit ${d.id}: never more than the deposit`).toBe(true);
    if (d.status === 'captured') {
      expect([d.n, d.net, d.fee, d.share, d.owned], `deposit ${d.id}: kept once, the owner's`).toEqual([
        1,
        d.captured,
        0,
        d.captured,
        true,
      ]);
    } else {
      expect([d.n, d.captured], `deposit ${d.id} (${d.status}): nobody's money`).toEqual([0, 0]);
    }
  }
  // Damage claims: never above the deposit; a settled one is what its deposit kept (decision 40).
  const claimRows = await rows<{
    id: string;
    status: string;
    amount: number;
    decided: number | null;
    deposit: number;
    depositStatus: string;
    captured: number;
  }>(
    t,
    sql`select c.booking_id as id, c.status, c.amount_cents as amount, c.decided_cents as decided,
      d.amount_cents as deposit, d.status as "depositStatus", d.captured_cents as captured
    from deposit_claims c join deposits d on d.id = c.deposit_id join bookings b on b.id = c.booking_id
      join boats bo on bo.id = b.boat_id where bo.owner_id in (${ids})`,
  );
  for (const c of claimRows) {
    expect(c.amount <= c.deposit, `claim ${c.id}: never more than the deposit`).toBe(true);
    const kept = c.status === 'decided' ? c.decided : c.amount;
    if (c.status === 'accepted' || c.status === 'expired' || (c.status === 'decided' && kept! > 0))
      expect([c.depositStatus, c.captured], `claim ${c.id} (${c.status}): captured`).toEqual([
        'captured',
        kept,
      ]);
    else if (c.status === 'decided') expect(c.depositStatus, `claim ${c.id}: decided at 0`).toBe('released');
    else if (c.status === 'lapsed') expect(c.depositStatus).toBe('lapsed');
    else
      expect([c.depositStatus, c.captured], `claim ${c.id} (${c.status}): still held`).toEqual([
        'authorised',
        0,
      ]);
  }
  const depositPayments = await rows(
    t,
    sql`select p.id from payments p join deposits d on d.provider_intent_id = p.provider_id
      join bookings b on b.id = d.booking_id join boats bo on bo.id = b.boat_id where bo.owner_id in (${ids})`,
  );
  expect(depositPayments).toEqual([]);
  // The statement: a trip line's gross (what reached the platform) + what its seller kept = the
  // price the customer was charged, and an agent's sale says so.
  const prices = new Map(
    (
      await rows<{ id: string; price: number }>(
        t,
        sql`select b.id, b.amount_gross_cents as price from bookings b join boats bo on bo.id = b.boat_id
          where bo.owner_id in (${ids})`,
      )
    ).map((b) => [b.id, Number(b.price)]),
  );
  for (const ownerId of ownerIds) {
    for (const line of await linesOfOwner(
      t.ctx.db,
      ownerId,
      new Date('2000-01-01T00:00:00Z'),
      new Date('2100-01-01T00:00:00Z'),
    )) {
      if (line.kind !== 'trip') continue;
      expect(line.grossCents + line.channelCommissionCents).toBe(prices.get(line.bookingId!));
      expect(line.channelName).toBe(
        line.channel === 'agent' ? 'Model desk' : line.channel === 'reseller' ? 'Viator' : null,
      );
    }
  }
}

describe('owners’ money, model-based with crashes', async () => {
  const t = await buildTestApp({ template: 'empty', now: new Date('2027-01-01T12:00:00Z') });
  let clock = new Date('2027-01-01T12:00:00Z').getTime();
  const real = t.ctx.payouts;

  // The agent who sells some of the seats, for cash.
  const agentEmail = 'desk@agents.example';
  const made = await t.app.inject({
    method: 'POST',
    url: '/api/admin/agents',
    headers: bearer(await tokenFor(t, 'admin')),
    payload: {
      name: 'Model desk',
      email: agentEmail,
      password: 'a-long-agent-password',
      commissionPercent: 10,
    },
  });
  expect(made.statusCode, made.body).toBe(200);
  const agent = { id: made.json<{ agent: { _id: string } }>().agent._id, email: agentEmail };
  // The reseller who sells some of them on its account.
  const { resellerId } = await newReseller(t, bearer(await tokenFor(t, 'admin')));

  it(`keeps every invariant over ${RUNS} runs`, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 4, maxLength: 14 }), async (ops) => {
        // Each run: its own owners and boats, far enough in time from the others.
        clock += 120 * DAY;
        t.setNow(new Date(clock));
        const ownerIds: string[] = [];
        const boatList = [];
        for (let i = 0; i < OWNERS; i += 1) {
          const ownerId = await newOwner(t);
          ownerIds.push(ownerId);
          const [boat] = await t.ctx.db
            .insert(boats)
            .values({
              title: { en: `Model boat ${i}` },
              description: { en: 'A boat for tests' },
              capacity: 20,
              pricePerHourCents: 10_000,
              ownerId,
              publishedAt: new Date('2020-01-01T00:00:00Z'),
            })
            .returning();
          boatList.push(boat!);
        }
        const sales: { id: string; intent: string }[] = [];
        // The sales given a deposit, which the decisions after the return pick from.
        const withDeposit: string[] = [];
        // Payouts made while their owner was blocked (must stay empty): owner → payout ids.
        const blocked = new Map<string, Set<string>>();
        let nextHour = 0;

        for (const step of ops) {
          if (step.kind === 'sale') {
            // A trip that ended in the last day or so, each on its own hour of the boat.
            nextHour += 2;
            const start = new Date(clock - 2 * 3600_000 - nextHour * 3600_000);
            if (step.seller === null) {
              const { booking } = await addBooking(t.ctx.db, boatList[step.owner]!, {
                status: 'confirmed',
                start,
                hours: 1,
                grossCents: step.cents,
                commissionBps: step.bps,
              });
              await addSandboxPayment(t.ctx.db, booking.providerPaymentId!, step.cents);
              sales.push({ id: booking.id, intent: booking.providerPaymentId! });
            } else {
              // The agent takes the price in cash, or the reseller from its customer; each keeps
              // its commission and owes the net, which is what the booking received
              // (docs/channels.md#agents, #money).
              const commission = Math.round((step.cents * step.seller.bps) / 10_000);
              const { booking } = await addBooking(t.ctx.db, boatList[step.owner]!, {
                status: 'confirmed',
                start,
                hours: 1,
                grossCents: step.cents,
                receivedCents: 0,
                providerPaymentId: null,
                commissionBps: step.bps,
              });
              if (step.seller.channel === 'agent') {
                await t.ctx.db.insert(agentBookings).values({
                  bookingId: booking.id,
                  agentUserId: agent.id,
                  commissionBps: step.seller.bps,
                  payment: 'cash',
                });
                await recordAgentCashPayment(t.ctx.db, {
                  bookingId: booking.id,
                  amountCents: step.cents - commission,
                  agentEmail: agent.email,
                  at: new Date(clock),
                });
              } else {
                await t.ctx.db.insert(resellerBookings).values({
                  bookingId: booking.id,
                  resellerId,
                  uuid: booking.id,
                  unitItems: [],
                  commissionBps: step.seller.bps,
                  confirmedAt: new Date(clock),
                });
                await recordResellerPayment(t.ctx.db, {
                  bookingId: booking.id,
                  amountCents: step.cents - commission,
                  reseller: 'Viator',
                  at: new Date(clock),
                });
              }
              sales.push({ id: booking.id, intent: '' });
            }
          } else if (step.kind === 'refund') {
            const sale = sales[step.sale % Math.max(1, sales.length)];
            if (!sale) continue;
            const [{ net } = { net: 0 }] = await rows<{ net: number }>(
              t,
              sql`select ((select coalesce(sum(amount_cents), 0) from payments where booking_id = ${sale.id} and status = 'succeeded')
                - (select coalesce(sum(amount_cents), 0) from refunds where booking_id = ${sale.id} and status <> 'failed'))::int as net`,
            );
            const amount = Math.floor((net * step.percent) / 100);
            if (amount <= 0) continue;
            const [booking] = await t.ctx.db
              .select({ status: bookings.status })
              .from(bookings)
              .where(eq(bookings.id, sale.id));
            const refund = refundBooking(t.ctx, sale.id, {
              amountCents: amount,
              actor: 'model',
              reason: step.goodwill ? 'model gesture' : 'model refund',
              cause: step.goodwill ? GOODWILL_CAUSE : 'operator',
            });
            if (step.goodwill && booking?.status === 'confirmed' && amount === net) {
              // All of a trip still ahead is a cancellation, never a gesture: nothing moves.
              await expect(refund).rejects.toMatchObject({ code: 'goodwill_is_cancellation' });
            } else {
              await refund;
            }
          } else if (step.kind === 'complete') {
            await completeEndedTrips(t.ctx);
          } else if (step.kind === 'advance') {
            clock += step.days * DAY;
            t.setNow(new Date(clock));
          } else if (step.kind === 'invoice') {
            const today = canaryYearMonth(new Date(clock));
            const next = addMonths(today.year, today.month, 1);
            const period = `${next.year}-${String(next.month).padStart(2, '0')}`;
            clock = canaryPeriodRange(period).start.getTime() + 3600_000;
            t.setNow(new Date(clock));
            await issueInvoices(t.ctx, { period: lastEndedMonth(new Date(clock)), actor: 'model' });
            // Every fee earned before the month's end is on a document now.
            const uninvoiced = await rows(
              t,
              sql`select l.id from owner_earning_lines l where l.owner_id in (${sql.join(
                ownerIds.map((id) => sql`${id}::uuid`),
                sql`, `,
              )}) and l.fee_cents <> 0 and l.earned_at < ${new Date(clock).toISOString()}
                and not exists (select 1 from owner_invoice_lines il where il.earning_line_id = l.id)`,
            );
            expect(uninvoiced).toEqual([]);
          } else if (step.kind === 'run') {
            const states = await t.ctx.db
              .select({ id: owners.id, status: owners.status, hold: owners.payoutsOnHold })
              .from(owners)
              .where(inArray(owners.id, ownerIds));
            const before = new Set(
              (
                await t.ctx.db
                  .select({ id: payouts.id })
                  .from(payouts)
                  .where(inArray(payouts.ownerId, ownerIds))
              ).map((p) => p.id),
            );
            let calls = 0;
            const crash = step.crash;
            if (crash) {
              t.ctx.payouts = {
                ...real,
                // The process dies at transfer number `at` (before or after the money moved);
                // nothing after it happens. The next run is the restarted server.
                transfer: async (request) => {
                  const n = calls++;
                  if (n > crash.at || (n === crash.at && crash.when === 'before')) throw new Killed('killed');
                  const done = await real.transfer(request);
                  if (n === crash.at) throw new Killed('killed after the transfer');
                  return done;
                },
              };
            }
            try {
              await runPayouts(t.ctx, 'model');
            } finally {
              t.ctx.payouts = real;
            }
            const made = await t.ctx.db
              .select({ id: payouts.id, ownerId: payouts.ownerId })
              .from(payouts)
              .where(inArray(payouts.ownerId, ownerIds));
            for (const p of made.filter((m) => !before.has(m.id))) {
              const state = states.find((s) => s.id === p.ownerId);
              if (state && (state.status === 'suspended' || state.hold)) {
                blocked.set(p.ownerId, (blocked.get(p.ownerId) ?? new Set()).add(p.id));
              }
            }
          } else if (step.kind === 'deposit') {
            const pool = sales.filter((s) => (step.cash ? !s.intent : s.intent));
            const sale = pool[step.sale % Math.max(1, pool.length)];
            if (!sale) continue;
            const [had] = await t.ctx.db.select().from(deposits).where(eq(deposits.bookingId, sale.id));
            if (had) continue;
            // The card that paid the booking, saved to a customer (an agent's cash sale: none).
            if (sale.intent) {
              await t.ctx.db
                .update(sandboxPaymentIntents)
                .set({ paymentMethod: step.failing ? 'pm_sbx_4000002760003184' : 'pm_sbx_4242424242424242' })
                .where(eq(sandboxPaymentIntents.id, sale.intent));
            }
            await t.ctx.db.insert(deposits).values({
              bookingId: sale.id,
              amountCents: step.cents,
              providerCustomerId: 'cus_sbx_model',
              authoriseAt: new Date(clock - 3600_000),
            });
            withDeposit.push(sale.id);
            await tendDeposits(t.ctx);
            const [now] = await t.ctx.db.select().from(deposits).where(eq(deposits.bookingId, sale.id));
            // Authorised on a good card of a booking still to complete; otherwise refused or waiting.
            const [row] = await t.ctx.db.select().from(bookings).where(eq(bookings.id, sale.id));
            if (row?.status === 'confirmed') {
              expect(now?.status).toBe(sale.intent && !step.failing ? 'authorised' : 'failed');
            } else {
              expect(now?.status).toBe('scheduled');
            }
          } else if (step.kind === 'settle') {
            const sale = { id: withDeposit[step.sale % Math.max(1, withDeposit.length)] ?? '' };
            if (!sale.id) continue;
            const [deposit] = await t.ctx.db.select().from(deposits).where(eq(deposits.bookingId, sale.id));
            if (!deposit) continue;
            const staff = { email: 'model@example.com' };
            const refused = (err: unknown) => {
              // Only a deposit not held (or no longer holdable) is refused, with its reason.
              expect(err).toMatchObject({ statusCode: 409 });
            };
            if (step.action === 'release') {
              const [claimed] = await t.ctx.db
                .select()
                .from(depositClaims)
                .where(eq(depositClaims.bookingId, sale.id));
              await releaseDeposit(t.ctx, sale.id, staff).then(
                (v) => expect(v.status).toBe('released'),
                (err: unknown) => {
                  refused(err);
                  // Not held, or a claim decides it.
                  expect(deposit.status !== 'authorised' || claimed !== undefined).toBe(true);
                },
              );
            } else if (step.action !== 'lapse' && step.action !== 'harbour') {
              // A damage claim (decision 40) resting on the return's photo, filed unless one was.
              const [booking] = await t.ctx.db.select().from(bookings).where(eq(bookings.id, sale.id));
              await t.ctx.db
                .insert(conditionReports)
                .values(
                  (['departure', 'return'] as const).map((phase) => ({
                    bookingId: sale.id,
                    phase,
                    values: {},
                    photos: [RETURN_PHOTO],
                    signature: 'M1 1 L2 2 L3 3 L4 4 L5 5 L6 6',
                    signedBy: 'Model',
                    recordedAt: new Date(clock - 3600_000),
                  })),
                )
                .onConflictDoNothing();
              const amount = Math.max(1, Math.floor((deposit.amountCents * step.percent) / 100));
              const [before] = await t.ctx.db
                .select()
                .from(depositClaims)
                .where(eq(depositClaims.bookingId, sale.id));
              if (!before) {
                await fileClaim(t.ctx, sale.id, staff, {
                  amountCents: amount,
                  note: 'model damage',
                  photos: [RETURN_PHOTO],
                }).then(
                  (v) => expect(v).toMatchObject({ status: 'open', amount: amount / 100 }),
                  (err: unknown) => {
                    refused(err);
                    // Refused only when not held, or for a canceled booking, or too near the card's lapse.
                    const closing =
                      deposit.lapsesAt !== null && deposit.lapsesAt.getTime() - clock < 36 * 3600_000;
                    expect(
                      deposit.status !== 'authorised' ||
                        closing ||
                        booking?.status === 'canceled' ||
                        booking?.status === 'refunded',
                    ).toBe(true);
                  },
                );
              }
              const [claim] = await t.ctx.db
                .select()
                .from(depositClaims)
                .where(eq(depositClaims.bookingId, sale.id));
              if (claim?.status === 'open') {
                if (step.action === 'accept') {
                  await answerClaim(t.ctx, sale.id, { decision: 'accept' }).then(
                    (v) => expect(v.status).toBe('accepted'),
                    refused,
                  );
                } else if (step.action === 'dispute') {
                  await answerClaim(t.ctx, sale.id, { decision: 'dispute', answer: 'Not my doing' }).catch(
                    refused,
                  );
                  const decided = Math.floor((claim.amountCents * step.decided) / 100);
                  await decideClaim(t.ctx, sale.id, staff, {
                    amountCents: decided,
                    reason: 'model decision',
                  }).then(
                    (v) => expect(v).toMatchObject({ status: 'decided', decided: decided / 100 }),
                    refused,
                  );
                } else if (step.action === 'expire') {
                  await t.ctx.db
                    .update(depositClaims)
                    .set({ answerBy: new Date(clock - 1000) })
                    .where(eq(depositClaims.bookingId, sale.id));
                  await tendClaims(t.ctx);
                  const [now] = await t.ctx.db
                    .select()
                    .from(depositClaims)
                    .where(eq(depositClaims.bookingId, sale.id));
                  expect(['expired', 'lapsed']).toContain(now?.status);
                }
              }
            } else if (step.action === 'lapse') {
              // The card networks' window passes with nothing decided.
              await t.ctx.db
                .update(deposits)
                .set({ lapsesAt: new Date(clock - 1000) })
                .where(eq(deposits.id, deposit.id));
              await tendDeposits(t.ctx);
              const [now] = await t.ctx.db.select().from(deposits).where(eq(deposits.id, deposit.id));
              if (deposit.status === 'authorised' && deposit.method === 'card')
                expect(now?.status).toBe('lapsed');
              else expect(now?.status).toBe(deposit.status);
            } else {
              await takeDepositAtHarbour(t.ctx, sale.id, staff, 'cash').then(
                (v) => expect(v).toMatchObject({ status: 'authorised', method: 'cash' }),
                (err: unknown) => {
                  refused(err);
                },
              );
            }
          } else if (step.kind === 'suspend') {
            await t.ctx.db
              .update(owners)
              .set({ status: step.on ? 'suspended' : 'active' })
              .where(eq(owners.id, ownerIds[step.owner]!));
          } else if (step.kind === 'hold') {
            await t.ctx.db
              .update(owners)
              .set({ payoutsOnHold: step.on })
              .where(eq(owners.id, ownerIds[step.owner]!));
          } else {
            await t.ctx.db
              .update(owners)
              .set({ payoutAccount: step.on ? SANDBOX_REFUSING_ACCOUNT : null })
              .where(eq(owners.id, ownerIds[step.owner]!));
          }
          // Every line was written with the money's move: nothing is left to repair.
          expect(await syncCompletedEarnings(t.ctx)).toBe(0);
          await checkInvariants(t, ownerIds, blocked);
        }

        // The end of the season: everyone active, accounts that work, every trip over and
        // payable, two runs (the second finishes what a killed one left): every positive balance
        // at the minimum or more is paid, and nothing is left in transit.
        await t.ctx.db
          .update(owners)
          .set({ status: 'active', payoutsOnHold: false, payoutAccount: null })
          .where(inArray(owners.id, ownerIds));
        clock += 10 * DAY;
        t.setNow(new Date(clock));
        await completeEndedTrips(t.ctx);
        await runPayouts(t.ctx, 'model');
        await runPayouts(t.ctx, 'model');
        await checkInvariants(t, ownerIds, blocked);
        const left = await rows<{ transit: number; balance: number }>(
          t,
          sql`select o.id,
            (select coalesce(sum(p.amount_cents), 0) from payouts p where p.owner_id = o.id and p.state = 'pending')::int as transit,
            (select coalesce(sum(l.owner_cents), 0) from owner_earning_lines l where l.owner_id = o.id
              and not exists (select 1 from payout_lines pl where pl.line_id = l.id and pl.active))::int as balance
          from owners o where o.id in (${sql.join(
            ownerIds.map((id) => sql`${id}::uuid`),
            sql`, `,
          )})`,
        );
        for (const o of left) {
          expect(o.transit).toBe(0);
          expect(o.balance < t.ctx.config.PAYOUT_MINIMUM).toBe(true);
        }
      }),
      { numRuns: RUNS },
    );
  }, 1_800_000);
});
