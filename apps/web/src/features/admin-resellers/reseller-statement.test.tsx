import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { canaryDateKey, formatDateKey } from '@boats/domain/canary-time';
import type { ResellerStatement } from '@boats/domain/schemas/resellers';
import { setupTestI18n } from '../../shared/test/test-i18n';
import { WithQueryClient } from '../../shared/test/with-query-client';
import { ResellerStatementPanel } from './reseller-statement';

beforeAll(setupTestI18n);
afterEach(() => vi.unstubAllGlobals());

const statement: ResellerStatement = {
  reseller: { _id: 'r1', name: 'Viator', commissionPercent: 20 },
  month: '2027-02',
  lines: [
    {
      kind: 'sale',
      at: '2027-02-10T10:00:00.000Z',
      bookingId: 'b1',
      reference: '0000ABCD',
      resellerReference: 'V-1',
      boat: 'Dolphin Star',
      tripStartsAt: '2027-02-13T11:00:00.000Z',
      retail: 60,
      commission: 12,
      amount: 48,
      note: null,
      receivedOn: null,
    },
    {
      kind: 'settlement',
      // Recorded on 2 March, received on 27 February: dated by the day received.
      at: '2027-03-02T09:00:00.000Z',
      receivedOn: '2027-02-27',
      bookingId: null,
      reference: null,
      resellerReference: null,
      boat: null,
      tripStartsAt: null,
      retail: 0,
      commission: 0,
      amount: -20,
      note: 'bank transfer',
    },
  ],
  invoices: [
    {
      _id: 'i1',
      number: 'V2027-000004',
      invoiceType: 'F1',
      month: '2027-02',
      issuer: { name: 'Marlin Charters S.L.', taxId: 'B12345674' },
      corrects: null,
      base: 44.86,
      igic: 3.14,
      total: 48,
      lines: 1,
      issuedAt: '2027-03-01T06:00:00.000Z',
      aeatState: 'accepted',
    },
  ],
  totals: {
    opening: 10,
    sales: 1,
    retail: 60,
    commission: 12,
    net: 48,
    cancellations: 0,
    refunded: 0,
    onAccount: 48,
    settled: 0,
    closing: 58,
  },
};

const json = (body: unknown) =>
  Promise.resolve(new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } }));

describe('a reseller’s statement on its card', () => {
  it('shows the month and its balance, and records a payment received', async () => {
    const fetch = vi.fn((url: string, init?: RequestInit) =>
      init?.method === 'POST' ? json({ settlementId: 's1', balance: 8 }) : json(statement),
    );
    vi.stubGlobal('fetch', fetch);
    render(
      <WithQueryClient>
        <ResellerStatementPanel resellerId="r1" name="Viator" />
      </WithQueryClient>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Show the statement' }));
    expect(await screen.findByText('Dolphin Star')).toBeTruthy();
    expect(screen.getByText('bank transfer').closest('tr')?.textContent).toContain('27/02/2027');
    expect(screen.getByText('Balance owed').nextSibling?.textContent).toMatch(/58/);
    // The month's invoices are named.
    expect(
      screen.getByText(/Invoices for the month: V2027-000004 \(Marlin Charters S\.L\., €48\.00\)/),
    ).toBeTruthy();
    expect(fetch.mock.calls[0]?.[0]).toMatch(/^\/api\/admin\/resellers\/r1\/statement\?month=\d{4}-\d{2}$/);
    await userEvent.type(screen.getByLabelText('Payment received (EUR)'), '50');
    const day = screen.getByLabelText('Day received');
    expect(day).toHaveProperty('value', formatDateKey(canaryDateKey(new Date()), 'en'));
    await userEvent.clear(day);
    await userEvent.type(day, '26/02/2027');
    await userEvent.click(screen.getByRole('button', { name: 'Record the payment' }));
    expect(fetch).toHaveBeenCalledWith(
      '/api/admin/resellers/r1/settlements',
      expect.objectContaining({
        method: 'POST',
        body: JSON.stringify({ amount: 50, receivedOn: '2027-02-26' }),
      }),
    );
    expect(await screen.findByText(/Payment recorded/)).toBeTruthy();
  });
});
