// The agent's desk on a phone: the day's trips, the sale form's checks (a party of nobody, no way
// to reach the customer, a payment link without an e-mail: refused on the fields, nothing sent),
// a cash sale and its reference, a charter of the hours chosen at their price, the customer's
// address above 400 € (a charter's known price, or the server's answer for seats), and "My sales":
// the month's figures and what the agent owes.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AgentCharter, AgentSales, AgentTrip } from '@boats/domain/schemas/agents';
import { WithQueryClient } from '../../shared/test/with-query-client';
import { setupTestI18n } from '../../shared/test/test-i18n';
import { AgentDesk } from './agent-desk-page';

beforeAll(setupTestI18n);
afterEach(() => vi.unstubAllGlobals());

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

// €20 a seat-hour for 3 hours: €60 an adult.
const trip: AgentTrip = {
  slotId: '00000000-0000-4000-8000-000000000011',
  boatId: '00000000-0000-4000-8000-000000000001',
  boatTitle: 'Dolphin Star',
  boatTitleI18n: { en: 'Dolphin Star' },
  start: '2099-06-01T10:00:00.000Z',
  end: '2099-06-01T13:00:00.000Z',
  seatsTotal: 10,
  seatsLeft: 3,
  seatPrice: 20,
};

const charter: AgentCharter = {
  slotId: '00000000-0000-4000-8000-000000000021',
  boatId: '00000000-0000-4000-8000-000000000002',
  boatTitle: 'Blue Yacht',
  boatTitleI18n: { en: 'Blue Yacht' },
  start: '2099-06-01T14:00:00.000Z',
  capacity: 8,
  lengths: [
    { hours: 2, price: 300 },
    { hours: 3, price: 450 },
  ],
};

const sales: AgentSales = {
  name: 'Hotel Mar concierge desk',
  commissionPercent: 10,
  month: { bookings: 3, sold: 360, commission: 36, net: 324, settled: 100 },
  balance: {
    cashNet: 324,
    refunded: 0,
    held: 324,
    settled: 100,
    owed: 224,
    lastSettlement: { amount: 100, receivedOn: '2026-11-20' },
  },
  items: [
    {
      bookingId: '00000000-0000-4000-8000-000000000101',
      ref: 'AB12CD34',
      boatTitle: { en: 'Dolphin Star' },
      start: '2099-06-01T10:00:00.000Z',
      customerName: 'Ana Pérez',
      people: 2,
      status: 'paid',
      payment: 'cash',
      amount: 120,
      commission: 12,
      soldAt: '2099-05-30T09:00:00.000Z',
    },
  ],
};

