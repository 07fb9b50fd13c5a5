import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ResellerInvoicesResponse } from '@boats/domain/schemas/resellers';
import { setupTestI18n } from '../../shared/test/test-i18n';
import { WithQueryClient } from '../../shared/test/with-query-client';
import { ResellerInvoices } from './reseller-invoices';

beforeAll(setupTestI18n);
afterEach(() => vi.unstubAllGlobals());

const june: ResellerInvoicesResponse = {
  month: '2027-06',
  closed: true,
  missingBilling: [],
  uninvoicedSales: 0,
  invoices: [
    {
      _id: 'i1',
      number: 'V2027-000001',
      invoiceType: 'F1',
      month: '2027-06',
      issuer: { name: 'Marlin Charters S.L.', taxId: 'B12345674' },
      corrects: null,
      base: 89.72,
      igic: 6.28,
      total: 96,
      lines: 1,
      issuedAt: '2027-07-01T06:00:00.000Z',
      aeatState: 'accepted',
    },
    {
      _id: 'i2',
      number: 'RV2027-000001',
      invoiceType: 'R1',
      month: '2027-06',
      issuer: { name: 'Marlin Charters S.L.', taxId: 'B12345674' },
      corrects: 'V2027-000001',
      base: -44.86,
      igic: -3.14,
      total: -48,
      lines: 1,
      issuedAt: '2027-07-05T09:00:00.000Z',
      aeatState: 'pending',
    },
  ],
};

const json = (body: unknown, status = 200) =>
  Promise.resolve(
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );

function renderCard() {
  render(
    <WithQueryClient>
      <ResellerInvoices resellerId="r1" />
    </WithQueryClient>,
  );
}

describe('the invoices on a reseller’s card', () => {
  it('lists the month’s invoices with issuer, total and AEAT state, each with its PDF in the admin’s language', async () => {
    const fetch = vi.fn((url: string) =>
      url.endsWith('/pdf?lang=en')
        ? Promise.resolve(
            new Response(new Blob(['%PDF-1.7']), {
              headers: {
                'content-type': 'application/pdf',
                'content-disposition': 'attachment; filename="V2027-000001.pdf"',
              },
            }),
          )
        : json(june),
    );
    vi.stubGlobal('fetch', fetch);
    const createObjectURL = vi.fn(() => 'blob:invoice');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    renderCard();
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .slice(0, 4)
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['V2027-000001', 'Marlin Charters S.L.', '€96.00', 'accepted'],
      ['RV2027-000001 (corrects V2027-000001)', 'Marlin Charters S.L.', '-€48.00', 'waiting to be sent'],
    ]);
    expect(fetch.mock.calls[0]?.[0]).toMatch(/^\/api\/admin\/resellers\/r1\/invoices\?month=\d{4}-\d{2}$/);
    await userEvent.click(screen.getByRole('button', { name: 'Download invoice V2027-000001 (PDF)' }));
    await vi.waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    expect(fetch.mock.calls.map(([url]) => url)).toContain('/api/admin/resellers/r1/invoices/i1/pdf?lang=en');
    // Nothing left to issue: no button.
    expect(screen.queryByRole('button', { name: 'Issue the month’s invoices' })).toBeNull();
  });

  it('says what the month waits for when billing details are missing, and offers no issue', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => json({ ...june, missingBilling: ['taxId', 'address'], uninvoicedSales: 3, invoices: [] })),
    );
    renderCard();
    expect(
      await screen.findByText('The month’s invoices wait: billing details missing (tax ID, address).'),
    ).toBeTruthy();
    expect(screen.getByText('3 sales are waiting for their invoice.')).toBeTruthy();
    expect(screen.getByText('No invoices for this month.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Issue the month’s invoices' })).toBeNull();
  });

  it('issues a closed month’s waiting invoices and shows them', async () => {
    const fetch = vi.fn((_url: string, init?: RequestInit) =>
      init?.method === 'POST' ? json(june) : json({ ...june, uninvoicedSales: 2, invoices: [] }),
    );
    vi.stubGlobal('fetch', fetch);
    renderCard();
    await userEvent.click(await screen.findByRole('button', { name: 'Issue the month’s invoices' }));
    expect(await screen.findByText('V2027-000001')).toBeTruthy();
    expect(screen.getByText('The month’s invoices are issued.')).toBeTruthy();
    const sent = fetch.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(sent[0]).toBe('/api/admin/resellers/r1/invoices');
    expect(JSON.parse(sent[1]!.body as string)).toMatchObject({
      month: expect.stringMatching(/^\d{4}-\d{2}$/),
    });
  });
});
