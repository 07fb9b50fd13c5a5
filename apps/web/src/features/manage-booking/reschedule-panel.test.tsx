// Changing the date on manage my booking: the boat's policy shown before anything is chosen, each
// trip with its new price and difference, the money of the chosen trip shown once more, and the
// move sent for exactly the difference shown; a trip whose seats went says so and lists again. A
// card that asks 3-D Secure leaves for its bank page and comes back to manage my booking, which
// confirms the change once (approved) or gives the held trip up (refused).
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { setupTestI18n } from '../../shared/test/test-i18n';
import { WithQueryClient } from '../../shared/test/with-query-client';
import ManageBookingPage from './manage-booking-page';
import { ReschedulePanel } from './reschedule-panel';

beforeAll(setupTestI18n);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ID = '0b6e1a8e-5b1c-4f7d-9a1e-3c2d1f0a9b8c';
const CHEAPER = '2b6e1a8e-5b1c-4f7d-9a1e-3c2d1f0a9b8c';
const DEARER = '3b6e1a8e-5b1c-4f7d-9a1e-3c2d1f0a9b8c';
const offers = {
  policy: { allowed: true, hoursBefore: 48, maxTimes: 1, fee: 0 },
  allowed: true,
  reason: null,
  closesAt: '2027-06-08T09:00:00.000Z',
  timesLeft: 1,
  paid: 100,
  charterHours: null,
  options: [
    {
      slotId: CHEAPER,
      start: '2027-06-12T09:00:00.000Z',
      end: '2027-06-12T11:00:00.000Z',
      hours: 2,
      seatsLeft: 8,
      tripPrice: 80,
      extras: 0,
      discount: 0,
      fee: 0,
      newTotal: 80,
      difference: -20,
    },
    {
      slotId: DEARER,
      start: '2027-06-13T09:00:00.000Z',
      end: '2027-06-13T11:00:00.000Z',
      hours: 2,
      seatsLeft: 8,
      tripPrice: 120,
      extras: 0,
      discount: 0,
      fee: 0,
      newTotal: 120,
      difference: 20,
    },
  ],
};
const moved = {
  booking: {
    _id: ID,
    type: 'shared',
    boat: { _id: '1b6e1a8e-5b1c-4f7d-9a1e-3c2d1f0a9b8c', title: 'Sea Breeze' },
    start: '2027-06-12T09:00:00.000Z',
    end: '2027-06-12T11:00:00.000Z',
    status: 'paid',
    seats: 2,
    people: 2,
    passengers: { adults: 2, child_u13: 0, child_u6: 0 },
    customer: { name: 'Tom Baker', email: 'tom@example.com', phone: null },
    currency: 'EUR',
    amountGross: 80,
    tickets: [],
  },
  refunded: 20,
  payment: null,
};

