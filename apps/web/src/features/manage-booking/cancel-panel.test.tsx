// The refund shown before cancelling a booking paid partly by gift voucher: how much goes back
// on the voucher and how much to the card, and the same split handed on once cancelled. Once
// cancelled, "Your invoices" shows the rectifying invoice the refund issued, without a reload.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupTestI18n } from '../../shared/test/test-i18n';
import { WithQueryClient } from '../../shared/test/with-query-client';
import { MemoryRouter } from 'react-router-dom';
import { BookingInvoices } from '../../shared/checkout/booking-invoices';
import { CancelPanel } from './cancel-panel';

beforeAll(setupTestI18n);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const quote = {
  cancellable: true,
  refundPercent: 100,
  paid: 360,
  refund: 360,
  refundToVoucher: 150,
  refundToCard: 210,
  deadline: null,
  policy: [],
};

/** The booking as the cancel answers it: refunded, €360 back. */
const refundedBooking = {
  _id: '0b6e1a8e-5b1c-4f7d-9a1e-3c2d1f0a9b8c',
  type: 'private',
  boat: { _id: '1b6e1a8e-5b1c-4f7d-9a1e-3c2d1f0a9b8c', title: 'Sea Breeze' },
  start: '2027-06-10T09:00:00.000Z',
  end: '2027-06-10T11:00:00.000Z',
  status: 'refunded',
  seats: 0,
  people: 1,
  passengers: { adults: 1, child_u13: 0, child_u6: 0 },
  customer: { name: 'Tom Baker', email: 'tom@example.com', phone: null },
  currency: 'EUR',
  amountGross: 360,
  tickets: [],
};

describe('cancelling a booking paid partly by gift voucher', () => {
  it('says how the refund is shared before the second press, and hands the split on', async () => {
    const answers = [
      quote,
      {
        booking: refundedBooking,
        refund: 360,
      },
    ];
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(answers.shift()), { status: 200 })),
    );
    const onCancelled = vi.fn();
    render(
      <WithQueryClient>
        <CancelPanel bookingId="0b6e1a8e-5b1c-4f7d-9a1e-3c2d1f0a9b8c" token="t" onCancelled={onCancelled} />
      </WithQueryClient>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Cancel booking…' }));
    expect((await screen.findByTestId('refund-split')).textContent).toBe(
      '€150.00 goes back on your gift voucher and €210.00 to your card.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Cancel booking and refund €360.00' }));
    await waitFor(() => expect(onCancelled).toHaveBeenCalledWith({ refund: 360, toVoucher: 150 }));
  });

  it('says until when the refund applies, its time zone once', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ ...quote, deadline: '2026-12-04T10:00:00.000Z' }), { status: 200 }),
      ),
    );
    render(
      <WithQueryClient>
        <CancelPanel
          bookingId="0b6e1a8e-5b1c-4f7d-9a1e-3c2d1f0a9b8c"
          token="t"
          onCancelled={() => undefined}
        />
      </WithQueryClient>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Cancel booking…' }));
    expect(await screen.findByText('This refund applies until 04/12/2026 10:00 (Canary time).')).toBeTruthy();
  });

  it('sends a reseller’s customer to the reseller, with no refund promised', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({ ...quote, cancellable: false, refund: 0, refundPercent: 0, soldBy: 'Viator' }),
            { status: 200 },
          ),
      ),
    );
    render(
      <WithQueryClient>
        <CancelPanel
          bookingId="0b6e1a8e-5b1c-4f7d-9a1e-3c2d1f0a9b8c"
          token="t"
          onCancelled={() => undefined}
        />
      </WithQueryClient>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Cancel booking…' }));
    expect(
      await screen.findByText(
        'You booked this trip through Viator: to cancel it, please ask them. They refund what you paid them.',
      ),
    ).toBeTruthy();
    expect(screen.queryByTestId('refund-quote')).toBeNull();
  });

  it('shows the refund’s rectifying invoice among the booking’s invoices once cancelled', async () => {
    const id = '0b6e1a8e-5b1c-4f7d-9a1e-3c2d1f0a9b8c';
    const sale = {
      _id: '5a1e1a8e-5b1c-4f7d-9a1e-3c2d1f0a9b8c',
      number: 'S2027-000001',
      invoiceType: 'F2',
      total: 360,
      issuedAt: '2027-06-01T09:00:00.000Z',
      corrects: null,
      company: null,
      replaced: false,
      cancelled: false,
    };
    const refundInvoice = {
      ...sale,
      _id: '6a1e1a8e-5b1c-4f7d-9a1e-3c2d1f0a9b8c',
      number: 'RC2027-000001',
      invoiceType: 'R5',
      total: -360,
      corrects: 'S2027-000001',
    };
    let cancelled = false;
    const answer = (body: unknown) => new Response(JSON.stringify(body), { status: 200 });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (url.includes('/invoices')) {
          return answer({
            invoices: cancelled ? [sale, refundInvoice] : [sale],
            fullInvoiceAvailable: !cancelled,
            invoicedByOwner: null,
          });
        }
        if (init?.method === 'POST') {
          cancelled = true;
          return answer({
            booking: refundedBooking,
            refund: 360,
          });
        }
        return answer({ ...quote, refundToVoucher: 0, refundToCard: 360 });
      }),
    );
    render(
      <MemoryRouter>
        <WithQueryClient>
          <CancelPanel bookingId={id} token="t" onCancelled={() => undefined} />
          <BookingInvoices bookingId={id} manageToken="t" headingLevel={2} />
        </WithQueryClient>
      </MemoryRouter>,
    );
    expect(await screen.findByText(/S2027-000001/)).toBeTruthy();
    expect(screen.queryByText(/RC2027-000001/)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel booking…' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel booking and refund €360.00' }));
    expect(await screen.findByText(/RC2027-000001/)).toBeTruthy();
  });
});
