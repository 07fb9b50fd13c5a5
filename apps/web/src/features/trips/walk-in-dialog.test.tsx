// The walk-in form's fourth way to pay: a payment link needs the hold's length, and the form says
// when the trip's start cuts it short (30 minutes before it) or leaves no time for a link at all,
// as the server will decide (domain paymentLinkHold).
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { canaryTimeLabel } from '@boats/domain/canary-time';
import type { Trip } from '@boats/domain/schemas/trips';
import { WithQueryClient } from '../../shared/test/with-query-client';
import { setupTestI18n } from '../../shared/test/test-i18n';
import { WalkInDialog } from './walk-in-dialog';

beforeAll(setupTestI18n);

const MINUTE = 60_000;

function tripIn(minutes: number): Trip {
  const start = new Date(Date.now() + minutes * MINUTE);
  return {
    slotId: '00000000-0000-4000-8000-000000000011',
    boatId: '00000000-0000-4000-8000-000000000001',
    boatTitle: 'Dolphin Star',
    boatTitleI18n: { en: 'Dolphin Star' },
    type: 'shared',
    start: start.toISOString(),
    end: new Date(start.getTime() + 180 * MINUTE).toISOString(),
    isOpen: true,
    seatsTotal: 10,
    seatsSold: 0,
    seatsHeld: 0,
    paidSeats: 0,
    minSeatsToDepart: 0,
    minimumWaived: false,
    state: 'on_track',
    cutoffAt: null,
    lastMinute: false,
    atRisk: false,
    people: 0,
    boarded: 0,
    canceledBookings: 0,
  };
}

async function chooseLink(trip: Trip) {
  const user = userEvent.setup();
  render(
    <WithQueryClient>
      <WalkInDialog trip={trip} onClose={vi.fn()} />
    </WithQueryClient>,
  );
  await user.click(screen.getByRole('radio', { name: 'Send a payment link' }));
  return user;
}

describe('walk-in payment link', () => {
  it('offers 1, 6 and 24 hours and says when the trip cuts the hold short', async () => {
    const trip = tripIn(3 * 60);
    const user = await chooseLink(trip);
    const hold = screen.getByLabelText('Hold the seats for');
    expect([...(hold as HTMLSelectElement).options].map((o) => o.text)).toEqual([
      '1 hour',
      '6 hours',
      '24 hours',
    ]);
    expect(screen.getByRole('button', { name: 'Book and send the payment link' })).toBeTruthy();
    // 6 hours chosen, the trip in 3: held until 30 minutes before it.
    const until = canaryTimeLabel(new Date(Date.parse(trip.start) - 30 * MINUTE));
    expect(
      screen.getByText(
        `The trip leaves at ${canaryTimeLabel(trip.start)}: the seats are held only until ${until}, 30 minutes before it.`,
      ),
    ).toBeTruthy();
    await user.selectOptions(hold, '1');
    expect(screen.queryByText(/held only until/)).toBeNull();
  });

  it('says a trip leaving within the next 40 minutes is too soon for a link', async () => {
    await chooseLink(tripIn(35));
    expect(
      screen.getByText('This trip leaves too soon for a payment link: take the payment in person.'),
    ).toBeTruthy();
  });
});

describe('walk-in charter hours', () => {
  it('start from what the slot allows: 1 on a 1-hour slot, 2 on a longer one', () => {
    const oneHour = { ...tripIn(3 * 60), type: 'private' as const };
    oneHour.end = new Date(Date.parse(oneHour.start) + 60 * MINUTE).toISOString();
    const { unmount } = render(
      <WithQueryClient>
        <WalkInDialog trip={oneHour} onClose={vi.fn()} />
      </WithQueryClient>,
    );
    expect((screen.getByLabelText('Hours of charter') as HTMLInputElement).value).toBe('1');
    unmount();
    render(
      <WithQueryClient>
        <WalkInDialog trip={{ ...tripIn(3 * 60), type: 'private' }} onClose={vi.fn()} />
      </WithQueryClient>,
    );
    expect((screen.getByLabelText('Hours of charter') as HTMLInputElement).value).toBe('2');
  });
});
