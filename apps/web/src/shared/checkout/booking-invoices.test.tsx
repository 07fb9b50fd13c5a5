// The booking's invoices as its customer sees them: the simplified invoice with its PDF; in
// manage my booking, a company's full invoice asked for with the domain's form schema (a tax id
// whose check letter is wrong is refused on its field, by the form and by the server alike), then
// shown in place of the simplified one; on the confirmation page without the token, the way to it.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import type { BookingInvoicesResponse } from '@boats/domain/schemas/manage-booking';
import { setupTestI18n } from '../test/test-i18n';
import { WithQueryClient } from '../test/with-query-client';
import { BookingInvoices } from './booking-invoices';

beforeAll(setupTestI18n);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const bookingId = '0b6e1a8e-5b1c-4f7d-9a1e-3c2d1f0a9b8c';
const simplified = {
  _id: '5a1e1a8e-5b1c-4f7d-9a1e-3c2d1f0a9b8c',
  number: 'S2027-000001',
  invoiceType: 'F2' as const,
  total: 100,
  issuedAt: '2027-06-01T09:00:00.000Z',
  corrects: null,
  company: null,
  replaced: false,
  cancelled: false,
};
const before: BookingInvoicesResponse = {
  invoices: [simplified],
  fullInvoiceAvailable: true,
  invoicedByOwner: null,
};
const after: BookingInvoicesResponse = {
  fullInvoiceAvailable: false,
  invoicedByOwner: null,
  invoices: [
    { ...simplified, replaced: true },
    {
      _id: '6a1e1a8e-5b1c-4f7d-9a1e-3c2d1f0a9b8c',
      number: 'F2027-000001',
      invoiceType: 'F3',
      total: 100,
      issuedAt: '2027-06-02T09:00:00.000Z',
      corrects: 'S2027-000001',
      company: 'Acme Eventos S.L.',
      replaced: false,
      cancelled: false,
    },
  ],
};

function renderInvoices(token?: string) {
  render(
    <MemoryRouter>
      <WithQueryClient>
        <BookingInvoices bookingId={bookingId} manageToken={token} headingLevel={3} />
      </WithQueryClient>
    </MemoryRouter>,
  );
}

