// The checkout's prepared statements (db/prepared.ts) run on the connection they are given: inside
// a transaction they see its uncommitted rows, and what the transaction rolls back is gone. On
// PostgreSQL a statement sent on the pool instead would not see the row; on PGlite it would wait
// for the transaction forever.
import { describe, expect, it } from 'vitest';
import { lockSlot } from '../../../src/modules/bookings/capacity';
import { buildTestApp } from '../../helpers/test-app';
import { createBoat, createSharedTrip } from '../../helpers/checkout-fixtures';

const NOW = new Date('2027-06-01T09:00:00Z');
const DAY = new Date('2027-06-10T09:00:00Z');

describe('prepared statements', async () => {
  const t = await buildTestApp({ template: 'empty', now: NOW });
  const boat = await createBoat(t.ctx.db);

  it("run inside the caller's transaction, then on the pool again", async () => {
    let inside: string | undefined;
    const rolledBack = new Error('roll back');
    await expect(
      t.ctx.db.transaction(async (tx) => {
        const trip = await createSharedTrip(tx, boat.id, DAY);
        inside = (await lockSlot(tx, trip.id))?.id;
        expect(inside).toBe(trip.id);
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
    expect(await lockSlot(t.ctx.db, inside!)).toBeUndefined();
    const kept = await createSharedTrip(t.ctx.db, boat.id, DAY);
    expect((await lockSlot(t.ctx.db, kept.id))?.seatsTotal).toBe(kept.seatsTotal);
  });
});
