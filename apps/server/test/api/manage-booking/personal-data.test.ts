// The right of access from "manage my booking" (docs/security.md#customers-data): the e-mailed
// link proves the address, and the export holds everything under it — and nothing of anyone else.
// And retention (docs/privacy.md#how-long): what is no longer needed is blanked or deleted, and
// nothing that adds up money changes.
import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bookings, contactMessages, emailOutbox, tickets } from '../../../src/db/schema';
import { applyDataRetention } from '../../../src/modules/jobs/data-retention';
import { queueEventEmails } from '../../../src/modules/jobs/event-emails';
import { signManageToken } from '../../../src/modules/manage-booking/manage-token';
import { buildTestApp } from '../../helpers/test-app';
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
  const exportOf = (id: string, token = signManageToken(id, t.ctx.config.jwtSecret)) =>
    t.app.inject(`/api/bookings/${id}/personal-data?token=${encodeURIComponent(token)}`);

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

    const res = await exportOf(first);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="my-data-${first.slice(-8).toUpperCase()}.json"`,
    );
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

  it('refuses a link that is not this booking’s', async () => {
    const mine = await book(3, 'Ana', 'ana@example.com', '192.0.2.14');
    const other = await book(4, 'Luis', 'luis@example.com', '192.0.2.15');
    const foreign = await exportOf(mine, signManageToken(other, t.ctx.config.jwtSecret));
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toMatchObject({ error: 'invalid_manage_token' });
    expect(foreign.body).not.toContain('ana@example.com');
  });

  it('blanks a customer six years after the trip and deletes old messages; money and tickets stay', async () => {
    const old = await book(5, 'Greta Old', 'greta@example.com', '192.0.2.16');
    // Four hundred days later: still within six years when the job runs below.
    const recent = await book(400, 'Rita Recent', 'rita@example.com', '192.0.2.17');
    await queueEventEmails(t.ctx);
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
    const before = await money();
    const ticketsOf = async (id: string) =>
      (await db.select({ code: tickets.code }).from(tickets).where(eq(tickets.bookingId, id))).map(
        (r) => r.code,
      );
    const oldTickets = await ticketsOf(old);

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
