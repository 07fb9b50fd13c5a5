import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { MemoryRouter } from 'react-router-dom';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CheckinResponse, Trip } from '@boats/domain/schemas/trips';
import { CheckinResult } from './checkin-result';
import { TripCard } from './trip-card';
import { TripList } from './trip-list';
import { timeLeft } from './trip-format';
import { setupTestI18n } from '../../shared/test/test-i18n';

beforeAll(setupTestI18n);

const trip = (over: Partial<Trip> = {}): Trip => ({
  slotId: '00000000-0000-4000-8000-000000000011',
  boatId: '00000000-0000-4000-8000-000000000001',
  boatTitle: 'Dolphin Star',
  boatTitleI18n: { en: 'Dolphin Star', es: 'Estrella Delfín', ru: 'Звезда дельфина' },
  type: 'shared',
  start: '2027-06-10T09:00:00.000Z',
  end: '2027-06-10T12:00:00.000Z',
  isOpen: true,
  seatsTotal: 10,
  seatsSold: 5,
  seatsHeld: 0,
  seatsLeft: 5,
  paidSeats: 4,
  minSeatsToDepart: 6,
  minimumWaived: false,
  state: 'below_minimum',
  cutoffAt: '2027-06-09T21:00:00.000Z',
  lastMinute: false,
  atRisk: true,
  people: 5,
  boarded: 1,
  canceledBookings: 0,
  crewMaySellBelowMinimum: false,
  platformBoat: false,
  charterMinHours: 1,
  ...over,
});

const renderCard = (t: Trip, now: Date) =>
  render(
    <MemoryRouter>
      <ul>
        <TripCard trip={t} now={now} />
      </ul>
    </MemoryRouter>,
  );

describe('trip card', () => {
  it('shows the harbour time, sales, the minimum and the time left before the cutoff', () => {
    renderCard(trip(), new Date('2027-06-09T18:30:00Z'));
    const link = screen.getByRole('link');
    expect(link.getAttribute('href')).toBe('/admin/trips/00000000-0000-4000-8000-000000000011');
    // 09:00 UTC is 10:00 in the Canaries in June.
    expect(link.textContent).toContain('10:00–13:00');
    expect(link.textContent).toContain('5 of 10 seats sold · 4 paid of minimum 6');
    expect(link.textContent).toContain('1 of 5 people boarded');
    expect(screen.getByRole('note').textContent).toContain('cancels in 2 h 30 min');
  });

  it('says nothing about risk once the trip is safe, and that nobody booked an empty trip', () => {
    renderCard(
      trip({ atRisk: false, state: 'on_track', people: 0, boarded: 0 }),
      new Date('2027-06-09T18:30:00Z'),
    );
    expect(screen.queryByRole('note')).toBeNull();
    expect(screen.getByRole('link').textContent).toContain('Nobody booked yet');
  });

  it('uses Russian plural forms and the boat title in Russian', async () => {
    await i18n.changeLanguage('ru');
    renderCard(trip({ people: 22, boarded: 3 }), new Date('2027-06-09T18:30:00Z'));
    expect(screen.getByRole('link').textContent).toContain('На борту 3 из 22 человек');
    expect(screen.getByRole('link').textContent).toContain('Звезда дельфина');
    expect(screen.getByRole('link').textContent).not.toContain('Dolphin Star');
    await i18n.changeLanguage('en');
  });
});

describe('trips of a day', () => {
  const canceled = (slotId: string, canceledBookings: number) =>
    trip({ slotId, state: 'canceled', atRisk: false, people: 0, boarded: 0, seatsSold: 0, canceledBookings });

  it('folds canceled trips without bookings into one line after the others, which opens to show them', async () => {
    const user = userEvent.setup();
    render(
      <MemoryRouter>
        <TripList
          trips={[canceled('empty-1', 0), canceled('with-people', 3), trip(), canceled('empty-2', 0)]}
          now={new Date('2027-06-09T18:30:00Z')}
        />
      </MemoryRouter>,
    );
    const list = screen.getByRole('list', { name: 'Trips' });
    // The canceled trip with customers stays in the list crew scroll; the empty ones do not.
    expect(
      within(list)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/admin/trips/with-people', '/admin/trips/00000000-0000-4000-8000-000000000011']);
    // Closed until tapped (jsdom does not hide a closed <details>' content, so its state is read).
    const folded = screen.getByText('2 canceled trips without bookings');
    const group = folded.closest('details')!;
    expect(group.open).toBe(false);
    await user.click(folded);
    expect(group.open).toBe(true);
    expect(
      within(group)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/admin/trips/empty-1', '/admin/trips/empty-2']);
  });

  it('shows no folded line when no canceled trip is empty', () => {
    render(
      <MemoryRouter>
        <TripList trips={[trip(), canceled('with-people', 1)]} now={new Date('2027-06-09T18:30:00Z')} />
      </MemoryRouter>,
    );
    expect(screen.queryByText(/without bookings/)).toBeNull();
  });
});

describe('check-in answer', () => {
  const answer = (over: Partial<CheckinResponse>): CheckinResponse => ({
    result: 'boarded',
    code: 'TF-AAAA-BBBB-CC',
    passengerType: 'adult',
    seatNo: 3,
    people: 1,
    booking: {
      ref: 'AB12CD34',
      customerName: 'Ana',
      boatTitle: 'Dolphin Star',
      boatTitleI18n: { en: 'Dolphin Star', es: 'Estrella Delfín' },
      slotId: '00000000-0000-4000-8000-000000000011',
      start: '2027-06-10T09:00:00.000Z',
    },
    checkedInAt: '2027-06-10T08:40:00.000Z',
    checkedInBy: 'deck@example.com',
    canceledAt: null,
    canceledBy: null,
    ...over,
  });

  it('says when and by whom a code was first scanned', () => {
    render(<CheckinResult answer={answer({ result: 'already' })} />);
    const status = screen.getByRole('status');
    expect(status.textContent).toContain('Already boarded');
    expect(status.textContent).toContain('First scanned 10/06/2027 09:40 by deck@example.com');
  });

  it('names the other trip of a wrong-trip ticket, and boards a charter party at once', () => {
    render(<CheckinResult answer={answer({ result: 'wrong_trip' })} />);
    expect(screen.getByRole('status').textContent).toContain('This ticket is for Dolphin Star at 10:00');
    render(
      <CheckinResult answer={answer({ result: 'boarded', people: 6, passengerType: 'adult', seatNo: 0 })} />,
    );
    expect(screen.getAllByRole('status')[1]?.textContent).toContain('Charter pass: the party of 6 boards');
  });

  it("names the other trip's boat in the crew's language, in English when it has no such title", async () => {
    await i18n.changeLanguage('es');
    render(<CheckinResult answer={answer({ result: 'wrong_trip' })} />);
    expect(screen.getByRole('status').textContent).toContain('Estrella Delfín');
    await i18n.changeLanguage('ru');
    render(<CheckinResult answer={answer({ result: 'wrong_trip' })} />);
    expect(screen.getAllByRole('status')[1]?.textContent).toContain('Dolphin Star');
    await i18n.changeLanguage('en');
  });
});

describe('time left', () => {
  it('never goes below zero', () => {
    expect(timeLeft('2027-06-09T21:00:00.000Z', new Date('2027-06-09T19:59:30Z'))).toEqual({
      hours: 1,
      minutes: 0,
    });
    expect(timeLeft('2027-06-09T21:00:00.000Z', new Date('2027-06-09T22:00:00Z'))).toEqual({
      hours: 0,
      minutes: 0,
    });
  });
});
