// An owner reads their money on the earnings page: the balance, each booking's split (net paid,
// commission, share), a refund after the trip as its own line, the payouts, in their language.
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setupTestI18n } from '../../shared/test/test-i18n';
import { WithQueryClient } from '../../shared/test/with-query-client';
import OwnerEarningsPage from './owner-earnings-page';

beforeAll(setupTestI18n);
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const OWNER = '5b6e1a8e-5b1c-4f7d-9a1e-3c2d1f0a9b8c';
const line = (over: Record<string, unknown>) => ({
  _id: '6b6e1a8e-5b1c-4f7d-9a1e-3c2d1f0a9b8c',
  bookingId: '7b6e1a8e-5b1c-4f7d-9a1e-3c2d1f0a9b8c',
  kind: 'trip',
  tripStartsAt: '2026-11-20T10:00:00.000Z',
  customerName: 'Ana Pérez',
  earnedAt: '2026-11-20T12:00:00.000Z',
  payableAt: '2026-11-23T12:00:00.000Z',
  net: 200.5,
  fee: 30.08,
  share: 170.42,
  commissionPercent: 15,
  payoutId: null,
  ...over,
});
const earnings = {
  balance: { ownerId: OWNER, earned: 1320.42, balance: 150.42, payable: 150.42, inTransit: 0, paidOut: 1170 },
  lines: [
    line({}),
    line({
      _id: '8b6e1a8e-5b1c-4f7d-9a1e-3c2d1f0a9b8c',
      kind: 'adjustment',
      customerName: 'Ben Smith',
      net: -23.53,
      fee: -3.53,
      share: -20,
    }),
  ],
};
const payouts = {
  payouts: [
    {
      _id: '9b6e1a8e-5b1c-4f7d-9a1e-3c2d1f0a9b8c',
      ownerId: OWNER,
      amount: 1170,
      state: 'paid',
      provider: 'sandbox',
      transferId: 'tr_1',
      failure: null,
      createdAt: '2026-11-10T08:00:00.000Z',
      settledAt: '2026-11-11T08:00:00.000Z',
      lines: [
        line({
          _id: 'ab6e1a8e-5b1c-4f7d-9a1e-3c2d1f0a9b8c',
          payoutId: '9b6e1a8e-5b1c-4f7d-9a1e-3c2d1f0a9b8c',
        }),
      ],
    },
  ],
};

const invoices = {
  invoices: [
    {
      _id: 'cb6e1a8e-5b1c-4f7d-9a1e-3c2d1f0a9b8c',
      kind: 'invoice',
      number: '2026-000123',
      ownerId: OWNER,
      ownerName: 'Marlin',
      period: '2026-10',
      corrects: null,
      language: 'en',
      base: 30.01,
      igicPercent: 7,
      igic: 2.1,
      total: 32.11,
      issuedAt: '2026-11-01T00:30:00.000Z',
    },
  ],
};

function openAsOwner() {
  const session = { accessToken: 't', user: { email: 'owner@example.com', role: 'owner', ownerId: OWNER } };
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      calls.push(url);
      const body = url.startsWith('/api/owner/earnings')
        ? earnings
        : url.startsWith('/api/owner/payouts')
          ? payouts
          : url.startsWith('/api/owner/invoices')
            ? invoices
            : session;
      return Promise.resolve(new Response(JSON.stringify(body), { status: 200 }));
    }),
  );
  localStorage.setItem('app.session', '1');
  render(
    <MemoryRouter initialEntries={['/admin/earnings']}>
      <WithQueryClient>
        <OwnerEarningsPage />
      </WithQueryClient>
    </MemoryRouter>,
  );
  return calls;
}

describe('the owner earnings page', () => {
  it("shows an owner's balance, each booking's split, a later refund and the payouts", async () => {
    const calls = openAsOwner();
    expect(await screen.findByTestId('balance-payable')).toHaveProperty('textContent', '€150.42');
    expect(screen.getByTestId('balance-paidOut').textContent).toBe('€1,170.00');

    const lines = within(
      screen.getByRole('list', { name: 'Your earnings, booking by booking' }),
    ).getAllByRole('listitem');
    expect(lines[0]!.textContent).toContain('Ana Pérez');
    expect(lines[0]!.textContent).toContain('€170.42');
    expect(lines[0]!.textContent).toContain('€200.50 paid, commission 15 % (€30.08)');
    expect(lines[0]!.textContent).toContain('Payable from 23/11/2026');
    expect(lines[1]!.textContent).toContain('Refund after the trip');
    expect(lines[1]!.textContent).toContain('-€20.00');

    expect(screen.getByTestId('month-totals').textContent).toBe(
      'This month: €176.97 paid, commission €26.55, your share €150.42',
    );
    expect(screen.getByRole('combobox', { name: 'Month' })).toHaveProperty('value', '2026-11');

    const paid = within(screen.getByRole('list', { name: 'Payouts' })).getByRole('listitem');
    expect(paid.textContent).toContain('€1,170.00');
    expect(paid.textContent).toContain('Paid');
    expect(paid.textContent).toContain('1 booking');
    // The platform's commission invoice, opening its printable page; the month's A4 statement.
    const invoice = await screen.findByRole('link', { name: 'Invoice 2026-000123' });
    expect(invoice.getAttribute('href')).toBe(
      '/admin/earnings/invoices/cb6e1a8e-5b1c-4f7d-9a1e-3c2d1f0a9b8c',
    );
    expect(within(invoice.closest('li')!).getByText('Total €32.11')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Printable statement (A4)' }).getAttribute('href')).toBe(
      '/admin/earnings/statement/2026-11',
    );
    // An owner's own money: no owner named in the calls.
    expect(calls.filter((c) => c.startsWith('/api/owner/')).sort()).toEqual([
      '/api/owner/earnings',
      '/api/owner/invoices',
      '/api/owner/payouts',
    ]);
  });
});
