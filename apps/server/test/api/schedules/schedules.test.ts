import { and, eq, gte } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { canaryDateKey, canaryTimeLabel } from '@boats/domain/canary-time';
import { slots } from '../../../src/db/schema';
import { bearer, tokenFor } from '../../helpers/admin-token';
import { buildTestApp } from '../../helpers/test-app';
import { createBoat, createSlot } from '../../helpers/checkout-fixtures';

// Monday 22 March 2027, 08:00 in the Canaries; the clocks go forward on Sunday 28 March.
const NOW = new Date('2027-03-22T08:00:00Z');

type Planned = { start: string; end: string; reason?: string };
type Plan = { create: Planned[]; skipped: Planned[]; createdIds?: string[] };

describe('recurring schedules and whole-day open/close', async () => {
  const t = await buildTestApp({ template: 'empty', now: NOW });
  const admin = bearer(await tokenFor(t, 'admin'));
  const crew = bearer(await tokenFor(t, 'crew'));
  const boat = await createBoat(t.ctx.db, { capacity: 12, minDurationHours: 1, maxDurationHours: 6 });
  // Already on Wednesday 24 March at 11:00–12:00 local: overlaps the 10:00–13:00 occurrence.
  const busy = await createSlot(t.ctx.db, boat.id, {
    type: 'private',
    start: new Date('2027-03-24T11:00:00Z'),
  });

  const pattern = {
    weekdays: [1, 3, 6], // Monday, Wednesday, Saturday
    startTimes: ['10:00', '15:00'],
    durationHours: 3,
    type: 'shared',
    seatsTotal: 10,
    seatPrice: 22.5,
    from: '2027-03-22',
    to: '2027-04-03',
  };
  const post = (url: string, payload: object, headers = admin) =>
    t.app.inject({ method: 'POST', url: `/api/admin/boats/${boat.id}${url}`, headers, payload });

  it('previews the pattern in Canary time, skipping the overlap and what has begun', async () => {
    const res = await post('/schedule/preview', pattern);
    expect(res.statusCode, res.body).toBe(200);
    const plan = res.json<Plan>();
    const label = (p: Planned) => `${canaryDateKey(p.start)} ${canaryTimeLabel(p.start)}`;
    // Mon 22, Wed 24, Sat 27, Mon 29, Wed 31, Sat 3 × 10:00 and 15:00 = 12 occurrences.
    expect(plan.create.length + plan.skipped.length).toBe(12);
    expect(plan.skipped.map((s) => [label(s), s.reason])).toEqual([['2027-03-24 10:00', 'overlap']]);
    // Every start reads 10:00 or 15:00 on the harbour's clock, before and after the DST switch.
    expect(new Set(plan.create.map((p) => canaryTimeLabel(p.start)))).toEqual(new Set(['10:00', '15:00']));
    expect(plan.create[0]?.start).toBe('2027-03-22T10:00:00.000Z');
    expect(plan.create.find((p) => canaryDateKey(p.start) === '2027-03-29')?.start).toBe(
      '2027-03-29T09:00:00.000Z',
    );
  });

  it('skips an occurrence that has already begun', async () => {
    t.setNow(new Date('2027-03-22T10:05:00Z'));
    const plan = (await post('/schedule/preview', pattern, bearer(await tokenFor(t, 'admin')))).json<Plan>();
    t.setNow(NOW);
    expect(plan.skipped.map((s) => s.reason).sort()).toEqual(['overlap', 'past']);
  });

  it('creates exactly what the preview showed, and a second run creates nothing', async () => {
    const preview = (await post('/schedule/preview', pattern)).json<Plan>();
    const res = await post('/schedule', pattern);
    expect(res.statusCode, res.body).toBe(200);
    const created = res.json<Plan>();
    expect(created.create).toEqual(preview.create);
    expect(created.createdIds).toHaveLength(11);
    const rows = await t.ctx.db
      .select()
      .from(slots)
      .where(and(eq(slots.boatId, boat.id), gte(slots.startsAt, NOW)));
    const shared = rows.filter((r) => r.type === 'shared');
    expect(shared.map((r) => r.startsAt.toISOString()).sort()).toEqual(
      preview.create.map((p) => p.start).sort(),
    );
    expect(shared.every((r) => r.seatsTotal === 10 && r.seatPriceCents === 2250 && r.isOpen)).toBe(true);

    const again = (await post('/schedule', pattern)).json<Plan>();
    expect(again.createdIds).toEqual([]);
    expect(again.skipped).toHaveLength(12);
  });

  it('skips occurrences of the pattern that overlap each other', async () => {
    const plan = (
      await post('/schedule/preview', {
        ...pattern,
        startTimes: ['18:00', '19:00'],
        durationHours: 2,
        weekdays: [2],
        to: '2027-03-23',
      })
    ).json<Plan>();
    expect(plan.create.map((p) => canaryTimeLabel(p.start))).toEqual(['18:00']);
    expect(plan.skipped.map((p) => p.reason)).toEqual(['pattern_overlap']);
  });

  it('answers bad patterns with a 400 naming the field', async () => {
    const cases: [object, string][] = [
      [{ ...pattern, weekdays: [] }, 'weekdays'],
      [{ ...pattern, startTimes: ['25:00'] }, 'startTimes'],
      [{ ...pattern, to: '2027-03-01' }, 'to'],
      [{ ...pattern, to: '2028-06-01' }, 'to'],
      [{ ...pattern, seatsTotal: 0 }, 'seatsTotal'],
      [{ ...pattern, durationHours: 8 }, 'durationHours'],
      [{ ...pattern, seatsTotal: 40 }, 'seatsTotal'],
    ];
    for (const [body, field] of cases) {
      const res = await post('/schedule/preview', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.body).toContain(field);
    }
    expect((await post('/schedule', pattern, crew)).statusCode).toBe(403);
  });

  it("refuses a pattern outside the boat's limits with the reason and the limits, for the operator's language", async () => {
    const long = await post('/schedule/preview', { ...pattern, durationHours: 8 });
    expect(long.json()).toMatchObject({
      error: 'schedule_invalid',
      details: { field: 'durationHours', reason: 'duration', min: 1, max: 6 },
    });
    const crowded = await post('/schedule/preview', { ...pattern, seatsTotal: 40 });
    expect(crowded.json()).toMatchObject({
      error: 'schedule_invalid',
      details: { field: 'seatsTotal', reason: 'capacity', capacity: 12 },
    });
  });

  it('takes a charter’s hourly slots on a boat of 2 hours at least, as they chain; a shared trip of 1 hour it refuses (issue 58)', async () => {
    const charterBoat = await createBoat(t.ctx.db, { capacity: 8, minDurationHours: 2, maxDurationHours: 6 });
    const hourly = {
      weekdays: [1],
      startTimes: ['10:00', '11:00', '12:00'],
      durationHours: 1,
      type: 'private',
      from: '2027-03-22',
      to: '2027-03-22',
    };
    const at = (url: string, payload: object) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/boats/${charterBoat.id}${url}`,
        headers: admin,
        payload,
      });
    const res = await at('/schedule', hourly);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Plan>().createdIds).toHaveLength(3);
    const shared = await at('/schedule/preview', {
      ...hourly,
      type: 'shared',
      seatsTotal: 6,
      seatPrice: 20,
      startTimes: ['15:00'],
    });
    expect(shared.json()).toMatchObject({
      error: 'schedule_invalid',
      details: { field: 'durationHours', reason: 'duration', min: 2, max: 6 },
    });
  });

  it('closes and reopens every slot of a day', async () => {
    const put = (isOpen: boolean, date = '2027-03-24') =>
      t.app.inject({
        method: 'PUT',
        url: `/api/admin/boats/${boat.id}/schedule/days/${date}`,
        headers: admin,
        payload: { isOpen },
      });
    expect((await put(false)).json()).toEqual({ updated: 2, canceled: 0 });
    const day = await t.ctx.db.select().from(slots).where(eq(slots.boatId, boat.id));
    const onDay = day.filter((s) => canaryDateKey(s.startsAt) === '2027-03-24');
    expect(onDay.map((s) => s.id)).toContain(busy.id);
    expect(onDay.every((s) => !s.isOpen)).toBe(true);
    expect(day.filter((s) => canaryDateKey(s.startsAt) !== '2027-03-24').every((s) => s.isOpen)).toBe(true);
    expect((await put(true)).json()).toEqual({ updated: 2, canceled: 0 });
    expect((await put(true, '2027-02-30')).statusCode).toBe(400);
  });
});
