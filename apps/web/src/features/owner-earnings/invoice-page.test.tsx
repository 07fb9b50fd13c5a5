// The printable commission invoice carries the VERI*FACTU QR code (docs/invoicing.md#qr-code):
// the code a phone reads off the page is the AEAT's address the API gave from the billing
// record, with the issuer's NIF, the number, the date and the total; the symbol is 35 mm on
// paper; the legal legend is in Spanish in a German invoice, the code's label in German.
// A substitution is titled as the rectifying invoice it is, naming the invoice it replaces.
import { render, screen } from '@testing-library/react';
import i18n from 'i18next';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { verifactuQrUrl } from '@boats/domain/verifactu';
import { setupTestI18n } from '../../shared/test/test-i18n';
import { scanQrSvg } from '../../shared/test/scan-qr';
import { WithQueryClient } from '../../shared/test/with-query-client';
import InvoicePage from './invoice-page';

beforeAll(setupTestI18n);
afterEach(async () => {
  vi.unstubAllGlobals();
  localStorage.clear();
  await i18n.changeLanguage('en');
});

const OWNER = '5b6e1a8e-5b1c-4f7d-9a1e-3c2d1f0a9b8c';
const ID = 'cb6e1a8e-5b1c-4f7d-9a1e-3c2d1f0a9b8c';
/** The billing record's values the server builds the address from. */
const record = {
  id: { issuerNif: 'B76543217', numSerie: '2027-000042', issueDate: '01-02-2027' },
  totalAmount: '48.16',
};
const invoice = {
  _id: ID,
  kind: 'invoice',
  number: '2027-000042',
  ownerId: OWNER,
  ownerName: 'Marlin',
  period: '2027-01',
  corrects: null,
  language: 'de',
  base: 45.01,
  igicPercent: 7,
  igic: 3.15,
  total: 48.16,
  issuedAt: '2027-02-01T00:30:00.000Z',
  seller: { name: 'AD Boat Rental S.L.', taxId: 'B76543217', address: 'Puerto Colón, Adeje' },
  buyer: { name: 'Marlin Charters S.L.', taxId: 'B12345674', address: 'Los Cristianos' },
  lines: [],
  verifactu: { qrUrl: verifactuQrUrl('preproduction', record) },
};

function open(body: unknown) {
  const session = { accessToken: 't', user: { email: 'owner@example.com', role: 'owner', ownerId: OWNER } };
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) =>
      Promise.resolve(
        new Response(JSON.stringify(url.startsWith('/api/owner/invoices/') ? body : session), {
          status: 200,
        }),
      ),
    ),
  );
  localStorage.setItem('app.session', '1');
  render(
    <MemoryRouter initialEntries={[`/admin/earnings/invoices/${ID}`]}>
      <WithQueryClient>
        <Routes>
          <Route path="/admin/earnings/invoices/:invoiceId" element={<InvoicePage />} />
        </Routes>
      </WithQueryClient>
    </MemoryRouter>,
  );
}

describe('the printable invoice’s VERI*FACTU QR code', () => {
  it('decodes to the AEAT’s address with the record’s NIF, number, date and total', async () => {
    open(invoice);
    const qr = await screen.findByRole('img', {
      name: 'QR-Code zur Prüfung dieser Rechnung bei der spanischen Steuerbehörde (AEAT)',
    });
    const text = scanQrSvg(qr);
    expect(text).toBe(invoice.verifactu.qrUrl);
    const url = new URL(text!);
    expect(`${url.origin}${url.pathname}`).toBe('https://prewww2.aeat.es/wlpl/TIKE-CONT/ValidarQR');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      nif: record.id.issuerNif,
      numserie: record.id.numSerie,
      fecha: record.id.issueDate,
      importe: record.totalAmount,
    });

    // 35 mm on paper: the width covers the symbol and its quiet zone of four modules a side.
    const [, , box = 0] = (qr.getAttribute('viewBox') ?? '').split(' ').map(Number);
    const widthMm = Number.parseFloat(qr.style.width);
    expect(widthMm * ((box - 8) / box)).toBeCloseTo(35, 1);

    // The law's words, in Spanish, in a German invoice.
    expect(screen.getByText('QR tributario:').getAttribute('lang')).toBe('es');
    expect(screen.getByText('VERI*FACTU')).toBeTruthy();
    expect(screen.getByText('Factura verificable en la sede electrónica de la AEAT').closest('p')?.lang).toBe(
      'es',
    );
    expect(screen.getByTestId('invoice-total').textContent).toBe('48,16\u00a0€');
  });

  it('shows no code for a document issued before billing records were kept', async () => {
    open({ ...invoice, verifactu: null });
    expect(await screen.findByTestId('invoice-number')).toHaveProperty('textContent', '2027-000042');
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.queryByText('VERI*FACTU')).toBeNull();
  });

  it('titles a substitution as the rectifying invoice it is, naming the invoice it replaces with its date, the owner’s corrected details, and why there is nothing to pay', async () => {
    await i18n.changeLanguage('en');
    open({
      ...invoice,
      kind: 'substitution',
      number: 'R2027-000003',
      language: 'es',
      corrects: { _id: OWNER, number: '2027-000042', issuedAt: '2027-02-01T00:30:00.000Z' },
      buyer: { name: 'Marlin Charters S.L.', taxId: 'B38765434', address: 'Los Cristianos' },
    });
    expect(
      await screen.findByRole('heading', { name: 'Factura rectificativa por sustitución' }),
    ).toBeTruthy();
    expect(screen.getByText('Sustituye a la factura')).toBeTruthy();
    expect(screen.getByText('2027-000042 del 01/02/2027')).toBeTruthy();
    expect(screen.getByText(/B38765434/)).toBeTruthy();
    expect(screen.getByText(/Esta factura sustituye a la que rectifica/)).toBeTruthy();
  });

  it('shows an agent’s sale’s commission as its own line, the base split into the fees and the agents’ commissions, in the owner’s language', async () => {
    const line = {
      reference: 'ABC123',
      tripStartsAt: '2027-01-10T10:00:00.000Z',
      commissionPercent: 12,
    };
    open({
      ...invoice,
      base: 32.16,
      igic: 2.25,
      total: 34.41,
      lines: [
        { ...line, bookingId: OWNER, net: 108, fee: 12.96, agentCommission: 12, agentName: 'Hotel Mar desk' },
        {
          ...line,
          bookingId: ID,
          reference: 'DEF456',
          net: 60,
          fee: 7.2,
          agentCommission: 0,
          agentName: null,
        },
      ],
    });
    expect(
      await screen.findByRole('heading', { name: 'Provisionen der Agenten für Verkäufe in Ihrem Namen' }),
    ).toBeTruthy();
    const agents = screen.getByTestId('invoice-agents');
    // Only the agent's sale, with its agent and what the agent kept.
    expect(agents.querySelectorAll('tbody tr')).toHaveLength(1);
    expect(agents.textContent).toContain('Hotel Mar desk');
    expect(agents.textContent).toContain('12,00');
    expect(screen.getByTestId('invoice-fees').textContent).toContain('20,16');
    expect(screen.getByTestId('invoice-agents-total').textContent).toContain('12,00');
    expect(screen.getByTestId('invoice-base').textContent).toContain('32,16');
    expect(screen.getByText(/Von Agenten der Plattform in Ihrem Namen verkaufte Fahrten/)).toBeTruthy();
  });

  it('shows no agents’ line on an invoice without agents’ sales', async () => {
    open(invoice);
    expect(await screen.findByTestId('invoice-number')).toBeTruthy();
    expect(screen.queryByTestId('invoice-agents')).toBeNull();
  });
});
