// The audit trail (docs/security.md#audit-trail): a back-office write adds a row naming who,
// the role, the action, the object, what changed and the address; the admin reads and filters
// every row and downloads them as CSV; an owner reads only the rows about their boats and
// bookings; a booking's rows are found by its id; the database refuses to change or delete one.
import { sql } from 'drizzle-orm';
import { auditLog } from '../../../src/modules/audit/schema';
import { describe, expect, it } from 'vitest';
import { auditPageSchema, type AuditEntry } from '@boats/domain/schemas/audit';
import { bearer, newOwner, tokenFor } from '../../helpers/admin-token';
import { buildTestApp } from '../../helpers/test-app';
import { createBoat, createSharedTrip } from '../../helpers/checkout-fixtures';
import { buySeats } from '../../helpers/operator-fixtures';

const NOW = new Date('2027-06-01T09:00:00Z');

describe('the audit trail', async () => {
  const t = await buildTestApp({ template: 'empty', now: NOW });
  const admin = await tokenFor(t, 'admin');
  const ownerA = await newOwner(t);
  const ownerB = await newOwner(t);
  const tokenA = await tokenFor(t, 'owner', { ownerId: ownerA });
  const tokenB = await tokenFor(t, 'owner', { ownerId: ownerB });
  const boatA = await createBoat(t.ctx.db, { ownerId: ownerA });
  const trip = await createSharedTrip(t.ctx.db, boatA.id, new Date('2027-06-20T09:00:00Z'));
  const { bookingId } = await buySeats(
    t,
    boatA.id,
    trip,
    { adults: 2 },
    {
      name: 'Ana Pérez',
      email: 'ana@example.com',
      phone: '+34600111222',
    },
  );

  const read = async (token: string, query = '') => {
    const res = await t.app.inject({ url: `/api/admin/audit${query}`, headers: bearer(token) });
    expect(res.statusCode, res.body).toBe(200);
    return auditPageSchema.parse(res.json()).items;
  };
  const newest = async (): Promise<AuditEntry> => (await read(admin, '?limit=1'))[0]!;

  it("records an owner's commission change with its value before and after, the admin and the address", async () => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/owners/${ownerA}`,
      headers: { ...bearer(admin), 'x-forwarded-for': '203.0.113.9' },
      payload: { commissionPercent: 12 },
    });
    expect(res.statusCode, res.body).toBe(200);
    const row = await newest();
    expect(row).toMatchObject({
      action: 'owner.update',
      objectType: 'owner',
      objectId: ownerA,
      actor: { role: 'admin' },
      changes: { commissionBps: { before: null, after: 1200 } },
    });
    expect(row.actor.email).toMatch(/^admin-/);
    expect(row.ip).not.toBe('');
  });

  it('records a cancellation and a refund of a booking, each on the booking, its boat and its owner', async () => {
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/admin/bookings/${bookingId}/cancel`,
      headers: bearer(admin),
      payload: { reason: 'Engine trouble' },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const refund = await t.app.inject({
      method: 'POST',
      url: `/api/admin/bookings/${bookingId}/refund`,
      headers: bearer(admin),
      payload: { amount: 10 },
    });
    expect(refund.statusCode, refund.body).toBe(200);
    const rows = await read(admin, `?bookingId=${bookingId}`);
    expect(rows.map((r) => r.action)).toEqual(['booking.refund', 'booking.cancel']);
    expect(rows[1]!.changes).toEqual({ status: { before: 'paid', after: 'canceled' } });
    expect(rows[0]!.changes).toEqual({
      refund: { before: null, after: { amount: 10, status: 'succeeded', cause: 'operator' } },
    });
    expect(rows.every((r) => r.boatId === boatA.id && r.bookingId === bookingId)).toBe(true);
    // The customer's name, e-mail and the operator's note are not in the trail.
    const all = JSON.stringify(await read(admin));
    expect(all).not.toContain('ana@example.com');
    expect(all).not.toContain('Ana');
  });

  it("lets an owner read the rows about their boats and bookings, and nobody else's", async () => {
    const boatB = await t.app.inject({
      method: 'POST',
      url: `/api/boats/update/${boatA.id}`,
      headers: bearer(tokenB),
      payload: {},
    });
    expect([400, 404]).toContain(boatB.statusCode);
    const mine = await read(tokenA);
    expect(mine.map((r) => r.action)).toEqual(
      expect.arrayContaining(['booking.refund', 'booking.cancel', 'owner.update']),
    );
    expect(await read(tokenB)).toEqual([]);
    // An owner's own write is theirs too.
    const code = await t.app.inject({
      method: 'POST',
      url: '/api/admin/promo-codes',
      headers: bearer(tokenB),
      payload: {
        code: 'OWNERB10',
        kind: 'percent',
        value: 10,
        boatIds: [],
        minSpend: 0,
        firstBookingOnly: false,
        active: true,
      },
    });
    expect(code.statusCode, code.body).toBe(200);
    const ofB = await read(tokenB);
    expect(ofB.map((r) => [r.action, r.objectId])).toEqual([['promo_code.create', code.json().promoCode.id]]);
    expect((await read(tokenA)).some((r) => r.action === 'promo_code.create')).toBe(false);
  });

  it('filters by object and actor, pages by cursor, and downloads the filter as CSV (itself written down)', async () => {
    expect((await read(admin, '?objectType=booking')).every((r) => r.objectType === 'booking')).toBe(true);
    expect(await read(admin, '?actor=nobody-here')).toEqual([]);
    const first = await t.app.inject({ url: '/api/admin/audit?limit=2', headers: bearer(admin) });
    const page = auditPageSchema.parse(first.json());
    expect(page.items).toHaveLength(2);
    const next = await read(admin, `?limit=2&cursor=${page.nextCursor}`);
    expect(Number(next[0]!._id)).toBeLessThan(Number(page.items[1]!._id));

    const csv = await t.app.inject({
      url: '/api/admin/audit/export.csv?objectType=booking',
      headers: bearer(admin),
    });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-disposition']).toMatch(/attachment; filename=audit_\d{4}-\d{2}-\d{2}\.csv/);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('at,actor,role,action,object,object_id,boat_id,booking_id,changes,ip');
    expect(lines.slice(1).map((l) => l.split(',')[3])).toEqual(['booking.refund', 'booking.cancel']);
    expect((await newest()).action).toBe('export.audit_csv');
  });

  it('refuses to change, delete or empty the trail, even through SQL', async () => {
    const count = async () => t.ctx.db.$count(auditLog);
    const before = await count();
    await expect(
      t.ctx.db.execute(sql`update audit_log set actor_email = 'someone@else.example'`),
    ).rejects.toThrow();
    await expect(t.ctx.db.execute(sql`delete from audit_log`)).rejects.toThrow();
    await expect(t.ctx.db.execute(sql`truncate audit_log`)).rejects.toThrow();
    expect(await count()).toBe(before);
  });
});
