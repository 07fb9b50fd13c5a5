import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { BookingStatus } from '@boats/domain/booking-status';
import type { AdminBooking } from '@boats/domain/schemas/booking';
import adminBookings from '../../../public/locales/en/admin-bookings.json';
import { BookingDetailsModal } from './booking-details-modal';
import { BookingsTable } from './bookings-table';

// The ledger section loads its own data from the server; its rendering is tested on its own.
vi.mock('./booking-ledger', () => ({ BookingLedger: () => null }));

beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: 'en',
    ns: ['admin-bookings'],
    resources: { en: { 'admin-bookings': adminBookings } },
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  // jsdom has <dialog> without its modal methods.
  const proto = HTMLDialogElement.prototype as unknown as Record<string, unknown>;
  if (typeof proto.showModal !== 'function') {
    proto.showModal = function (this: HTMLDialogElement) {
      this.setAttribute('open', '');
    };
  }
  if (typeof proto.close !== 'function') {
    proto.close = function (this: HTMLDialogElement) {
      this.removeAttribute('open');
    };
  }
});

function booking(status: BookingStatus, overrides: Partial<AdminBooking> = {}): AdminBooking {
  return {
    _id: '00000000-0000-4000-8000-00000a1b2c3d',
    type: 'shared',
    boat: { _id: 'boat-123456', title: 'Sea Breeze' },
    start: '2026-11-21T10:00:00.000Z',
    end: '2026-11-21T12:30:00.000Z',
    status,
    seats: 3,
    people: 3,
    passengers: { adults: 2, child_u13: 1, child_u6: 0 },
    customer: { name: 'Дмитрий Соколов', email: 'dmitry@example.ru', phone: '+79161234567' },
    currency: 'EUR',
    amountGross: 1234.5,
    tickets: [
      { code: 'AAA111', seatNo: 1, passengerType: 'adult', pricePaid: 500 },
      { code: 'BBB222', seatNo: 2, passengerType: 'adult', pricePaid: 500 },
      { code: 'CCC333', seatNo: 3, passengerType: 'child_u13', pricePaid: 234.5 },
    ],
    platformFee: 185.18,
    ownerAmount: 1049.32,
    payment: { received: 1234.5, total: 1234.5, fee: 185.18 },
    provider: 'sandbox',
    providerPaymentId: 'pi_1',
    history: [
      {
        at: '2026-11-01T09:00:00.000Z',
        by: 'admin@example.com',
        from: 'paid',
        to: 'confirmed',
        code: 'operator_confirmed',
        params: {},
      },
    ],
    ...overrides,
  };
}

const buttonsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('button')
    .map((b) => b.textContent);

describe('bookings table', () => {
  it('offers only the actions the status allows', () => {
    const statuses: BookingStatus[] = ['pending', 'paid', 'confirmed', 'completed', 'canceled', 'refunded'];
    render(
      <BookingsTable
        items={statuses.map((s, i) => booking(s, { _id: `id-${i}-${s}` }))}
        busyId={null}
        onOpen={vi.fn()}
        onAction={vi.fn()}
      />,
    );
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows.map(buttonsOf)).toEqual([
      ['Details', 'Cancel booking'],
      ['Details', 'Confirm', 'Cancel booking'],
      ['Details', 'Cancel booking'],
      ['Details'],
      ['Details', 'Refund'],
      ['Details'],
    ]);
  });

  it('shows Canary date and time, hours, seats, whole-euro amount and the short ids', () => {
    render(<BookingsTable items={[booking('paid')]} busyId={null} onOpen={vi.fn()} onAction={vi.fn()} />);
    const cells = within(screen.getAllByRole('row')[1]!)
      .getAllByRole('cell')
      .map((c) => c.textContent?.replace(/\s/g, ' '));
    expect(cells.slice(0, 8)).toEqual([
      '21/11/202610:00–12:30',
      'Sea Breeze#1b2c3d',
      'Shared trip',
      '2.5',
      '3',
      'Paid',
      '1 235 €',
      'Дмитрий Соколовdmitry@example.ru',
    ]);
  });

  it('runs an action without opening the row, and opens the row on click', async () => {
    const onOpen = vi.fn();
    const onAction = vi.fn();
    render(<BookingsTable items={[booking('paid')]} busyId={null} onOpen={onOpen} onAction={onAction} />);
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(onAction).toHaveBeenCalledWith('confirm', expect.objectContaining({ status: 'paid' }));
    expect(onOpen).not.toHaveBeenCalled();
    await userEvent.click(screen.getByText('Sea Breeze'));
    expect(onOpen).toHaveBeenCalledTimes(1);
  });

  it('disables the actions of a row while one runs', () => {
    const b = booking('paid');
    render(<BookingsTable items={[b]} busyId={b._id} onOpen={vi.fn()} onAction={vi.fn()} />);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Confirm' }).disabled).toBe(true);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Details' }).disabled).toBe(false);
  });
});

describe('booking details', () => {
  it('shows the money split, tickets with the average price, and the history', () => {
    render(
      <BookingDetailsModal booking={booking('paid')} onClose={vi.fn()} busy={false} onAction={vi.fn()} />,
    );
    const pills = within(screen.getByRole('list', { name: 'Money' }))
      .getAllByRole('listitem')
      .map((li) => li.textContent?.replace(/\s/g, ' '));
    expect(pills).toEqual([
      'Gross 1 235 €',
      'Platform fee 185 €',
      'Owner amount 1 049 €',
      'Received 1 235 €',
    ]);
    expect(screen.getByText(/3 of 3 seats/).textContent?.replace(/\s/g, ' ')).toBe(
      '3 of 3 seats · average price paid 412 €',
    );
    screen.getByText('CCC333');
    screen.getByText('Child 6–12');
    screen.getByText(/Paid → Confirmed · admin@example.com/);
  });

  it('lists passenger counts for a charter instead of tickets', () => {
    render(
      <BookingDetailsModal
        booking={booking('confirmed', { type: 'private', tickets: [] })}
        onClose={vi.fn()}
        busy={false}
        onAction={vi.fn()}
      />,
    );
    screen.getByText('2 adults');
    screen.getByText('1 child aged 6–12');
    screen.getByText('0 children under 6');
    expect(screen.queryByText('Ticket')).toBeNull();
  });
});