describe('changing the date on manage my booking', () => {
  it('shows the policy first, then moves to the cheaper trip for the difference shown', async () => {
    const fetch = vi.fn(async (url: string, init?: RequestInit) =>
      init?.method === 'POST'
        ? new Response(JSON.stringify(moved), { status: 200 })
        : new Response(JSON.stringify(url.includes('/reschedule') ? offers : moved.booking), { status: 200 }),
    );
    vi.stubGlobal('fetch', fetch);
    render(
      <WithQueryClient>
        <ReschedulePanel bookingId={ID} token="t" />
      </WithQueryClient>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Change date…' }));
    expect((await screen.findByTestId('reschedule-policy')).textContent).toBe(
      'This boat lets you move your booking to another of its trips up to 48 h before departure, once; fee: free.',
    );
    const trips = screen.getByRole('list', { name: 'Trips you can move to' });
    expect(trips.textContent).toContain('€80.00 · €20.00 back to you');
    await userEvent.click(screen.getByRole('button', { name: /€80\.00 · €20\.00 back to you/ }));
    expect(screen.getByTestId('reschedule-difference').textContent).toBe('€20.00 back to you');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm the new date' }));
    expect(await screen.findByText(/Done: your booking is now on/)).toBeTruthy();
    expect(screen.getByText(/€20\.00 goes back to the way you paid\./)).toBeTruthy();
    const post = fetch.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(post?.[1]?.body as string)).toEqual({
      token: 't',
      slotId: CHEAPER,
      expectedDifference: -20,
    });
  });

  it('brings the chosen trip’s money and its confirm into view, not the footer by the list’s end', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(offers), { status: 200 })),
    );
    const scrolled = vi.spyOn(Element.prototype, 'scrollIntoView');
    render(
      <WithQueryClient>
        <ReschedulePanel bookingId={ID} token="t" />
      </WithQueryClient>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Change date…' }));
    await userEvent.click(await screen.findByRole('button', { name: /€120\.00 · €20\.00 more/ }));
    const summary = screen.getByRole('group', { name: /13\/06\/2027/ });
    expect(scrolled.mock.contexts).toContain(summary);
    // Centred in the window, with the panel's heading above it; not flush with its top edge,
    // which at 1440 px cut the panel off above the quote (issue 58).
    expect(scrolled.mock.calls[scrolled.mock.contexts.indexOf(summary)]).toEqual([{ block: 'center' }]);
    expect(summary.textContent).toContain('Continue to pay €20.00');
    scrolled.mockRestore();
  });

  it('holds a dearer trip while the card form pays the difference, and gives it up on Back', async () => {
    const held = {
      ...moved,
      booking: { ...moved.booking, start: '2027-06-10T09:00:00.000Z', end: '2027-06-10T11:00:00.000Z' },
      refunded: 0,
      payment: { clientSecret: 'pi_1_secret_2', amount: 20, holdExpiresAt: '2027-06-01T09:15:00.000Z' },
    };
    const fetch = vi.fn(async (url: string, init?: RequestInit) => {
      if (url.includes('/api/payments/config')) return new Response(JSON.stringify({ provider: 'sandbox' }));
      if (url.endsWith('/reschedule/release')) return new Response(JSON.stringify({ released: true }));
      if (init?.method === 'POST') return new Response(JSON.stringify(held));
      return new Response(JSON.stringify(offers));
    });
    vi.stubGlobal('fetch', fetch);
    render(
      <WithQueryClient>
        <ReschedulePanel bookingId={ID} token="t" />
      </WithQueryClient>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Change date…' }));
    await userEvent.click(await screen.findByRole('button', { name: /€120\.00 · €20\.00 more/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Continue to pay €20.00' }));
    expect((await screen.findByTestId('reschedule-held')).textContent).toBe(
      'Your seats on this trip are held until 01/06/2027 10:15 (Canary time) while you pay €20.00 by card. Your booking keeps its date until the payment is through.',
    );
    // The booking's own card form, for exactly the difference.
    expect(await screen.findByRole('button', { name: 'Pay €20.00' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('list', { name: 'Trips you can move to' })).toBeTruthy();
    const release = fetch.mock.calls.find(([url]) => url.endsWith('/reschedule/release'));
    expect(JSON.parse(release?.[1]?.body as string)).toEqual({ token: 't' });
  });

  it('says why a booking cannot move', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ ...offers, allowed: false, reason: 'too_late', options: [] }), {
            status: 200,
          }),
      ),
    );
    render(
      <WithQueryClient>
        <ReschedulePanel bookingId={ID} token="t" />
      </WithQueryClient>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Change date…' }));
    expect(await screen.findByText('It is too late to change the date of this booking.')).toBeTruthy();
  });

  it('lists the trips of a day the customer picks, within the horizon', async () => {
    const urls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        urls.push(url);
        const picked = url.includes('date=2027-07-12');
        return new Response(JSON.stringify(picked ? { ...offers, options: [offers.options[1]] } : offers), {
          status: 200,
        });
      }),
    );
    render(
      <WithQueryClient>
        <ReschedulePanel bookingId={ID} token="t" />
      </WithQueryClient>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Change date…' }));
    expect(
      await screen.findByText('Any day in the next 60 days; none chosen, the soonest trips.'),
    ).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Day'), '12/07/2027');
    await waitFor(() => expect(urls.at(-1)).toContain('date=2027-07-12'));
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(1));
  });
});

