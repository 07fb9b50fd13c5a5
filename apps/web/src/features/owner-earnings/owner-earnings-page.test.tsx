// An owner reads their money on the earnings page: the balance, each booking's gross, refunds,
// net, commission and share, a refund after the trip as its own line, the payouts, in their
// language; the month's A4 statement with the same columns and totals.
import { fireEvent, render, screen, within } from '@testing-library/react';
import i18n from 'i18next';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setupTestI18n } from '../../shared/test/test-i18n';
import { WithQueryClient } from '../../shared/test/with-query-client';
import OwnerEarningsPage from './owner-earnings-page';
import StatementPage from './statement-page';

beforeAll(setupTestI18n);
afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
  await i18n.changeLanguage('en');
});

const OWNER = '5b6e1a8e-5b1c-4f7d-9a1e-3c2d1f0a9b8c';
const line = (over: Record<string, unknown>) => ({
  _id: '6b6e1a8e-5b1c-4f7d-9a1e-3c2d1f0a9b8c',
  bookingId: '7b6e1a8e-5b1c-4f7d-9a1e-3c2d1f0a9b8c',
  kind: 'trip',
  tripStartsAt: '2026-11-20T10:00:00.000Z',
  customerName: 'Ana Pérez',
  channel: 'site',
  channelName: null,
  channelCommission: 0,
  earnedAt: '2026-11-20T12:00:00.000Z',
  payableAt: '2026-11-23T12:00:00.000Z',
  gross: 230.5,
  platformCover: 0,
  coverInvoice: null,
  commissionInvoice: null,
  agentCommissionInvoiced: 0,
  refunds: 30,
  net: 200.5,
  fee: 30.08,
  igic: 0,
  share: 170.42,
  commissionPercent: 15,
  payoutId: null,
  payoutAt: null,
  transferId: null,
  invoice: null,
  ...over,
});
const earnings = {
  balance: { ownerId: OWNER, earned: 1320.42, balance: 150.42, payable: 150.42, inTransit: 0, paidOut: 1170 },
  months: ['2026-11', '2026-10'],
  month: '2026-11',
  lines: [
    // October's commission invoice, issued on 1 November: its IGIC withheld.
    line({
      _id: 'db6e1a8e-5b1c-4f7d-9a1e-3c2d1f0a9b8c',
      bookingId: null,
      kind: 'commission_igic',
      tripStartsAt: null,
      customerName: null,
      channel: null,
      earnedAt: '2026-11-01T06:00:00.000Z',
      payableAt: '2026-11-01T06:00:00.000Z',
      gross: 0,
      refunds: 0,
      net: 0,
      fee: 0,
      igic: 2.1,
      share: -2.1,
      commissionPercent: 0,
      invoice: '2026-000123',
    }),
    // Sold by an agent, who kept €25.61 of the customer's price: the gross is what reached the platform.
    line({
      channel: 'agent',
      channelName: 'Hotel Mar desk',
      channelCommission: 25.61,
      // The platform's commission invoice charges the owner for it (decision 36).
      commissionInvoice: '2026-000123',
      agentCommissionInvoiced: 25.61,
    }),
    line({
      _id: '8b6e1a8e-5b1c-4f7d-9a1e-3c2d1f0a9b8c',
      kind: 'adjustment',
      customerName: 'Ben Smith',
      gross: 0,
      refunds: 23.53,
      net: -23.53,
      fee: -3.53,
      share: -20,
    }),
  ],
};
const payout = {
  _id: '9b6e1a8e-5b1c-4f7d-9a1e-3c2d1f0a9b8c',
  ownerId: OWNER,
  amount: 1170,
  state: 'paid',
  provider: 'sandbox',
  transferId: 'tr_1',
  failure: null,
  createdAt: '2026-11-10T08:00:00.000Z',
  settledAt: '2026-11-11T08:00:00.000Z',
};
// The owner changed their bank details: payouts wait 48 hours.
const payouts = { payouts: [{ ...payout, lineCount: 1 }], payoutsHeldUntil: '2026-11-30T10:00:00.000Z' };
const statement = {
  month: '2026-11',
  lines: earnings.lines,
  payouts: [
    {
      ...payout,
      lines: [line({ _id: 'ab6e1a8e-5b1c-4f7d-9a1e-3c2d1f0a9b8c', payoutId: payout._id })],
    },
  ],
};
/** October's answer: the same balance and months, no lines. */
const october = { ...earnings, month: '2026-10', lines: [] };

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

