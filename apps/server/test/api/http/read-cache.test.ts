// The month view, the catalogue, a booking's page and the bookings list's figures are served
// from memory, and stay true: any
// committed write to the tables they read invalidates them through the database triggers,
// whatever code (or plain SQL) makes it; a cached month lapses with its next hold; answers go
// out compressed with an ETag.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type pg from 'pg';
import type { Db } from '../../../src/db/client';
import * as schema from '../../../src/db/schema';
import { boats, bookings, slots, tickets } from '../../../src/db/schema';
import { monthAnswer } from '../../../src/modules/availability/month-answer';
import { findBookingWithBoatById } from '../../../src/modules/bookings/booking-repository';
import { kpiFigures } from '../../../src/modules/admin-bookings/admin-booking-repository';
import { EVERY_OWNER, ownerScope, type OwnerScope } from '../../../src/modules/owner-scope/owner-scope';
import { catalogueAnswer } from '../../../src/modules/catalogue/catalogue-answer';
import type { BookingsPage, BookingsQuery } from '@boats/domain/schemas/booking';
import type { AuditQuery } from '@boats/domain/schemas/audit';
import { AnswerCache } from '../../../src/http/answer-cache';
import { FIGURES_TABLES, type ReadCaches } from '../../../src/http/read-caches';
import {
  BOOKINGS_PAGE_TABLES,
  bookingsPageUntil,
} from '../../../src/modules/admin-bookings/admin-booking-service';
import { AUDIT_PAGE_TABLES, listAuditRows } from '../../../src/modules/audit/audit-repository';
import { manifestUntil, TRIP_ANSWER_TABLES, tripsOfDay } from '../../../src/modules/trips/trips-service';
import {
  OWNER_MONEY_TABLES,
  ownerEarningsUntil,
  ownerPayouts,
  ownerStatement,
} from '../../../src/modules/payouts/payout-views';
import { lineCountsOfPayouts, linesOfPayouts } from '../../../src/modules/payouts/payout-repository';
import { bearer, tokenFor } from '../../helpers/admin-token';
import { buildTestApp } from '../../helpers/test-app';
import {
  bookingUrl,
  buyAndConfirm,
  card,
  CARDS,
  createBoat,
  createPrivateRun,
  createSlot,
  HOUR,
  sharedRequest,
} from '../../helpers/checkout-fixtures';

const NOW = new Date('2027-06-01T09:00:00Z');
const DAY = new Date('2027-06-10T09:00:00Z');

type Catalogue = {
  items: { _id: string; offers: { charter: boolean; shared: boolean; sharedHours?: number } }[];
};

type Month = {
  boat: { title: string };
  availability: {
    private: { _id: string; available: boolean }[];
    shared: { _id: string; seatsLeft: number; available: boolean }[];
  };
};

/** An app on an empty database with one boat and its shared trip of 10 seats on DAY. */
async function appWithSharedTrip() {
  const t = await buildTestApp({ template: 'empty', now: NOW });
  const db = t.ctx.db;
  const boat = await createBoat(db, { sharedMinSeatsToDepart: 0 });
  const shared = await createSlot(db, boat.id, {
    type: 'shared',
    start: DAY,
    hours: 2,
    seatsTotal: 10,
    seatPriceCents: 2500,
  });
  return { t, db, boat, shared };
}

