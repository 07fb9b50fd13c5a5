// The buffers the main queries of each back-office answer read on the season (`EXPLAIN (ANALYZE, BUFFERS)`
// of the app's own query builders, the ones test/postgres/season-scale.test.ts holds to their
// bounds): shared buffers hit or read by the whole plan, a figure the machine's load does not move.
// What the answer reads when worked out anew; answered from memory it reads none of them.
import pg from 'pg';
import { canaryDayRange } from '@boats/domain/canary-time';
import { openDatabase } from '../../apps/server/src/db/client';
import {
  boatsTitled,
  bookingPageQuery,
  kpiFiguresQuery,
} from '../../apps/server/src/modules/admin-bookings/admin-booking-repository';
import { auditPageQuery } from '../../apps/server/src/modules/audit/audit-repository';
import {
  issuersQuery,
  recordsPageQuery,
  recordsToCorrectQuery,
} from '../../apps/server/src/modules/verifactu/record-queries';
import { EVERY_OWNER } from '../../apps/server/src/modules/owner-scope/owner-scope';
import {
  soldBookingsOnSlotQuery,
  tripsStartingInQuery,
} from '../../apps/server/src/modules/trips/trips-repository';

type Query = { toSQL(): { sql: string; params: unknown[] } };
type PlanNode = { 'Shared Hit Blocks'?: number; 'Shared Read Blocks'?: number };

/** Buffers per scenario key (the season bench's), for the scenarios whose queries are built apart. */
export async function planBuffers(
  url: string,
  season: { month: { start: string; end: string }; day: string; tripId: string; search: string },
  now: Date,
): Promise<Record<string, number>> {
  const database = await openDatabase({ kind: 'postgres', url });
  const db = database.db;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const buffers = async (queries: Query[]) => {
      let total = 0;
      for (const query of queries) {
        const { sql, params } = query.toSQL();
        const { rows } = await client.query<{ 'QUERY PLAN': { Plan: PlanNode }[] }>(
          `explain (analyze, buffers, format json) ${sql}`,
          params,
        );
        const plan = rows[0]!['QUERY PLAN'][0]!.Plan;
        total += (plan['Shared Hit Blocks'] ?? 0) + (plan['Shared Read Blocks'] ?? 0);
      }
      return total;
    };
    const { start, end } = season.month;
    const month = { scope: EVERY_OWNER, start, end };
    const searched = {
      ...month,
      search: { text: season.search, boatIds: await boatsTitled(db, season.search) },
    };
    const filtered = { ...month, status: 'confirmed' as const, type: 'shared' as const };
    return {
      list: await buffers([bookingPageQuery(db, month, 'asc', 51), kpiFiguresQuery(db, month)]),
      filtered: await buffers([bookingPageQuery(db, filtered, 'asc', 51), kpiFiguresQuery(db, filtered)]),
      searched: await buffers([bookingPageQuery(db, searched, 'asc', 51), kpiFiguresQuery(db, searched)]),
      sorted: await buffers([bookingPageQuery(db, month, 'desc', 51), kpiFiguresQuery(db, month)]),
      trips: await buffers([tripsStartingInQuery(db, EVERY_OWNER, canaryDayRange(season.day), now)]),
      manifest: await buffers([soldBookingsOnSlotQuery(db, season.tripId)]),
      audit: await buffers([auditPageQuery(db, EVERY_OWNER, { limit: 50 })]),
      auditMonth: await buffers([
        auditPageQuery(db, EVERY_OWNER, { from: start.slice(0, 10), to: end.slice(0, 10), limit: 50 }),
      ]),
      records: await buffers([
        recordsPageQuery(db, { month: start.slice(0, 7) }, 101),
        recordsToCorrectQuery(db, 100),
        issuersQuery(db),
      ]),
    };
  } finally {
    await client.end();
    await database.close();
  }
}