describe('the booking’s invoices', () => {
  it('shows a full invoice the platform cancelled as issued by mistake, the simplified one standing again, and offers the request anew', async () => {
    const [, full] = after.invoices;
    const cancelledOne: BookingInvoicesResponse = {
      fullInvoiceAvailable: true,
      invoicedByOwner: null,
      invoices: [simplified, { ...full!, cancelled: true }],
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(cancelledOne))),
    );
    renderInvoices('the-token');
    const list = await screen.findByRole('list');
    const items = within(list).getAllByRole('listitem');
    expect(items[0]!.textContent).toContain('Simplified invoice S2027-000001');
    expect(items[0]!.textContent).not.toContain('replaced');
    expect(items[1]!.textContent).toContain('F2027-000001');
    expect(items[1]!.textContent).toContain('canceled: issued by mistake');
    expect(screen.getByRole('button', { name: 'Ask for a full invoice' })).toBeTruthy();
  });

  it('shows a full invoice whose company’s data the platform corrected as replaced by the rectifying invoice naming the right company', async () => {
    const [, full] = after.invoices;
    const substituted: BookingInvoicesResponse = {
      fullInvoiceAvailable: false,
      invoicedByOwner: null,
      invoices: [
        { ...simplified, replaced: true },
        { ...full!, replaced: true },
        {
          ...full!,
          _id: '7a1e1a8e-5b1c-4f7d-9a1e-3c2d1f0a9b8c',
          number: 'RC2027-000001',
          invoiceType: 'R1',
          corrects: 'F2027-000001',
          company: 'Acme Eventos Sociedad Limitada',
        },
      ],
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(substituted))),
    );
    renderInvoices('the-token');
    const items = within(await screen.findByRole('list')).getAllByRole('listitem');
    expect(items[0]!.textContent).toContain('replaced by the full invoice');
    expect(items[1]!.textContent).toContain('F2027-000001');
    expect(items[1]!.textContent).toContain('replaced by the rectifying invoice with the corrected details');
    expect(items[2]!.textContent).toContain('RC2027-000001');
    expect(items[2]!.textContent).toContain('Acme Eventos Sociedad Limitada');
    expect(items[2]!.textContent).toContain('F2027-000001');
    expect(screen.queryByRole('button', { name: 'Ask for a full invoice' })).toBeNull();
  });

  it('asks for a company’s full invoice, refused on the tax id field, then shows it in place', async () => {
    const posted: unknown[] = [];
    let issued = false;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (init?.method === 'POST') {
          const body = JSON.parse(init.body as string) as { taxId: string };
          posted.push(body);
          // The server checks the tax id again (an EU VAT number it does not take, say).
          if (body.taxId === 'DE123456788') {
            return new Response(
              JSON.stringify({
                message: 'Invalid tax id',
                fields: [{ path: 'body.taxId', message: 'validation.recipientTaxId' }],
              }),
              { status: 400 },
            );
          }
          issued = true;
          return new Response(
            JSON.stringify({
              invoice: { number: 'F2027-000001', invoiceType: 'F3', replaces: 'S2027-000001' },
            }),
          );
        }
        expect(url).toBe(`/checkout/booking/${bookingId}/invoices?token=the-token`);
        return new Response(JSON.stringify(issued ? after : before));
      }),
    );
    renderInvoices('the-token');
    const list = await screen.findByRole('list');
    expect(within(list).getByText('Simplified invoice S2027-000001')).toBeTruthy();
    const pdf = screen.getByRole('link', { name: 'Download invoice S2027-000001 (PDF)' });
    expect(pdf.getAttribute('href')).toBe(
      `/checkout/booking/${bookingId}/invoices/${simplified._id}/pdf?token=the-token`,
    );

    await userEvent.click(screen.getByRole('button', { name: 'Ask for a full invoice' }));
    await userEvent.type(screen.getByLabelText('Company name'), 'Acme Eventos S.L.');
    await userEvent.type(screen.getByLabelText(/^Tax ID/), 'B12345670');
    await userEvent.type(screen.getByLabelText('Company address'), 'Calle Mayor 1, 38001 Santa Cruz');
    await userEvent.click(screen.getByRole('button', { name: 'Issue the full invoice' }));
    // The check letter is wrong: the form says so on the field and sends nothing.
    const taxId = screen.getByLabelText(/^Tax ID/);
    expect(taxId.getAttribute('aria-invalid')).toBe('true');
    expect(await screen.findByText(/Enter a Spanish NIF, NIE or CIF/)).toBeTruthy();
    expect(posted).toHaveLength(0);

    await userEvent.clear(taxId);
    await userEvent.type(taxId, 'DE123456788');
    await userEvent.click(screen.getByRole('button', { name: 'Issue the full invoice' }));
    expect(await screen.findByText(/Enter a Spanish NIF, NIE or CIF/)).toBeTruthy();
    expect(taxId.getAttribute('aria-invalid')).toBe('true');

    await userEvent.clear(taxId);
    await userEvent.type(taxId, 'B-1234567-4');
    await userEvent.click(screen.getByRole('button', { name: 'Issue the full invoice' }));
    expect(
      await screen.findByText(
        'Full invoice F2027-000001 issued; it replaces S2027-000001. Download it above.',
      ),
    ).toBeTruthy();
    expect(posted.at(-1)).toEqual({
      name: 'Acme Eventos S.L.',
      taxId: 'B-1234567-4',
      address: 'Calle Mayor 1, 38001 Santa Cruz',
      token: 'the-token',
    });
    expect(await screen.findByText('Full invoice F2027-000001')).toBeTruthy();
    expect(screen.getByText(/Acme Eventos S\.L\. · replaces S2027-000001/)).toBeTruthy();
    expect(screen.getByText(/replaced by the full invoice/)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Your invoices' })).toBeTruthy();
  });

  it('calls an F2 above 400 € an invoice, as its PDF does: it is no simplified one', async () => {
    const above: BookingInvoicesResponse = {
      ...before,
      invoices: [{ ...simplified, number: 'S2027-000009', total: 450 }],
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(above))),
    );
    renderInvoices('t');
    expect(await screen.findByText('Invoice S2027-000009')).toBeTruthy();
    expect(screen.queryByText(/Simplified invoice/)).toBeNull();
  });

  it('sends the confirmation page, which has no token, to manage my booking, and asks nothing', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify(before)));
    vi.stubGlobal('fetch', fetch);
    renderInvoices();
    expect(
      await screen.findByText(/The booking’s invoices are attached to our e-mails and listed in/),
    ).toBeTruthy();
    // An invoice names its recipient: nothing is read without the booking's token.
    expect(fetch).not.toHaveBeenCalled();
    expect(screen.getByRole('link', { name: 'My booking' }).getAttribute('href')).toBe('/booking/manage');
    expect(screen.queryByRole('button', { name: 'Ask for a full invoice' })).toBeNull();
  });

  it('names the owner who invoices their customers themselves: the confirmation is the receipt', async () => {
    const none: BookingInvoicesResponse = {
      invoices: [],
      fullInvoiceAvailable: false,
      invoicedByOwner: { name: 'Lena Fischer', taxId: 'X1234567L' },
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(none))),
    );
    renderInvoices('the-token');
    expect(
      await screen.findByText(
        'This trip is invoiced by the boat’s owner, Lena Fischer (tax ID X1234567L), not by this site: ask them for an invoice. This confirmation is your receipt.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Ask for a full invoice' })).toBeNull();
  });
});