const invoicing = {
  settings: {
    invoicesCustomers: true,
    igicRegime: 'general',
    igicPercent: 7,
    acceptedAt: '2026-05-02T09:00:00.000Z',
    isPlatform: false,
    legalName: 'Marlin Charters S.L.',
    taxId: 'B76543210',
    address: 'Calle del Puerto 1',
    exemptMention: 'Operación exenta del IGIC',
    representation: null,
  },
};

const customerInvoices = {
  invoices: [
    {
      _id: 'db6e1a8e-5b1c-4f7d-9a1e-3c2d1f0a9b8c',
      bookingId: '7b6e1a8e-5b1c-4f7d-9a1e-3c2d1f0a9b8c',
      number: 'F2026-000002',
      invoiceType: 'F3',
      recipient: 'Acme Eventos S.L.',
      total: 230.5,
      issuedAt: '2026-11-21T10:00:00.000Z',
      cancelled: true,
    },
    {
      _id: 'eb6e1a8e-5b1c-4f7d-9a1e-3c2d1f0a9b8c',
      bookingId: '7b6e1a8e-5b1c-4f7d-9a1e-3c2d1f0a9b8c',
      number: 'S2026-000007',
      invoiceType: 'F2',
      recipient: null,
      total: 230.5,
      issuedAt: '2026-11-20T10:00:00.000Z',
      cancelled: false,
    },
  ],
};

function openAsOwner(path = '/admin/earnings') {
  const session = { accessToken: 't', user: { email: 'owner@example.com', role: 'owner', ownerId: OWNER } };
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      calls.push(url);
      const body = url.startsWith('/api/owner/earnings?month=2026-10')
        ? october
        : url.startsWith('/api/owner/earnings')
          ? earnings
          : url.startsWith('/api/owner/statement')
            ? statement
            : url.startsWith('/api/owner/payouts')
              ? payouts
              : url.startsWith('/api/owner/invoices')
                ? invoices
                : url.startsWith('/api/owner/invoicing')
                  ? invoicing
                  : url.startsWith('/api/owner/customer-invoices')
                    ? customerInvoices
                    : session;
      return Promise.resolve(new Response(JSON.stringify(body), { status: 200 }));
    }),
  );
  localStorage.setItem('app.session', '1');
  render(
    <MemoryRouter initialEntries={[path]}>
      <WithQueryClient>
        <Routes>
          <Route path="/admin/earnings" element={<OwnerEarningsPage />} />
          <Route path="/admin/earnings/statement/:month" element={<StatementPage />} />
        </Routes>
      </WithQueryClient>
    </MemoryRouter>,
  );
  return calls;
}

const PLATFORM = 'fb6e1a8e-5b1c-4f7d-9a1e-3c2d1f0a9b8c';
const adminOwners = {
  owners: [
    {
      ...earnings.balance,
      ownerId: PLATFORM,
      payable: 0,
      balance: 0,
      paidOut: 0,
      displayName: 'Platform',
      isPlatform: true,
      status: 'active',
      payoutsOnHold: false,
      payoutsHeldUntil: null,
    },
    {
      ...earnings.balance,
      displayName: 'Marlin Charters',
      isPlatform: false,
      status: 'active',
      payoutsOnHold: false,
      payoutsHeldUntil: null,
    },
  ],
  payouts: [],
};

