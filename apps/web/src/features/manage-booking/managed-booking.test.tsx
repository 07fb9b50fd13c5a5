// After canceling at the bottom of manage my booking, the result said at the page's top is brought
// into view: on a phone the page stayed at the bottom, where the cancel panel had been (issue 39).
// A charter is offered the change of date as a shared trip is (another start and length).
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { setupTestI18n } from '../../shared/test/test-i18n';
import { WithQueryClient } from '../../shared/test/with-query-client';
import { ManagedBooking } from './managed-booking';

beforeAll(setupTestI18n);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const ID = '0b6e1a8e-5b1c-4f7d-9a1e-3c2d1f0a9b8c';
const booking = (status: string) => ({
  _id: ID,
  type: 'private',
  boat: { _id: '1b6e1a8e-5b1c-4f7d-9a1e-3c2d1f0a9b8c', title: 'Sea Breeze' },
  start: '2027-06-10T09:00:00.000Z',
  end: '2027-06-10T11:00:00.000Z',
  status,
  seats: 0,
  people: 1,
  passengers: { adults: 1, child_u13: 0, child_u6: 0 },
  customer: { name: 'Tom Baker', email: 'tom@example.com', phone: null },
  currency: 'EUR',
  amountGross: 360,
  tickets: [],
});
const quote = {
  cancellable: true,
  refundPercent: 100,
  paid: 360,
  refund: 360,
  refundToVoucher: 0,
  refundToCard: 360,
  deadline: null,
  policy: [],
};

describe('manage my booking after canceling', () => {
  it('brings the result into view', async () => {
    let status = 'paid';
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200 });
        if (url.includes('/cancellation?')) return json(quote);
        if (url.endsWith('/cancel')) {
          status = 'refunded';
          return json({ booking: booking(status), refund: 360 });
        }
        if (url.startsWith(`/api/bookings/${ID}?`)) return json({ booking: booking(status) });
        return new Response('{}', { status: 404 });
      }),
    );
    const scrolled = vi.spyOn(Element.prototype, 'scrollIntoView');
    render(
      <WithQueryClient>
        <MemoryRouter>
          <ManagedBooking
            bookingId={ID}
            token="t"
            onFindAnother={() => undefined}
            onFound={() => undefined}
          />
        </MemoryRouter>
      </WithQueryClient>,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel booking…' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel booking and refund €360.00' }));
    const result = await screen.findByTestId('cancel-result');
    expect(result.textContent).toContain('€360.00');
    expect(scrolled.mock.contexts).toContain(result);
  });

  it('a request the owner has not answered is not called canceled', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200 });
        if (url.startsWith(`/api/bookings/${ID}?`)) return json({ booking: booking('requested') });
        if (url.includes('/trip-change')) return new Response('{}', { status: 404 });
        return json({});
      }),
    );
    render(
      <WithQueryClient>
        <MemoryRouter>
          <ManagedBooking
            bookingId={ID}
            token="t"
            onFindAnother={() => undefined}
            onFound={() => undefined}
          />
        </MemoryRouter>
      </WithQueryClient>,
    );
    expect(await screen.findByText(/your card is not charged until the owner accepts/i)).toBeTruthy();
    expect(screen.queryByText('This booking is canceled.')).toBeNull();
  });

  it('lets the customer withdraw a request the owner has not answered, asking once more first', async () => {
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200 });
        if (init?.method === 'POST' && url === `/api/bookings/${ID}/withdraw`) {
          calls.push(init.body as string);
          return json({ booking: booking('canceled') });
        }
        if (url.startsWith(`/api/bookings/${ID}?`)) return json({ booking: booking('requested') });
        if (url.includes('/trip-change')) return new Response('{}', { status: 404 });
        return json({});
      }),
    );
    render(
      <WithQueryClient>
        <MemoryRouter>
          <ManagedBooking
            bookingId={ID}
            token="t"
            onFindAnother={() => undefined}
            onFound={() => undefined}
          />
        </MemoryRouter>
      </WithQueryClient>,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Withdraw my request…' }));
    expect(screen.getByText(/the hold on your card is released and nothing is charged/)).toBeTruthy();
    expect(calls).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Withdraw the request' }));
    expect(await screen.findByText(/Your request is withdrawn: nothing was charged/)).toBeTruthy();
    expect(calls).toEqual([JSON.stringify({ token: 't' })]);
  });

  it('offers a charter the change of date too, as a shared trip', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url.startsWith(`/api/bookings/${ID}?`)
          ? new Response(JSON.stringify({ booking: booking('paid') }), { status: 200 })
          : new Response('{}', { status: 404 }),
      ),
    );
    render(
      <WithQueryClient>
        <MemoryRouter>
          <ManagedBooking
            bookingId={ID}
            token="t"
            onFindAnother={() => undefined}
            onFound={() => undefined}
          />
        </MemoryRouter>
      </WithQueryClient>,
    );
    expect(await screen.findByRole('button', { name: 'Change date…' })).toBeTruthy();
  });
});