/** The agent's API in memory: the day's trips, its sales, a sale answered with its reference. */
function fakeAgentApi() {
  const fetch = vi.fn((url: string, init?: RequestInit) => {
    if (init?.method === 'POST') {
      return Promise.resolve(
        json(201, {
          bookingId: '00000000-0000-4000-8000-000000000102',
          ref: 'ZX98YW76',
          status: 'paid',
          amount: 120,
          method: 'cash',
        }),
      );
    }
    if (url.includes('/api/agent/trips'))
      return Promise.resolve(json(200, { date: '2099-06-01', items: [trip], charters: [charter] }));
    expect(url).toContain('/api/agent/sales');
    return Promise.resolve(json(200, sales));
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const posts = (fetch: ReturnType<typeof fakeAgentApi>) =>
  fetch.mock.calls.filter(([, init]) => init?.method === 'POST');

async function openSale() {
  const user = userEvent.setup();
  const fetch = fakeAgentApi();
  render(
    <WithQueryClient>
      <AgentDesk />
    </WithQueryClient>,
  );
  await user.click(await screen.findByRole('button', { name: /Dolphin Star/ }));
  return { user, fetch };
}

describe('agent desk', () => {
  it('shows the month: sold, earned, cash owed, what was handed over, and each sale', async () => {
    fakeAgentApi();
    render(
      <WithQueryClient>
        <AgentDesk />
      </WithQueryClient>,
    );
    const mine = await screen.findByRole('region', { name: 'My sales' });
    await within(mine).findByText('Sold this month (3 bookings)');
    const figure = (label: string) => within(mine).getByText(label).nextElementSibling?.textContent;
    expect(figure('Sold this month (3 bookings)')).toMatch(/€\s?360\.00|360\.00\s?€/);
    expect(figure('Earned (10 % commission)')).toMatch(/36\.00/);
    expect(figure('Cash you owe')).toMatch(/224\.00/);
    expect(within(mine).getByText(/Handed over so far: .*100\.00/)).toBeTruthy();
    expect(within(mine).getByText(/Last handed over: .*100\.00 on 20\/11\/2026/)).toBeTruthy();
    const sale = within(mine).getByRole('listitem', { name: '#AB12CD34' });
    expect(within(sale).getByText(/Ana Pérez/)).toBeTruthy();
    expect(within(sale).getByText(/Cash · .*120\.00.* · Paid/)).toBeTruthy();
    expect(screen.getByRole('button', { name: /Dolphin Star.*3 seats left/ })).toBeTruthy();
  });

  it('refuses a party of nobody and a customer with no e-mail or phone, sending nothing', async () => {
    const { user, fetch } = await openSale();
    const adults = screen.getByLabelText('Adults (13 and over)');
    await user.clear(adults);
    await user.type(adults, '0');
    await user.type(screen.getByLabelText("Customer's name"), 'Ana Pérez');
    await user.click(screen.getByRole('button', { name: 'Sell and take the cash' }));
    await waitFor(() => expect(adults.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByLabelText('Phone').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('E-mail').getAttribute('aria-invalid')).toBe('true');
    expect(posts(fetch)).toEqual([]);
  });

  it('asks the e-mail a payment link goes to', async () => {
    const { user, fetch } = await openSale();
    await user.type(screen.getByLabelText("Customer's name"), 'Ana Pérez');
    await user.type(screen.getByLabelText('Phone'), '+34 600 123 456');
    await user.click(screen.getByRole('radio', { name: 'Send a card payment link' }));
    expect(screen.getByLabelText('Hold the seats for')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Sell and send the payment link' }));
    await waitFor(() => expect(screen.getByLabelText('E-mail').getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('Enter the e-mail the payment link goes to')).toBeTruthy();
    expect(posts(fetch)).toEqual([]);
  });

  it('sells two seats for cash and says the reference and what to take', async () => {
    const { user, fetch } = await openSale();
    await user.type(screen.getByLabelText("Customer's name"), 'Ana Pérez');
    await user.type(screen.getByLabelText('E-mail'), 'ana@example.com');
    await user.selectOptions(screen.getByLabelText('Language of tickets and e-mails'), 'es');
    await user.click(screen.getByRole('button', { name: 'Sell and take the cash' }));
    expect(await screen.findByText(/Booking #ZX98YW76: take .*120\.00 in cash/)).toBeTruthy();
    const [url, init] = posts(fetch)[0]!;
    expect(url).toBe(`/api/agent/trips/${trip.slotId}/bookings`);
    expect(JSON.parse(init!.body as string)).toEqual({
      passengers: { adults: 2, children50: 0, kidsFree: 0 },
      customer: { name: 'Ana Pérez', email: 'ana@example.com' },
      language: 'es',
      payment: { method: 'cash' },
    });
    await user.click(screen.getByRole('button', { name: 'Sell another trip' }));
    expect(await screen.findByRole('button', { name: /Dolphin Star/ })).toBeTruthy();
  });

  it('sells a charter of the hours chosen, each length with its price', async () => {
    const user = userEvent.setup();
    const fetch = fakeAgentApi();
    render(
      <WithQueryClient>
        <AgentDesk />
      </WithQueryClient>,
    );
    const charters = await screen.findByRole('list', { name: 'Private charters' });
    await user.click(within(charters).getByRole('button', { name: /Blue Yacht.*up to 8 people/ }));
    const length = screen.getByLabelText('Hours of charter');
    expect(
      within(length)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([expect.stringMatching(/^2 hours · .*300\.00/), expect.stringMatching(/^3 hours · .*450\.00/)]);
    // 2 hours at 300 € take a simplified invoice: no address. 3 hours at 450 € name the customer.
    expect(screen.queryByLabelText("Customer's postal address")).toBeNull();
    await user.selectOptions(length, '3');
    const address = screen.getByLabelText("Customer's postal address");
    expect(
      screen.getByText(
        /^Above €400 the customer's invoice is a full invoice, which names them and their address\.$/,
      ),
    ).toBeTruthy();
    await user.type(screen.getByLabelText("Customer's name"), 'Ana Pérez');
    await user.type(screen.getByLabelText('Phone'), '+34 600 123 456');
    await user.type(address, 'Calle La Hoya 5, 38650 Los Cristianos');
    await user.click(screen.getByRole('button', { name: 'Sell and take the cash' }));
    await screen.findByText(/Booking #ZX98YW76/);
    const [url, init] = posts(fetch)[0]!;
    expect(url).toBe(`/api/agent/trips/${charter.slotId}/bookings`);
    expect(JSON.parse(init!.body as string)).toMatchObject({
      durationHours: 3,
      customer: { name: 'Ana Pérez', address: 'Calle La Hoya 5, 38650 Los Cristianos' },
      payment: { method: 'cash' },
    });
  });

  it('says the price before selling, and asks the address as soon as the party comes above 400 €', async () => {
    const { user } = await openSale();
    expect(screen.getByTestId('sale-total').textContent).toBe('Total: €120.00');
    expect(screen.queryByLabelText("Customer's postal address")).toBeNull();
    await user.clear(screen.getByLabelText('Adults (13 and over)'));
    await user.type(screen.getByLabelText('Adults (13 and over)'), '7');
    expect(screen.getByTestId('sale-total').textContent).toBe('Total: €420.00');
    expect(await screen.findByLabelText("Customer's postal address")).toBeTruthy();
  });

  it('asks the address when the server says the seats sold come above 400 €, on its field', async () => {
    const { user, fetch } = await openSale();
    let refused = false;
    fetch.mockImplementation((url: string, init?: RequestInit) => {
      if (init?.method === 'POST' && !refused) {
        refused = true;
        return Promise.resolve(
          json(400, {
            error: 'address_required',
            message: 'validation.customerInvoiceAddress',
            fields: [{ path: 'body.customer.address', message: 'validation.customerInvoiceAddress' }],
          }),
        );
      }
      return Promise.resolve(
        init?.method === 'POST'
          ? json(201, {
              bookingId: '00000000-0000-4000-8000-000000000102',
              ref: 'ZX98YW76',
              status: 'paid',
              amount: 480,
              method: 'cash',
            })
          : json(
              200,
              url.includes('/api/agent/trips')
                ? { date: '2099-06-01', items: [trip], charters: [charter] }
                : sales,
            ),
      );
    });
    await user.clear(screen.getByLabelText('Adults (13 and over)'));
    // €360 here; the server prices anew (a rule changed meanwhile) and finds it above 400 €.
    await user.type(screen.getByLabelText('Adults (13 and over)'), '6');
    await user.type(screen.getByLabelText("Customer's name"), 'Ana Pérez');
    await user.type(screen.getByLabelText('E-mail'), 'ana@example.com');
    expect(screen.queryByLabelText("Customer's postal address")).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Sell and take the cash' }));
    const address = await screen.findByLabelText("Customer's postal address");
    expect(screen.getByText("Enter the customer's postal address: it goes on their invoice")).toBeTruthy();
    expect(address.getAttribute('aria-invalid')).toBe('true');
    await user.type(address, 'Calle La Hoya 5, 38650 Los Cristianos');
    await user.click(screen.getByRole('button', { name: 'Sell and take the cash' }));
    expect(await screen.findByText(/Booking #ZX98YW76/)).toBeTruthy();
    expect(JSON.parse(posts(fetch)[1]![1]!.body as string)).toMatchObject({
      customer: { address: 'Calle La Hoya 5, 38650 Los Cristianos' },
    });
  });
});
