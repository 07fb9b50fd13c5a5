// The back office's hot reads (a page of the bookings list, a day's trips, a manifest, an owner's
// earnings, statement and payouts, the audit trail, the invoicing records) are answered from memory between changes
// (http/back-office-answers.ts): each shows a change made through the API and one made in plain
// SQL on its very next read, lapses when the clock alone changes it, and is never answered to
// another scope than the one it was read for.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { BookingsPage } from '@boats/domain/schemas/booking';
import type {
  OwnerEarningsResponse,
  OwnerPayoutsResponse,
  OwnerStatementResponse,
} from '@boats/domain/schemas/payouts';
import type { ManifestResponse, TripsResponse } from '@boats/domain/schemas/trips';
import type { AuditPage } from '@boats/domain/schemas/audit';
import type { UserRole } from '@boats/domain/schemas/auth';
import type { BillingRecordsResponse } from '@boats/domain/schemas/invoicing';
import { IN_PERSON_METHODS } from '@boats/domain/schemas/operator-booking';
import { invoiceSale } from '../../../src/modules/invoices/customer-invoices';
import { completeEndedTrips } from '../../../src/modules/jobs/trip-completion';
import { bearer, newOwner, tokenFor } from '../../helpers/admin-token';
import { buildTestApp } from '../../helpers/test-app';
import {
  addBooking,
  addSandboxPayment,
  at,
  MONTH_QUERY,
  seedBoat,
} from '../admin-bookings/admin-bookings.fixtures';

// November 2026: Canary time is UTC+0 all month.
const NOW = new Date('2026-11-15T12:00:00Z');
const TOMORROW = '2026-11-16';

