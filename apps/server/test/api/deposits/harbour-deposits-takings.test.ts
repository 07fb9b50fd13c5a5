// A security deposit taken at the harbour is in the till at the end of the day, but it is the
// customer's money (decision 38): the day's trips screen counts it on a line of its own, never
// in the takings, with what was handed back or kept that day.
import { describe, expect, it } from 'vitest';
import type { TripsResponse } from '@boats/domain/schemas/trips';
import { bearer, newOwner, tokenFor } from '../../helpers/admin-token';
import { buildTestApp } from '../../helpers/test-app';
import { buyAndConfirm, charterRequest, createBoat, createPrivateRun } from '../../helpers/checkout-fixtures';

const NOW = new Date('2027-06-10T06:00:00Z'); // 07:00 in the Canaries, the trips' day
const DAY = new Date('2027-06-10T09:00:00Z');
const TODAY = '2027-06-10';

describe('deposits taken at the harbour, on the day’s trips screen', async () => {
  const t = await buildTestApp({ now: NOW });
  const db = t.ctx.db;
  const ownerId = await newOwner(t);
  const boat = await createBoat(db, { ownerId, requiresLicense: true, depositCents: 30_000 });
  const run = await createPrivateRun(db, boat.id, DAY, 6);
  // Signed at the app's clock when used (the test moves it by hours; a token lasts minutes).
  const crew = async () => bearer(await tokenFor(t, 'crew', { ownerId }));
  const otherOwnerId = await newOwner(t);
  const otherCrew = async () => bearer(await tokenFor(t, 'crew', { ownerId: otherOwnerId }));
  let address = 0;
  const sell = async (slot: number) => {
    const body = charterRequest(boat, run[slot]!, 1, {
      customer: { name: 'Ana', email: 'ana@example.com', phone: '+34600000000' },
    });
    const booking = { ...body.booking, licenceConfirmed: true, depositAccepted: true };
    return (await buyAndConfirm(t.app, { ...body, booking }, `10.0.8.${++address}`)).bookingId;
  };
  const takeAtHarbour = async (id: string, method: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/crew/bookings/${id}/deposit/harbour`,
      headers: await crew(),
      payload: { method },
    });
  const day = async (who = crew) => {
    const res = await t.app.inject({ url: `/api/crew/trips?date=${TODAY}`, headers: await who() });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<TripsResponse>();
  };
  const takingsOf = (answer: TripsResponse, method: string) =>
    answer.takings.find((taking) => taking.method === method);

  it('a cash deposit is its own line, not takings; handed back after the return it leaves the till', async () => {
    const [first, second, third] = [await sell(0), await sell(2), await sell(4)];
    expect((await day()).deposits).toEqual([]);

    for (const id of [first, second]) expect((await takeAtHarbour(id, 'cash')).statusCode).toBe(200);
    expect((await takeAtHarbour(third, 'terminal')).statusCode).toBe(200);
    const held = await day();
    expect(takingsOf(held, 'cash')).toEqual({ method: 'cash', amount: 0, payments: 0 });
    expect(takingsOf(held, 'terminal')).toEqual({ method: 'terminal', amount: 0, payments: 0 });
    expect(held.deposits).toEqual([
      { method: 'cash', taken: 600, deposits: 2, handedBack: 0, kept: 0 },
      { method: 'terminal', taken: 300, deposits: 1, handedBack: 0, kept: 0 },
    ]);
    // Another owner's crew see none of it.
    expect((await day(otherCrew)).deposits).toEqual([]);

    t.setNow(new Date(DAY.getTime() + 4 * 3_600_000));
    const released = await t.app.inject({
      method: 'POST',
      url: `/api/admin/bookings/${first}/deposit/release`,
      headers: bearer(await tokenFor(t, 'owner', { ownerId })),
    });
    expect(released.statusCode, released.body).toBe(200);
    const after = await day();
    expect(after.deposits).toEqual([
      { method: 'cash', taken: 600, deposits: 2, handedBack: 300, kept: 0 },
      { method: 'terminal', taken: 300, deposits: 1, handedBack: 0, kept: 0 },
    ]);
    expect(takingsOf(after, 'cash')).toEqual({ method: 'cash', amount: 0, payments: 0 });

    // The next day's screen counts nothing of them: each move is on the day it was made.
    const res = await t.app.inject({ url: '/api/crew/trips?date=2027-06-11', headers: await crew() });
    expect(res.json<TripsResponse>().deposits).toEqual([]);
  });
});
