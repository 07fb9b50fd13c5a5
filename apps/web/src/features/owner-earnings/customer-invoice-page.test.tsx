// The printable page of a customer's invoice the platform issued in the owner's name
// (docs/invoicing.md#customers-invoices-in-the-owners-name): its VERI*FACTU QR code, read off the
// page, is the AEAT's address with the record's NIF, number, date and total; the rectifying
// invoice names the invoice it corrects with its date, its lines as issued, the line saying the platform issued it in the owner's
// name and an exempt owner's legal mention (in Spanish) are on it, in the language it is drawn in:
// the owner's copy in theirs, or as issued in the customer's.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { IGIC_EXEMPT_MENTION } from '@boats/domain/schemas/owner-invoicing';
import { verifactuQrUrl } from '@boats/domain/verifactu';
import { setupTestI18n } from '../../shared/test/test-i18n';
import { scanQrSvg } from '../../shared/test/scan-qr';
import { WithQueryClient } from '../../shared/test/with-query-client';
import CustomerInvoicePage from './customer-invoice-page';

beforeAll(setupTestI18n);
afterEach(async () => {
  vi.unstubAllGlobals();
  localStorage.clear();
  await i18n.changeLanguage('en');
});

const OWNER = '5b6e1a8e-5b1c-4f7d-9a1e-3c2d1f0a9b8c';
const ID = 'cb6e1a8e-5b1c-4f7d-9a1e-3c2d1f0a9b8c';
const record = {
  id: { issuerNif: 'X1234567L', numSerie: 'RC2027-000003', issueDate: '15-06-2027' },
  totalAmount: '-30.00',
};
const invoice = {
  _id: ID,
  bookingId: 'db6e1a8e-5b1c-4f7d-9a1e-3c2d1f0a9b8c',
  reference: '1F0A9B8C',
  number: 'RC2027-000003',
  invoiceType: 'R5',
  language: 'fr',
  issuedIn: 'fr',
  issuedAt: '2027-06-15T09:00:00.000Z',
  tripStartsAt: '2027-06-20T09:00:00.000Z',
  issuer: { name: 'Teide Mar', taxId: 'X1234567L', address: 'Los Cristianos' },
  buyer: null,
  recipient: null,
  issuedByPlatform: 'AD Boat Rental S.L.',
  byRecipient: false,
  exemptMention: IGIC_EXEMPT_MENTION,
  corrects: { number: 'S2027-000001', issuedAt: '2027-06-10T09:00:00.000Z', bySubstitution: false },
  lines: [{ description: 'Remboursement : la sortie a été annulée à cause de la météo', amount: -30 }],
  paidByVoucher: null,
  base: -30,
  igicPercent: null,
  igic: 0,
  total: -30,
  verifactu: { qrUrl: verifactuQrUrl('preproduction', record) },
};

/** The page with the API answering `body`, or what `byUrl` makes of the address asked. */
function open(body: unknown, byUrl?: (url: string) => unknown) {
  const session = { accessToken: 't', user: { email: 'owner@example.com', role: 'owner', ownerId: OWNER } };
  const fetch = vi.fn((url: string) =>
    Promise.resolve(
      new Response(
        JSON.stringify(
          url.startsWith('/api/owner/customer-invoices/') ? (byUrl ? byUrl(url) : body) : session,
        ),
        { status: 200 },
      ),
    ),
  );
  vi.stubGlobal('fetch', fetch);
  localStorage.setItem('app.session', '1');
  render(
    <MemoryRouter initialEntries={[`/admin/earnings/customer-invoices/${ID}`]}>
      <WithQueryClient>
        <Routes>
          <Route path="/admin/earnings/customer-invoices/:invoiceId" element={<CustomerInvoicePage />} />
        </Routes>
      </WithQueryClient>
    </MemoryRouter>,
  );
  return fetch;
}

