import { useReducer } from 'react';
import i18n from 'i18next';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { initialSelection, selectionReducer, type Mode } from './selection-state';
import { SelectionStep } from './selection-step';
import { availability, boat, NOW } from '../../shared/test/fixtures';
import { setupTestI18n } from '../../shared/test/test-i18n';
import { WithQueryClient } from '../../shared/test/with-query-client';
import type { Boat } from '@boats/domain/schemas/boat';

beforeAll(setupTestI18n);

function Harness({
  mode = 'private',
  onContinue = () => undefined,
  theBoat = boat,
  slots = availability,
}: {
  mode?: Mode;
  onContinue?: () => void;
  theBoat?: Boat;
  slots?: typeof availability;
}) {
  const [selection, dispatch] = useReducer(selectionReducer, NOW, (n) => initialSelection(n, mode));
  return (
    <WithQueryClient>
      <SelectionStep
        boat={theBoat}
        availability={slots}
        loading={false}
        selection={selection}
        dispatch={dispatch}
        now={NOW}
        busy={false}
        error={null}
        onContinue={onContinue}
      />
    </WithQueryClient>
  );
}

const continueButton = () => screen.getByRole('button', { name: 'Continue' });
const reasons = () => [...document.querySelectorAll('#booking-blockers li')].map((li) => li.textContent);
const continueBlocked = () => continueButton().getAttribute('aria-disabled') === 'true';