describe('a dearer trip paid by a card that asks 3-D Secure', () => {
  const MANAGE = `/booking/manage?booking=${ID}&token=t`;
  const held = {
    ...moved,
    booking: { ...moved.booking, start: '2027-06-10T09:00:00.000Z', end: '2027-06-10T11:00:00.000Z' },
    refunded: 0,
    payment: { clientSecret: 'pi_1_secret_2', amount: 20, holdExpiresAt: '2027-06-01T09:15:00.000Z' },
  };
  const dearer = {
    booking: { ...moved.booking, start: '2027-06-13T09:00:00.000Z', end: '2027-06-13T11:00:00.000Z' },
    paid: 20,
  };

  it('leaves for the bank page with manage my booking as the way back', async () => {
    window.history.replaceState(null, '', MANAGE);
    const fetch = vi.fn(async (url: string, init?: RequestInit) => {
      if (url.includes('/api/payments/config')) return new Response(JSON.stringify({ provider: 'sandbox' }));
      if (url.endsWith('/api/payments/sandbox/confirm'))
        return new Response(
          JSON.stringify({
            status: 'requires_action',
            redirectUrl: '/api/payments/sandbox/authenticate?payment_intent=pi_1',
          }),
        );
      if (init?.method === 'POST') return new Response(JSON.stringify(held));
      return new Response(JSON.stringify(offers));
    });
    vi.stubGlobal('fetch', fetch);
    render(
      <WithQueryClient>
        <ReschedulePanel bookingId={ID} token="t" />
      </WithQueryClient>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Change date…' }));
    await userEvent.click(await screen.findByRole('button', { name: /€120\.00 · €20\.00 more/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Continue to pay €20.00' }));
    await userEvent.type(await screen.findByLabelText('Card number'), '4000002760003184');
    await userEvent.type(screen.getByLabelText('Expiry (MM/YY)'), '1234');
    await userEvent.type(screen.getByLabelText('CVC'), '123');
    await userEvent.click(screen.getByRole('button', { name: 'Pay €20.00' }));
    await waitFor(() =>
      expect(fetch.mock.calls.some(([url]) => url.endsWith('/api/payments/sandbox/confirm'))).toBe(true),
    );
    const confirm = fetch.mock.calls.find(([url]) => url.endsWith('/api/payments/sandbox/confirm'));
    const body = JSON.parse(confirm?.[1]?.body as string) as { clientSecret: string; returnUrl: string };
    expect(body.clientSecret).toBe('pi_1_secret_2');
    expect(new URL(body.returnUrl).pathname + new URL(body.returnUrl).search).toBe(MANAGE);
    // Nothing is confirmed before the bank has answered.
    expect(fetch.mock.calls.some(([url]) => url.endsWith('/reschedule/confirm'))).toBe(false);
    window.history.replaceState(null, '', '/');
  });

  /** Manage my booking as the bank page's 303 opens it, and the address it keeps after. */
  function backFromTheBank(redirectStatus: string) {
    const calls: { url: string; body: unknown }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        calls.push({ url, body: init?.body ? JSON.parse(init.body as string) : null });
        const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200 });
        if (url.endsWith('/reschedule/confirm')) return json(dearer);
        if (url.endsWith('/reschedule/release')) return json({ released: true });
        if (url.includes('/reschedule?')) return json(offers);
        if (url.startsWith(`/api/bookings/${ID}?`)) return json({ booking: moved.booking });
        return new Response('{}', { status: 404 });
      }),
    );
    let address = '';
    function Address() {
      const location = useLocation();
      address = location.pathname + location.search;
      return null;
    }
    render(
      <WithQueryClient>
        <MemoryRouter
          initialEntries={[
            `${MANAGE}&payment_intent=pi_1&payment_intent_client_secret=pi_1_secret_2&redirect_status=${redirectStatus}`,
          ]}
        >
          <Routes>
            <Route path="/booking/manage" element={<ManageBookingPage />} />
          </Routes>
          <Address />
        </MemoryRouter>
      </WithQueryClient>,
    );
    return { calls, address: () => address };
  }

  it('back from the bank page approved, the date is changed once and the payment leaves the address', async () => {
    const scrolled = vi.spyOn(Element.prototype, 'scrollIntoView');
    const back = backFromTheBank('succeeded');
    const done = await screen.findByText(/Done: your booking is now on 13\/06\/2027/);
    await waitFor(() =>
      expect(scrolled.mock.contexts.some((el) => (el as Element).contains(done))).toBe(true),
    );
    scrolled.mockRestore();
    expect(screen.getByText(/€20\.00 was paid by card\./)).toBeTruthy();
    const confirms = back.calls.filter((c) => c.url.endsWith('/reschedule/confirm'));
    expect(confirms.map((c) => c.body)).toEqual([{ token: 't', paymentIntentId: 'pi_1' }]);
    await waitFor(() => expect(back.address()).toBe(MANAGE));
  });

  it('back from the bank page refused, nothing is charged, the held trip is given up and the date kept', async () => {
    const scrolled = vi.spyOn(Element.prototype, 'scrollIntoView');
    const back = backFromTheBank('failed');
    const refused = await screen.findByText(
      'Your bank did not approve the payment: nothing was charged and your booking keeps its date. You can choose the trip again and pay with another card.',
    );
    // The page opens at its top: the refusal is brought into view, not left far below.
    await waitFor(() =>
      expect(scrolled.mock.contexts.some((el) => (el as Element).contains(refused))).toBe(true),
    );
    scrolled.mockRestore();
    // The trips are there to choose again.
    expect(await screen.findByRole('list', { name: 'Trips you can move to' })).toBeTruthy();
    await waitFor(() =>
      expect(back.calls.filter((c) => c.url.endsWith('/reschedule/release')).map((c) => c.body)).toEqual([
        { token: 't' },
      ]),
    );
    expect(back.calls.some((c) => c.url.endsWith('/reschedule/confirm'))).toBe(false);
    await waitFor(() => expect(back.address()).toBe(MANAGE));
  });
});
