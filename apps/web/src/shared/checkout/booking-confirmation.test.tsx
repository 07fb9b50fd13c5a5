// What a paid booking says after paying (the confirmation, manage my booking, the tickets): the
// licence a self-drive boat's skipper must bring, and a trip still below its minimum to depart,
// with its cutoff in Canary time, and the printed ticket's time in Canary time too (issue 39); a
// total that is what the customer paid when the platform covered part of a move.
import i18n from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import type { PublicBooking } from '@boats/domain/schemas/booking';
import { adminBooking } from '../test/fixtures';
import { setupTestI18n } from '../test/test-i18n';
import { WithQueryClient } from '../test/with-query-client';
import { BookingConfirmation } from './booking-confirmation';
import { ticketSvg } from './ticket-svg';

beforeAll(setupTestI18n);
afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('en');
});

// The back office's booking is the public one with more: the public view reads only its part.
const paid: PublicBooking = adminBooking({
  start: '2027-06-12T09:00:00.000Z',
  end: '2027-06-12T11:00:00.000Z',
});
const booking = (overrides: Partial<PublicBooking>): PublicBooking => ({ ...paid, ...overrides });
const show = (b: PublicBooking) =>
  render(
    <WithQueryClient>
      <MemoryRouter>
        <BookingConfirmation booking={b} onBack={() => undefined} />
      </MemoryRouter>
    </WithQueryClient>,
  );

describe('after paying', () => {
  it("a self-drive boat: the skipper's licence heads what to bring", () => {
    show(booking({ licence: 'ln' }));
    expect(screen.getByTestId('bring-licence').textContent).toBe(
      "The skipper's boat licence: Spanish navigation licence (Licencia de Navegación) or higher, or an equivalent such as the ICC",
    );
  });

  it('names an equivalent such as the ICC only when the boat accepts a licence of another country', async () => {
    show(booking({ licence: 'pnb', foreignLicenceAccepted: false }));
    expect(screen.getByTestId('bring-licence').textContent).toBe(
      "The skipper's boat licence: Basic boat skipper (PNB) or higher",
    );
    cleanup();
    await i18n.changeLanguage('es');
    show(booking({ licence: 'pnb', foreignLicenceAccepted: false }));
    expect(screen.getByTestId('bring-licence').textContent).not.toContain('ICC');
    cleanup();
    show(booking({ licence: 'pnb', foreignLicenceAccepted: true }));
    expect(screen.getByTestId('bring-licence').textContent).toContain('o una equivalente como el ICC');
  });

  it('a trip still below its minimum says again from how many seats it runs, and until when, in Canary time', async () => {
    const minimum = { seats: 4, cutoffAt: '2027-06-11T21:00:00.000Z' };
    show(booking({ minimum, licence: null }));
    expect(screen.getByTestId('booking-minimum').textContent).toBe(
      'This trip runs from 4 paid seats. If fewer are booked by 11/06/2027 22:00 (Canary time), we cancel it and refund you in full.',
    );
    expect(screen.queryByTestId('bring-licence')).toBeNull();
    cleanup();
    await i18n.changeLanguage('de');
    show(booking({ minimum }));
    expect(screen.getByTestId('booking-minimum').textContent).toContain('11.06.2027 22:00 (kanarische Zeit)');
  });

  it('the printed ticket says its time is Canary time', async () => {
    const printed = { title: '', body: { innerHTML: '', style: { fontFamily: '' } } };
    vi.stubGlobal(
      'open',
      vi.fn(() => ({ document: printed, focus: () => undefined, print: () => undefined })),
    );
    show(booking({ minimum: null, licence: null }));
    await userEvent.click(screen.getByRole('button', { name: 'Print ticket AAA111' }));
    expect(printed.body.innerHTML).toContain('12/06/2027 10:00–12:00 (Canary time)');
    vi.unstubAllGlobals();
  });

  it('on the ticket the licence says it is to be brought, and the time zone is said once (issue 58)', async () => {
    const printed = { title: '', body: { innerHTML: '', style: { fontFamily: '' } } };
    vi.stubGlobal(
      'open',
      vi.fn(() => ({ document: printed, focus: () => undefined, print: () => undefined })),
    );
    await i18n.changeLanguage('es');
    show(booking({ minimum: null, licence: 'ln' }));
    await userEvent.click(screen.getByRole('button', { name: 'Imprimir el billete AAA111' }));
    const text = new DOMParser().parseFromString(printed.body.innerHTML, 'text/html').body.textContent ?? '';
    expect(text).toContain('Trae: La titulación náutica del patrón');
    expect(text.match(/Canarias/g)).toHaveLength(1);
    vi.unstubAllGlobals();
  });

  it('moved to a dearer boat of another owner: the total is what the customer paid, the platform’s part apart', () => {
    show(booking({ amountGross: 264, platformCover: 4, voucherAmount: 0 }));
    expect(screen.getByTestId('booking-cover').textContent).toBe('−€4.00');
    expect(screen.getByTestId('booking-total').textContent).toBe('€260.00');
    cleanup();
    show(booking({ amountGross: 264 }));
    expect(screen.queryByTestId('booking-cover')).toBeNull();
    expect(screen.getByTestId('booking-total').textContent).toBe('€264.00');
  });

  it('a canceled booking says neither', () => {
    show(booking({ status: 'canceled', licence: 'ln', minimum: null }));
    expect(screen.queryByTestId('booking-minimum')).toBeNull();
    expect(screen.queryByTestId('bring-licence')).toBeNull();
  });

  it('the ticket carries the notes under everything, a long one on lines of its own', () => {
    const long =
      'This trip runs from 4 paid seats. If fewer are booked by 11/06/2027 22:00 (Canary time), we cancel it and refund you in full.';
    const svg = ticketSvg({
      code: 'AAA111',
      boat: 'Sea Breeze',
      when: '12/06/2027 10:00–12:00 (Canary time)',
      harbour: 'Puerto Colón',
      seatLabel: 'Seat 1',
      typeLabel: 'Adult',
      price: '€50.00',
      shortNumberLabel: 'Code',
      notes: [long, 'Bring the licence'],
    });
    const doc = new DOMParser().parseFromString(svg, 'image/svg+xml');
    const texts = [...doc.querySelectorAll('text')].map((x) => x.textContent);
    expect(texts.slice(-3).join(' ')).toBe(`${long} Bring the licence`);
    expect(texts.every((x) => (x?.length ?? 0) <= 100)).toBe(true);
    expect(doc.documentElement.getAttribute('height')).toBe(String(360 + 3 * 20));
  });
});
