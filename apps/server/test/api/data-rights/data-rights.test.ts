// The rights of access and erasure behind a proof of the address (docs/privacy.md#proof-of-address):
// a link e-mailed to the address, once and for 30 minutes, opens everything under it, and nothing
// of anyone else; a booking's manage token proves that booking only, so a stranger who books
// under somebody's address (on the site or through a reseller) gets neither their data nor their
// erasure.
// And retention (docs/privacy.md#how-long): what is no longer needed is blanked or deleted, and
// nothing that adds up money changes. And erasure on request (docs/privacy.md#erasure): no
// personal value of the customer is left in any table but the invoices', and the money is as it was.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { zBooking, type Booking } from '@octocloud/types';
import { describe, expect, it } from 'vitest';
import {
  auditLog,
  billingRecords,
  bookings,
  contactMessages,
  customerInvoices,
  emailOutbox,
  giftVouchers,
  personalDataLinks,
  reviews,
  tickets,
  waitlistEntries,
} from '../../../src/db/schema';
import { applyDataRetention } from '../../../src/modules/jobs/data-retention';
import { queueEventEmails } from '../../../src/modules/jobs/event-emails';
import { customerToken } from '../../helpers/manage-token';
import { buildTestApp } from '../../helpers/test-app';
import { bearer, tokenFor } from '../../helpers/admin-token';
import { newReseller } from '../../helpers/reseller-fixture';
import { moneyViolations } from '../../helpers/money-invariants';
import { buyAndConfirm, charterRequest, createBoat, createPrivateRun } from '../../helpers/checkout-fixtures';

const NOW = new Date('2027-06-01T09:00:00Z');
const DAY = new Date('2027-06-10T09:00:00Z');

