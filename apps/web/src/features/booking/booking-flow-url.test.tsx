// The flow on /booking keeps its selection in the address: a reload (a fresh render of the same
// address) restores it, and picking a day or a passenger replaces the address rather than adding
// history entries. The boat's month is in the query cache, as the flow would have fetched it.
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import BookingFlow from './booking-flow';
import { monthAvailabilityQueryOptions } from './api/get-month-availability';
import { availability, boat, NOW } from '../../shared/test/fixtures';
import { testQueryClient } from '../../shared/test/with-query-client';
import { setupTestI18n } from '../../shared/test/test-i18n';

beforeAll(setupTestI18n);
beforeEach(() => {
  vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function openAt(url: string, theBoat = boat) {
  const client = testQueryClient();
  client.setDefaultOptions({ queries: { staleTime: Infinity, retry: false } });
  client.setQueryData(monthAvailabilityQueryOptions(boat._id, 2026, 11).queryKey, {
    boat: theBoat,
    availability,
  });
  const router = createMemoryRouter([{ path: '/booking', element: <BookingFlow boatId={null} /> }], {
    initialEntries: [url],
  });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const params = (router: ReturnType<typeof openAt>) =>
  Object.fromEntries(new URLSearchParams(router.state.location.search));
const pressed = (name: string | RegExp) => screen.getByRole('button', { name }).getAttribute('aria-pressed');

describe('the selection in the /booking address', () => {
  it('a reload of a charter choice shows the same day, start, hours and party', async () => {
    const router = openAt(
      '/booking?boat=00000000-0000-4000-8000-000000000001&mode=charter&date=2026-11-25&start=14:00&hours=2&adults=2',
    );
    expect(await screen.findByRole('button', { name: '25/11/2026' })).toBeTruthy();
    expect(pressed('25/11/2026')).toBe('true');
    expect(pressed('14:00')).toBe('true');
    expect((screen.getByRole('slider', { name: 'Duration' }) as HTMLInputElement).value).toBe('2');
    expect(screen.getByTestId('review-when').textContent).toBe('25/11/2026 14:00–16:00 (Canary time)');
    const party = screen.getByRole('group', { name: 'Who is coming' });
    expect(within(party).getByText(/On board: 2 of/)).toBeTruthy();
    // Nothing was lost on the way: the address still says the same.
    expect(params(router)).toMatchObject({ date: '2026-11-25', start: '14:00', hours: '2', adults: '2' });
  });

  it('a shared link in Tickets mode opens on the trip with its passengers', async () => {
    openAt(
      '/booking?boat=00000000-0000-4000-8000-000000000001&mode=tickets&date=2026-11-26&start=10:00&adults=1&children=1',
    );
    expect(await screen.findByRole('button', { name: 'Tickets' })).toBeTruthy();
    expect(pressed('Tickets')).toBe('true');
    expect(pressed(/10:00–12:00/)).toBe('true');
    expect(screen.getByTestId('review-total').textContent).toBe('€75.00');
  });

  it('picking a day, a start and a passenger replaces the address; nothing piles up in history', async () => {
    const user = userEvent.setup();
    const router = openAt('/booking?boat=00000000-0000-4000-8000-000000000001');
    await user.click(await screen.findByRole('button', { name: '25/11/2026' }));
    expect(params(router)).toEqual({
      boat: '00000000-0000-4000-8000-000000000001',
      mode: 'charter',
      date: '2026-11-25',
    });
    await user.click(screen.getByRole('button', { name: '13:00' }));
    const party = screen.getByRole('group', { name: 'Who is coming' });
    await user.click(within(party).getByRole('button', { name: 'Add one: Adult' }));
    expect(params(router)).toEqual({
      boat: '00000000-0000-4000-8000-000000000001',
      mode: 'charter',
      date: '2026-11-25',
      start: '13:00',
      hours: '2',
      adults: '1',
    });
    expect(router.state.historyAction).toBe('REPLACE');
    // Tickets mode clears the day (docs/product.md §4) and says so in the address.
    await user.click(screen.getByRole('button', { name: 'Tickets' }));
    expect(params(router)).toEqual({
      boat: '00000000-0000-4000-8000-000000000001',
      mode: 'tickets',
      adults: '1',
    });
  });

  it('changing the boat is a step Back undoes', async () => {
    const user = userEvent.setup();
    const router = openAt('/booking?boat=00000000-0000-4000-8000-000000000001&mode=charter');
    await user.click(await screen.findByRole('button', { name: 'Choose another boat' }));
    expect(router.state.historyAction).toBe('PUSH');
    expect(params(router)).toEqual({});
  });
});

describe('what the address does not keep', () => {
  const prosecco = {
    id: '00000000-0000-4000-8000-0000000000e1',
    name: { en: 'Bottle of prosecco' },
    description: { en: '' },
    price: 35,
    per: 'booking' as const,
    maxQuantity: 3,
    noticeHours: 0,
    provider: 'owner' as const,
  };
  const withExtra = { ...boat, extras: [prosecco] };
  const link =
    '/booking?boat=00000000-0000-4000-8000-000000000001&mode=charter&date=2026-11-25&start=14:00&hours=2&adults=2';

  it('the extras, the promo code and the gift voucher chosen survive a reload, as the date and the party do (issue 39)', async () => {
    sessionStorage.clear();
    const user = userEvent.setup();
    const { unmount } = renderOnce();
    await user.click(await screen.findByRole('button', { name: 'Add one: Bottle of prosecco' }));
    expect(screen.getByTestId('review-extra').textContent).toContain('€35.00');
    // A promo code and a gift voucher applied, as the server answers them.
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url.includes('/promo-code?')
          ? new Response(JSON.stringify({ code: 'SUN10', kind: 'percent', value: 1000 }))
          : new Response(
              JSON.stringify({
                code: 'GIFT-50',
                balance: 5000,
                voucherAmount: 5000,
                cardAmount: 26150,
                expiresAt: '2027-11-01T00:00:00.000Z',
              }),
            ),
      ),
    );
    await user.type(screen.getByLabelText('Promo code'), 'SUN10');
    await user.click(within(screen.getByTestId('promo-field')).getByRole('button', { name: 'Apply' }));
    expect((await screen.findByTestId('promo-applied')).textContent).toContain('SUN10');
    await user.type(screen.getByLabelText('Gift voucher'), 'GIFT-50');
    await user.click(within(screen.getByTestId('voucher-field')).getByRole('button', { name: 'Apply' }));
    expect((await screen.findByTestId('voucher-applied')).textContent).toContain('GIFT-50');
    const total = screen.getByTestId('review-total').textContent;
    unmount();
    // The reload: a fresh page at the same address, nothing asked of the server again.
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new Error('no request on a reload'))),
    );
    renderOnce();
    expect((await screen.findByTestId('review-extra')).textContent).toContain('€35.00');
    expect(screen.getByTestId('review-discount').textContent).toBe('−€33.50');
    expect(screen.getByTestId('promo-applied').textContent).toContain('SUN10');
    expect(screen.getByTestId('voucher-applied').textContent).toContain('GIFT-50');
    expect(screen.getByTestId('review-total').textContent).toBe(total);
    function renderOnce() {
      openAt(link, withExtra);
      return { unmount: () => cleanup() };
    }
  });
});
