// A reload mid-checkout on /booking: the stored hold is given up and the same request takes a new
// one, once, even when StrictMode mounts the flow twice; the address then names the new hold, and
// Back on the payment step gives that one up, once.
import { StrictMode } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import BookingFlow from './booking-flow';
import { saveCheckout, type CheckoutRecord } from './checkout-session';
import { monthAvailabilityQueryOptions } from './api/get-month-availability';
import { availability, boat, NOW } from '../../shared/test/fixtures';
import { testQueryClient } from '../../shared/test/with-query-client';
import { setupTestI18n } from '../../shared/test/test-i18n';

const OLD = '0b6e1a8e-5b1c-4f7d-9a1e-3c2d1f0a9b8c';
const NEW = '1c7f2b9f-6c2d-4e8e-8b2f-4d3e2a1b0c9d';
const intent = (bookingId: string) => ({
  clientSecret: `pi_${bookingId}_secret_x`,
  bookingId,
  checkoutKey: `key-of-${bookingId}`,
  holdExpiresAt: new Date(NOW.getTime() + 5 * 60_000).toISOString(),
  amount: 5_000,
  voucherAmount: 0,
});

const calls: string[] = [];
const holdRequests: unknown[] = [];
function answer(method: string, path: string): unknown {
  if (path === '/api/boat/payment-intent') return intent(NEW);
  if (path === '/api/payments/config') return { provider: 'sandbox' };
  if (path.startsWith(`/api/boat/${boat._id}?`)) return { boat, availability };
  return {};
}

beforeAll(setupTestI18n);
beforeEach(() => {
  vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
  window.sessionStorage.clear();
  calls.length = 0;
  holdRequests.length = 0;
  vi.stubGlobal('fetch', (input: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    if (method === 'POST') calls.push(`${method} ${input}`);
    if (input === '/api/boat/payment-intent') holdRequests.push(JSON.parse(init?.body as string));
    return Promise.resolve(Response.json(answer(method, input)));
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function reloadMidCheckout() {
  saveCheckout({
    boatId: boat._id,
    // The payment step shows its mode; the rest only goes to the server, which this test answers.
    request: { currency: 'eur', amount: 5_000, booking: { mode: 'shared' } } as CheckoutRecord['request'],
    intent: intent(OLD),
    start: null,
    end: null,
  });
  const client = testQueryClient();
  client.setDefaultOptions({ queries: { staleTime: Infinity, retry: false } });
  client.setQueryData(monthAvailabilityQueryOptions(boat._id, 2026, 11).queryKey, { boat, availability });
  const router = createMemoryRouter([{ path: '/booking', element: <BookingFlow boatId={null} /> }], {
    initialEntries: [`/booking?boat=${boat._id}&mode=tickets&checkout=${OLD}`],
  });
  render(
    <StrictMode>
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  );
  return router;
}

const checkoutInAddress = (router: ReturnType<typeof reloadMidCheckout>) =>
  new URLSearchParams(router.state.location.search).get('checkout');

describe('a reload mid-checkout', () => {
  it('takes one fresh hold for the same request, and Back gives it up once', async () => {
    const router = reloadMidCheckout();
    expect(await screen.findByRole('heading', { name: 'Contact and payment' })).toBeTruthy();
    await waitFor(() => expect(checkoutInAddress(router)).toBe(NEW));
    expect(calls).toEqual([
      `POST /checkout/booking/${OLD}/release?key=key-of-${OLD}`,
      'POST /api/boat/payment-intent',
    ]);

    await userEvent.setup().click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('group', { name: 'Kind of trip' })).toBeTruthy();
    expect(checkoutInAddress(router)).toBeNull();
    await waitFor(() => expect(calls).toHaveLength(3));
    expect(calls[2]).toBe(`POST /checkout/booking/${NEW}/release?key=key-of-${NEW}`);
    expect(window.sessionStorage.getItem('booking.checkout')).toBeNull();
  });

  it('gives the hold up when the visitor chooses another boat instead of paying', async () => {
    const router = reloadMidCheckout();
    expect(await screen.findByRole('heading', { name: 'Contact and payment' })).toBeTruthy();
    await waitFor(() => expect(checkoutInAddress(router)).toBe(NEW));

    await userEvent.setup().click(screen.getByRole('button', { name: 'Choose another boat' }));
    await waitFor(() => expect(calls).toHaveLength(3));
    expect(calls[2]).toBe(`POST /checkout/booking/${NEW}/release?key=key-of-${NEW}`);
    expect(new URLSearchParams(router.state.location.search).get('boat')).toBeNull();
  });

  it('sends the contact details this tab already knows with the new hold, and only complete ones', async () => {
    window.sessionStorage.setItem(
      'booking.contact',
      JSON.stringify({ name: 'Ana Pérez', email: 'ana@example.com', phone: '' }),
    );
    reloadMidCheckout();
    await waitFor(() => expect(holdRequests).toHaveLength(1));
    expect(holdRequests[0]).toMatchObject({ customer: { name: 'Ana Pérez', email: 'ana@example.com' } });
  });

  it('takes the new hold without contact details when the tab knows none complete', async () => {
    window.sessionStorage.setItem('booking.contact', JSON.stringify({ name: 'Ana', email: '', phone: '' }));
    reloadMidCheckout();
    await waitFor(() => expect(holdRequests).toHaveLength(1));
    expect(holdRequests[0]).not.toHaveProperty('customer');
  });
});
