// What the admin sees and does on the agents page: each agent's month and balance, a settlement
// confirmed before it is recorded (and not recorded when the admin backs out), an amount typed
// with a comma, one of nothing refused on the field; a new agent added.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { canaryDateKey, formatDateKey } from '@boats/domain/canary-time';
import type { Agent } from '@boats/domain/schemas/agents';
import { WithQueryClient } from '../../shared/test/with-query-client';
import { setupTestI18n } from '../../shared/test/test-i18n';
import { AgentsScreen } from './admin-agents-page';

beforeAll(setupTestI18n);
afterEach(() => vi.unstubAllGlobals());

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

const hotelMar: Agent = {
  _id: id(1),
  name: 'Hotel Mar concierge desk',
  email: 'agent@adboatrental.example',
  commissionPercent: 10,
  createdAt: '2026-11-01T10:00:00.000Z',
  month: { bookings: 2, sold: 240, commission: 24, net: 216, settled: 0 },
  balance: { cashNet: 216, refunded: 0, held: 216, settled: 0, owed: 216, lastSettlement: null },
};

/** The agents API in memory: list, create, settle (lowering what is owed). */
function fakeAgentsApi(agents: Agent[]) {
  const fetch = vi.fn((url: string, init?: RequestInit) => {
    const body = init?.body ? (JSON.parse(init.body as string) as Record<string, unknown>) : {};
    const settle = /\/api\/admin\/agents\/([^/]+)\/settlements$/.exec(url);
    if (settle) {
      const agent = agents.find((a) => a._id === settle[1])!;
      const amount = body.amount as number;
      agent.balance.settled += amount;
      agent.balance.owed -= amount;
      agent.month.settled += amount;
      agent.balance.lastSettlement = { amount, receivedOn: body.receivedOn as string };
      return Promise.resolve(json(200, { agent }));
    }
    if (init?.method === 'POST') {
      const agent: Agent = {
        _id: id(agents.length + 1),
        name: body.name as string,
        email: body.email as string,
        commissionPercent: body.commissionPercent as number,
        createdAt: '2026-11-27T08:00:00.000Z',
        month: { bookings: 0, sold: 0, commission: 0, net: 0, settled: 0 },
        balance: { cashNet: 0, refunded: 0, held: 0, settled: 0, owed: 0, lastSettlement: null },
      };
      agents.push(agent);
      return Promise.resolve(json(200, { agent }));
    }
    expect(url).toContain('/api/admin/agents');
    return Promise.resolve(json(200, { items: agents }));
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const posts = (fetch: ReturnType<typeof fakeAgentsApi>) =>
  fetch.mock.calls.filter(([, init]) => init?.method === 'POST');

function renderPage() {
  render(
    <WithQueryClient>
      <AgentsScreen />
    </WithQueryClient>,
  );
}

const figure = (card: HTMLElement, label: string) =>
  within(card).getByText(label).nextElementSibling?.textContent ?? '';

describe('agents page', () => {
  it("shows each agent's month, cash held, settled and owed; records a settlement once confirmed", async () => {
    const user = userEvent.setup();
    const fetch = fakeAgentsApi([structuredClone(hotelMar)]);
    renderPage();
    const card = await screen.findByRole('listitem', { name: 'Hotel Mar concierge desk' });
    expect(figure(card, 'Sold this month (2 bookings)')).toMatch(/240\.00/);
    expect(figure(card, 'Commission this month')).toMatch(/24\.00/);
    expect(figure(card, 'Cash held')).toMatch(/216\.00/);
    expect(figure(card, 'Handed over')).toMatch(/0\.00/);
    expect(figure(card, 'Still owed')).toMatch(/216\.00/);

    const amount = within(card).getByLabelText('Amount (€)');
    await user.clear(amount);
    await user.type(amount, '100,50');
    await user.type(within(card).getByLabelText('Note (optional)'), 'Envelope at reception');
    // Today by default; the accountant records the envelope of last Friday.
    const day = within(card).getByLabelText('Day received');
    expect(day).toHaveProperty('value', formatDateKey(canaryDateKey(new Date()), 'en'));
    await user.clear(day);
    await user.type(day, '20/11/2026');
    await user.click(within(card).getByRole('button', { name: 'Record the settlement' }));
    // Backing out records nothing.
    const ask = within(card).getByRole('group', { name: 'Confirm the settlement' });
    expect(
      within(ask).getByText(/Record .*100\.50 received from Hotel Mar concierge desk on 20\/11\/2026\?/),
    ).toBeTruthy();
    await user.click(within(ask).getByRole('button', { name: 'Cancel' }));
    expect(posts(fetch)).toEqual([]);

    await user.click(within(card).getByRole('button', { name: 'Record the settlement' }));
    await user.click(within(card).getByRole('button', { name: 'Yes, record it' }));
    await waitFor(() => expect(figure(card, 'Still owed')).toMatch(/115\.50/));
    expect(figure(card, 'Handed over')).toMatch(/100\.50/);
    expect(within(card).getByText(/100\.50 recorded\./)).toBeTruthy();
    expect(within(card).getByText(/Last received: .*100\.50 on 20\/11\/2026/)).toBeTruthy();
    expect(figure(card, 'Handed over this month')).toMatch(/100\.50/);
    const [url, init] = posts(fetch)[0]!;
    expect(url).toBe(`/api/admin/agents/${hotelMar._id}/settlements`);
    expect(JSON.parse(init!.body as string)).toEqual({
      amount: 100.5,
      note: 'Envelope at reception',
      receivedOn: '2026-11-20',
    });
  });

  it('refuses a settlement of nothing on the field', async () => {
    const user = userEvent.setup();
    const fetch = fakeAgentsApi([structuredClone(hotelMar)]);
    renderPage();
    const card = await screen.findByRole('listitem', { name: 'Hotel Mar concierge desk' });
    const amount = within(card).getByLabelText('Amount (€)');
    await user.clear(amount);
    await user.type(amount, '0');
    await user.click(within(card).getByRole('button', { name: 'Record the settlement' }));
    await waitFor(() => expect(amount.getAttribute('aria-invalid')).toBe('true'));
    expect(within(card).queryByRole('group', { name: 'Confirm the settlement' })).toBeNull();
    expect(posts(fetch)).toEqual([]);
  });

  it('adds an agent, who then shows in the list with nothing owed', async () => {
    const user = userEvent.setup();
    const fetch = fakeAgentsApi([]);
    renderPage();
    await screen.findByText('No agents yet.');
    await user.type(screen.getByLabelText('Name of the desk or seller'), 'Puerto Colón kiosk');
    await user.type(screen.getByLabelText('E-mail to sign in with'), 'kiosk@example.com');
    await user.type(screen.getByLabelText('First password'), 'a-long-first-password');
    await user.type(screen.getByLabelText('Commission (%)'), '12,5');
    await user.click(screen.getByRole('button', { name: 'Add the agent' }));
    const card = await screen.findByRole('listitem', { name: 'Puerto Colón kiosk' });
    expect(within(card).getByText('12.5% commission')).toBeTruthy();
    expect(within(card).queryByRole('button', { name: 'Record the settlement' })).toBeNull();
    expect(JSON.parse(posts(fetch)[0]![1]!.body as string)).toEqual({
      name: 'Puerto Colón kiosk',
      email: 'kiosk@example.com',
      password: 'a-long-first-password',
      commissionPercent: 12.5,
    });
  });
});