/** The platform admin on the page: the owners to pick from, the platform first. */
function openAsAdmin() {
  const session = { accessToken: 't', user: { email: 'admin@example.com', role: 'admin' } };
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      const body = url.startsWith('/api/admin/payouts')
        ? adminOwners
        : url.startsWith('/api/owner/earnings')
          ? { ...earnings, balance: { ...earnings.balance, ownerId: PLATFORM } }
          : url.startsWith('/api/owner/payouts')
            ? { payouts: [], payoutsHeldUntil: null }
            : url.startsWith('/api/owner/invoices')
              ? { invoices: [] }
              : url.startsWith('/api/owner/invoicing')
                ? { settings: { ...invoicing.settings, isPlatform: true } }
                : url.startsWith('/api/owner/customer-invoices')
                  ? { invoices: [] }
                  : session;
      return Promise.resolve(new Response(JSON.stringify(body), { status: 200 }));
    }),
  );
  localStorage.setItem('app.session', '1');
  render(
    <MemoryRouter initialEntries={['/admin/earnings']}>
      <WithQueryClient>
        <Routes>
          <Route path="/admin/earnings" element={<OwnerEarningsPage />} />
        </Routes>
      </WithQueryClient>
    </MemoryRouter>,
  );
}

describe('the owner earnings page', () => {
  it("shows an owner's balance, each booking's split, a later refund and the payouts", async () => {
    const calls = openAsOwner();
    expect(await screen.findByTestId('balance-payable')).toHaveProperty('textContent', '€150.42');
    expect(screen.getByTestId('balance-paidOut').textContent).toBe('€1,170.00');

    // The invoices the platform issued to the owner's customers in the owner's name.
    const issued = within(await screen.findByRole('list', { name: 'Your customers’ invoices' })).getAllByRole(
      'listitem',
    );
    expect(issued.map((row) => row.textContent)).toEqual([
      expect.stringContaining('Full invoice F2026-000002Total €230.50'),
      expect.stringContaining('Simplified invoice S2026-000007'),
    ]);
    expect(issued[0]!.textContent).toContain('Acme Eventos S.L.');
    // A full invoice the platform cancelled as issued by mistake says so; the others do not.
    expect(issued[0]!.textContent).toContain('canceled: issued by mistake');
    expect(issued[1]!.textContent).not.toContain('cancelled');

    const lines = within(
      screen.getByRole('list', { name: 'Your earnings, booking by booking' }),
    ).getAllByRole('listitem');
    // Each booking's five figures, labelled: gross − refunds = net, fee + share = net.
    const figures = (item: HTMLElement) =>
      within(item)
        .getAllByRole('definition')
        .map((dd) => `${dd.previousElementSibling?.textContent}: ${dd.textContent}`);
    // The commission invoice's IGIC, withheld: its line names the invoice.
    expect(lines[0]!.textContent).toContain('01/11/2026 · Commission invoice 2026-000123');
    expect(lines[0]!.textContent).toContain('Its IGIC, withheld from your payouts');
    expect(figures(lines.shift()!)).toEqual([
      'Gross: €0.00',
      'Refunds: €0.00',
      'Net: €0.00',
      'Platform fee: €0.00',
      'IGIC on commission: €2.10',
      'Your share: -€2.10',
    ]);
    expect(lines[0]!.textContent).toContain('Ana Pérez');
    expect(figures(lines[0]!)).toEqual([
      'Gross: €230.50',
      'Refunds: €30.00',
      'Net: €200.50',
      'Platform fee (15\u00a0%): €30.08',
      'Your share: €170.42',
    ]);
    expect(lines[0]!.textContent).toContain('Payable from 23/11/2026');
    // Who sold it, and what the agent kept of the customer's price before the gross reached us.
    expect(within(lines[0]!).getByTestId('sale-channel').textContent).toBe(
      "Sold by: agent · Hotel Mar desk · Seller's commission, kept from the customer's price: €25.61" +
        " · On commission invoice 2026-000123: the agent's commission, €25.61",
    );
    // The refund after the trip: nothing paid, €23.53 given back.
    expect(lines[1]!.textContent).toContain('Refund after the trip');
    expect(figures(lines[1]!)).toEqual([
      'Gross: €0.00',
      'Refunds: €23.53',
      'Net: -€23.53',
      'Platform fee (15\u00a0%): -€3.53',
      'Your share: -€20.00',
    ]);

    expect(figures(screen.getByTestId('month-totals'))).toEqual([
      'Gross: €230.50',
      'Refunds: €53.53',
      'Net: €176.97',
      'Platform fee: €26.55',
      'IGIC on commission: €2.10',
      'Your share: €148.32',
    ]);
    const month = screen.getByRole('combobox', { name: 'Month' });
    expect(month).toHaveProperty('value', '2026-11');
    expect(
      within(month)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['November 2026', 'October 2026']);

    const paid = within(screen.getByRole('list', { name: 'Payouts' })).getByRole('listitem');
    expect(paid.textContent).toContain('€1,170.00');
    // After a change of bank details the hold is said, and no account id is (issue 58).
    expect(screen.getByTestId('payouts-held-until').textContent).toBe(
      'Bank details changed: for your safety, payouts wait until 30/11/2026 10:00.',
    );
    expect(document.body.textContent).not.toMatch(/acct_/);
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
      '/api/owner/customer-invoices',
      '/api/owner/earnings',
      '/api/owner/invoices',
      '/api/owner/invoicing',
      '/api/owner/notifications',
      '/api/owner/payouts',
    ]);

    // Another month is asked of the server, whole: its lines, not a filter of recent ones.
    fireEvent.change(month, { target: { value: '2026-10' } });
    expect(await screen.findByText('No earnings in this month.')).toBeTruthy();
    expect(calls).toContain('/api/owner/earnings?month=2026-10');
  });

  it('prints the month as an A4 statement: gross, refunds, net, fee and share per booking and in total', async () => {
    openAsOwner('/admin/earnings/statement/2026-11');
    const table = await screen.findByTestId('statement-lines');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual([
      'Booking',
      'Gross paid',
      'Refunds',
      'Net paid',
      'Platform fee',
      'IGIC on commission',
      'Your share',
    ]);
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .map((td) => td.textContent);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(cells(rows[0]!)[0]).toBe('01/11/2026 · 2026-000123IGIC of the commission invoice, withheld');
    expect(cells(rows[0]!).slice(1)).toEqual(['€0.00', '€0.00', '€0.00', '€0.00', '€2.10', '-€2.10']);
    // Who sold it, and what the agent kept of the customer's price.
    expect(cells(rows[1]!)[0]).toContain(
      "Sold by: agent · Hotel Mar desk · Seller's commission, kept from the customer's price: €25.61" +
        " · On commission invoice 2026-000123: the agent's commission, €25.61",
    );
    expect(cells(rows[2]!)[0]).toContain('Sold by: the website');
    expect(cells(rows[1]!).slice(1)).toEqual(['€230.50', '€30.00', '€200.50', '€30.08', '€0.00', '€170.42']);
    expect(cells(rows[2]!)[0]).toContain('Refund after the trip');
    expect(cells(rows[2]!).slice(1)).toEqual(['€0.00', '€23.53', '-€23.53', '-€3.53', '€0.00', '-€20.00']);
    expect(cells(screen.getByTestId('statement-total'))).toEqual([
      'Total',
      '€230.50',
      '€53.53',
      '€176.97',
      '€26.55',
      '€2.10',
      '€148.32',
    ]);
  });

  it('downloads the month as a CSV in the owner’s language whose totals are the screen’s, or in another', async () => {
    await i18n.changeLanguage('es');
    const files: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      files.push(blob);
      return 'blob:statement';
    });
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    // jsdom's Blob has no text(): read it as a browser would.
    const downloaded = async (count: number) => {
      await vi.waitFor(() => expect(files).toHaveLength(count));
      const text = await new Promise<string>((resolve) => {
        const reader = new FileReader();
        reader.onload = () => resolve(reader.result as string);
        reader.readAsText(files[count - 1]!);
      });
      return text
        .replace(/^\uFEFF/, '')
        .trimEnd()
        .split('\r\n');
    };
    openAsOwner();
    const button = await screen.findByRole('button', { name: 'Descargar el extracto del mes (CSV)' });
    fireEvent.click(button);
    const rows = await downloaded(1);
    expect(rows[0]).toBe(
      'fecha de la salida;hora;referencia;cliente;factura (expedida por la plataforma);concepto;' +
        'vendido por;comisión del vendedor (EUR);pagado bruto (EUR);del cual pagado por la plataforma (EUR);' +
        'factura del propietario a la plataforma por ello;reembolsos (EUR);' +
        'pagado neto (EUR);comisión (%);comisión de la plataforma (EUR);IGIC de la comisión (EUR);' +
        'factura de comisión de la plataforma;comisión del agente facturada a usted (EUR);' +
        'tu parte (EUR);pago;' +
        'fecha del pago;id de la transferencia',
    );
    // The IGIC line first (its invoice's day), by the invoice it withholds for.
    expect(rows[1]).toBe(
      '2026-11-01;;;;2026-000123;IGIC de la factura de comisión de la plataforma;;0,00;0,00;0,00;;0,00;0,00;;0,00;2,10;;0,00;-2,10;en el saldo;;',
    );
    expect(rows[3]).toContain(
      ';no facturada por la plataforma;reembolso después de la salida;web;0,00;0,00;0,00;;23,53;-23,53;15;-3,53;0,00;;0,00;-20,00;en el saldo;;',
    );
    expect(rows.at(-1)).toBe('total;;;;;;;25,61;230,50;0,00;;53,53;176,97;;26,55;2,10;;25,61;148,32;;;');

    // The accountant reads English: the same month with English headers, commas and points.
    fireEvent.change(screen.getByRole('combobox', { name: 'Idioma del extracto' }), {
      target: { value: 'en' },
    });
    fireEvent.click(button);
    const english = await downloaded(2);
    expect(english[0]).toMatch(/^trip date,time,reference,customer,/);
    expect(english.at(-1)).toBe('total,,,,,,,25.61,230.50,0.00,,53.53,176.97,,26.55,2.10,,25.61,148.32,,,');
  });

  it('speaks of the platform’s own boats when the admin picks the platform: no bank details, no payouts, no “your earnings”', async () => {
    openAsAdmin();
    expect(
      await screen.findByRole('list', { name: 'The platform’s own boats, booking by booking' }),
    ).toBeDefined();
    expect(
      screen.getByText('The platform keeps what its own boats earn: nothing is paid out.'),
    ).toBeDefined();
    expect(screen.queryByRole('heading', { name: 'Bank details for payouts' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Give or change bank details' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Payouts' })).toBeNull();
    expect(screen.queryByText(/Your earnings|Your share|your bank/)).toBeNull();
    expect(screen.getAllByText('The boats’ share').length).toBeGreaterThan(0);
    // The list of every owner: the platform's own boats are nothing payable (issue 58).
    const overview = within(screen.getByRole('list', { name: 'All owners' })).getAllByRole('listitem');
    expect(within(overview[0]!).getByTestId('owner-payable').textContent).toBe(
      'The platform’s own boats: what they earn stays with the platform, nothing is paid out',
    );
    expect(overview[0]!.textContent).not.toMatch(/payable|paid out €/);
    expect(within(overview[1]!).getByTestId('owner-payable').textContent).toMatch(/ payable$/);
    // Another owner picked: their bank details and payouts, in the owner's words.
    fireEvent.change(screen.getByRole('combobox', { name: 'Owner' }), { target: { value: OWNER } });
    expect(await screen.findByRole('heading', { name: 'Bank details for payouts' })).toBeDefined();
    expect(screen.getByRole('list', { name: 'Your earnings, booking by booking' })).toBeDefined();
  });
});
