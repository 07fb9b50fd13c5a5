// The walk-in form's fourth way to pay: a payment link needs the hold's length, and the form says
// when the trip's start cuts it short (30 minutes before it) or leaves no time for a link at all,
// as the server will decide (domain holdEnd); above 400 € the customer's address, asked on
// its field when the server says the sale needs it.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
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
    seatsLeft: 10,
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
    crewMaySellBelowMinimum: false,
    platformBoat: false,
    charterMinHours: 1,
  };
}

async function chooseLink(trip: Trip) {
  const user = userEvent.setup();
  render(
    <WithQueryClient>
      <WalkInDialog trip={trip} seller="crew" onClose={vi.fn()} />
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
        <WalkInDialog trip={oneHour} seller="crew" onClose={vi.fn()} />
      </WithQueryClient>,
    );
    expect((screen.getByLabelText('Hours of charter') as HTMLInputElement).value).toBe('1');
    unmount();
    render(
      <WithQueryClient>
        <WalkInDialog trip={{ ...tripIn(3 * 60), type: 'private' }} seller="crew" onClose={vi.fn()} />
      </WithQueryClient>,
    );
    expect((screen.getByLabelText('Hours of charter') as HTMLInputElement).value).toBe('2');
  });

  it('on a 1-hour slot of a boat of 2 hours at least, start from 2: its hours chain (issue 58)', () => {
    const oneHour = { ...tripIn(3 * 60), type: 'private' as const, charterMinHours: 2 };
    oneHour.end = new Date(Date.parse(oneHour.start) + 60 * MINUTE).toISOString();
    render(
      <WithQueryClient>
        <WalkInDialog trip={oneHour} seller="crew" onClose={vi.fn()} />
      </WithQueryClient>,
    );
    const hours = screen.getByLabelText('Hours of charter') as HTMLInputElement;
    expect(hours.value).toBe('2');
    expect(hours.min).toBe('2');
  });
});

describe('walk-in below the trip’s minimum', () => {
  /** A shared trip of minimum 4 paid seats with 1 sold, its cutoff passed 10 minutes ago. */
  const pastCutoff = (over: Partial<Trip> = {}): Trip => ({
    ...tripIn(110),
    minSeatsToDepart: 4,
    paidSeats: 1,
    seatsSold: 1,
    cutoffAt: new Date(Date.now() - 10 * MINUTE).toISOString(),
    ...over,
  });
  const open = (trip: Trip, seller: 'admin' | 'owner' | 'crew' = 'crew') =>
    render(
      <WithQueryClient>
        <WalkInDialog trip={trip} seller={seller} onClose={vi.fn()} />
      </WithQueryClient>,
    );
  const submit = () => screen.getByRole('button', { name: 'Book and record the payment' });

  it('says before the button that the owner allows it and the trip will sail', () => {
    open(pastCutoff({ crewMaySellBelowMinimum: true }));
    expect(screen.getByRole('status').textContent).toBe(
      "Below the trip's minimum of 4 paid seats: your owner allows it, the trip will sail.",
    );
    expect((submit() as HTMLButtonElement).disabled).toBe(false);
  });

  it('refuses without the permission and says who can allow it: the owner’s setting, or an admin’s waiver', () => {
    open(pastCutoff());
    expect(screen.getByRole('alert').textContent).toBe(
      "Below the trip's minimum of 4 paid seats: crew may sell it only when your owner allows it (the setting “Crew may sell walk-ins below the trip's minimum”) or an admin waives the minimum for this trip.",
    );
    expect((submit() as HTMLButtonElement).disabled).toBe(true);
  });

  it('says nothing once the party reaches the minimum, nor while the cutoff is ahead', async () => {
    const user = userEvent.setup();
    const { unmount } = open(pastCutoff());
    const adults = screen.getByLabelText('Adults');
    await user.clear(adults);
    await user.type(adults, '3');
    expect(screen.queryByRole('alert')).toBeNull();
    expect((submit() as HTMLButtonElement).disabled).toBe(false);
    unmount();
    open(pastCutoff({ cutoffAt: new Date(Date.now() + 60 * MINUTE).toISOString() }));
    expect(screen.queryByText(/Below the trip's minimum/)).toBeNull();
  });

  it('lets the owner sell below it, and tells the platform’s crew the admin decides', () => {
    const { unmount } = open(pastCutoff(), 'owner');
    expect(screen.getByRole('status').textContent).toBe(
      "Below the trip's minimum of 4 paid seats: the trip will sail, its minimum waived.",
    );
    unmount();
    open(pastCutoff({ platformBoat: true }));
    expect(screen.getByRole('alert').textContent).toMatch(
      /^Below the trip's minimum of 4 paid seats: the platform's crew may sell it only when an admin allows it/,
    );
  });
});

describe('walk-in above 400 €', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks the customer’s address when the server says the sale needs it, on its field, then books', async () => {
    const answers = [
      new Response(
        JSON.stringify({
          error: 'address_required',
          message: 'validation.customerInvoiceAddress',
          fields: [{ path: 'body.customer.address', message: 'validation.customerInvoiceAddress' }],
        }),
        { status: 400, headers: { 'content-type': 'application/json' } },
      ),
      new Response(
        JSON.stringify({
          bookingId: '00000000-0000-4000-8000-000000000102',
          ref: 'ZX98YW76',
          status: 'paid',
          amount: 600,
          method: 'cash',
        }),
        { status: 201, headers: { 'content-type': 'application/json' } },
      ),
    ];
    const fetch = vi.fn((_url: string, _init?: RequestInit) => Promise.resolve(answers.shift()!));
    vi.stubGlobal('fetch', fetch);
    const user = userEvent.setup();
    render(
      <WithQueryClient>
        <WalkInDialog trip={{ ...tripIn(3 * 60), type: 'private' }} seller="admin" onClose={vi.fn()} />
      </WithQueryClient>,
    );
    await user.clear(screen.getByLabelText('Hours of charter'));
    await user.type(screen.getByLabelText('Hours of charter'), '3');
    await user.type(screen.getByLabelText('Name'), 'Carmen Díaz');
    await user.type(screen.getByLabelText('Phone'), '+34 600 333 444');
    expect(screen.queryByLabelText("Customer's postal address")).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Book and record the payment' }));

    const address = await screen.findByLabelText("Customer's postal address");
    expect(address.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText("Enter the customer's postal address: it goes on their invoice")).toBeTruthy();
    expect(screen.getByText(/^Above €400 the customer's invoice is a full invoice/)).toBeTruthy();
    await user.type(address, 'Calle La Hoya 5, 38650 Los Cristianos');
    await user.click(screen.getByRole('button', { name: 'Book and record the payment' }));
    expect(await screen.findByText(/^Booking #ZX98YW76 is paid/)).toBeTruthy();
    expect(JSON.parse(fetch.mock.calls[1]![1]!.body as string)).toMatchObject({
      durationHours: 3,
      customer: { name: 'Carmen Díaz', address: 'Calle La Hoya 5, 38650 Los Cristianos' },
    });
  });
});