describe('read caches: month view and catalogue', async () => {
  const { t, db, boat, shared } = await appWithSharedTrip();
  const [charterSlot] = await createPrivateRun(db, boat.id, new Date(DAY.getTime() + 4 * HOUR), 1);
  const url = `/api/boat/${boat.id}?start=2027-05-31T23:00:00Z&end=2027-06-30T23:00:00Z`;
  const month = async () => (await t.app.inject(url)).json<Month>();
  const seatsLeft = async () => (await month()).availability.shared[0]!.seatsLeft;

  it('serves the same bytes again with the same ETag, brotli, gzip or plain, and 304 on a match', async () => {
    const plain = await t.app.inject(url);
    const br = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    const gz = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    expect(br.headers.etag).toBe(plain.headers.etag);
    expect(br.headers.vary).toContain('accept-encoding');
    const again = await t.app.inject({ url, headers: { 'if-none-match': String(plain.headers.etag) } });
    expect(again.statusCode).toBe(304);
  });

  it('shows a hold taken through the checkout at once, and frees it when the hold lapses', async () => {
    expect(await seatsLeft()).toBe(10);
    const before = (await t.app.inject(url)).headers.etag;
    const hold = await t.app.inject({
      method: 'POST',
      url: '/api/boat/payment-intent',
      payload: sharedRequest(boat.id, shared, { adults: 3, children50: 0, kidsFree: 0 }),
    });
    expect(hold.statusCode).toBe(200);
    const after = await t.app.inject(url);
    expect(after.json<Month>().availability.shared[0]!.seatsLeft).toBe(7);
    expect(after.headers.etag).not.toBe(before);
    // A browser holding the old ETag gets the new month, not a 304.
    const revalidated = await t.app.inject({ url, headers: { 'if-none-match': String(before) } });
    expect(revalidated.statusCode).toBe(200);

    // Nothing is written when a hold lapses: the cached month itself ends at the expiry.
    const { holdExpiresAt } = hold.json<{ holdExpiresAt: string }>();
    t.setNow(new Date(new Date(holdExpiresAt).getTime() - 1000));
    expect(await seatsLeft()).toBe(7);
    t.setNow(new Date(holdExpiresAt));
    expect(await seatsLeft()).toBe(10);
    t.setNow(NOW);
  });

  it('shows a paid booking after the sandbox payment and the confirm call', async () => {
    t.setNow(undefined);
    // Real time: the sandbox checks the hold against the clock of the moment.
    const soon = await createSlot(db, boat.id, {
      type: 'shared',
      start: new Date(Date.now() + 30 * 24 * HOUR),
      hours: 2,
      seatsTotal: 6,
      seatPriceCents: 2500,
    });
    const range = `start=${new Date(Date.now() + 29 * 24 * HOUR).toISOString()}&end=${new Date(Date.now() + 31 * 24 * HOUR).toISOString()}`;
    const nearUrl = `/api/boat/${boat.id}?${range}`;
    const left = async () =>
      (await t.app.inject(nearUrl)).json<Month>().availability.shared.find((s) => s._id === soon.id)!
        .seatsLeft;
    expect(await left()).toBe(6);
    const hold = await t.app.inject({
      method: 'POST',
      url: '/api/boat/payment-intent',
      payload: sharedRequest(boat.id, soon, { adults: 2, children50: 0, kidsFree: 0 }),
    });
    const { clientSecret } = hold.json<{ clientSecret: string }>();
    const paid = await t.app.inject({
      method: 'POST',
      url: '/api/payments/sandbox/confirm',
      payload: { clientSecret, card: card(CARDS.ok), returnUrl: `${t.ctx.config.publicUrl}/booking` },
    });
    expect(paid.json()).toMatchObject({ status: 'succeeded' });
    const intentId = clientSecret.slice(0, clientSecret.indexOf('_secret_'));
    expect((await t.app.inject(`/checkout/confirm?payment_intent=${intentId}`)).statusCode).toBe(200);
    expect(await left()).toBe(4);
    t.setNow(NOW);
  });

  it('follows writes no route makes: plain SQL on slots, booking claims and boats', async () => {
    // After the first test's hold has lapsed.
    t.setNow(new Date(NOW.getTime() + 60 * 60_000));
    expect(await seatsLeft()).toBe(10);
    await db.update(slots).set({ seatsTaken: 4 }).where(eq(slots.id, shared.id));
    expect(await seatsLeft()).toBe(6);

    expect((await month()).availability.private[0]).toMatchObject({ _id: charterSlot!.id, available: true });
    await db.execute(sql`
      with b as (
        insert into bookings (boat_id, slot_id, type, starts_at, ends_at, status, amount_gross_cents)
        values (${boat.id}, ${charterSlot!.id}, 'private', ${charterSlot!.startsAt.toISOString()},
                ${charterSlot!.endsAt.toISOString()}, 'paid', 15000)
        returning id
      )
      insert into booking_slots (booking_id, slot_id) select id, ${charterSlot!.id} from b`);
    expect((await month()).availability.private[0]).toMatchObject({ available: false });

    const fleet = async () => (await t.app.inject('/api/boats')).json<{ items: { title: string }[] }>();
    expect((await fleet()).items.map((b) => b.title)).toEqual(['Test Boat']);
    await db
      .update(boats)
      .set({ title: { en: 'Renamed Boat' } })
      .where(eq(boats.id, boat.id));
    expect((await fleet()).items.map((b) => b.title)).toEqual(['Renamed Boat']);
    expect((await month()).boat.title).toBe('Renamed Boat');

    await db.update(boats).set({ pausedAt: NOW }).where(eq(boats.id, boat.id));
    expect((await fleet()).items).toEqual([]);
    expect((await t.app.inject(url)).statusCode).toBe(404);
    await db.update(boats).set({ pausedAt: null }).where(eq(boats.id, boat.id));
    expect((await t.app.inject(url)).statusCode).toBe(200);
    await db.update(boats).set({ archivedAt: NOW }).where(eq(boats.id, boat.id));
    expect((await fleet()).items).toEqual([]);
    expect((await t.app.inject(url)).statusCode).toBe(404);
    await db.update(boats).set({ archivedAt: null }).where(eq(boats.id, boat.id));
    expect((await t.app.inject(url)).statusCode).toBe(200);
  });

  it("answers the catalogue as it is computed uncached, offers included, and drops an offer when the boat's last such trip begins", async () => {
    const later = new Date(NOW.getTime() + 2 * 60 * 60_000);
    t.setNow(later);
    const other = await createBoat(db, { sortOrder: 5 });
    const lastShared = await createSlot(db, other.id, {
      type: 'shared',
      start: new Date(later.getTime() + 3 * HOUR),
      hours: 2,
      seatsTotal: 8,
      seatPriceCents: 2500,
    });
    const cached = async () => (await t.app.inject('/api/boats')).json<Catalogue>();
    const fresh = async () => JSON.parse((await catalogueAnswer(db, t.ctx.now())).body) as Catalogue;
    const offersOf = (c: Catalogue) => c.items.find((b) => b._id === other.id)?.offers;
    expect(await cached()).toEqual(await fresh());
    // The shortest shared trip ahead says what a seat buys (2 h here).
    expect(offersOf(await cached())).toEqual({
      charter: false,
      shared: true,
      sharedHours: 2,
      seatFromPerHour: 25,
    });
    // Nothing is written when the trip begins: the cached catalogue itself ends then.
    t.setNow(new Date(lastShared.startsAt.getTime() - 1000));
    expect(offersOf(await cached())).toEqual({
      charter: false,
      shared: true,
      sharedHours: 2,
      seatFromPerHour: 25,
    });
    t.setNow(lastShared.startsAt);
    expect(offersOf(await cached())).toEqual({ charter: false, shared: false });
    expect(await cached()).toEqual(await fresh());
    t.setNow(NOW);
  });

  it("serves a booking's page from memory and shows every change to its row, tickets or boat at once", async () => {
    t.setNow(undefined);
    const trip = await createSlot(db, boat.id, {
      type: 'shared',
      start: new Date(Date.now() + 40 * 24 * HOUR),
      hours: 2,
      seatsTotal: 6,
      seatPriceCents: 2500,
    });
    const { bookingId } = await buyAndConfirm(
      t.app,
      sharedRequest(boat.id, trip, { adults: 2, children50: 0, kidsFree: 0 }),
    );
    type Page = {
      booking: { status: string; customer: { name: string }; boat: { title: string }; tickets: unknown[] };
    };
    const lookup = () => t.app.inject(bookingUrl(t.ctx, bookingId));
    const page = async () => (await lookup()).json<Page>().booking;

    const first = await lookup();
    const again = await lookup();
    expect(first.headers['cache-control']).toBe('no-store');
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(again.body).toBe(first.body);
    expect(first.json<Page>().booking).toMatchObject({ status: 'paid', tickets: [{}, {}] });

    await db.update(bookings).set({ customerName: 'Changed By Hand' }).where(eq(bookings.id, bookingId));
    expect((await page()).customer.name).toBe('Changed By Hand');
    await db.execute(
      sql`delete from ${tickets} where ${tickets.bookingId} = ${bookingId} and ${tickets.seatNo} = 2`,
    );
    expect((await page()).tickets).toHaveLength(1);
    await db
      .update(boats)
      .set({ title: { en: 'Renamed Again' } })
      .where(eq(boats.id, boat.id));
    expect((await page()).boat.title).toBe('Renamed Again');
    await db
      .update(boats)
      .set({ title: { en: 'Renamed Boat' } })
      .where(eq(boats.id, boat.id));

    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await t.app.inject(bookingUrl(t.ctx, unknown))).statusCode).toBe(404);
    expect((await t.app.inject(bookingUrl(t.ctx, unknown))).statusCode).toBe(404);
    t.setNow(NOW);
  });

  /** The app's database with its statements logged: `tablesRead` names the tables they read since it was last asked. */
  const loggedDb = () => {
    const statements: string[] = [];
    const logger = { logQuery: (query: string) => void statements.push(query) };
    const client = (db as unknown as { $client: unknown }).$client;
    const logged = (t.database.kind === 'pglite'
      ? drizzlePglite(client as PGlite, { schema, logger })
      : drizzlePg(client as pg.Pool, { schema, logger })) as unknown as Db;
    const tablesRead = () => {
      const named = [...statements.join('\n').matchAll(/(?:from|join) "?(\w+)"?/gi)].map((m) => m[1]!);
      statements.length = 0;
      return new Set(named);
    };
    return { logged, tablesRead };
  };

  it('every table the cached answers read carries the data-change trigger', async () => {
    // The queries of a month fill and a catalogue fill, as they reach the database.
    const { logged, tablesRead } = loggedDb();
    await monthAnswer(logged, boat.id, { start: DAY, end: new Date(DAY.getTime() + 24 * HOUR) }, NOW);
    await catalogueAnswer(logged, NOW);
    await findBookingWithBoatById(logged, '00000000-0000-4000-8000-000000000000');
    await kpiFigures(logged, { scope: EVERY_OWNER, start: DAY.toISOString() });
    const read = tablesRead();
    expect([...read].sort()).toEqual([
      'agent_bookings',
      'agents',
      'boats',
      'booking_slots',
      'bookings',
      'deposits',
      'owners',
      'payments',
      'refunds',
      'reseller_bookings',
      'resellers',
      'reviews',
      'slots',
      'tickets',
      'users',
    ]);
    const triggered = await db.execute(sql`
      select c.relname as "table" from pg_trigger g
      join pg_class c on c.oid = g.tgrelid join pg_proc p on p.oid = g.tgfoid
      where p.proname = 'notify_data_changed' and not g.tgisinternal`);
    const withTrigger = new Set(
      (triggered as unknown as { rows: { table: string }[] }).rows.map((r) => r.table),
    );
    expect([...read].filter((table) => !withTrigger.has(table))).toEqual([]);
  });

  it('the bookings figures read only the tables whose changes drop them', async () => {
    const { logged, tablesRead } = loggedDb();
    await kpiFigures(logged, { scope: EVERY_OWNER, start: DAY.toISOString() });
    await kpiFigures(logged, { scope: ownerScope(boat.ownerId), search: { text: 'x', boatIds: [boat.id] } });
    await kpiFigures(logged, { scope: EVERY_OWNER, channel: 'walk_in', status: 'paid', type: 'shared' });
    const read = tablesRead();
    expect([...read].filter((table) => !FIGURES_TABLES.has(table))).toEqual([]);
  });

  it('every back-office answer reads only the tables it declares, each with a data-change trigger', async () => {
    const { logged, tablesRead } = loggedDb();
    const at = { ...t.ctx, db: logged, now: () => NOW };
    // A canceled trip, so the manifest reads its cancellation too.
    const canceled = await createSlot(db, boat.id, {
      type: 'shared',
      start: new Date(DAY.getTime() + 8 * HOUR),
      hours: 1,
      seatsTotal: 4,
      seatPriceCents: 2500,
    });
    await db.execute(sql`update slots set canceled_at = ${NOW.toISOString()} where id = ${canceled.id}`);
    await db.execute(sql`
      insert into trip_cancellations (slot_id, cause, offer, reason, actor)
      values (${canceled.id}, 'weather', 'refund', 'Wind', 'admin@example.com')`);
    const figuresOnly = { bookingFigures: new AnswerCache(1) } as unknown as ReadCaches;
    const someone = '00000000-0000-4000-8000-000000000000';
    const tables = new Set(
      (
        (await db.execute(
          sql`select tablename as "table" from pg_tables where schemaname = 'public'`,
        )) as unknown as {
          rows: { table: string }[];
        }
      ).rows.map((r) => r.table),
    );
    const read = new Set<string>();
    /** The tables `answer` reads, as its statements name them, with an owner's scope and the admin's. */
    const tablesReadBy = async (answer: (scope: OwnerScope) => Promise<unknown>) => {
      tablesRead();
      for (const scope of [EVERY_OWNER, ownerScope(boat.ownerId)]) await answer(scope);
      const its = [...tablesRead()].filter((table) => tables.has(table)).sort();
      its.forEach((table) => read.add(table));
      return its;
    };
    const beyond = (its: string[], declared: readonly string[]) =>
      its.filter((table) => !declared.includes(table));
    expect(
      beyond(await tablesReadBy((scope) => tripsOfDay(at, scope, '2027-06-10')), TRIP_ANSWER_TABLES),
    ).toEqual([]);
    expect(
      beyond(
        await tablesReadBy((scope) => manifestUntil(at, scope, canceled.id, { role: 'admin' })),
        TRIP_ANSWER_TABLES,
      ),
    ).toEqual([]);
    const page = async (scope: OwnerScope) => {
      for (const q of [undefined, 'Customer'])
        await bookingsPageUntil(at, figuresOnly, scope, {
          start: NOW.toISOString(),
          q,
          sort: 'upcoming',
          limit: 50,
        } as BookingsQuery);
    };
    expect(beyond(await tablesReadBy(page), BOOKINGS_PAGE_TABLES)).toEqual([]);
    const money = async () => {
      await ownerEarningsUntil(at, boat.ownerId, '2027-06');
      await ownerStatement(at, boat.ownerId, '2027-06');
      await ownerPayouts(at, boat.ownerId);
      await linesOfPayouts(logged, [someone]);
      await lineCountsOfPayouts(logged, [someone]);
    };
    expect(beyond(await tablesReadBy(money), OWNER_MONEY_TABLES)).toEqual([]);
    expect(
      beyond(
        await tablesReadBy((scope) => listAuditRows(logged, scope, { limit: 50 } as AuditQuery)),
        AUDIT_PAGE_TABLES,
      ),
    ).toEqual([]);
    // The answers' own tables, each read: the coverage above is of what the fills really ask.
    expect([...read]).toEqual(
      expect.arrayContaining([
        'bookings',
        'tickets',
        'booking_history',
        'trip_cancellations',
        'owner_earning_lines',
        'payouts',
        'payout_lines',
        'audit_log',
      ]),
    );
    const triggered = await db.execute(sql`
      select distinct c.relname as "table" from pg_trigger g
      join pg_class c on c.oid = g.tgrelid join pg_proc p on p.oid = g.tgfoid
      where p.proname in ('notify_data_changed', 'notify_table_changed') and not g.tgisinternal`);
    const withTrigger = new Set(
      (triggered as unknown as { rows: { table: string }[] }).rows.map((r) => r.table),
    );
    expect([...read].filter((table) => !withTrigger.has(table)).sort()).toEqual([]);
  });

  it('answers the catalogue with an ETag and 304', async () => {
    const first = await t.app.inject('/api/boats');
    const again = await t.app.inject({
      url: '/api/boats',
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });
});

