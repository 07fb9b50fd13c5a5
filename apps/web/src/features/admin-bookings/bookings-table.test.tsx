import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { BookingStatus } from '@boats/domain/booking-status';
import type { AdminBooking } from '@boats/domain/schemas/booking';
import { adminBooking } from '../../shared/test/fixtures';
import { BookingDetailsModal } from './booking-details-modal';
import { BookingsKpiTiles } from './bookings-kpis';
import { BookingsTable } from './bookings-table';
import { setupTestI18n } from '../../shared/test/test-i18n';
import card from '../../shared/ui/card.module.css';

// The ledger section loads its own data from the server; its rendering is tested on its own.
vi.mock('./booking-ledger', () => ({ BookingLedger: () => null }));
vi.mock('./booking-audit', () => ({ BookingAudit: () => null }));

beforeAll(setupTestI18n);
afterEach(() => i18n.changeLanguage('en'));

const booking = (status: BookingStatus, overrides: Partial<AdminBooking> = {}) =>
  adminBooking({ status, ...overrides });

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

  it("says who sold each booking, with the agent's or reseller's name, and the tiles count each channel", async () => {
    render(
      <MemoryRouter>
        <BookingsTable
          items={[
            booking('paid', { _id: 'id-agent', channel: { kind: 'agent', name: 'Hotel Mar desk' } }),
            booking('paid', { _id: 'id-walk-in', channel: { kind: 'walk_in', name: null } }),
          ]}
          busyId={null}
          onOpen={vi.fn()}
          onAction={vi.fn()}
        />
        <BookingsKpiTiles
          kpis={{
            count: 3,
            revenue: 180,
            held: 0,
            seatsSold: 3,
            completed: 0,
            byChannel: [
              { kind: 'agent', name: 'Hotel Mar desk', count: 2, retail: 133.34, revenue: 120 },
              { kind: 'walk_in', name: null, count: 1, retail: 60, revenue: 60 },
            ],
          }}
        />
      </MemoryRouter>,
    );
    const [agentRow, walkInRow] = screen.getAllByRole('row').slice(1);
    expect(agentRow?.textContent).toContain('AgentHotel Mar desk');
    expect(walkInRow?.textContent).toContain('Walk-in');
    const tiles = screen.getByTestId('kpi-channels');
    expect(
      within(tiles)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      // The agent's sales at what its customers paid beside what the platform keeps of them.
      'Agent · Hotel Mar desk2 bookings · sold €133.34 · revenue €120.00',
      'Walk-in1 booking · sold €60.00 · revenue €60.00',
    ]);
    await i18n.changeLanguage('es');
    expect(within(tiles).getAllByRole('listitem')[1]?.textContent).toMatch(
      /^Venta en el puerto1 reserva · vendido 60,00\s€ · ingresos 60,00\s€$/u,
    );
  });

  it('shows the price of an unpaid booking marked unpaid, and a refund beside what was received', () => {
    render(
      <BookingsTable
        items={[
          booking('pending', {
            _id: 'unpaid-booking',
            amountGross: 179,
            ownerAmount: 152.15,
            payment: { received: 0, refunded: 0, total: 179, fee: 0 },
          }),
          booking('refunded', {
            _id: 'refunded-booking',
            amountGross: 240,
            payment: { received: 240, refunded: 240, total: 240, fee: 36 },
          }),
        ]}
        busyId={null}
        onOpen={vi.fn()}
        onAction={vi.fn()}
      />,
    );
    const amounts = screen
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell')[7]?.textContent?.replace(/\s/g, ' '));
    expect(amounts).toEqual(['€179.00unpaid', '€240.00refunded €240.00']);
  });

  it('shows Canary date and time, hours, seats, the amount to the cent and the short ids', () => {
    render(<BookingsTable items={[booking('paid')]} busyId={null} onOpen={vi.fn()} onAction={vi.fn()} />);
    const cells = within(screen.getAllByRole('row')[1]!)
      .getAllByRole('cell')
      .map((c) => c.textContent?.replace(/\s/g, ' '));
    expect(cells.slice(0, 9)).toEqual([
      '21/11/202610:00–12:30',
      '#0A1B2C3D',
      'Sea Breeze',
      'Shared trip',
      '2.5',
      '3',
      'Paid',
      '€1,234.50',
      'Дмитрий Соколовdmitry@example.ru',
    ]);
  });

  it('keeps a phone card to date, reference, boat, status, amount and actions (the rest is in the details)', () => {
    render(<BookingsTable items={[booking('paid')]} busyId={null} onOpen={vi.fn()} onAction={vi.fn()} />);
    const [header, row] = screen.getAllByRole('row');
    const cells = within(row!).getAllByRole('cell');
    // The full table keeps every column.
    expect(cells.map((c) => c.dataset.label)).toEqual(
      within(header!)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    );
    expect(
      cells.filter((c) => !c.classList.contains(card.wideOnly ?? 'wideOnly')).map((c) => c.dataset.label),
    ).toEqual(['Date and time', 'Reference', 'Boat', 'Status', 'Amount', 'Actions']);
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

  it('says which action is running on the row (a refund waits for the card provider)', () => {
    const b = booking('paid');
    render(
      <BookingsTable items={[b]} busyId={b._id} busyAction="cancel" onOpen={vi.fn()} onAction={vi.fn()} />,
    );
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Canceling…' }).disabled).toBe(true);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Confirm' }).disabled).toBe(true);
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
      'Gross €1,234.50',
      'Received €1,234.50',
      'Platform fee (of net) €185.18',
      'Owner amount (of net) €1,049.32',
    ]);
    expect(screen.getByText(/3 of 3 seats/).textContent?.replace(/\s/g, ' ')).toBe(
      '3 of 3 seats · average €411.50 per paid ticket (free tickets not counted)',
    );
    screen.getByText('CCC333');
    screen.getByText('Child 6–12');
    screen.getByText(/Confirmed by the operator · admin@example.com/);
  });

  it('keeps each half of a ticket code whole, and the code reads whole', () => {
    const tickets = [
      {
        code: 'TF-W0RK-CN9G-YN',
        kind: 'seat' as const,
        seatNo: 1,
        passengerType: 'adult' as const,
        pricePaid: 60,
      },
    ];
    render(
      <BookingDetailsModal
        booking={booking('paid', { tickets })}
        onClose={vi.fn()}
        busy={false}
        onAction={vi.fn()}
      />,
    );
    const cell = screen.getByText('TF-W0RK-').closest('td');
    expect(cell?.textContent).toBe('TF-W0RK-CN9G-YN');
    expect([...(cell?.querySelectorAll('span') ?? [])].map((s) => s.textContent)).toEqual([
      'TF-W0RK-',
      'CN9G-YN',
    ]);
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
