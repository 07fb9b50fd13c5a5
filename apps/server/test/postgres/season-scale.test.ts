// The season bench in a reduced form (docs/performance.md#a-season-at-marketplace-scale): 20
// boats with 20,000 bookings over two years, and the back office answering on it. Bounds are on
// what the database does (plans and rows read, from EXPLAIN ANALYZE of the app's own queries),
// which no load on the machine moves, plus generous time limits; the speed targets live in
// `npm run bench -- --scale season`.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { splitAtBps } from '@boats/domain/fee-split';
import type { BookingsPage } from '@boats/domain/schemas/booking';
import type { BillingRecordsResponse } from '@boats/domain/schemas/invoicing';
import {
  boatsTitled,
  bookingPageQuery,
  kpiFiguresQuery,
} from '../../src/modules/admin-bookings/admin-booking-repository';
import { auditPageQuery } from '../../src/modules/audit/audit-repository';
import {
  issuersQuery,
  recordsPageQuery,
  recordsToCorrectQuery,
  stuckIssuersQuery,
} from '../../src/modules/verifactu/record-queries';
import { EVERY_OWNER } from '../../src/modules/owner-scope/owner-scope';
import { soldBookingsOnSlotQuery, tripsStartingInQuery } from '../../src/modules/trips/trips-repository';
import { bearer, tokenFor } from '../helpers/admin-token';
import { seedSeason } from '../helpers/season-seed';
import { buildTestApp, type TestApp } from '../helpers/test-app';
import { openTestDatabase } from '../helpers/test-database';

const BOATS = 20;
const BOOKINGS = 20_000;
const PAGE = 50;

type PlanNode = {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  Plans?: PlanNode[];
};

function nodes(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(nodes)];
}

/** The rows plan nodes read in all: those they returned and those they threw away, every loop. */
function rowsRead(read: PlanNode[]): number {
  return read.reduce(
    (sum, n) =>
      sum +
      (n['Actual Rows'] + (n['Rows Removed by Filter'] ?? 0) + (n['Rows Removed by Index Recheck'] ?? 0)) *
        n['Actual Loops'],
    0,
  );
}

