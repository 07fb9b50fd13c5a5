// The admin's queue of erasure requests: each with its due date and what is still pending, and
// carried out only after a second press naming the address.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ErasureQueueEntry } from '@boats/domain/schemas/erasure';
import { WithQueryClient } from '../../shared/test/with-query-client';
import { setupTestI18n } from '../../shared/test/test-i18n';
import { ErasureRequestsScreen } from './admin-erasure-requests-page';

beforeAll(setupTestI18n);
afterEach(() => vi.unstubAllGlobals());

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

describe('the erasure requests queue', () => {
  it('shows the due date and what is pending, and erases after the second press', async () => {
    let requests: ErasureQueueEntry[] = [
      {
        _id: '00000000-0000-4000-8000-000000000001',
        bookingId: '0b6e1a8e-5b1c-4f7d-9a1e-3c2d1f0a9b8c',
        email: 'olga@example.com',
        requestedAt: '2027-06-01T09:00:00.000Z',
        dueAt: '2027-07-01T09:00:00.000Z',
        waitingFor: ['upcoming_trip'],
      },
    ];
    const fetch = vi.fn((url: string, init?: RequestInit) => {
      if (init?.method === 'POST') {
        requests = [];
        return Promise.resolve(json({ carriedOut: true }));
      }
      return Promise.resolve(json({ requests }));
    });
    vi.stubGlobal('fetch', fetch);
    render(
      <WithQueryClient>
        <ErasureRequestsScreen />
      </WithQueryClient>,
    );
    expect(await screen.findByText('olga@example.com')).toBeTruthy();
    expect(screen.getByText('01/07/2027')).toBeTruthy();
    expect(screen.getByText('Upcoming trip')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Erase…' }));
    expect(fetch).toHaveBeenCalledTimes(1);
    await userEvent.click(
      screen.getByRole('button', { name: 'Erase everything held about olga@example.com' }),
    );
    expect(await screen.findByText('The customer’s data has been erased.')).toBeTruthy();
    expect(fetch).toHaveBeenCalledWith(
      '/api/admin/erasure-requests/00000000-0000-4000-8000-000000000001/carry-out',
      expect.objectContaining({ method: 'POST' }),
    );
    expect(await screen.findByText('No request is waiting.')).toBeTruthy();
  });
});