describe('booking calendar', () => {
  it('starts weeks on Monday and only days with bookable starts can be pressed', () => {
    render(<Harness />);
    const headers = screen.getAllByRole('columnheader').map((th) => th.textContent);
    expect(headers[0]).toBe('Mon');
    expect(headers[6]).toBe('Sun');
    expect(screen.getByRole('heading', { name: 'November 2026' })).toBeTruthy();
    expect((screen.getByRole('button', { name: '25/11/2026' }) as HTMLButtonElement).disabled).toBe(false);
    expect((screen.getByRole('button', { name: /^24\/11\/2026/ }) as HTMLButtonElement).disabled).toBe(true);
    // Going back before the current month is not offered.
    expect((screen.getByRole('button', { name: 'Previous month' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('moving to the next month clears the chosen day', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: '25/11/2026' }));
    expect(screen.getByRole('group', { name: 'Start time' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Next month' }));
    expect(screen.getByRole('heading', { name: 'December 2026' })).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Start time' })).toBeNull();
    await user.click(continueButton());
    expect(reasons()).toContain('Choose a date.');
  });
});

describe('charter duration and Continue', () => {
  it('says nothing in red before the visitor tries to continue, then what is missing', async () => {
    const onContinue = vi.fn();
    const user = userEvent.setup();
    render(<Harness onContinue={onContinue} />);
    expect(continueBlocked()).toBe(true);
    expect(reasons()).toEqual([]);
    await user.click(continueButton());
    expect(onContinue).not.toHaveBeenCalled();
    expect(reasons().slice(0, 2)).toEqual(['Choose a date.', 'Choose a start time.']);
    expect(continueButton().getAttribute('aria-describedby')).toBe('booking-blockers');
  });

  it('Continue stays disabled with reasons until date and start are chosen; the slider stops at the chain', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    expect(continueBlocked()).toBe(true);
    await user.click(continueButton());
    expect(reasons()).toEqual(expect.arrayContaining(['Choose a date.', 'Choose a start time.']));

    await user.click(screen.getByRole('button', { name: '25/11/2026' }));
    await user.click(screen.getByRole('button', { name: '13:00' }));
    const slider = screen.getByRole('slider', { name: 'Duration' }) as HTMLInputElement;
    expect([slider.min, slider.max, slider.value]).toEqual(['1', '3', '2']);
    // A charter asks who comes: an adult at least, everyone within the capacity.
    expect(reasons()).toEqual(['Add at least one adult: a charter needs an adult on board.']);
    const party = screen.getByRole('group', { name: 'Who is coming' });
    await user.click(within(party).getByRole('button', { name: 'Add one: Adult' }));
    await user.click(within(party).getByRole('button', { name: 'Add one: Adult' }));
    await user.click(within(party).getByRole('button', { name: 'Add one: Child 6–12' }));
    expect(within(party).getByText(/On board: 3 of/)).toBeTruthy();
    expect(continueBlocked()).toBe(false);
    expect(screen.getByTestId('review-total').textContent).toBe('€300.00');
    expect(screen.getByTestId('review-price').textContent).toBe('2 h × €150.00');
    expect(screen.getByTestId('review-when').textContent).toBe('25/11/2026 13:00–15:00 (Canary time)');
  });

  it('charges the published half-day price for its hours and says so', async () => {
    const user = userEvent.setup();
    const dayRates = { ...boat, pricing: { ...boat.pricing, halfDay: 400, halfDayHours: 3 } };
    render(<Harness theBoat={dayRates} />);
    // The boat's prices, the half day with the hours it covers.
    expect(screen.getByText('€150.00 per hour · half day (up to 3 h) €400.00')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '25/11/2026' }));
    await user.click(screen.getByRole('button', { name: '13:00' }));
    await user.click(screen.getByRole('button', { name: 'Add one: Adult' }));
    expect(screen.getByTestId('review-total').textContent).toBe('€300.00'); // 2 h: the hourly price
    const slider = screen.getByRole('slider', { name: 'Duration' });
    fireEvent.change(slider, { target: { value: '3' } });
    expect(screen.getByTestId('review-price').textContent).toBe('Half-day price (up to 3 h)');
    expect(screen.getByTestId('review-total').textContent).toBe('€400.00'); // not 3 × €150
  });
});

describe('ticket passengers and Continue', () => {
  it('explains every blocked choice: no seats, too many seats, minimum to depart, one free child per adult', async () => {
    const user = userEvent.setup();
    render(<Harness mode="shared" />);
    await user.click(screen.getByRole('button', { name: '26/11/2026' }));
    await user.click(screen.getByRole('button', { name: /10:00–12:00/ }));
    expect(reasons()).toEqual([]);
    await user.click(continueButton());
    expect(reasons()).toContain('Add at least one passenger.');

    const add = (type: string) => user.click(screen.getByRole('button', { name: `Add one: ${type}` }));
    const pax = screen.getByRole('group', { name: 'Passengers' });
    const kidsPlus = within(pax).getByRole('button', {
      name: 'Add one: Child under 6 (free)',
    }) as HTMLButtonElement;
    expect(kidsPlus.disabled).toBe(true);
    expect(screen.getByText('At most one child under 6 per adult.')).toBeTruthy();

    await add('Adult');
    expect(reasons()).toContain(
      'This trip runs from 2 paid seats and 0 are booked so far: add paid seats or choose another trip.',
    );
    await add('Child under 6 (free)');
    expect(kidsPlus.disabled).toBe(true);
    await add('Child 6–12');
    expect(reasons()).toEqual([]);
    expect(continueBlocked()).toBe(false);
    // An adult pays €25 × 2 h, a child 6–12 half of it
    expect(screen.getByTestId('review-price').textContent).toBe(
      '1 adult × €50.00, 1 child 6–12 × €25.00, 1 under 6 free',
    );
    expect(screen.getByTestId('review-total').textContent).toBe('€75.00');

    await add('Adult');
    expect(reasons()).toContain('Only 3 seats left.');
    expect(continueBlocked()).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Remove one: Adult' }));
    await user.click(screen.getByRole('button', { name: 'Remove one: Adult' }));
    // No adult left: the free child went with them.
    expect(screen.getByTestId('pax-kidsFree').textContent).toBe('0');
  });
});

describe('the minimum to depart of a trip', () => {
  const tripWith = (minimum: { seats: number; paidSeatsSold: number; cutoffAt: string | null }) => ({
    ...availability,
    shared: availability.shared.map((s) => ({ ...s, seatsLeft: 8, minimum })),
  });
  const chooseTrip = async (user: ReturnType<typeof userEvent.setup>, adults: number) => {
    await user.click(screen.getByRole('button', { name: /^26\/11\/2026/ }));
    await user.click(screen.getByRole('button', { name: /10:00–12:00/ }));
    for (let i = 0; i < adults; i++) await user.click(screen.getByRole('button', { name: 'Add one: Adult' }));
  };

  it('lets a couple join a trip that already has 5 paid seats', async () => {
    const user = userEvent.setup();
    render(<Harness mode="shared" slots={tripWith({ seats: 4, paidSeatsSold: 5, cutoffAt: null })} />);
    await chooseTrip(user, 2);
    expect(reasons()).toEqual([]);
    expect(screen.queryByTestId('minimum-note')).toBeNull();
  });

  it('says before paying how the date can be changed afterwards, beside the cancellation rules', async () => {
    const user = userEvent.setup();
    const theBoat: Boat = {
      ...boat,
      cancellationPolicy: [{ hoursBefore: 48, refundPercent: 100 }],
      reschedulePolicy: { allowed: true, hoursBefore: 24, maxTimes: 2, fee: 10 },
    };
    render(
      <Harness
        mode="shared"
        theBoat={theBoat}
        slots={tripWith({ seats: 4, paidSeatsSold: 5, cutoffAt: null })}
      />,
    );
    await chooseTrip(user, 2);
    expect(screen.getByTestId('reschedule-policy').textContent).toBe(
      'This boat lets you move your booking to another of its trips up to 24 h before departure, 2 times; fee: €10.00.',
    );
  });

  it('below the minimum with a cutoff: the couple may book, told plainly when the trip is decided', async () => {
    const user = userEvent.setup();
    const slots = tripWith({ seats: 4, paidSeatsSold: 0, cutoffAt: '2026-11-25T22:00:00Z' });
    render(<Harness mode="shared" slots={slots} />);
    await chooseTrip(user, 2);
    expect(reasons()).toEqual([]);
    expect(continueBlocked()).toBe(false);
    expect(screen.getByTestId('minimum-note').textContent).toBe(
      'This trip runs from 4 paid seats. If fewer are booked by 25/11/2026 22:00 (Canary time), we cancel it and refund you in full.',
    );
  });

  // Until 2026-11-29 a journey proved this on a demo boat (booking-shared.spec.ts's first part).
  it('the note goes once the party reaches the minimum, a child 6–12 counting as a paid seat at half the price', async () => {
    const user = userEvent.setup();
    render(
      <Harness
        mode="shared"
        slots={tripWith({ seats: 4, paidSeatsSold: 0, cutoffAt: '2026-11-25T22:00:00Z' })}
      />,
    );
    await chooseTrip(user, 2);
    await user.click(screen.getByRole('button', { name: 'Add one: Child 6–12' }));
    await user.click(screen.getByRole('button', { name: 'Add one: Child under 6 (free)' }));
    // Two adults and a child 6–12 are three paid seats of the four.
    expect(screen.getByTestId('minimum-note').textContent).toContain('This trip runs from 4 paid seats.');
    await user.click(screen.getByRole('button', { name: 'Add one: Adult' }));
    expect(screen.queryByTestId('minimum-note')).toBeNull();
    // Three adults at €25 × 2 h and the child at half: €175.
    expect(screen.getByTestId('review-total').textContent).toBe('€175.00');
    await user.click(screen.getByRole('button', { name: 'Remove one: Adult' }));
    expect(screen.getByTestId('minimum-note').textContent).toContain('This trip runs from 4 paid seats.');
    expect(continueBlocked()).toBe(false);
  });

  it('says it in Spanish, with the price per person in Spanish figures', async () => {
    const user = userEvent.setup();
    await i18n.changeLanguage('es');
    try {
      const slots = tripWith({ seats: 4, paidSeatsSold: 1, cutoffAt: '2026-11-25T22:00:00Z' });
      render(<Harness mode="shared" slots={slots} />);
      await user.click(screen.getByRole('button', { name: /^26\/11\/2026/ }));
      await user.click(screen.getByRole('button', { name: /10:00–12:00/ }));
      for (let i = 0; i < 2; i++)
        await user.click(screen.getByRole('button', { name: 'Añadir uno: Adulto' }));
      expect(screen.getByTestId('minimum-note').textContent).toBe(
        'Esta salida se realiza a partir de 4 plazas de pago. Si para el 25/11/2026 22:00 (hora de Canarias) hay menos reservadas, la cancelamos y te devolvemos todo el importe.',
      );
      expect(screen.getByTestId('review-price').textContent).toBe('2 adultos × 50,00\u00a0€');
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('in Spanish says what is missing and why a trip below its minimum cannot be booked, and names every passenger', async () => {
    const user = userEvent.setup();
    await i18n.changeLanguage('es');
    try {
      render(<Harness mode="shared" slots={tripWith({ seats: 4, paidSeatsSold: 0, cutoffAt: null })} />);
      await user.click(screen.getByRole('button', { name: 'Continuar' }));
      expect(reasons()).toContain('Elige una fecha.');
      await user.click(screen.getByRole('button', { name: /^26\/11\/2026/ }));
      await user.click(screen.getByRole('button', { name: /10:00–12:00/ }));
      await user.click(screen.getByRole('button', { name: 'Añadir uno: Adulto' }));
      expect(reasons()).toEqual([
        'Esta salida se realiza a partir de 4 plazas de pago y hay 0 reservadas: añade plazas de pago o elige otra salida.',
      ]);
      const pax = screen.getByRole('group', { name: 'Pasajeros' });
      expect(within(pax).getByText('Niño de 6 a 12', { exact: true })).toBeTruthy();
      expect(within(pax).getByText('Niño menor de 6 (gratis)', { exact: true })).toBeTruthy();
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});

describe('a boat its customers drive themselves', () => {
  const selfDrive: Boat = { ...boat, requiresLicense: true, licence: 'pnb' };

  it('asks to confirm the licence it names, says so in red only once Continue is tried, and goes on once ticked', async () => {
    const onContinue = vi.fn();
    const user = userEvent.setup();
    render(<Harness theBoat={selfDrive} onContinue={onContinue} />);
    await user.click(screen.getByRole('button', { name: '25/11/2026' }));
    await user.click(screen.getByRole('button', { name: '13:00' }));
    await user.click(screen.getByRole('button', { name: 'Add one: Adult' }));
    const tick = screen.getByRole('checkbox', {
      name: 'I confirm that whoever drives the boat holds Basic boat skipper (PNB) or higher (or an equivalent such as the ICC) and will bring it.',
    });
    expect(continueBlocked()).toBe(true);
    expect(screen.queryByText("Confirm the skipper's licence to continue.")).toBeNull();
    await user.click(continueButton());
    expect(onContinue).not.toHaveBeenCalled();
    expect(screen.getByText("Confirm the skipper's licence to continue.")).toBeTruthy();
    expect(tick.getAttribute('aria-invalid')).toBe('true');
    await user.click(tick);
    expect(continueBlocked()).toBe(false);
    await user.click(continueButton());
    expect(onContinue).toHaveBeenCalledTimes(1);
  });

  it('promises no foreign equivalent when the owner accepts none', async () => {
    const user = userEvent.setup();
    render(<Harness theBoat={{ ...selfDrive, foreignLicenceAccepted: false }} />);
    await user.click(screen.getByRole('button', { name: '25/11/2026' }));
    await user.click(screen.getByRole('button', { name: '13:00' }));
    await user.click(screen.getByRole('button', { name: 'Add one: Adult' }));
    expect(
      screen.getByRole('checkbox', {
        name: 'I confirm that whoever drives the boat holds Basic boat skipper (PNB) or higher and will bring it. Licences of other countries are not accepted for this boat.',
      }),
    ).toBeTruthy();
  });

  it('asks nothing of a boat with a skipper', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: '25/11/2026' }));
    await user.click(screen.getByRole('button', { name: '13:00' }));
    await user.click(screen.getByRole('button', { name: 'Add one: Adult' }));
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(continueBlocked()).toBe(false);
  });
});

describe('a boat that asks a security deposit', () => {
  const withDeposit: Boat = { ...boat, securityDeposit: 300 };

  it('states the deposit, when it is held and released, and goes on only once the customer agrees', async () => {
    const onContinue = vi.fn();
    const user = userEvent.setup();
    render(<Harness theBoat={withDeposit} onContinue={onContinue} />);
    await user.click(screen.getByRole('button', { name: '25/11/2026' }));
    await user.click(screen.getByRole('button', { name: '13:00' }));
    await user.click(screen.getByRole('button', { name: 'Add one: Adult' }));
    expect(screen.getByTestId('deposit-terms').textContent).toContain(
      'This boat asks a security deposit of €300.00. Your card is saved when you pay; the deposit is held on it (not charged) the day before departure',
    );
    const agree = screen.getByRole('checkbox', {
      name: 'I agree that my card is saved and a security deposit of €300.00 is held on it before departure.',
    });
    expect(continueBlocked()).toBe(true);
    await user.click(continueButton());
    expect(onContinue).not.toHaveBeenCalled();
    expect(screen.getByText('Agree to the security deposit to continue.')).toBeTruthy();
    await user.click(agree);
    expect(continueBlocked()).toBe(false);
    await user.click(continueButton());
    expect(onContinue).toHaveBeenCalledTimes(1);
  });
});