describe("read caches: the bookings list's total and KPI tiles", async () => {
  const { t, db, boat, shared } = await appWithSharedTrip();
  const token = await tokenFor(t);
  const figures = async () =>
    (
      await t.app.inject({
        url: '/checkout/bookings?start=2027-05-31T23:00:00Z&end=2027-06-30T23:00:00Z',
        headers: bearer(token),
      })
    ).json<BookingsPage>();
  const sold = await buyAndConfirm(
    t.app,
    sharedRequest(boat.id, shared, { adults: 2, children50: 0, kidsFree: 0 }),
  );

  it('follows every committed change to the bookings, their tickets and their ledger, even in plain SQL', async () => {
    const first = await figures();
    expect(first.total).toBe(1);
    expect(first.kpis).toMatchObject({ count: 1, revenue: sold.amount / 100, seatsSold: 2 });
    // From memory: a payment written with the triggers off (no notification) is not seen…
    await db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`
        insert into payments (booking_id, provider, provider_id, method, amount_cents, status, recorded_by)
        values (${sold.bookingId}, 'operator', 'cash-0', 'cash', 500, 'succeeded', 'crew@example.com')`);
    });
    expect((await figures()).kpis).toEqual(first.kpis);

    // …until the next committed change: money taken at the harbour, a payment row and nothing else.
    const [payment] = (
      (await db.execute(sql`
        insert into payments (booking_id, provider, provider_id, method, amount_cents, status, recorded_by)
        values (${sold.bookingId}, 'operator', 'cash-1', 'cash', 1000, 'succeeded', 'crew@example.com')
        returning id`)) as unknown as { rows: { id: string }[] }
    ).rows;
    expect((await figures()).kpis.revenue).toBe(sold.amount / 100 + 15);

    await db.execute(sql`
      insert into refunds (booking_id, payment_id, provider, amount_cents, status, actor, reason)
      values (${sold.bookingId}, ${payment!.id}, 'operator', 1000, 'succeeded', 'admin', 'Given back')`);
    expect((await figures()).kpis.revenue).toBe(sold.amount / 100 + 5);

    await db.delete(tickets).where(eq(tickets.bookingId, sold.bookingId));
    expect((await figures()).kpis.seatsSold).toBe(2);
    await db
      .update(bookings)
      .set({ seats: 3, adults: 3, children50: 0, kidsFree: 0 })
      .where(eq(bookings.id, sold.bookingId));
    expect((await figures()).kpis.seatsSold).toBe(3);

    await db.update(bookings).set({ status: 'canceled' }).where(eq(bookings.id, sold.bookingId));
    const after = await figures();
    expect(after.total).toBe(1);
    expect(after.kpis).toMatchObject({ count: 0, revenue: 0 });
  });
});
