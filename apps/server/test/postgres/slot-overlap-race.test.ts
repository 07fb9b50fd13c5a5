// Two connections insert overlapping slots for one boat at the same moment: the exclusion
// constraint must leave exactly one, whatever the timing.
import { count, eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { slots, boats } from '../../src/db/schema';
import { openTestDatabase } from '../helpers/test-database';
import { platformOwnerId } from '../../src/modules/owner-scope/platform-owner';

describe('slot overlap under concurrency (PostgreSQL)', async () => {
  const database = await openTestDatabase('empty');
  afterAll(() => database.close());

  it('keeps exactly one of two overlapping slots inserted at the same moment, 20 times over', async () => {
    const [boat] = await database.db
      .insert(boats)
      .values({
        title: { en: 'Race boat' },
        description: { en: '' },
        capacity: 6,
        pricePerHourCents: 10000,
        ownerId: await platformOwnerId(database.db),
      })
      .returning();
    const url = (database.db as unknown as { $client: pg.Pool }).$client.options.connectionString as string;
    const a = new pg.Client({ connectionString: url });
    const b = new pg.Client({ connectionString: url });
    await Promise.all([a.connect(), b.connect()]);
    try {
      for (let round = 0; round < 20; round++) {
        const day = new Date(Date.UTC(2030, 0, 1 + round, 10));
        const insert = (client: pg.Client, offsetMinutes: number) =>
          client
            .query(`insert into slots (boat_id, type, starts_at, ends_at) values ($1, 'private', $2, $3)`, [
              boat!.id,
              new Date(day.getTime() + offsetMinutes * 60_000),
              new Date(day.getTime() + (offsetMinutes + 60) * 60_000),
            ])
            .then(
              () => 'inserted',
              (err: { code?: string }) => err.code,
            );
        // Both transactions are open and have inserted before either commits.
        await Promise.all([a.query('begin'), b.query('begin')]);
        const results = await Promise.all([
          insert(a, 0),
          insert(b, 30),
          a.query('commit'),
          b.query('commit'),
        ]);
        // The loser is refused by the exclusion constraint, or, when each insert waits on the
        // other, by PostgreSQL's deadlock detector: either way the database keeps one slot.
        const [first, second] = results.slice(0, 2).sort();
        expect(second).toBe('inserted');
        expect(['23P01', '40P01']).toContain(first);
      }
      const [{ n } = { n: 0 }] = await database.db
        .select({ n: count() })
        .from(slots)
        .where(eq(slots.boatId, boat!.id));
      expect(n).toBe(20);
    } finally {
      await Promise.all([a.end(), b.end()]);
    }
  });
});
