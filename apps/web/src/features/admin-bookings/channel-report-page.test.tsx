// The channel report as the operator sees it: each channel's sales at retail beside its commission,
// the net to the platform, refunds and revenue, the sentence saying what revenue is, the switch to
// the trip's date asking the server again, and the CSV in a chosen language whose figure columns
// add up to its total row.
import { fireEvent, render, screen, within } from '@testing-library/react';
import i18n from 'i18next';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ReportChannel } from '@boats/domain/channel-report';
import type { ChannelReport } from '@boats/domain/schemas/channel-report';
import { WithQueryClient } from '../../shared/test/with-query-client';
import { setupTestI18n } from '../../shared/test/test-i18n';
import { ChannelReportScreen } from './channel-report-page';

beforeAll(setupTestI18n);
afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await i18n.changeLanguage('en');
});

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

const row = (
  channel: ReportChannel,
  name: string | null,
  bookings: number,
  retail: number,
  commission: number,
  refunds = 0,
) => ({
  channel,
  name,
  bookings,
  retail,
  commission,
  net: retail - commission,
  refunds,
  revenue: retail - commission - refunds,
});

const BY_SALE: ChannelReport = {
  month: '2027-07',
  by: 'sale',
  rows: [
    row('site', null, 52, 13184, 0, 30),
    row('request', null, 1, 100, 0),
    row('reseller', 'Canary Trips Online', 1, 175, 43.75),
    row('agent', 'Hotel Mar desk', 1, 140, 14),
    row('walk_in', null, 2, 200.5, 0),
  ],
  totals: { bookings: 57, retail: 13799.5, commission: 57.75, net: 13741.75, refunds: 30, revenue: 13711.75 },
};
const BY_TRIP: ChannelReport = {
  month: '2027-07',
  by: 'trip',
  rows: [row('site', null, 50, 12000, 0)],
  totals: { bookings: 50, retail: 12000, commission: 0, net: 12000, refunds: 0, revenue: 12000 },
};

function fakeApi() {
  const fetch = vi.fn((url: string) =>
    Promise.resolve(json(new URL(url, 'http://x').searchParams.get('by') === 'trip' ? BY_TRIP : BY_SALE)),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function renderScreen() {
  render(
    <MemoryRouter>
      <WithQueryClient>
        <ChannelReportScreen />
      </WithQueryClient>
    </MemoryRouter>,
  );
}

const cells = (tr: HTMLElement) =>
  within(tr)
    .getAllByRole('cell')
    .map((c) => c.textContent);

describe('the channel report', () => {
  it('shows each channel at retail beside its commission, net, refunds and revenue, and what revenue is', async () => {
    fakeApi();
    renderScreen();
    const table = await screen.findByRole('table', { name: 'Sales per channel' });
    expect(screen.getByText(/^Revenue is what the platform keeps/)).toBeTruthy();
    const rows = within(table).getAllByRole('row');
    expect(
      within(rows[0]!)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual([
      'Channel',
      'Bookings',
      'Sold at retail',
      'Channel commission',
      'Net to the platform',
      'Refunds',
      'Revenue',
    ]);
    const reseller = within(table).getByRole('row', { name: /Reseller · Canary Trips Online/ });
    expect(cells(reseller)).toEqual(['1', '€175.00', '€43.75', '€131.25', '€0.00', '€131.25']);
    const agent = within(table).getByRole('row', { name: /Agent · Hotel Mar desk/ });
    expect(cells(agent)).toEqual(['1', '€140.00', '€14.00', '€126.00', '€0.00', '€126.00']);
    expect(within(table).getByRole('row', { name: /Request to book/ })).toBeTruthy();
    expect(cells(within(table).getByRole('row', { name: /^Total/ }))).toEqual([
      '57',
      '€13,799.50',
      '€57.75',
      '€13,741.75',
      '€30.00',
      '€13,711.75',
    ]);
  });

  it('asks again by trip date when the switch is turned', async () => {
    const fetch = fakeApi();
    renderScreen();
    await screen.findByRole('table');
    fireEvent.click(screen.getByRole('radio', { name: 'Trip date' }));
    await screen.findByRole('row', { name: /^Total.*12,000\.00/ });
    expect(fetch.mock.calls.at(-1)?.[0]).toMatch(/by=trip/);
    expect(screen.queryByRole('row', { name: /Reseller/ })).toBeNull();
  });

  it('downloads a CSV in the chosen language whose figure columns sum to its total row', async () => {
    fakeApi();
    const files: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      files.push(blob);
      return 'blob:channels';
    });
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderScreen();
    await screen.findByRole('table');
    fireEvent.change(screen.getByRole('combobox', { name: 'Spreadsheet language' }), {
      target: { value: 'es' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    await vi.waitFor(() => expect(files).toHaveLength(1));
    // jsdom's Blob has no text(): read its bytes as a browser would.
    const bytes = await new Promise<Uint8Array>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
      reader.readAsArrayBuffer(files[0]!);
    });
    // A BOM, so a spreadsheet reads the accents; Spanish headers, semicolons and decimal commas.
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder()
      .decode(bytes)
      .trimEnd()
      .split('\r\n')
      .map((l) => l.split(';'));
    expect(lines[0]).toEqual([
      'canal',
      'vendedor',
      'reservas',
      'vendido a PVP (EUR)',
      'comisión del canal (EUR)',
      'neto para la plataforma (EUR)',
      'reembolsos (EUR)',
      'ingresos (EUR)',
    ]);
    expect(lines[3]).toEqual([
      'revendedor',
      'Canary Trips Online',
      '1',
      '175,00',
      '43,75',
      '131,25',
      '0,00',
      '131,25',
    ]);
    const body = lines.slice(1, -1);
    const total = lines.at(-1)!;
    expect(total.slice(0, 2)).toEqual(['total', '']);
    const number = (cell: string) => Number(cell.replace(',', '.'));
    for (let column = 2; column < 8; column++) {
      const cents = body.reduce((sum, line) => sum + Math.round(number(line[column]!) * 100), 0);
      expect(cents, lines[0]![column]).toBe(Math.round(number(total[column]!) * 100));
    }
    expect(total.slice(2)).toEqual(['57', '13799,50', '57,75', '13741,75', '30,00', '13711,75']);
  });
});
