// Declining a request to book (issue 58): the owner picks a reason code, which the customer reads
// in their own language; the note is optional and stays with staff. A decline without a code is
// not sent. The API is the network's (a stubbed fetch): the web suite's files share their modules,
// so a module mock here would reach the other files.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { adminCharter } from '../../shared/test/fixtures';
import { setupTestI18n } from '../../shared/test/test-i18n';
import { WithQueryClient } from '../../shared/test/with-query-client';
import { BookingRequests } from './booking-requests';

const requested = adminCharter({ status: 'requested' });
const kpis = { count: 0, revenue: 0, held: 0, seatsSold: 0, completed: 0, byChannel: [] };
const page = { items: [requested], nextCursor: null, total: 1, kpis };

beforeAll(setupTestI18n);
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('booking requests: decline', () => {
  it('sends the chosen reason code and the note; nothing without a code', async () => {
    const declines: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string, init?: RequestInit) => {
        const reply = (body: unknown) => Promise.resolve(new Response(JSON.stringify(body), { status: 200 }));
        if (url.endsWith('/decline') && init?.method === 'POST') {
          declines.push(JSON.parse(init.body as string));
          return reply({ ...requested, status: 'canceled' });
        }
        if (url.startsWith('/checkout/bookings')) return reply(page);
        return reply({ accessToken: 't', user: { email: 'admin@example.com', role: 'admin' } });
      }),
    );
    localStorage.setItem('app.session', '1');
    const user = userEvent.setup();
    render(
      <WithQueryClient>
        <BookingRequests answered={[]} onAnswered={() => {}} onShowMonth={() => {}} />
      </WithQueryClient>,
    );
    await user.click(await screen.findByRole('button', { name: 'Decline' }));
    expect(screen.getByText('The customer reads this reason in their own language.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Decline the request' }));
    expect(await screen.findByText('Choose a reason.')).toBeTruthy();
    expect(declines).toEqual([]);

    await user.click(screen.getByRole('radio', { name: 'No skipper or crew free' }));
    await user.type(screen.getByLabelText(/Note for the booking's history/), 'Skipper ill');
    await user.click(screen.getByRole('button', { name: 'Decline the request' }));
    await vi.waitFor(() =>
      expect(declines).toEqual([{ reasonCode: 'crew_unavailable', note: 'Skipper ill' }]),
    );
  });
});
