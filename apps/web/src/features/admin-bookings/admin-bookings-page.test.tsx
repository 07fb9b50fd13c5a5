// The bookings page around its requests (issue 40's walkthrough): a search shows only what it
// found (no requests panel beside it) with each booking's reference in its own column, and a
// request answered says what was done and where the booking now is, instead of leaving "Nothing
// found for the selected period" alone on the page.
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AdminBooking } from '@boats/domain/schemas/booking';
import { adminBooking } from '../../shared/test/fixtures';
import { setupTestI18n } from '../../shared/test/test-i18n';
import { WithQueryClient } from '../../shared/test/with-query-client';
import AdminBookingsPage from './admin-bookings-page';

vi.mock('./booking-ledger', () => ({ BookingLedger: () => null }));
vi.mock('./booking-audit', () => ({ BookingAudit: () => null }));

beforeAll(setupTestI18n);
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  localStorage.clear();
});

const kpis = { count: 0, revenue: 0, held: 0, seatsSold: 0, completed: 0, byChannel: [] };
const page = (items: AdminBooking[]) => ({ items, nextCursor: null, total: items.length, kpis });
// A request for a trip in January, seen in November: not in the month shown.
const request = adminBooking({
  _id: '00000000-0000-4000-8000-0000000a0001',
  status: 'requested',
  start: '2027-01-16T10:00:00.000Z',
  end: '2027-01-16T12:00:00.000Z',
  requestDecideBy: '2026-11-22T10:00:00.000Z',
});
const found = adminBooking({ _id: '00000000-0000-4000-8000-0000000b0002', status: 'paid' });

function open() {
  const session = { accessToken: 't', user: { email: 'admin@example.com', role: 'admin' } };
  const lists: string[] = [];
  let answered = false;
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      const reply = (body: unknown) => Promise.resolve(new Response(JSON.stringify(body), { status: 200 }));
      if (url.startsWith('/api/admin/bookings/') && init?.method === 'POST') {
        answered = true;
        return reply({ ...request, status: 'paid', requestDecideBy: null });
      }
      if (url.startsWith('/checkout/bookings')) {
        const query = new URLSearchParams(url.split('?')[1]);
        lists.push(url);
        if (query.get('status') === 'requested') return reply(page(answered ? [] : [request]));
        if (query.get('q')) return reply(page([found]));
        // January's list holds the accepted request, paid.
        if ((query.get('start') ?? '').startsWith('2027-01'))
          return reply(page([{ ...request, status: 'paid', requestDecideBy: null }]));
        return reply(page([]));
      }
      return reply(session);
    }),
  );
  localStorage.setItem('app.session', '1');
  render(
    <MemoryRouter initialEntries={['/admin/bookings']}>
      <WithQueryClient>
        <AdminBookingsPage />
      </WithQueryClient>
    </MemoryRouter>,
  );
  return lists;
}

describe('the bookings page', () => {
  it('shows only what a search found, with each booking’s reference in its own column', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-15T12:00:00Z'), toFake: ['Date'] });
    open();
    expect(await screen.findByRole('heading', { name: '1 request to answer' })).toBeDefined();
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'Sokolov' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('columnheader', { name: 'Reference' })).toBeDefined();
    expect(within(table).getByRole('cell', { name: '#000B0002' })).toBeDefined();
    expect(screen.queryByRole('heading', { name: '1 request to answer' })).toBeNull();
  });

  it('says what was done with an answered request and shows the month the booking is now in', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-15T12:00:00Z'), toFake: ['Date'] });
    const lists = open();
    const card = await screen.findByRole('article', { name: 'Requested #000A0001' });
    fireEvent.click(within(card).getByRole('button', { name: 'Accept' }));
    const done = await screen.findByRole('status', { name: 'Answered just now' });
    expect(done.textContent).toContain('Accepted #000A0001');
    expect(done.textContent).toContain('It is now Paid, in January 2027.');
    fireEvent.click(within(done).getByRole('button', { name: 'Show January 2027' }));
    expect(await screen.findByRole('cell', { name: '#000A0001' })).toBeDefined();
    expect(
      lists.some((url) => new URLSearchParams(url.split('?')[1]).get('start')?.startsWith('2027-01')),
    ).toBe(true);
  });
});
