import { and, eq, gt, inArray, isNotNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  canaryDateKey,
  canaryInstant,
  canaryMonthRange,
  canaryYearMonth,
} from '@boats/domain/canary-time';
import { newBoatDefaults } from '@boats/domain/schemas/boat';
import { bookingSlots, bookings, domainEvents, slots } from '../../../src/db/schema';
import { bearer, tokenFor } from '../../helpers/admin-token';
import { buildTestApp } from '../../helpers/test-app';

type SlotJson = {
  _id: string;
  type: 'private' | 'shared';
  start: string;
  end: string;
  isOpen: boolean;
  seatPrice: number;
  seatsTotal: number;
  seatsTaken: number;
  seatsLeft: number;
  seatsSold: number;
  seatsHeld: number;
};

describe('admin slots API', async () => {
  const t = await buildTestApp({ template: 'demo' });
  const admin = bearer(await tokenFor(t, 'admin'));
  const user = bearer(await tokenFor(t, 'user'));

  const boatRes = await t.app.inject({
    method: 'POST',
    url: '/api/admin/boats',
    headers: admin,
    payload: {
      ...newBoatDefaults,
      title: 'Slot test boat',
      capacity: 20,
      minDurationHours: 1,
      maxDurationHours: 4,
    },
  });
  const boatId = (boatRes.json() as { boat: { _id: string } }).boat._id;

  const day = addDays(canaryDateKey(new Date()), 10);
  const at = (time: string, dayKey = day) => canaryInstant(dayKey, time).toISOString();
  const save = (body: Record<string, unknown>, id = boatId) =>
    t.app.inject({ method: 'POST', url: `/api/boats/slots/${id}`, headers: admin, payload: body });
  const remove = (slotId: string, id = boatId, payload: object = { reason: 'Skipper ill' }) =>
    t.app.inject({
      method: 'DELETE',
      url: `/api/admin/boats/${id}/slots/${slotId}`,
      headers: admin,
      payload,
    });
  const month = (when: string, id = boatId) => {
    const { year, month: m } = canaryYearMonth(when);
    const range = canaryMonthRange(year, m);
    return t.app.inject({
      url: `/api/admin/boats/${id}/slots?start=${range.start.toISOString()}&end=${range.end.toISOString()}`,
      headers: admin,
    });
  };

  const firstSlot = (
    await save({ type: 'private', start: at('08:00'), end: at('09:00'), isOpen: true })
  ).json() as SlotJson;

  describe('guards', () => {
    const endpoints = [
      {
        method: 'GET' as const,
        url: `/api/admin/boats/${boatId}/slots?start=${at('00:00')}&end=${at('23:00')}`,
      },
      {
        method: 'POST' as const,
        url: `/api/boats/slots/${boatId}`,
        payload: { type: 'private', start: at('20:00'), end: at('21:00') },
      },
      { method: 'DELETE' as const, url: `/api/admin/boats/${boatId}/slots/${firstSlot._id}` },
    ];
    it.each(endpoints)(
      '$method $url answers 401 without a token and 403 for a non-admin',
      async (endpoint) => {
        expect((await t.app.inject(endpoint)).statusCode).toBe(401);
        expect((await t.app.inject({ ...endpoint, headers: user })).statusCode).toBe(403);
      },
    );
  });

  it('creates a private and a shared slot, lists them for the month and updates one', async () => {
    expect(firstSlot).toMatchObject({ type: 'private', isOpen: true, seatsTotal: 0, seatPrice: 0 });
    const shared = await save({
      type: 'shared',
      start: at('10:00'),
      end: at('13:00'),
      seatPrice: 45.5,
      seatsTotal: 12,
      seatsTaken: 2,
    });
    expect(shared.statusCode).toBe(200);
    const sharedSlot = shared.json() as SlotJson;
    expect(sharedSlot).toMatchObject({
      seatPrice: 45.5,
      seatsTotal: 12,
      seatsTaken: 2,
      seatsLeft: 10,
      seatsSold: 0,
    });

    const listed = await month(at('10:00'));
    expect(listed.statusCode).toBe(200);
    const ids = (listed.json() as { items: SlotJson[] }).items.map((s) => s._id);
    expect(ids).toEqual(expect.arrayContaining([firstSlot._id, sharedSlot._id]));

    const updated = await save({ ...sharedSlot, seatsTotal: 14, seatsTaken: 4, isOpen: false });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      _id: sharedSlot._id,
      seatsTotal: 14,
      seatsTaken: 4,
      isOpen: false,
    });
  });

  it('returns only slots that start inside the requested month', async () => {
    // A slot on the last evening of a month that ends in the next month belongs to its start month.
    const { year, month: m } = canaryYearMonth(new Date(Date.now() + 40 * 86_400_000));
    const lastDay = addDays(canaryDateKey(canaryMonthRange(year, m).end), 0);
    const created = (
      await save({ type: 'private', start: at('23:00', lastDay), end: at('00:30', addDays(lastDay, 1)) })
    ).json() as SlotJson;
    const inMonth = (await month(at('12:00', lastDay))).json() as { items: SlotJson[] };
    expect(inMonth.items.map((s) => s._id)).toContain(created._id);
    const nextMonth = (await month(at('12:00', addDays(lastDay, 1)))).json() as { items: SlotJson[] };
    expect(nextMonth.items.map((s) => s._id)).not.toContain(created._id);
  });

  it.each([
    [
      'end before start',
      { type: 'private', start: at('15:00'), end: at('14:00') },
      'End time must be later than start',
    ],
    [
      'in the past',
      { type: 'private', start: at('10:00', addDays(day, -20)), end: at('11:00', addDays(day, -20)) },
      'past',
    ],
    [
      'shorter than the boat minimum',
      { type: 'private', start: at('15:00'), end: at('15:30') },
      'minimum of 1 h',
    ],
    [
      'longer than the boat maximum',
      { type: 'private', start: at('14:00'), end: at('19:00') },
      'maximum of 4 h',
    ],
    [
      'shared without seats',
      { type: 'shared', start: at('15:00'), end: at('16:00'), seatsTotal: 0, seatPrice: 10 },
      'at least 1 seat',
    ],
    [
      "shared with more seats than the boat's capacity",
      { type: 'shared', start: at('15:00'), end: at('16:00'), seatsTotal: 21, seatPrice: 10 },
      'capacity of 20',
    ],
    [
      'shared with a negative price',
      { type: 'shared', start: at('15:00'), end: at('16:00'), seatsTotal: 5, seatPrice: -1 },
      'cannot be negative',
    ],
  ])('refuses a slot %s with 400 and a clear message', async (_name, body, text) => {
    const res = await save(body);
    expect(res.statusCode).toBe(400);
    expect((res.json() as { message: string }).message).toContain(text);
    // The message is also on its field, for the form to show under it.
    const fields = (res.json() as { fields: { path: string; message: string }[] }).fields;
    expect(fields.some((f) => f.path.startsWith('body.') && f.message.includes(text))).toBe(true);
  });

  it('refuses an overlapping slot with 409 (touching slots are fine)', async () => {
    const res = await save({
      type: 'shared',
      start: at('08:30'),
      end: at('09:30'),
      seatsTotal: 4,
      seatPrice: 10,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      error: 'slot_overlap',
      message: 'The slot overlaps another slot of this boat',
    });
    expect((await save({ type: 'private', start: at('09:00'), end: at('10:00') })).statusCode).toBe(200);
  });

  it('lets the database refuse an overlap that the check could not see (two writers)', async () => {
    const results = await Promise.all([
      save({ type: 'private', start: at('16:00'), end: at('18:00') }),
      save({ type: 'private', start: at('17:00'), end: at('19:00') }),
    ]);
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 409]);
  });

  it('refuses taken seats above the total', async () => {
    const res = await save({
      type: 'shared',
      start: at('20:00'),
      end: at('21:00'),
      seatsTotal: 3,
      seatsTaken: 4,
      seatPrice: 5,
    });
    expect(res.statusCode).toBe(400);
  });

  it('answers 404 for unknown boats and slots', async () => {
    const ghost = '00000000-0000-4000-8000-000000000000';
    expect((await save({ type: 'private', start: at('21:00'), end: at('22:00') }, ghost)).statusCode).toBe(
      404,
    );
    expect(
      (await save({ _id: ghost, type: 'private', start: at('21:00'), end: at('22:00') })).statusCode,
    ).toBe(404);
    expect((await remove(ghost)).statusCode).toBe(404);
    expect((await remove('junk')).statusCode).toBe(404);
  });

  it('deletes a slot without bookings, recording the reason and who deleted it', async () => {
    const slot = (await save({ type: 'private', start: at('06:00'), end: at('07:00') })).json() as SlotJson;
    const res = await remove(slot._id, boatId, { reason: '  Engine service  ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, _id: slot._id });
    const listed = (await month(at('06:00'))).json() as { items: SlotJson[] };
    expect(listed.items.map((s) => s._id)).not.toContain(slot._id);
    const [event] = await t.ctx.db.select().from(domainEvents).where(eq(domainEvents.kind, 'slot.deleted'));
    expect(event?.payload).toMatchObject({
      slotId: slot._id,
      boatId,
      type: 'private',
      start: slot.start,
      reason: 'Engine service',
      actor: expect.stringContaining('@'),
    });
  });

  it('refuses a delete without a reason, a blank one or a too long one (400 on body.reason)', async () => {
    const slot = (await save({ type: 'private', start: at('06:00'), end: at('07:00') })).json() as SlotJson;
    for (const payload of [{}, { reason: '   ' }, { reason: 'x'.repeat(301) }]) {
      const res = await remove(slot._id, boatId, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.body).toContain('body.reason');
    }
    const listed = (await month(at('06:00'))).json() as { items: SlotJson[] };
    expect(listed.items.map((s) => s._id)).toContain(slot._id);
    expect((await remove(slot._id)).statusCode).toBe(200);
  });

  describe('slots with bookings (demo data)', async () => {
    const now = new Date();
    const [paidShared] = await t.ctx.db
      .select({
        bookingId: bookings.id,
        slotId: bookings.slotId,
        boatId: bookings.boatId,
        name: bookings.customerName,
      })
      .from(bookings)
      .where(
        and(
          eq(bookings.type, 'shared'),
          inArray(bookings.status, ['paid', 'confirmed']),
          isNotNull(bookings.slotId),
          gt(bookings.startsAt, now),
        ),
      );
    const [paidPrivate] = await t.ctx.db
      .select({
        bookingId: bookings.id,
        slotId: bookingSlots.slotId,
        boatId: bookings.boatId,
        name: bookings.customerName,
      })
      .from(bookingSlots)
      .innerJoin(bookings, eq(bookings.id, bookingSlots.bookingId))
      .where(
        and(
          eq(bookingSlots.active, true),
          inArray(bookings.status, ['paid', 'confirmed']),
          gt(bookings.startsAt, now),
        ),
      );

    const slotJson = async (slotId: string, id: string) => {
      const [row] = await t.ctx.db.select().from(slots).where(eq(slots.id, slotId));
      const list = (await month(row!.startsAt.toISOString(), id)).json() as { items: SlotJson[] };
      return list.items.find((s) => s._id === slotId)!;
    };

    it('has the bookings it needs', () => {
      expect(paidShared).toBeDefined();
      expect(paidPrivate).toBeDefined();
    });

    it('refuses to delete a slot with paid bookings, naming them', async () => {
      const res = await remove(paidPrivate!.slotId, paidPrivate!.boatId);
      expect(res.statusCode).toBe(409);
      const body = res.json() as { error: string; message: string; details: { bookings: { _id: string }[] } };
      expect(body.error).toBe('slot_has_paid_bookings');
      expect(body.message).toContain(paidPrivate!.bookingId.slice(-8).toUpperCase());
      expect(body.details.bookings.map((b) => b._id)).toContain(paidPrivate!.bookingId);
    });

    it('refuses to move a slot with paid bookings, but lets it be closed', async () => {
      const slot = await slotJson(paidShared!.slotId!, paidShared!.boatId);
      const later = (iso: string) => new Date(Date.parse(iso) + 3_600_000).toISOString();
      const moved = await save(
        { ...slot, start: later(slot.start), end: later(slot.end) },
        paidShared!.boatId,
      );
      expect(moved.statusCode).toBe(409);
      expect((moved.json() as { message: string }).message).toContain(
        paidShared!.bookingId.slice(-8).toUpperCase(),
      );
      const closed = await save({ ...slot, isOpen: false }, paidShared!.boatId);
      expect(closed.statusCode).toBe(200);
    });

    it('refuses total seats below taken plus seats held by a checkout in progress', async () => {
      const slot = (
        await save({
          type: 'shared',
          start: at('10:00', addDays(day, 1)),
          end: at('12:00', addDays(day, 1)),
          seatsTotal: 8,
          seatsTaken: 2,
          seatPrice: 20,
        })
      ).json() as SlotJson;
      await t.ctx.db.insert(bookings).values({
        boatId,
        slotId: slot._id,
        type: 'shared',
        startsAt: new Date(slot.start),
        endsAt: new Date(slot.end),
        status: 'pending',
        holdExpiresAt: new Date(Date.now() + 10 * 60_000),
        seats: 3,
        adults: 3,
        amountGrossCents: 12_000,
      });
      const listed = await slotJson(slot._id, boatId);
      expect(listed).toMatchObject({ seatsHeld: 3, seatsLeft: 3 });
      const deleting = await remove(slot._id);
      expect(deleting.statusCode).toBe(409);
      expect((deleting.json() as { message: string }).message).toContain('paying for this slot right now');
      const shrink = await save({ ...listed, seatsTotal: 4 });
      expect(shrink.statusCode).toBe(409);
      expect((shrink.json() as { message: string }).message).toContain('held by checkouts in progress');
      expect((await save({ ...listed, seatsTotal: 5 })).statusCode).toBe(200);
    });

    it('refuses taken seats below the seats sold', async () => {
      const slot = await slotJson(paidShared!.slotId!, paidShared!.boatId);
      expect(slot.seatsSold).toBeGreaterThan(0);
      const belowSold = await save({ ...slot, seatsTaken: slot.seatsSold - 1 }, paidShared!.boatId);
      expect(belowSold.statusCode).toBe(409);
      expect((belowSold.json() as { message: string }).message).toMatch(/already sold/);
      // The demo's shared slots already offer the boat's whole capacity.
      const aboveCapacity = await save({ ...slot, seatsTotal: slot.seatsTotal + 2 }, paidShared!.boatId);
      expect(aboveCapacity.statusCode).toBe(400);
      expect((aboveCapacity.json() as { message: string }).message).toMatch(/capacity/);
      const atSold = await save({ ...slot, seatsTaken: slot.seatsSold }, paidShared!.boatId);
      expect(atSold.statusCode).toBe(200);
      expect(atSold.json()).toMatchObject({ seatsTotal: slot.seatsTotal, seatsSold: slot.seatsSold });
    });
  });
});