describe('a customer downloads their data', async () => {
  const t = await buildTestApp({ template: 'empty', now: NOW });
  const db = t.ctx.db;
  const boat = await createBoat(db, { pricePerHourCents: 15000, capacity: 4 });
  const book = async (day: number, name: string, email: string, ip: string) => {
    const run = await createPrivateRun(db, boat.id, new Date(DAY.getTime() + day * 86_400_000), 2);
    const body = charterRequest(boat, run[0]!, 2, { customer: { name, email, phone: '+34 600 111 222' } });
    return (await buyAndConfirm(t.app, body, ip)).bookingId;
  };
  /** Asks for a link to the address, as anybody may; the answer never says whether it holds anything. */
  let asked = 0;
  const ask = async (email: string, purpose: 'export' | 'erasure', ip = `198.51.100.${++asked}`) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/personal-data/requests',
      remoteAddress: ip,
      payload: { email, purpose, language: 'en' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ sent: true });
  };
  /** The tokens of every link e-mailed to the address so far, oldest first. */
  const linksSentTo = async (email: string, purpose: 'export' | 'erasure') => {
    await queueEventEmails(t.ctx);
    const mails = await db
      .select()
      .from(emailOutbox)
      .where(
        and(
          sql`lower(${emailOutbox.toAddress}) = ${email.toLowerCase()}`,
          eq(emailOutbox.kind, `personal_data_${purpose}`),
        ),
      )
      .orderBy(emailOutbox.createdAt);
    return mails.map((mail) => {
      const link = /https?:\/\/\S+\/my-data#\S+/.exec(mail.textBody)?.[0];
      expect(link, mail.textBody).toBeDefined();
      return new URLSearchParams(new URL(link!).hash.slice(1)).get('token')!;
    });
  };
  /** What the person who owns the address does: asks, then opens the newest link in their inbox. */
  const linkOf = async (email: string, purpose: 'export' | 'erasure') => {
    await ask(email, purpose);
    return (await linksSentTo(email, purpose)).at(-1)!;
  };
  const open = (purpose: 'export' | 'erasure', token: string) =>
    t.app.inject({ method: 'POST', url: `/api/personal-data/${purpose}`, payload: { token } });
  const exportOf = async (email: string) => open('export', await linkOf(email, 'export'));

  it('holds every booking, payment, ticket and message under the address, and nothing of another customer', async () => {
    const first = await book(0, 'Olga Ivanova', 'olga@example.com', '192.0.2.10');
    const second = await book(1, 'Olga I.', 'OLGA@example.com', '192.0.2.11');
    const stranger = await book(2, 'Hans Meier', 'hans@example.com', '192.0.2.12');
    const sent = await t.app.inject({
      method: 'POST',
      url: '/messages/messages',
      remoteAddress: '192.0.2.13',
      payload: {
        name: 'Olga',
        email: 'olga@example.com',
        message: 'Is there shade on board?',
        source: 'landing',
      },
    });
    expect(sent.statusCode, sent.body).toBe(200);

    const res = await exportOf('Olga@Example.com');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const data = res.json<{
      email: string;
      bookings: {
        id: string;
        customer: { name: string; phone: string };
        payments: { amountCents: number }[];
        tickets: unknown[];
      }[];
      messages: { message: string }[];
    }>();
    expect(data.email).toBe('olga@example.com');
    expect(data.bookings.map((b) => b.id).sort()).toEqual([first, second].sort());
    for (const booking of data.bookings) {
      expect(booking.customer.phone).toBe('+34 600 111 222');
      expect(booking.payments.map((p) => p.amountCents)).toEqual([30000]);
      expect(booking.tickets).toHaveLength(1);
    }
    expect(data.messages.map((m) => m.message)).toEqual(['Is there shade on board?']);
    expect(res.body).not.toContain('hans@example.com');
    expect(res.body).not.toContain(stranger);
  });

  it('lists the invoices that name the customer and the e-mails sent to the address', async () => {
    const booked = await book(6, 'Ines Invoice', 'ines@example.com', '192.0.2.18');
    await queueEventEmails(t.ctx);
    const data = (await exportOf('ines@example.com')).json<{
      invoices: { number: string; bookingReference: string; totalCents: number }[];
      emails: { subject: string; bookingReference: string | null }[];
    }>();
    const invoices = await db.select().from(customerInvoices).where(eq(customerInvoices.bookingId, booked));
    expect(invoices.length).toBeGreaterThan(0);
    expect(data.invoices.map((i) => [i.number, i.totalCents])).toEqual(
      invoices.map((i) => [i.number, i.totalCents]),
    );
    const reference = booked.slice(-8).toUpperCase();
    expect(data.emails.some((e) => e.bookingReference === reference)).toBe(true);
    // The link that proved the address was sent to it too.
    expect(data.emails.some((e) => e.bookingReference === null)).toBe(true);
  });

  it('answers the same for any address, sends a link only where something is held, at most 3 an hour', async () => {
    await ask('nobody-here@example.com', 'export');
    expect(await linksSentTo('nobody-here@example.com', 'export')).toEqual([]);
    await book(7, 'Lena Limit', 'lena@example.com', '192.0.2.19');
    // From four clients: the limit is the address's, not the client's.
    for (const ip of ['192.0.2.40', '192.0.2.41', '192.0.2.42', '192.0.2.43', '192.0.2.44']) {
      await ask('lena@example.com', 'export', ip);
    }
    expect(await linksSentTo('lena@example.com', 'export')).toHaveLength(3);
  });

  it('works once, for 30 minutes, for its own purpose only', async () => {
    await book(8, 'Otto Once', 'otto@example.com', '192.0.2.20');
    const token = await linkOf('otto@example.com', 'export');
    expect((await open('erasure', token)).statusCode).toBe(403);
    expect((await open('export', token)).statusCode).toBe(200);
    const again = await open('export', token);
    expect(again.statusCode).toBe(403);
    expect(again.json()).toMatchObject({ error: 'invalid_data_link' });

    const late = await linkOf('otto@example.com', 'export');
    t.setNow(new Date(NOW.getTime() + 31 * 60_000));
    try {
      expect((await open('export', late)).statusCode).toBe(403);
    } finally {
      t.setNow(NOW);
    }
    expect((await open('export', 'x'.repeat(43))).statusCode).toBe(403);
    // Only hashes are kept.
    const kept = await db.select().from(personalDataLinks);
    expect(JSON.stringify(kept)).not.toContain(token);
  });

  it('gives a stranger who booked under the victim’s address on the site neither their data nor their erasure', async () => {
    const victim = await book(9, 'Hans Mueller', 'hans.mueller@example.de', '192.0.2.21');
    const strangers = await book(12, 'Not Hans', 'hans.mueller@example.de', '192.0.2.66');
    // The stranger holds their own booking's manage link, which opens that booking only.
    const lookup = await t.app.inject({
      method: 'POST',
      url: '/api/bookings/lookup',
      remoteAddress: '192.0.2.66',
      payload: { reference: strangers.slice(-8), email: 'hans.mueller@example.de' },
    });
    expect(lookup.statusCode, lookup.body).toBe(200);
    const token = lookup.json<{ token: string }>().token;
    // The old booking-scoped export and erasure are gone; the manage token opens no address.
    expect((await t.app.inject(`/api/bookings/${strangers}/personal-data?token=${token}`)).statusCode).toBe(
      404,
    );
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/bookings/${strangers}/erasure`, payload: { token } }))
        .statusCode,
    ).toBe(404);
    expect((await open('export', token)).statusCode).toBe(403);
    expect((await open('erasure', token)).statusCode).toBe(403);
    // Asking sends the link to Hans's inbox, not to the stranger.
    await ask('hans.mueller@example.de', 'erasure', '192.0.2.66');
    expect((await linksSentTo('hans.mueller@example.de', 'erasure')).length).toBe(1);
    expect((await db.select().from(bookings).where(eq(bookings.id, victim)))[0]!.customerName).toBe(
      'Hans Mueller',
    );
    // Another booking's token does not open this one either.
    const foreign = await t.app.inject(`/api/bookings/${victim}?token=${encodeURIComponent(token)}`);
    expect(foreign.statusCode).toBe(403);
  });

  it('lapses a manage link 60 days after the trip; a new lookup gives a new link that opens it', async () => {
    const booked = await book(15, 'Lara Lapse', 'lara@example.com', '192.0.2.23');
    const lookup = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/bookings/lookup',
        remoteAddress: '192.0.2.68',
        payload: { reference: booked.slice(-8), email: 'lara@example.com' },
      });
    const first = (await lookup()).json<{ token: string }>().token;
    const second = (await lookup()).json<{ token: string }>().token;
    expect(second).not.toBe(first);
    const open = (token: string) =>
      t.app.inject(`/api/bookings/${booked}?token=${encodeURIComponent(token)}`);
    expect((await open(first)).statusCode).toBe(200);
    const [row] = await db.select().from(bookings).where(eq(bookings.id, booked));
    t.setNow(new Date(row!.endsAt.getTime() + 61 * 86_400_000));
    try {
      const lapsed = await open(first);
      expect(lapsed.statusCode).toBe(403);
      expect(lapsed.json()).toMatchObject({ error: 'manage_link_expired' });
      expect((await open((await lookup()).json<{ token: string }>().token)).statusCode).toBe(200);
    } finally {
      t.setNow(NOW);
    }
  });

  it('gives a reseller who confirms a booking under the victim’s address neither their data nor their erasure', async () => {
    const victim = await book(13, 'Maria Victim', 'maria.victim@example.es', '192.0.2.22');
    const admin = bearer(await tokenFor(t, 'admin'));
    const { key } = await newReseller(t, admin);
    const octo = (url: string, body: object) =>
      t.app.inject({
        method: 'POST',
        url: `/octo${url}`,
        headers: { authorization: `Bearer ${key}` },
        payload: body,
      });
    const run = await createPrivateRun(db, boat.id, new Date(DAY.getTime() + 14 * 86_400_000), 2);
    const held = await octo('/bookings', {
      productId: boat.id,
      optionId: 'CHARTER_2H',
      availabilityId: run[0]!.id,
      unitItems: [{ unitId: 'adult' }],
    });
    expect(held.statusCode, held.body).toBe(200);
    const reserved = zBooking.parse(held.json()) as Booking;
    const confirmed = await octo(`/bookings/${reserved.uuid}/confirm`, {
      contact: { fullName: 'Not Maria', emailAddress: 'maria.victim@example.es' },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    // Whatever the reseller holds, the address's data open only from Maria's inbox.
    await ask('maria.victim@example.es', 'export', '192.0.2.67');
    expect((await open('export', reserved.uuid.replaceAll('-', '').padEnd(43, 'a'))).statusCode).toBe(403);
    expect((await linksSentTo('maria.victim@example.es', 'export')).length).toBe(1);
    expect((await db.select().from(bookings).where(eq(bookings.id, victim)))[0]!.customerName).toBe(
      'Maria Victim',
    );
  });

  const money = async () =>
    (
      (await db.execute(sql`select
        (select coalesce(sum(amount_cents), 0) from payments)::text as paid,
        (select coalesce(sum(amount_cents), 0) from refunds)::text as refunded,
        (select coalesce(sum(owner_cents), 0) from owner_earning_lines)::text as earned,
        (select coalesce(sum(amount_gross_cents), 0) from bookings)::text as gross`)) as unknown as {
        rows: unknown[];
      }
    ).rows;
  const erase = async (email: string) => open('erasure', await linkOf(email, 'erasure'));

  /**
   * Every text, varchar and json column of every table holding one of the values (in any case),
   * but the invoices' tables: an invoice keeps its recipient as tax law requires
   * (docs/privacy.md#erasure).
   */
  const INVOICE_TABLES = new Set([
    'customer_invoices',
    'billing_records',
    'aeat_submissions',
    'owner_invoices',
  ]);
  const whereFound = async (values: string[]) => {
    const columns = (
      (await db.execute(sql`select table_name, column_name from information_schema.columns
        where table_schema = 'public' and data_type in ('text', 'character varying', 'jsonb', 'json')
        order by table_name, column_name`)) as unknown as {
        rows: { table_name: string; column_name: string }[];
      }
    ).rows.filter((c) => !INVOICE_TABLES.has(c.table_name));
    expect(columns.length).toBeGreaterThan(100);
    const byTable = new Map<string, typeof columns>();
    for (const c of columns) byTable.set(c.table_name, [...(byTable.get(c.table_name) ?? []), c]);
    const found: string[] = [];
    // One query a table: for each column and value, whether any row holds it.
    for (const [table, cols] of byTable) {
      const checks = cols.flatMap(({ column_name: column }) =>
        values.map(
          (value) => sql`coalesce(bool_or(${sql.identifier(column)}::text ilike ${`%${value}%`}), false)`,
        ),
      );
      const row = (
        (await db.execute(
          sql`select array[${sql.join(checks, sql`, `)}] as hits from ${sql.identifier(table)}`,
        )) as unknown as { rows: { hits: boolean[] }[] }
      ).rows[0]!;
      cols.forEach(({ column_name: column }, c) =>
        values.forEach((value, v) => {
          if (row.hits[c * values.length + v]) found.push(`${table}.${column}: ${value}`);
        }),
      );
    }
    return found;
  };

  it('erases a customer with nothing pending at once: no personal value left, the money and invoices as they were', async () => {
    const admin = await tokenFor(t, 'admin');
    const name = 'Wilhelmina Erasmus';
    const phone = '+34 699 812 345';
    // Two bookings, the address typed in two cases.
    const kept = await book(10, name, 'Wilhelmina.Erasmus@example.com', '192.0.2.30');
    const canceled = await book(11, name, 'wilhelmina.erasmus@example.com', '192.0.2.31');
    await db
      .update(bookings)
      .set({ customerPhone: phone })
      .where(inArray(bookings.id, [kept, canceled]));
    // A company's full invoice on one; the other canceled and refunded with her name in the reasons.
    const invoiced = await t.app.inject({
      method: 'POST',
      url: `/api/bookings/${kept}/invoice`,
      payload: {
        token: await customerToken(t.ctx, kept),
        name: 'Acme Eventos S.L.',
        taxId: 'B-1234567-4',
        address: 'Calle Mayor 1, 38001 Santa Cruz',
      },
    });
    expect(invoiced.statusCode, invoiced.body).toBe(200);
    for (const action of ['cancel', 'refund']) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/admin/bookings/${canceled}/${action}`,
        headers: { authorization: `Bearer ${admin}` },
        payload: { reason: `${name} called: her child is ill` },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    // A message, a waitlist entry, a review with its answer and a gift voucher she bought.
    const sent = await t.app.inject({
      method: 'POST',
      url: '/messages/messages',
      remoteAddress: '192.0.2.32',
      payload: {
        name,
        email: 'wilhelmina.erasmus@example.com',
        phone,
        message: `I am ${name}`,
        source: 'landing',
      },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const [kept0] = await db.select().from(bookings).where(eq(bookings.id, kept));
    await db.insert(waitlistEntries).values({
      slotId: kept0!.slotId!,
      email: 'wilhelmina.erasmus@example.com',
      seats: 1,
      adults: 1,
      language: 'en',
    });
    await db.insert(reviews).values({
      bookingId: kept,
      boatId: boat.id,
      stars: 5,
      firstName: 'Wilhelmina',
      text: `Signed, ${name}`,
      language: 'en',
      tripStartsAt: kept0!.startsAt,
      ownerReply: `Thank you, ${name}!`,
      ownerRepliedAt: kept0!.endsAt,
    });
    await db.insert(giftVouchers).values({
      code: 'GV-ERAS-0001',
      amountCents: 5000,
      purchaserName: name,
      purchaserEmail: 'wilhelmina.erasmus@example.com',
      recipientName: 'Her friend',
      message: `From ${name}`,
      expiresAt: new Date('2028-06-01T00:00:00Z'),
    });
    await queueEventEmails(t.ctx);
    expect(await whereFound([name, 'wilhelmina.erasmus@example.com', phone])).not.toEqual([]);

    const keptToken = await customerToken(t.ctx, kept);
    const moneyBefore = await money();
    const invoicesBefore = await db.select().from(customerInvoices).orderBy(customerInvoices.number);
    const recordsBefore = await db.select().from(billingRecords).orderBy(billingRecords.id);
    expect(JSON.stringify(invoicesBefore)).toContain('Acme Eventos S.L.');
    const codesBefore = await db
      .select({ code: tickets.code })
      .from(tickets)
      .where(eq(tickets.bookingId, kept));

    // A month on, both trips are over and the refund went through: nothing is pending.
    t.setNow(new Date('2027-07-01T09:00:00Z'));
    try {
      const res = await erase('Wilhelmina.Erasmus@example.com');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ status: 'done' });
      expect(res.headers['cache-control']).toBe('no-store');

      expect(await whereFound([name, 'wilhelmina.erasmus@example.com', phone, 'Wilhelmina'])).toEqual([]);
      expect(await money()).toEqual(moneyBefore);
      expect(await moneyViolations(db, [kept, canceled])).toEqual([]);
      expect(await db.select().from(customerInvoices).orderBy(customerInvoices.number)).toEqual(
        invoicesBefore,
      );
      expect(await db.select().from(billingRecords).orderBy(billingRecords.id)).toEqual(recordsBefore);
      expect(
        await db.select({ code: tickets.code }).from(tickets).where(eq(tickets.bookingId, kept)),
      ).toEqual(codesBefore);
      // The voucher still works for whoever holds its code; the review keeps its stars.
      expect(
        (await db.select().from(giftVouchers).where(eq(giftVouchers.code, 'GV-ERAS-0001')))[0],
      ).toMatchObject({
        amountCents: 5000,
        purchaserEmail: '',
      });
      expect((await db.select().from(reviews).where(eq(reviews.bookingId, kept)))[0]).toMatchObject({
        stars: 5,
      });

      const trail = await db.select().from(auditLog).where(eq(auditLog.objectType, 'erasure'));
      expect(trail.map((r) => [r.action, r.actorEmail])).toEqual([
        ['erasure.request', 'customer'],
        ['erasure.carry_out', 'customer'],
      ]);
      // Nothing is left under the address, so asking again sends no link.
      await ask('wilhelmina.erasmus@example.com', 'erasure');
      expect(await linksSentTo('wilhelmina.erasmus@example.com', 'erasure')).toEqual([]);
      // The booking's manage links stop working.
      const revoked = await t.app.inject(`/api/bookings/${kept}?token=${encodeURIComponent(keptToken)}`);
      expect(revoked.statusCode).toBe(403);
    } finally {
      t.setNow(NOW);
    }
  });

  it('queues a request while a trip is upcoming, due in a month; the admin carries it out', async () => {
    const admin = await tokenFor(t, 'admin');
    const upcoming = await book(20, 'Quentin Queue', 'quentin@example.com', '192.0.2.33');
    const asked = await erase('quentin@example.com');
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json()).toEqual({
      status: 'queued',
      dueAt: '2027-07-01T09:00:00.000Z',
      waitingFor: ['upcoming_trip'],
    });
    // Asking twice is one request.
    expect((await erase('quentin@example.com')).json()).toMatchObject({ dueAt: '2027-07-01T09:00:00.000Z' });
    expect((await db.select().from(bookings).where(eq(bookings.id, upcoming)))[0]!.customerName).toBe(
      'Quentin Queue',
    );

    const call = (method: 'GET' | 'POST', url: string) =>
      t.app.inject({ method, url, headers: { authorization: `Bearer ${admin}` } });
    const queue = await call('GET', '/api/admin/erasure-requests');
    expect(queue.statusCode, queue.body).toBe(200);
    const [request] = queue.json<{ requests: { _id: string; email: string; waitingFor: string[] }[] }>()
      .requests;
    expect(request).toMatchObject({
      bookingId: null,
      email: 'quentin@example.com',
      waitingFor: ['upcoming_trip'],
    });

    // The postal address an invoice above 400 € asked for goes with the rest.
    await db.update(bookings).set({ customerAddress: 'Calle Quinta 5' }).where(eq(bookings.id, upcoming));
    const done = await call('POST', `/api/admin/erasure-requests/${request!._id}/carry-out`);
    expect(done.statusCode, done.body).toBe(200);
    expect((await db.select().from(bookings).where(eq(bookings.id, upcoming)))[0]).toMatchObject({
      customerName: '',
      customerEmail: '',
      customerPhone: '',
      customerAddress: '',
    });
    expect(await whereFound(['Quentin Queue', 'quentin@example.com', 'Calle Quinta 5'])).toEqual([]);
    expect((await call('POST', `/api/admin/erasure-requests/${request!._id}/carry-out`)).statusCode).toBe(
      409,
    );
    expect((await call('GET', '/api/admin/erasure-requests')).json()).toEqual({ requests: [] });
    const rows = await db.select().from(auditLog).where(eq(auditLog.objectId, request!._id));
    expect(rows.map((r) => [r.action, r.actorRole])).toEqual([
      ['erasure.request', 'user'],
      ['erasure.carry_out', 'admin'],
    ]);
  });

  it('blanks a customer six years after the trip and deletes old messages; money and tickets stay', async () => {
    const old = await book(5, 'Greta Old', 'greta@example.com', '192.0.2.16');
    // Four hundred days later: still within six years when the job runs below.
    const recent = await book(400, 'Rita Recent', 'rita@example.com', '192.0.2.17');
    await queueEventEmails(t.ctx);
    const before = await money();
    const ticketsOf = async (id: string) =>
      (await db.select({ code: tickets.code }).from(tickets).where(eq(tickets.bookingId, id))).map(
        (r) => r.code,
      );
    const oldTickets = await ticketsOf(old);
    await db.update(bookings).set({ customerAddress: 'Calle Vieja 1' }).where(eq(bookings.id, old));

    // Six years and a day after the old trip (2033-06-16): the messages of 2027 are long past 24 months.
    t.setNow(new Date('2033-06-16T12:00:00Z'));
    try {
      const run = await applyDataRetention(t.ctx);
      expect(run.bookings).toBeGreaterThanOrEqual(1);
      const rows = await db
        .select()
        .from(bookings)
        .where(inArray(bookings.id, [old, recent]));
      const oldRow = rows.find((r) => r.id === old)!;
      expect(oldRow).toMatchObject({
        customerName: '',
        customerEmail: '',
        customerPhone: '',
        customerAddress: '',
        clientIp: null,
      });
      expect(rows.find((r) => r.id === recent)).toMatchObject({
        customerName: 'Rita Recent',
        customerEmail: 'rita@example.com',
      });
      expect(await db.select().from(emailOutbox).where(eq(emailOutbox.bookingId, old))).toEqual([]);
      expect(
        (await db.select().from(emailOutbox).where(eq(emailOutbox.bookingId, recent))).length,
      ).toBeGreaterThan(0);
      expect(await db.select().from(contactMessages)).toEqual([]);
      // Nothing that adds up money changed; the tickets keep their codes.
      expect(await money()).toEqual(before);
      expect(await ticketsOf(old)).toEqual(oldTickets);
      // A second run finds nothing more to do.
      expect(await applyDataRetention(t.ctx)).toEqual({ bookings: 0, vouchers: 0, messages: 0 });
    } finally {
      t.setNow(NOW);
    }
  });
});