describe('the back office on a season of 20 boats and 20,000 bookings', () => {
  let t: TestApp;
  let sqlClient: pg.Client;
  let token: string;
  const now = new Date();
  // Last month, whole: a month of the season with past and coming trips' bookings alike.
  const month = {
    start: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)).toISOString(),
    end: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1) - 1).toISOString(),
  };

  beforeAll(async () => {
    const database = await openTestDatabase('empty');
    const url = (database.db as unknown as { $client: pg.Pool }).$client.options.connectionString as string;
    sqlClient = new pg.Client({ connectionString: url });
    await sqlClient.connect();
    await seedSeason(
      async (text, params) => (await sqlClient.query(text, params)).rows as Record<string, unknown>[],
      {
        boats: BOATS,
        bookings: BOOKINGS,
        owners: 4,
        now,
      },
    );
    t = await buildTestApp({ database });
    token = await tokenFor(t);
  }, 300_000);

  afterAll(async () => {
    await sqlClient?.end();
  });

  async function explain(query: { toSQL(): { sql: string; params: unknown[] } }): Promise<PlanNode> {
    const { sql, params } = query.toSQL();
    const { rows } = await sqlClient.query(`explain (analyze, format json) ${sql}`, params);
    return (rows[0]['QUERY PLAN'] as { Plan: PlanNode }[])[0]!.Plan;
  }

  const monthCount = async (where = 'true') =>
    Number(
      (
        await sqlClient.query(
          `select count(*)::int as n from bookings where starts_at between $1 and $2 and ${where}`,
          [month.start, month.end],
        )
      ).rows[0].n,
    );

  it('seeds the season with its ledger: every paid booking has its payment, every refunded one its refund', async () => {
    const { rows } = await sqlClient.query(`
      select count(*)::int as bookings,
        count(*) filter (where status <> 'canceled' and not exists
          (select 1 from payments p where p.booking_id = b.id and p.status = 'succeeded'))::int as unpaid,
        count(*) filter (where status = 'refunded' and not exists
          (select 1 from refunds r where r.booking_id = b.id))::int as unrefunded
      from bookings b`);
    expect(rows[0]).toEqual({ bookings: BOOKINGS, unpaid: 0, unrefunded: 0 });
  });

  it("answers a month's first page with the month's total and KPIs, reading a page of rows, not the month", async () => {
    const started = performance.now();
    const res = await t.app.inject({
      url: `/checkout/bookings?start=${encodeURIComponent(month.start)}&end=${encodeURIComponent(month.end)}`,
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(200);
    expect(performance.now() - started).toBeLessThan(10_000);
    const page = res.json<BookingsPage>();
    const inMonth = await monthCount();
    expect(inMonth).toBeGreaterThan(PAGE);
    expect(page.items).toHaveLength(PAGE);
    expect(page.total).toBe(inMonth);
    expect(page.kpis.count).toBe(await monthCount(`status in ('paid', 'confirmed', 'completed')`));

    const plan = await explain(
      bookingPageQuery(t.ctx.db, { scope: EVERY_OWNER, start: month.start, end: month.end }, 'asc', PAGE + 1),
    );
    const bookingScans = nodes(plan).filter((n) => n['Relation Name'] === 'bookings');
    expect(bookingScans.map((n) => n['Node Type'])).not.toContain('Seq Scan');
    // The page reads about a page of bookings, however many the month holds.
    for (const scan of bookingScans) expect(scan['Actual Rows']).toBeLessThanOrEqual(PAGE * 2);
  });

  it('reads the KPI rows of a month through indexes, never the whole table or ledger', async () => {
    const plan = await explain(
      kpiFiguresQuery(t.ctx.db, { scope: EVERY_OWNER, start: month.start, end: month.end }),
    );
    const scanned = nodes(plan).filter((n) => n['Relation Name']);
    expect(scanned.filter((n) => n['Node Type'] === 'Seq Scan').map((n) => n['Relation Name'])).not.toContain(
      'bookings',
    );
    for (const table of ['payments', 'refunds']) {
      expect(
        scanned.filter((n) => n['Relation Name'] === table).map((n) => n['Node Type']),
        `${table} read by index`,
      ).not.toContain('Seq Scan');
    }
    const bookingRows = scanned
      .filter((n) => n['Relation Name'] === 'bookings')
      .reduce((sum, n) => sum + n['Actual Rows'] * n['Actual Loops'], 0);
    expect(bookingRows).toBeLessThanOrEqual(await monthCount());
  });

  it('pages through a searched month without losing or repeating a booking', async () => {
    const query = `start=${encodeURIComponent(month.start)}&end=${encodeURIComponent(month.end)}&q=${encodeURIComponent('Customer 1')}&sort=desc&limit=100`;
    const seen = new Set<string>();
    let cursor: string | null = null;
    let total: number;
    do {
      const url: string = `/checkout/bookings?${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const res = await t.app.inject({ url, headers: bearer(token) });
      expect(res.statusCode).toBe(200);
      const page: BookingsPage = res.json();
      total = page.total;
      for (const item of page.items) {
        expect(seen.has(item._id)).toBe(false);
        seen.add(item._id);
      }
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen.size).toBe(total);
    expect(total).toBe(await monthCount(`customer_name ilike '%Customer 1%'`));
  });

  it('finds a customer by e-mail or name through the trigram indexes, reading the matches, not the month', async () => {
    const { rows } = await sqlClient.query(
      `select customer_email, customer_name from bookings where starts_at between $1 and $2 order by starts_at limit 1`,
      [month.start, month.end],
    );
    const customer = rows[0] as { customer_email: string; customer_name: string };
    const inMonth = await monthCount();
    for (const q of [customer.customer_email, customer.customer_name]) {
      const search = { text: q, boatIds: await boatsTitled(t.ctx.db, q) };
      const filter = { scope: EVERY_OWNER, start: month.start, end: month.end, search };
      for (const query of [
        bookingPageQuery(t.ctx.db, filter, 'asc', PAGE + 1),
        kpiFiguresQuery(t.ctx.db, filter),
      ]) {
        const read = nodes(await explain(query));
        expect(
          read.some((n) => n['Index Name']?.endsWith('_trgm_idx')),
          `${q}: a trigram index`,
        ).toBe(true);
        // The bookings read: the search's matches (and the trigram index's near misses), where
        // a search on the month's order read every booking of the month.
        const bookingRows = rowsRead(read.filter((n) => n['Relation Name'] === 'bookings'));
        expect(bookingRows, q).toBeLessThan(inMonth / 10);
      }
    }
  });

  it("exports a month as CSV, one line per booking, and answers a day's trips and a manifest", async () => {
    const started = performance.now();
    const csv = await t.app.inject({
      url: `/api/admin/bookings/export.csv?start=${encodeURIComponent(month.start)}&end=${encodeURIComponent(month.end)}`,
      headers: bearer(token),
    });
    expect(csv.statusCode).toBe(200);
    expect(performance.now() - started).toBeLessThan(20_000);
    const lines = csv.body.split('\r\n').filter((line) => line.length > 0);
    expect(lines.length - 1).toBe(await monthCount());

    const { rows } = await sqlClient.query(
      `select s.id, s.starts_at from slots s join bookings b on b.slot_id = s.id
       where s.type = 'shared' and b.status = 'completed' group by s.id order by count(*) desc limit 1`,
    );
    const trip = rows[0] as { id: string; starts_at: Date };
    const day = trip.starts_at.toISOString().slice(0, 10);
    const trips = await t.app.inject({ url: `/api/crew/trips?date=${day}`, headers: bearer(token) });
    expect(trips.statusCode).toBe(200);
    // Every season boat sails twice a day.
    expect(trips.json<{ items: unknown[] }>().items.length).toBeGreaterThanOrEqual(BOATS * 2);
    const manifest = await t.app.inject({
      url: `/api/crew/trips/${trip.id}/manifest`,
      headers: bearer(token),
    });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.json<{ bookings: unknown[] }>().bookings.length).toBeGreaterThan(0);
  });

  it("reads a day's trips and a manifest through a trip's own bookings, never the season's", async () => {
    const { rows } = await sqlClient.query(
      `select s.id, s.starts_at from slots s join bookings b on b.slot_id = s.id
       where b.status = 'completed' group by s.id order by count(*) desc limit 1`,
    );
    const trip = rows[0] as { id: string; starts_at: Date };
    const day = new Date(trip.starts_at.toISOString().slice(0, 10));
    const dayRange = { start: day, end: new Date(day.getTime() + 86_400_000) };
    for (const query of [
      tripsStartingInQuery(t.ctx.db, EVERY_OWNER, dayRange, now),
      soldBookingsOnSlotQuery(t.ctx.db, trip.id),
    ]) {
      const bookingNodes = nodes(await explain(query)).filter((n) => n['Relation Name'] === 'bookings');
      expect(bookingNodes.length).toBeGreaterThan(0);
      expect(bookingNodes.map((n) => n['Node Type'])).not.toContain('Seq Scan');
      // A trip carries a handful of bookings: each look at bookings reads (and throws away) that
      // many per trip, where testing every booking of the season read them all for each trip.
      for (const node of bookingNodes) {
        const readPerLoop =
          node['Actual Rows'] +
          (node['Rows Removed by Filter'] ?? 0) +
          (node['Rows Removed by Index Recheck'] ?? 0);
        expect(readPerLoop).toBeLessThan(100);
      }
    }
  });

  it("lists a month's billing records, the rejected ones and the issuers, reading a page, never the season's records", async () => {
    const period = month.start.slice(0, 7);
    const res = await t.app.inject({
      url: `/api/admin/invoicing/records?month=${period}`,
      headers: bearer(token),
    });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json<BillingRecordsResponse>();
    expect(answer.records.length).toBeGreaterThan(PAGE);
    expect(answer.records.every((r) => r.state === 'accepted' || r.state === 'rejected')).toBe(true);
    const seeded = await sqlClient.query<{ rejected: number; issuers: number }>(
      `select count(*) filter (where state = 'rejected')::int as rejected,
              count(distinct issuer_nif)::int as issuers from aeat_submissions`,
    );
    expect(answer.rejected).toHaveLength(Math.min(100, seeded.rows[0]!.rejected));
    expect(answer.issuers).toHaveLength(seeded.rows[0]!.issuers);
    expect(answer.issuers.every((issuer) => issuer.name.startsWith('Season Owner'))).toBe(true);

    const [records] = (await sqlClient.query<{ n: number }>(`select count(*)::int as n from billing_records`))
      .rows;
    for (const [what, query] of [
      ["a month's page", recordsPageQuery(t.ctx.db, { month: period }, PAGE)],
      ['the records to correct', recordsToCorrectQuery(t.ctx.db, 100)],
      ['the issuers', issuersQuery(t.ctx.db)],
      ['the issuers stuck', stuckIssuersQuery(t.ctx.db)],
    ] as const) {
      const read = nodes(await explain(query)).filter(
        (n) => n['Relation Name'] === 'billing_records' || n['Relation Name'] === 'aeat_submissions',
      );
      expect(
        read.map((n) => n['Node Type']),
        what,
      ).not.toContain('Seq Scan');
      expect(rowsRead(read), what).toBeLessThan(records!.n / 10);
    }
  });

  it("answers the audit trail's first page and a month's, never reading the whole trail", async () => {
    const [trail] = (await sqlClient.query<{ n: number }>(`select count(*)::int as n from audit_log`)).rows;
    expect(trail!.n).toBeGreaterThan(BOOKINGS / 3);
    const from = month.start.slice(0, 10);
    const to = month.end.slice(0, 10);
    const queries: { from?: string; to?: string; objectType?: 'booking' }[] = [
      {},
      { from, to },
      { from, to, objectType: 'booking' },
    ];
    for (const query of queries) {
      const res = await t.app.inject({
        url: `/api/admin/audit?${new URLSearchParams(Object.entries(query)).toString()}`,
        headers: bearer(token),
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<{ items: unknown[] }>().items).toHaveLength(PAGE);
      const read = nodes(
        await explain(auditPageQuery(t.ctx.db, EVERY_OWNER, { ...query, limit: PAGE })),
      ).filter((n) => n['Relation Name'] === 'audit_log');
      expect(read.map((n) => n['Node Type'])).not.toContain('Seq Scan');
      // A page, or at most the month's rows (the month's index, then the newest of them).
      expect(rowsRead(read), JSON.stringify(query)).toBeLessThan(trail!.n / 10);
    }
  });

  it("pays the season's owners once: each is paid the sum of their payable lines, a second run pays nothing", async () => {
    // The seeded earning lines are what the app would write: the domain's split of the ledger.
    const { rows: lines } = await sqlClient.query<{ net: number; fee: number; owner: number; bps: number }>(
      `select net_cents as net, fee_cents as fee, owner_cents as owner, commission_bps as bps
       from owner_earning_lines`,
    );
    expect(lines.length).toBe(
      Number(
        (await sqlClient.query(`select count(*)::int as n from bookings where status = 'completed'`)).rows[0]
          .n,
      ),
    );
    for (const line of lines) {
      expect({ fee: line.fee, owner: line.owner }).toEqual(
        (({ feeCents, ownerCents }) => ({ fee: feeCents, owner: ownerCents }))(
          splitAtBps(line.net, line.bps),
        ),
      );
    }
    const { rows: due } = await sqlClient.query<{ owner_id: string; cents: number }>(
      `select owner_id, sum(owner_cents)::int as cents from owner_earning_lines
       where payable_at <= now() group by owner_id order by owner_id`,
    );

    const started = performance.now();
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/admin/payouts/run',
      headers: bearer(token),
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(performance.now() - started).toBeLessThan(60_000);
    const { rows: paid } = await sqlClient.query<{ owner_id: string; cents: number }>(
      `select owner_id, sum(amount_cents)::int as cents from payouts where state = 'paid' group by owner_id order by owner_id`,
    );
    expect(paid).toEqual(due);
    // Nothing was left for the run to write: every completed trip already had its line.
    expect(
      Number((await sqlClient.query('select count(*)::int as n from owner_earning_lines')).rows[0].n),
    ).toBe(lines.length);

    const second = await t.app.inject({
      method: 'POST',
      url: '/api/admin/payouts/run',
      headers: bearer(token),
    });
    expect(second.statusCode).toBe(200);
    expect(second.json<{ paid: unknown[] }>().paid).toEqual([]);

    // The busiest owner's page: the balance (nothing left due) and their statements.
    const owner = due[0]!.owner_id;
    const earnings = await t.app.inject({
      url: `/api/owner/earnings?ownerId=${owner}`,
      headers: bearer(token),
    });
    expect(earnings.statusCode).toBe(200);
    expect(earnings.json<{ lines: unknown[] }>().lines.length).toBeGreaterThan(0);
    const statements = await t.app.inject({
      url: `/api/owner/payouts?ownerId=${owner}`,
      headers: bearer(token),
    });
    expect(statements.statusCode).toBe(200);
    expect(
      statements.json<{ payouts: { amount: number }[] }>().payouts.map((p) => Math.round(p.amount * 100)),
    ).toEqual([due[0]!.cents]);
  });
});
