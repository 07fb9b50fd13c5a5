// An agent's settlement is dated by the day the cash was received (receivedOn, a Canary date):
// the admin's figures count it in that month, the agent's balance names the latest; a day after
// today or before the agent existed is a 400 naming receivedOn (docs/channels.md#settlement-dates).
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signAccessToken } from '../../../src/modules/auth/access-token';
import { bearer, tokenFor } from '../../helpers/admin-token';
import { createBoat, createSlot } from '../../helpers/checkout-fixtures';
import { buildTestApp } from '../../helpers/test-app';

// Winter time in the Canaries (UTC+0) from 25 October 2026.
const CREATED = new Date('2026-09-10T09:00:00Z');
const SOLD = new Date('2026-10-15T09:00:00Z');
const ENTERED = new Date('2026-11-02T09:00:00Z');

type AgentWire = {
  _id: string;
  month: { settled: number };
  balance: { settled: number; owed: number; lastSettlement: { amount: number; receivedOn: string } | null };
};

describe('the day an agent’s settlement was received', async () => {
  const t = await buildTestApp({ template: 'empty', now: CREATED });
  const boat = await createBoat(t.ctx.db, { title: { en: 'Harbour Cat' } });
  const trip = await createSlot(t.ctx.db, boat.id, {
    type: 'shared',
    start: new Date('2026-10-15T11:00:00Z'),
    hours: 3,
    seatsTotal: 8,
    seatPriceCents: 2000,
  });
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/admin/agents',
    headers: bearer(await tokenFor(t, 'admin')),
    payload: {
      name: 'Hotel Mar desk',
      email: 'desk@hotelmar.example',
      password: 'a-long-agent-password',
      commissionPercent: 10,
    },
  });
  const agentId = created.json<{ agent: AgentWire }>().agent._id;
  t.setNow(SOLD);
  const agentToken = await signAccessToken(
    { id: agentId, email: 'desk@hotelmar.example', role: 'agent', sessionId: randomUUID(), ownerId: null },
    t.ctx.config.jwtSecret,
    SOLD,
  );
  // Two adults at €60 for cash: the agent owes €108.
  const sale = await t.app.inject({
    method: 'POST',
    url: `/api/agent/trips/${trip.id}/bookings`,
    headers: bearer(agentToken),
    payload: {
      passengers: { adults: 2, children50: 0, kidsFree: 0 },
      customer: { name: 'Familie Becker', email: 'becker@example.de' },
      language: 'de',
      payment: { method: 'cash' },
    },
  });
  expect(sale.statusCode, sale.body).toBe(201);
  t.setNow(ENTERED);
  const accountant = bearer(await tokenFor(t, 'admin'));
  const settle = (payload: object) =>
    t.app.inject({
      method: 'POST',
      url: `/api/admin/agents/${agentId}/settlements`,
      headers: accountant,
      payload,
    });
  const agent = async (headers = accountant) =>
    (await t.app.inject({ url: '/api/admin/agents', headers }))
      .json<{ items: AgentWire[] }>()
      .items.find((a) => a._id === agentId)!;

  it('refuses a day after today or before the agent existed, naming receivedOn', async () => {
    for (const receivedOn of ['2026-11-03', '2026-09-09']) {
      const res = await settle({ amount: 10, receivedOn });
      expect(res.statusCode, receivedOn).toBe(400);
      expect(res.json()).toMatchObject({ fields: [{ path: 'body.receivedOn' }] });
    }
    expect((await agent()).balance).toMatchObject({ settled: 0, owed: 108, lastSettlement: null });
  });

  it('counts cash received on 30 October and entered on 2 November in October', async () => {
    const res = await settle({ amount: 100, receivedOn: '2026-10-30' });
    expect(res.statusCode, res.body).toBe(200);
    // November's figures: nothing handed over this month; the balance names the day.
    expect(await agent()).toMatchObject({
      month: { settled: 0 },
      balance: { settled: 100, owed: 8, lastSettlement: { amount: 100, receivedOn: '2026-10-30' } },
    });
    t.setNow(new Date('2026-10-31T12:00:00Z'));
    expect((await agent(bearer(await tokenFor(t, 'admin')))).month.settled).toBe(100);
    t.setNow(ENTERED);
    // Without a day: today.
    expect((await settle({ amount: 8 })).statusCode).toBe(200);
    expect(await agent()).toMatchObject({
      month: { settled: 8 },
      balance: { owed: 0, lastSettlement: { amount: 8, receivedOn: '2026-11-02' } },
    });
  });
});
