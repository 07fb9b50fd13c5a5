// Two releases at once must not offer the same seats twice (docs/public-site.md#waitlist): a full
// trip's holds are given up all together while several "instances" dispatch the events and run
// the waitlist job at the same moment, over parallel PostgreSQL connections. The offers, made
// under the trip's row lock, add up to exactly what was freed, follow the line first fit, and
// every seat is still counted once.
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { waitlistEntries } from '../../src/db/schema';
import { queueEventEmails } from '../../src/modules/jobs/event-emails';
import { offerFreedSeats } from '../../src/modules/waitlist/waitlist-service';
import { tendWaitlists } from '../../src/modules/waitlist/waitlist-offers';
import { buildTestApp } from '../helpers/test-app';
import {
  createBoat,
  createSharedTrip,
  sharedRequest,
  startCheckout,
  bookingUrl,
} from '../helpers/checkout-fixtures';

const NOW = new Date('2027-06-01T09:00:00Z');
const DAY = new Date('2027-06-20T09:00:00Z');
const SEATS = 12;

describe('waitlist offers under concurrent releases (PostgreSQL)', async () => {
  const t = await buildTestApp({ template: 'empty', now: NOW, env: { MAX_LIVE_HOLDS_PER_IP: '1000' } });
  const db = t.database.db;
  const boat = await createBoat(db, { capacity: 20 });

  const occupancy = async (slotId: string) => {
    const { rows } = (await db.execute(sql`select
        (select seats_total from slots where id = ${slotId}) as total,
        (select coalesce(sum(seats), 0)::int from bookings where slot_id = ${slotId}
          and (status in ('paid', 'confirmed', 'completed')
            or (status = 'pending' and hold_expires_at > ${NOW.toISOString()}))) as used`)) as unknown as {
      rows: { total: number; used: number }[];
    };
    return rows[0]!;
  };

  it('offers exactly the freed seats, in waitlist order, however many releases and runs race', async () => {
    const trip = await createSharedTrip(db, boat.id, DAY, { seatsTotal: SEATS });
    // The trip is full of one-seat holds and two three-seat ones.
    const small = await Promise.all(
      Array.from({ length: SEATS - 6 }, (_, i) =>
        startCheckout(
          t.app,
          sharedRequest(boat.id, trip, { adults: 1, children50: 0, kidsFree: 0 }),
          `10.1.0.${i + 1}`,
        ),
      ),
    );
    const large = await Promise.all(
      [1, 2].map((i) =>
        startCheckout(
          t.app,
          sharedRequest(boat.id, trip, { adults: 3, children50: 0, kidsFree: 0 }),
          `10.2.0.${i}`,
        ),
      ),
    );
    expect(await occupancy(trip.id)).toEqual({ total: SEATS, used: SEATS });

    // Twenty visitors wait, wanting 1 or 2 seats.
    const wanted = Array.from({ length: 20 }, (_, i) => 1 + (i % 2));
    for (const [i, seats] of wanted.entries()) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/waitlist',
        payload: {
          slotId: trip.id,
          email: `wait${i}@example.com`,
          passengers: { adults: seats, child_u13: 0, child_u6: 0 },
        },
        remoteAddress: `10.3.0.${i + 1}`,
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    // Each confirmed their address (the e-mail's link, tested in api/waitlist): only confirmed
    // entries are offered seats.
    await db
      .update(waitlistEntries)
      .set({ confirmedAt: new Date() })
      .where(eq(waitlistEntries.slotId, trip.id));

    // Every one-seat hold and one three-seat hold is given up at once (9 seats), while three
    // instances dispatch the events, three run the waitlist job and ten offer the trip directly.
    const released = [...small, large[0]!];
    await Promise.all([
      ...released.map((c) =>
        t.app.inject({ method: 'POST', url: bookingUrl(t.ctx, c.bookingId, '/release') }),
      ),
      ...[1, 2, 3].map(() => queueEventEmails(t.ctx)),
      ...[1, 2, 3].map(() => tendWaitlists(t.ctx)),
      ...Array.from({ length: 10 }, () => offerFreedSeats(t.ctx, trip.id)),
    ]);
    // And once more after every release has committed, as the next tick would.
    await Promise.all([queueEventEmails(t.ctx), tendWaitlists(t.ctx), offerFreedSeats(t.ctx, trip.id)]);

    const offered = await db
      .select()
      .from(waitlistEntries)
      .where(and(eq(waitlistEntries.slotId, trip.id), isNotNull(waitlistEntries.offeredAt)))
      .orderBy(waitlistEntries.seq);
    const offeredSeats = offered.reduce((sum, e) => sum + e.seats, 0);
    // 9 seats freed, every one offered, none twice.
    expect(offeredSeats).toBe(9);
    // In line order, first fit (packages/domain/src/waitlist.ts): a party is passed over only while
    // fewer seats are free than it wants. Which parties of two are offered depends on how the
    // releases interleave with the runs (a run that sees one seat free offers it to the next
    // one-seat party), but a one-seat party fits whenever a seat is free, so none is ever passed
    // over for someone further back in line.
    const last = offered.at(-1)!.seq;
    const passedOver = (
      await db.select().from(waitlistEntries).where(eq(waitlistEntries.slotId, trip.id))
    ).filter((e) => e.seq < last && e.seats === 1 && !e.offeredAt);
    expect(passedOver.map((e) => e.email)).toEqual([]);
    expect(offered[0]!.email).toBe('wait0@example.com');
    expect(new Set(offered.map((e) => e.offerBookingId)).size).toBe(offered.length);
    expect(await occupancy(trip.id)).toEqual({ total: SEATS, used: SEATS });
    // Each offer is the entry's own hold of exactly its seats.
    const { rows } = (await db.execute(sql`select w.seats as wanted, b.seats as held, b.status
      from waitlist_entries w join bookings b on b.id = w.offer_booking_id
      where w.slot_id = ${trip.id}`)) as unknown as {
      rows: { wanted: number; held: number; status: string }[];
    };
    for (const row of rows) expect(row).toEqual({ wanted: row.held, held: row.wanted, status: 'pending' });
  });
});
