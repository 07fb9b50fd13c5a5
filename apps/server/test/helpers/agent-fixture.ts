// A hotel's agent desk made as the admin makes one (Hotel Mar, 10 % commission), signed in, and
// its usual sale: what the tests of the agents' balances, the owners' statements and the
// commission invoices start from.
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { signAccessToken } from '../../src/modules/auth/access-token';
import type { TestApp } from './test-app';

export type AgentDesk = { agentId: string; headers: { authorization: string } };

/** The desk, its token signed at `at` (the app's clock when tests move it). */
export async function newAgentDesk(
  t: TestApp,
  admin: { authorization: string },
  at: Date,
): Promise<AgentDesk> {
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/admin/agents',
    headers: admin,
    payload: {
      name: 'Hotel Mar desk',
      email: 'desk@hotelmar.example',
      password: 'a-long-agent-password',
      commissionPercent: 10,
    },
  });
  expect(created.statusCode, created.body).toBe(200);
  const agentId = created.json<{ agent: { _id: string } }>().agent._id;
  const token = await signAccessToken(
    { id: agentId, email: 'desk@hotelmar.example', role: 'agent', sessionId: randomUUID(), ownerId: null },
    t.ctx.config.jwtSecret,
    at,
  );
  return { agentId, headers: { authorization: `Bearer ${token}` } };
}

/** Two adults of the Becker family, in German, sold for cash at the desk: the booking's id. */
export async function sellForCash(t: TestApp, desk: AgentDesk, tripId: string): Promise<string> {
  const sold = await t.app.inject({
    method: 'POST',
    url: `/api/agent/trips/${tripId}/bookings`,
    headers: desk.headers,
    payload: {
      passengers: { adults: 2, children50: 0, kidsFree: 0 },
      customer: { name: 'Familie Becker', email: 'becker@example.de' },
      language: 'de',
      payment: { method: 'cash' },
    },
  });
  expect(sold.statusCode, sold.body).toBe(201);
  return sold.json<{ bookingId: string }>().bookingId;
}
