// A booking's details read in one format per language: euros "€6,290.00" in English and
// "6290,00 €" in Spanish, dates 21/11/2026 in both; the average says what it averages (paid
// tickets; a free child is not counted); the customer's phone and e-mail are one tap away.
import { render, screen, within } from '@testing-library/react';
import i18n from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { adminBooking } from '../../shared/test/fixtures';
import { setupTestI18n } from '../../shared/test/test-i18n';
import { BookingDetailsModal } from './booking-details-modal';

// The ledger section loads its own data from the server; its rendering is tested on its own.
vi.mock('./booking-ledger', () => ({ BookingLedger: () => null }));
vi.mock('./booking-audit', () => ({ BookingAudit: () => null }));

beforeAll(setupTestI18n);
afterEach(() => i18n.changeLanguage('en'));

const text = (s: string | null | undefined) => (s ?? '').replace(/\s/g, ' ');

// Four seats: three adults at 41,67 € / 41,67 € / 41,66 € and a child under 6 free (the gross is
// large so the thousands show: 6290,00 € has no separator in Spanish, €6,290.00 one in English).
const familyOfFour = adminBooking({
  seats: 4,
  people: 4,
  passengers: { adults: 3, child_u13: 0, child_u6: 1 },
  amountGross: 6290,
  platformFee: 943.5,
  ownerAmount: 5346.5,
  payment: { received: 6290, refunded: 0, total: 6290, fee: 943.5 },
  tickets: [
    { code: 'AAA111', kind: 'seat', seatNo: 1, passengerType: 'adult', pricePaid: 41.67 },
    { code: 'BBB222', kind: 'seat', seatNo: 2, passengerType: 'adult', pricePaid: 41.67 },
    { code: 'CCC333', kind: 'seat', seatNo: 3, passengerType: 'adult', pricePaid: 41.66 },
    { code: 'DDD444', kind: 'seat', seatNo: 4, passengerType: 'child_u6_free', pricePaid: 0 },
  ],
});

function open() {
  render(<BookingDetailsModal booking={familyOfFour} onClose={vi.fn()} busy={false} onAction={vi.fn()} />);
  return screen.getByRole('dialog');
}

const pills = (name: string) =>
  within(screen.getByRole('list', { name }))
    .getAllByRole('listitem')
    .map((li) => text(li.textContent));

const fact = (dialog: HTMLElement, label: string) =>
  within(dialog).getByText(label, { selector: 'dt' }).nextElementSibling as HTMLElement;

describe('booking details formats', () => {
  it('in English: euros as €6,290.00, the date as 21/11/2026, the average per paid ticket', () => {
    const dialog = open();
    expect(pills('Money')).toEqual([
      'Gross €6,290.00',
      'Received €6,290.00',
      'Platform fee (of net) €943.50',
      'Owner amount (of net) €5,346.50',
    ]);
    expect(text(fact(dialog, 'Date').textContent)).toBe('21/11/2026');
    expect(text(screen.getByText(/4 of 4 seats/).textContent)).toBe(
      '4 of 4 seats · average €41.67 per paid ticket (free tickets not counted)',
    );
  });

  it('in Spanish: euros as 6290,00 €, the same date, the average per paid ticket', async () => {
    await i18n.changeLanguage('es');
    const dialog = open();
    expect(pills('Importes')).toEqual([
      'Bruto 6290,00 €',
      'Cobrado 6290,00 €',
      'Comisión de la plataforma (del neto) 943,50 €',
      'Importe del propietario (del neto) 5346,50 €',
    ]);
    expect(text(fact(dialog, 'Fecha').textContent)).toBe('21/11/2026');
    expect(text(screen.getByText(/4 de 4 plazas/).textContent)).toBe(
      '4 de 4 plazas · media de 41,67 € por billete pagado (sin contar los gratuitos)',
    );
    expect(dialog.textContent).not.toMatch(/€\s?\d/);
  });

  it('calls and writes to the customer with one tap', () => {
    const dialog = open();
    expect(within(dialog).getByRole('link', { name: '+79161234567' }).getAttribute('href')).toBe(
      'tel:+79161234567',
    );
    expect(within(dialog).getByRole('link', { name: 'dmitry@example.ru' }).getAttribute('href')).toBe(
      'mailto:dmitry@example.ru',
    );
  });

  it('dials a phone typed with spaces and brackets', () => {
    render(
      <BookingDetailsModal
        booking={adminBooking({ customer: { name: 'Ana', email: null, phone: '+34 (611) 22-33-44' } })}
        onClose={vi.fn()}
        busy={false}
        onAction={vi.fn()}
      />,
    );
    expect(screen.getByRole('link', { name: '+34 (611) 22-33-44' }).getAttribute('href')).toBe(
      'tel:+34611223344',
    );
  });
});