describe('back-office answers from memory', async () => {
  const t = await buildTestApp({ template: 'empty', now: NOW });
  const db = t.ctx.db;
  const alpha = await newOwner(t, { displayName: 'Alpha' });
  const beta = await newOwner(t, { displayName: 'Beta' });
  const boatA = await seedBoat(db, { en: 'Alpha boat' }, alpha);
  const boatB = await seedBoat(db, { en: 'Beta boat' }, beta);
  // Tomorrow's shared trips (inside the crew's window), one per owner, with their tickets.
  const tripA = await addBooking(db, boatA, {
    status: 'confirmed',
    type: 'shared',
    start: at(TOMORROW),
    ticketCents: [2500, 2500],
    name: 'Ana Alpha',
  });
  await addBooking(db, boatB, {
    status: 'confirmed',
    type: 'shared',
    start: at(TOMORROW, '14:00'),
    ticketCents: [2500],
    name: 'Bea Beta',
  });
  // Completed charters earn their owners a line each, payable three days after the trip.
  const earned = async (boat: typeof boatA, day: string, cents: number) => {
    const { booking } = await addBooking(db, boat, {
      status: 'confirmed',
      start: at(day),
      grossCents: cents,
      commissionBps: 1000,
    });
    await addSandboxPayment(db, booking.providerPaymentId!, cents);
    return booking;
  };
  const doneA = await earned(boatA, '2026-11-09', 20_000);
  await earned(boatA, '2026-11-14', 10_000); // payable on the 17th at 12:00
  await earned(boatB, '2026-11-09', 30_000);
  expect(await completeEndedTrips(t.ctx)).toBe(3);
  // Codes as the scanner reads them (the fixture's are mixed case).
  await db.execute(sql`update tickets set code = upper(code)`);

  // Fresh tokens for each call: some tests move the app's clock past a token's life.
  const as = async (role: UserRole, ownerId?: string) =>
    bearer(await tokenFor(t, role, ownerId ? { ownerId } : {}));
  const read = async (url: string, headers: Record<string, string>) => {
    const res = await t.app.inject({ url, headers });
    expect(res.statusCode, res.body).toBe(200);
    return res;
  };
  const list = async (headers: Record<string, string>, query = MONTH_QUERY) =>
    (await read(`/checkout/bookings?${query}`, headers)).json<BookingsPage>();
  const trips = async (headers: Record<string, string>) =>
    (await read(`/api/crew/trips?date=${TOMORROW}`, headers)).json<TripsResponse>();
  const manifestUrl = `/api/crew/trips/${tripA.slot.id}/manifest`;
  const manifest = async (headers: Record<string, string>) =>
    (await read(manifestUrl, headers)).json<ManifestResponse>();
  const earnings = async (headers: Record<string, string>) =>
    (await read('/api/owner/earnings', headers)).json<OwnerEarningsResponse>();
  const payouts = async (headers: Record<string, string>) =>
    (await read('/api/owner/payouts', headers)).json<OwnerPayoutsResponse>();
  const statement = async (headers: Record<string, string>) =>
    (await read('/api/owner/statement?month=2026-11', headers)).json<OwnerStatementResponse>();
  /** A write the triggers do not see (no notification): what is answered from memory ignores it. */
  const unnoticed = (statement: ReturnType<typeof sql>) =>
    db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(statement);
    });

  it('answers again from memory: the same ETag, compressed, and not stored by the browser', async () => {
    const admin = await as('admin');
    for (const url of [
      `/checkout/bookings?${MONTH_QUERY}`,
      `/api/crew/trips?date=${TOMORROW}`,
      manifestUrl,
      `/api/owner/earnings?ownerId=${alpha}`,
      `/api/owner/payouts?ownerId=${alpha}`,
      `/api/owner/statement?ownerId=${alpha}&month=2026-11`,
    ]) {
      const first = await read(url, admin);
      const again = await read(url, { ...admin, 'accept-encoding': 'br' });
      expect(first.headers['cache-control'], url).toBe('no-store');
      expect(again.headers['content-encoding'], url).toBe('br');
      expect(again.headers.etag, url).toBe(first.headers.etag);
    }
    // From memory: a rename the triggers do not see is not shown…
    const before = await list(admin);
    await unnoticed(sql`update bookings set customer_name = 'Unseen' where id = ${tripA.booking.id}`);
    expect(await list(admin)).toEqual(before);
    // …until a committed change is: then it is, and so is the one before.
    await db.execute(sql`update bookings set customer_phone = '+34611111111' where id = ${tripA.booking.id}`);
    expect((await list(admin)).items.map((b) => b.customer.name)).toContain('Unseen');
    await db.execute(sql`update bookings set customer_name = 'Ana Alpha' where id = ${tripA.booking.id}`);
  });

  it('never answers one scope from what another read: two owners, their crews and the admin on the same addresses', async () => {
    const readers = {
      alpha: await as('owner', alpha),
      beta: await as('owner', beta),
      alphaCrew: await as('crew', alpha),
      betaCrew: await as('crew', beta),
      admin: await as('admin'),
    };
    const names = async (headers: Record<string, string>) =>
      (await list(headers)).items.map((b) => b.customer.name);
    const boatsOfDay = async (headers: Record<string, string>) =>
      (await trips(headers)).items.map((trip) => trip.boatTitle);
    // Alpha reads first, so a key without the scope would answer Beta with Alpha's.
    expect(await names(readers.alpha)).toContain('Ana Alpha');
    expect(await names(readers.beta)).toContain('Bea Beta');
    expect(await names(readers.beta)).not.toContain('Ana Alpha');
    expect(await names(readers.admin)).toEqual(expect.arrayContaining(['Ana Alpha', 'Bea Beta']));

    expect(await boatsOfDay(readers.alphaCrew)).toEqual(['Alpha boat']);
    expect(await boatsOfDay(readers.betaCrew)).toEqual(['Beta boat']);
    expect(await boatsOfDay(readers.beta)).toEqual(['Beta boat']);
    expect((await boatsOfDay(readers.admin)).sort()).toEqual(['Alpha boat', 'Beta boat']);

    // Alpha's manifest, read and kept, is another owner's trip for Beta and Beta's crew.
    expect((await manifest(readers.alphaCrew)).bookings.map((b) => b.customerName)).toEqual(['Ana Alpha']);
    expect((await manifest(readers.alpha)).bookings).toHaveLength(1);
    for (const other of [readers.beta, readers.betaCrew]) {
      expect((await t.app.inject({ url: manifestUrl, headers: other })).statusCode).toBe(404);
    }

    // The owner's money: the token's owner, whatever the query names.
    const alphaEarnings = await earnings(readers.alpha);
    expect(alphaEarnings.balance.ownerId).toBe(alpha);
    expect((await earnings(readers.beta)).balance).toMatchObject({ ownerId: beta, earned: 270 });
    const asked = await read(`/api/owner/earnings?ownerId=${alpha}`, readers.beta);
    expect(asked.json<OwnerEarningsResponse>().balance.ownerId).toBe(beta);
    expect((await statement(readers.beta)).lines.map((l) => l.share)).toEqual([270]);
    expect((await statement(readers.alpha)).lines.map((l) => l.share).sort()).toEqual([180, 90]);
  });

  it('shows each change to the bookings list made through the API or in plain SQL on the next read', async () => {
    const admin = await as('admin');
    const statusOf = async () => (await list(admin)).items.find((b) => b._id === tripA.booking.id)?.status;
    expect(await statusOf()).toBe('confirmed');
    await db.execute(sql`update bookings set customer_name = 'Ana Renamed' where id = ${tripA.booking.id}`);
    expect((await list(admin)).items.map((b) => b.customer.name)).toContain('Ana Renamed');
    // Page 2 (a cursor of its own) and a search follow too.
    const firstPage = await list(admin, `${MONTH_QUERY}&limit=1`);
    const second = `${MONTH_QUERY}&limit=1&cursor=${encodeURIComponent(firstPage.nextCursor!)}`;
    const searched = `${MONTH_QUERY}&q=Renamed`;
    expect((await list(admin, searched)).items).toHaveLength(1);
    const page2 = (await list(admin, second)).items[0]!;
    await db.execute(sql`update bookings set customer_name = 'Ana Alpha' where id = ${tripA.booking.id}`);
    expect((await list(admin, searched)).items).toHaveLength(0);
    await db.execute(sql`update bookings set customer_email = 'moved@example.com' where id = ${page2._id}`);
    expect((await list(admin, second)).items[0]!.customer.email).toBe('moved@example.com');

    const canceled = await t.app.inject({
      method: 'POST',
      url: `/api/admin/bookings/${tripA.booking.id}/cancel`,
      headers: admin,
      payload: { reason: 'Test' },
    });
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect(await statusOf()).toBe('canceled');
    expect((await list(admin, `${MONTH_QUERY}&status=canceled`)).total).toBe(1);
    await db.execute(sql`update bookings set status = 'confirmed' where id = ${tripA.booking.id}`);
    expect(await statusOf()).toBe('confirmed');
  });

  it("keeps a month's figures through another month's sales, and drops them for its own and for a move out", async () => {
    const admin = await as('admin');
    const kpis = async () => {
      const page = await list(admin);
      return { total: page.total, sold: page.kpis.count };
    };
    const november = await kpis();
    // Held apart from the triggers: the figures kept from before do not show it…
    await unnoticed(sql`update bookings set status = 'canceled' where id = ${tripA.booking.id}`);
    // …through a sale of December, with its payment and tickets…
    const december = await addBooking(db, boatB, {
      status: 'confirmed',
      type: 'shared',
      start: at('2026-12-05'),
      ticketCents: [2500],
      name: 'Dora December',
    });
    await addSandboxPayment(db, december.booking.providerPaymentId!, 2500);
    // …nor through a booking's history, which the figures do not read.
    await db.execute(
      sql`insert into booking_history (booking_id, actor, to_status, reason) values (${tripA.booking.id}, 'system', 'canceled', 'cache test')`,
    );
    expect(await kpis()).toEqual(november);
    // A change to a booking of November drops them: the cancel held apart shows now.
    await db.execute(sql`update bookings set customer_phone = '+34622222222' where id = ${tripA.booking.id}`);
    expect(await kpis()).toEqual({ total: november.total, sold: november.sold - 1 });
    // A booking moved from November to December leaves November's figures and joins December's.
    const decemberQuery = `start=${at('2026-12-01', '00:00').toISOString()}&end=${at('2026-12-31', '23:59').toISOString()}`;
    const decemberTotal = (await list(admin, decemberQuery)).total;
    await db.execute(
      sql`update bookings set starts_at = ${at('2026-12-06').toISOString()} where id = ${tripA.booking.id}`,
    );
    expect((await kpis()).total).toBe(november.total - 1);
    expect((await list(admin, decemberQuery)).total).toBe(decemberTotal + 1);
    await db.execute(
      sql`update bookings set starts_at = ${tripA.booking.startsAt.toISOString()}, status = 'confirmed' where id = ${tripA.booking.id}`,
    );
    await db.execute(
      sql`delete from booking_history where booking_id = ${tripA.booking.id} and reason = 'cache test'`,
    );
    expect(await kpis()).toEqual(november);
  });

  it("keeps an owner's money through another owner's sale and its invoice, and drops it for a change to its own boat's booking", async () => {
    const owner = async () => as('owner', alpha);
    const kept = await earnings(await owner());
    // Held apart from the triggers: what is kept from before does not show it…
    await unnoticed(sql`update owner_earning_lines set owner_cents = owner_cents + 100,
      fee_cents = fee_cents - 100 where booking_id = ${doneA.id} and kind = 'trip'`);
    // …through a sale of the other owner's boat, its payment and its invoice…
    const sale = await addBooking(db, boatB, {
      status: 'confirmed',
      type: 'shared',
      start: at('2026-12-08'),
      ticketCents: [2500],
      name: 'Eva Elsewhere',
    });
    await addSandboxPayment(db, sale.booking.providerPaymentId!, 2500);
    const invoice = await db.transaction((tx) => invoiceSale(t.ctx, tx, sale.booking));
    expect(invoice).not.toBeNull();
    expect(await earnings(await owner())).toEqual(kept);
    // …but not through a change to a booking of its own boat.
    await db.execute(sql`update bookings set customer_phone = '+34611111111' where id = ${doneA.id}`);
    expect((await earnings(await owner())).balance.earned).toBe(kept.balance.earned + 1);
    await db.execute(sql`update owner_earning_lines set owner_cents = owner_cents - 100,
      fee_cents = fee_cents + 100 where booking_id = ${doneA.id} and kind = 'trip'`);
    expect(await earnings(await owner())).toEqual(kept);
  });

  it("shows each change to a day's trips and a manifest, through the API or in plain SQL, and a hold's lapse", async () => {
    // The trip's morning: boarding opens on its day.
    const morning = at(TOMORROW, '09:30');
    t.setNow(morning);
    const crew = await as('crew', alpha);
    const tripOf = async () => (await trips(crew)).items.find((trip) => trip.slotId === tripA.slot.id)!;
    const ticketsOf = async () => (await manifest(crew)).bookings[0]!.tickets;
    expect(await tripOf()).toMatchObject({ boarded: 0, seatsTotal: 20, seatsHeld: 0 });
    expect((await ticketsOf()).map((ticket) => ticket.checkedInAt)).toEqual([null, null]);

    // Boarding through the crew's scan.
    const [code] = (await ticketsOf()).map((ticket) => ticket.code);
    const boarded = await t.app.inject({
      method: 'POST',
      url: '/api/crew/checkin',
      headers: crew,
      payload: { code, slotId: tripA.slot.id },
    });
    expect(boarded.statusCode, boarded.body).toBe(200);
    expect((await tripOf()).boarded).toBe(1);
    expect((await ticketsOf()).filter((ticket) => ticket.checkedInAt !== null)).toHaveLength(1);

    // Plain SQL: the trip's seats, a customer's phone, a ticket boarded by hand.
    await db.execute(sql`update slots set seats_total = 30 where id = ${tripA.slot.id}`);
    expect((await tripOf()).seatsTotal).toBe(30);
    await db.execute(sql`update bookings set customer_phone = '+34622222222' where id = ${tripA.booking.id}`);
    expect((await manifest(crew)).bookings[0]!.customerPhone).toBe('+34622222222');
    await db.execute(sql`update tickets set checked_in_at = ${NOW.toISOString()}, checked_in_by = 'hand'
      where booking_id = ${tripA.booking.id}`);
    expect((await tripOf()).boarded).toBe(2);
    expect((await ticketsOf()).map((ticket) => ticket.checkedInBy)).toEqual(['hand', 'hand']);

    // A hold taken in plain SQL shows, and lapses at its expiry with nothing written.
    const expiry = new Date(morning.getTime() + 5 * 60_000);
    await db.execute(sql`
      insert into bookings (boat_id, slot_id, type, starts_at, ends_at, status, seats, adults,
        amount_gross_cents, hold_expires_at)
      values (${boatA.id}, ${tripA.slot.id}, 'shared', ${tripA.slot.startsAt.toISOString()},
        ${tripA.slot.endsAt.toISOString()}, 'pending', 3, 3, 7500, ${expiry.toISOString()})`);
    expect((await tripOf()).seatsHeld).toBe(3);
    expect((await manifest(crew)).trip.seatsHeld).toBe(3);
    t.setNow(new Date(expiry.getTime() - 1));
    const crewThen = await as('crew', alpha);
    expect((await trips(crewThen)).items.find((trip) => trip.slotId === tripA.slot.id)!.seatsHeld).toBe(3);
    t.setNow(expiry);
    const crewAfter = await as('crew', alpha);
    expect((await trips(crewAfter)).items.find((trip) => trip.slotId === tripA.slot.id)!.seatsHeld).toBe(0);
    expect((await manifest(crewAfter)).trip.seatsHeld).toBe(0);

    // The crew's window of days moves at the Canary midnight: the kept manifest goes with it.
    t.setNow(new Date('2026-11-16T23:59:59Z'));
    expect((await manifest(await as('crew', alpha))).bookings).toHaveLength(1);
    t.setNow(new Date('2026-11-17T00:00:00Z'));
    const late = await t.app.inject({ url: manifestUrl, headers: await as('crew', alpha) });
    expect(late.statusCode).toBe(403);
    t.setNow(NOW);
  });

  it("keeps a day's trips and a manifest through another day's sale, and drops them for their own day's and for money or a deposit taken in person", async () => {
    const admin = await as('admin');
    const seatsOf = async () =>
      (await trips(admin)).items.find((trip) => trip.slotId === tripA.slot.id)!.seatsTotal;
    const phoneOf = async () => (await manifest(admin)).bookings[0]!.customerPhone;
    const seats = await seatsOf();
    const phone = await phoneOf();
    // Held apart from the triggers: what is kept from before does not show it…
    await unnoticed(sql`update slots set seats_total = seats_total + 5 where id = ${tripA.slot.id}`);
    await unnoticed(sql`update bookings set customer_phone = '+34633333333' where id = ${tripA.booking.id}`);
    // …through a sale on the same boat four days later: its slot, booking, tickets, card payment
    // and history (the admin's answers show every boat).
    const later = await addBooking(db, boatA, {
      status: 'confirmed',
      type: 'shared',
      start: at('2026-11-20'),
      ticketCents: [2500],
      name: 'Otto Otherday',
    });
    await db.execute(
      sql`insert into booking_history (booking_id, actor, to_status, reason) values (${later.booking.id}, 'system', 'confirmed', 'cache test')`,
    );
    expect(await seatsOf()).toBe(seats);
    expect(await phoneOf()).toBe(phone);
    // A sale on their own day (another owner's boat, later) drops the day's trips, not the
    // manifest of another trip; a line in the history of the manifest's own booking drops it.
    await addBooking(db, boatB, {
      status: 'confirmed',
      type: 'shared',
      start: at(TOMORROW, '16:00'),
      ticketCents: [2500],
    });
    expect(await seatsOf()).toBe(seats + 5);
    expect(await phoneOf()).toBe(phone);
    await db.execute(
      sql`insert into booking_history (booking_id, actor, to_status, reason) values (${tripA.booking.id}, 'system', 'confirmed', 'cache test')`,
    );
    expect(await phoneOf()).toBe('+34633333333');
    // Money taken in person counts in the takings of the day it was taken, whatever the trip's
    // day: each method's payment for the later trip shows in tomorrow's answer at once.
    for (const [i, method] of IN_PERSON_METHODS.entries()) {
      await unnoticed(sql`update slots set seats_total = seats_total + 1 where id = ${tripA.slot.id}`);
      const before = (await trips(admin)).takings.find((taking) => taking.method === method)!.payments;
      await db.execute(sql`insert into payments (booking_id, provider, provider_id, amount_cents, status, method, created_at)
        values (${later.booking.id}, 'operator', ${`${method}-cache-test`}, 1000, 'succeeded', ${method},
        ${at(TOMORROW, '08:00').toISOString()})`);
      const after = await trips(admin);
      expect(after.takings.find((taking) => taking.method === method)!.payments, method).toBe(before + 1);
      expect(after.items.find((trip) => trip.slotId === tripA.slot.id)!.seatsTotal, method).toBe(
        seats + 6 + i,
      );
    }
    // So does a security deposit taken at the harbour in cash for the later trip (held, not takings).
    await db.execute(sql`insert into deposits (booking_id, amount_cents, status, method, authorise_at, authorised_at)
      values (${later.booking.id}, 30000, 'authorised', 'cash', ${at(TOMORROW, '08:30').toISOString()},
      ${at(TOMORROW, '08:30').toISOString()})`);
    expect((await trips(admin)).deposits).toEqual([
      { method: 'cash', taken: 300, deposits: 1, handedBack: 0, kept: 0 },
    ]);
    await db.execute(sql`delete from payments where provider_id like '%-cache-test'`);
    await db.execute(sql`delete from deposits where booking_id = ${later.booking.id}`);
    await db.execute(sql`delete from booking_history where reason = 'cache test'`);
    await db.execute(sql`update slots set seats_total = ${seats} where id = ${tripA.slot.id}`);
    await db.execute(sql`update bookings set customer_phone = ${phone} where id = ${tripA.booking.id}`);
  });

  it("shows each change to an owner's earnings, statement and payouts, through the API or in plain SQL, and a line turning payable", async () => {
    const owner = async () => as('owner', alpha);
    expect((await earnings(await owner())).balance).toMatchObject({ earned: 270, payable: 180, paidOut: 0 });

    // A goodwill refund after the trip, through the admin's call: a negative line.
    const refund = await t.app.inject({
      method: 'POST',
      url: `/api/admin/bookings/${doneA.id}/refund`,
      headers: await as('admin'),
      payload: { amount: 10, reason: 'Goodwill' },
    });
    expect(refund.statusCode, refund.body).toBe(200);
    expect((await earnings(await owner())).balance).toMatchObject({ earned: 261, payable: 171 });
    expect((await statement(await owner())).lines).toHaveLength(3);

    // Plain SQL on the lines.
    await db.execute(sql`update owner_earning_lines set owner_cents = owner_cents + 100,
      fee_cents = fee_cents - 100 where booking_id = ${doneA.id} and kind = 'trip'`);
    expect((await earnings(await owner())).balance).toMatchObject({ earned: 262, payable: 172 });
    expect((await statement(await owner())).lines.map((l) => l.share)).toContain(181);

    // The payout run through the admin's call, then its state changed in plain SQL.
    expect((await payouts(await owner())).payouts).toEqual([]);
    const run = await t.app.inject({
      method: 'POST',
      url: '/api/admin/payouts/run',
      headers: await as('admin'),
    });
    expect(run.statusCode, run.body).toBe(200);
    expect((await payouts(await owner())).payouts).toMatchObject([{ amount: 172 }]);
    expect((await statement(await owner())).payouts).toHaveLength(1);
    expect((await earnings(await owner())).balance).toMatchObject({ payable: 0, balance: 90 });
    await db.execute(sql`update payouts set failure = 'Refused by hand' where owner_id = ${alpha}`);
    expect((await payouts(await owner())).payouts[0]!.failure).toBe('Refused by hand');
    expect((await statement(await owner())).payouts[0]!.failure).toBe('Refused by hand');

    // The second trip's line turns payable on the 17th at 12:00 with nothing written.
    t.setNow(new Date('2026-11-17T11:59:59Z'));
    expect((await earnings(await owner())).balance.payable).toBe(0);
    t.setNow(new Date('2026-11-17T12:00:00Z'));
    expect((await earnings(await owner())).balance.payable).toBe(90);
    t.setNow(NOW);
  });

  it('shows each change to the audit trail and the invoicing records on the next read, each owner their own rows', async () => {
    const admin = await as('admin');
    const trail = async (headers: Record<string, string>) =>
      (await read('/api/admin/audit', headers)).json<AuditPage>().items.map((row) => row.action);
    const records = async () =>
      (await read('/api/admin/invoicing/records', admin)).json<BillingRecordsResponse>();
    const noted = (action: string, ownerId: string) =>
      db.execute(sql`insert into audit_log (at, actor_user_id, actor_email, actor_role, action, object_type,
        owner_id, ip) values (now(), gen_random_uuid(), 'staff@example.com', 'admin', ${action}, 'booking',
        ${ownerId}, '10.0.0.1')`);
    await noted('booking.note', alpha);
    expect(await trail(admin)).toContain('booking.note');
    const again = await read('/api/admin/audit', admin);
    expect(again.headers.etag).toBe((await read('/api/admin/audit', admin)).headers.etag);
    // An audited call through the API, then a row in plain SQL: each on the next read.
    const moved = await t.app.inject({
      method: 'POST',
      url: `/api/admin/bookings/${tripA.booking.id}/cancel`,
      headers: admin,
      payload: { reason: 'Test' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await trail(admin))[0]).toBe('booking.cancel');
    await noted('booking.contacted', beta);
    expect((await trail(admin))[0]).toBe('booking.contacted');
    // Each owner reads the rows about their boats, from memory or not.
    expect(await trail(await as('owner', alpha))).not.toContain('booking.contacted');
    expect(await trail(await as('owner', beta))).toEqual(['booking.contacted']);
    await db.execute(sql`update bookings set status = 'confirmed' where id = ${tripA.booking.id}`);

    // The test's own record, among the invoices' (an earlier test issued one).
    const testRecords = async () => (await records()).records.filter((r) => r.numSerie === 'T-1');
    expect(await testRecords()).toEqual([]);
    const recordId = '00000000-0000-4000-8000-000000000001';
    await db.execute(sql`insert into billing_records (id, issuer_nif, position, kind, num_serie, issue_date,
      invoice_type, content, generated_at, hash, system, document_kind, document_id, created_at)
      values (${recordId}, 'B76543217', 1, 'alta', 'T-1', '15-11-2026', 'F2',
        ${JSON.stringify({ kind: 'alta', issuerName: 'Test S.L.', rectificationType: null, totalAmount: '10.00', recipients: [] })}::jsonb,
        '2026-11-15T12:00:00+00:00', ${'A'.repeat(64)},
        ${JSON.stringify({ producerName: 'T', producerNif: 'B76543217', name: 'T', id: 'T', version: '1', installation: '1' })}::jsonb,
        'customer_invoice', gen_random_uuid(), now())`);
    await db.execute(sql`insert into aeat_submissions (record_id, issuer_nif, not_before)
      values (${recordId}, 'B76543217', now())`);
    expect((await testRecords()).map((r) => [r.numSerie, r.state])).toEqual([['T-1', 'pending']]);
    // The AEAT's answer, as the sender writes it.
    await db.execute(
      sql`update aeat_submissions set state = 'rejected', error_code = 1109 where record_id = ${recordId}`,
    );
    const answered = await records();
    expect((await testRecords()).map((r) => r.state)).toEqual(['rejected']);
    expect(answered.rejected.map((r) => r.numSerie)).toEqual(['T-1']);
  });
});