describe('the printable customer’s invoice', () => {
  it('carries the QR code of its record, the invoice it corrects and the exempt owner’s mention', async () => {
    open(invoice);
    const qr = await screen.findByRole('img', {
      name: 'Code QR pour vérifier cette facture auprès de l’administration fiscale espagnole (AEAT)',
    });
    const url = new URL(scanQrSvg(qr)!);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      nif: 'X1234567L',
      numserie: 'RC2027-000003',
      fecha: '15-06-2027',
      importe: '-30.00',
    });
    expect(screen.getByRole('heading', { name: 'Facture rectificative' })).toBeTruthy();
    // The invoice it corrects with its date, and its line saying why, as written at issue.
    expect(screen.getByText('S2027-000001 du 10/06/2027')).toBeTruthy();
    expect(screen.getByText('Remboursement : la sortie a été annulée à cause de la météo')).toBeTruthy();
    expect(screen.getByText(/émise par AD Boat Rental S\.L\./)).toBeTruthy();
    expect(screen.getByText(IGIC_EXEMPT_MENTION).getAttribute('lang')).toBe('es');
    expect(screen.getByTestId('invoice-total').textContent).toBe('-30,00\u00a0€');
    expect(screen.getByText('Factura verificable en la sede electrónica de la AEAT')).toBeTruthy();
  });

  it('says an owner’s invoice to the platform for its cover is self-billed by the platform, its recipient', async () => {
    open({
      ...invoice,
      invoiceType: 'F1',
      number: 'AP2027-000001',
      language: 'en',
      buyer: { name: 'AD Boat Rental S.L.', taxId: 'B12345674', address: 'Puerto Colón' },
      recipient: 'AD Boat Rental S.L.',
      byRecipient: true,
      corrects: null,
      exemptMention: null,
      lines: [
        { description: 'The platform’s cover of the price difference of a move to this boat', amount: 10 },
      ],
      base: 9.35,
      igicPercent: 7,
      igic: 0.65,
      total: 10,
    });
    expect(
      await screen.findByText(
        'Self-billing: invoice issued by its recipient, AD Boat Rental S.L., in the name and on behalf of the seller.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/Invoice issued by AD Boat Rental S\.L\. in the name/)).toBeNull();
  });

  it('is the owner’s copy in their language, which says the customer’s, and shows it as issued on a click (issue 58)', async () => {
    const user = userEvent.setup();
    const english = {
      ...invoice,
      language: 'en',
      lines: [{ description: 'Refund: the trip was canceled for the weather', amount: -30 }],
    };
    const fetch = open(invoice, (url) => (url.includes('lang=en') ? english : invoice));
    expect(await screen.findByRole('heading', { name: 'Rectifying invoice' })).toBeTruthy();
    expect(screen.getByText('Refund: the trip was canceled for the weather')).toBeTruthy();
    expect(screen.getByTestId('invoice-copy-language').textContent).toContain(
      'A copy in your language: the customer received this invoice in French.',
    );
    expect(fetch.mock.calls.map(([url]) => url)).toContain(`/api/owner/customer-invoices/${ID}?lang=en`);

    await user.click(screen.getByRole('button', { name: 'Show it as issued' }));
    expect(await screen.findByRole('heading', { name: 'Facture rectificative' })).toBeTruthy();
    expect(screen.getByTestId('invoice-copy-language').textContent).toContain(
      'As issued: the customer received this invoice in French.',
    );
    expect(fetch.mock.calls.map(([url]) => url)).toContain(`/api/owner/customer-invoices/${ID}`);
  });

  it('titles a consumer’s F2 above 400 € as an invoice', async () => {
    // Above the limit it is a full invoice without the recipient's tax id (art. 6.1.d), an F2 all the same.
    const sale = { ...invoice, invoiceType: 'F2', number: 'S2027-000007', corrects: null, language: 'en' };
    open({ ...sale, base: 450, total: 450 });
    expect(await screen.findByRole('heading', { name: 'Invoice' })).toBeTruthy();
  });

  it('titles an F2 within the limit as a simplified invoice', async () => {
    const sale = { ...invoice, invoiceType: 'F2', number: 'S2027-000008', corrects: null, language: 'en' };
    open({ ...sale, base: 400, total: 400 });
    expect(await screen.findByRole('heading', { name: 'Simplified invoice' })).toBeTruthy();
  });

  it('shows a sale’s lines as issued and what a gift voucher paid, beside the trip’s date', async () => {
    open({
      ...invoice,
      invoiceType: 'F2',
      number: 'S2027-000009',
      corrects: null,
      language: 'en',
      lines: [
        { description: 'Charter of Marlin Explorer for 3 h, 20/06/2027 10:00', amount: 450 },
        { description: 'Bottle of prosecco × 2', amount: 70 },
        { description: 'Promo code SUMMER-10', amount: -52 },
      ],
      paidByVoucher: 100,
      base: 468,
      total: 468,
    });
    const rows = await screen.findAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual([
      'DescriptionAmount',
      'Charter of Marlin Explorer for 3 h, 20/06/2027 10:00€450.00',
      'Bottle of prosecco × 2€70.00',
      'Promo code SUMMER-10-€52.00',
      ...rows.slice(4).map((r) => r.textContent),
    ]);
    expect(screen.getByText('Of this total, €100.00 was paid with a gift voucher.')).toBeTruthy();
    expect(screen.getByText('20/06/2027')).toBeTruthy();
  });
});
