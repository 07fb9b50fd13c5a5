import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PlatformMonth } from '@boats/domain/schemas/invoices';
import { setupTestI18n } from '../../shared/test/test-i18n';
import { WithQueryClient } from '../../shared/test/with-query-client';
import { PlatformMonthSection } from './platform-month-section';

beforeAll(setupTestI18n);
// 30 November, 23:30 in the islands (UTC+0 in winter): November has not ended.
beforeEach(() => vi.useFakeTimers({ now: new Date('2026-11-30T23:30:00Z'), toFake: ['Date'] }));
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const month = (period: string): PlatformMonth => ({
  period,
  grossSales: 1000,
  refunds: 0,
  net: 1000,
  fees: 150,
  commissionIgic: 10.5,
  ownersShares: 839.5,
  paidOut: 0,
  owed: 850,
  movesCovered: 0,
  owners: [],
});

const json = (body: unknown, status = 200) =>
  Promise.resolve(
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );

function stubServer(issue: () => Promise<Response>) {
  const fetch = vi.fn((url: string, init?: RequestInit) =>
    init?.method === 'POST' ? issue() : json(month(new URL(url, 'http://x').searchParams.get('period')!)),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function renderSection() {
  render(
    <WithQueryClient>
      <PlatformMonthSection />
    </WithQueryClient>,
  );
}

describe('the platform month’s commission invoices', () => {
  it('shows the month under way without offering to issue it, and offers an ended month', async () => {
    const fetch = stubServer(() => json({ period: '2026-10', issued: [] }));
    renderSection();
    expect(screen.getByRole('combobox', { name: 'Month' })).toHaveProperty('value', '2026-11');
    expect(await screen.findByTestId('platform-fees')).toBeTruthy();
    // The commission's IGIC withheld from owners, beside the fees it is charged on.
    expect(screen.getByTestId('platform-commissionIgic').textContent).toBe('€10.50');
    expect(screen.queryByRole('button', { name: "Issue this month's commission invoices" })).toBeNull();
    expect(
      screen.getByText(
        'This month has not ended (Canary time): its commission invoices are issued once it has.',
      ),
    ).toBeTruthy();

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Month' }), '2026-10');
    await userEvent.click(screen.getByRole('button', { name: "Issue this month's commission invoices" }));
    expect(await screen.findByText('Nothing left to invoice for this month.')).toBeTruthy();
    const sent = fetch.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(sent[0]).toBe('/api/admin/invoices/issue');
    expect(JSON.parse(sent[1]!.body as string)).toEqual({ period: '2026-10' });
  });

  it('says the server’s refusal of a month that has not ended', async () => {
    stubServer(() =>
      json(
        {
          error: 'month_not_ended',
          message:
            'The month 2026-10 has not ended yet (Canary time): its invoices can be issued from 2026-11-01.',
          fields: [{ path: 'body.period', message: 'The month 2026-10 has not ended yet.' }],
        },
        400,
      ),
    );
    renderSection();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Month' }), '2026-10');
    await userEvent.click(screen.getByRole('button', { name: "Issue this month's commission invoices" }));
    expect(
      await screen.findByText(
        'This month has not ended yet (Canary time): its invoices can be issued once it has.',
      ),
    ).toBeTruthy();
  });
});
