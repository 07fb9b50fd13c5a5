import { useReducer } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { initialSelection, selectionReducer, type Mode } from './selection-state';
import { SelectionStep } from './selection-step';
import { availability, boat, NOW } from '../../shared/test/fixtures';
import { setupTestI18n } from '../../shared/test/test-i18n';

beforeAll(setupTestI18n);

function Harness({
  mode = 'private',
  onContinue = () => undefined,
}: {
  mode?: Mode;
  onContinue?: () => void;
}) {
  const [selection, dispatch] = useReducer(selectionReducer, NOW, (n) => initialSelection(n, mode));
  return (
    <SelectionStep
      boat={boat}
      availability={availability}
      loading={false}
      selection={selection}
      dispatch={dispatch}
      now={NOW}
      locale="en"
      busy={false}
      error={null}
      onContinue={onContinue}
    />
  );
}

const continueButton = () => screen.getByRole('button', { name: 'Continue' });
const reasons = () => [...document.querySelectorAll('#booking-blockers li')].map((li) => li.textContent);

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
    expect(reasons()).toContain('Choose a date.');
  });
});

describe('charter duration and Continue', () => {
  it('Continue stays disabled with reasons until date and start are chosen; the slider stops at the chain', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    expect((continueButton() as HTMLButtonElement).disabled).toBe(true);
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
    expect((continueButton() as HTMLButtonElement).disabled).toBe(false);
    expect(screen.getByTestId('review-total').textContent).toBe('€300.00');
    expect(screen.getByTestId('review-when').textContent).toBe('25/11/2026 13:00–15:00');
  });
});

describe('ticket passengers and Continue', () => {
  it('explains every blocked choice: no seats, too many seats, minimum to depart, one free child per adult', async () => {
    const user = userEvent.setup();
    render(<Harness mode="shared" />);
    await user.click(screen.getByRole('button', { name: '26/11/2026' }));
    await user.click(screen.getByRole('button', { name: /10:00–12:00/ }));
    expect(reasons()).toContain('Add at least one passenger.');

    const add = (type: string) => user.click(screen.getByRole('button', { name: `Add one: ${type}` }));
    const pax = screen.getByRole('group', { name: 'Passengers' });
    const kidsPlus = within(pax).getByRole('button', {
      name: 'Add one: Child under 6 (free)',
    }) as HTMLButtonElement;
    expect(kidsPlus.disabled).toBe(true);
    expect(screen.getByText('At most one child under 6 per adult.')).toBeTruthy();

    await add('Adult');
    expect(reasons()).toContain('Minimum 2 paid seats to depart.');
    await add('Child under 6 (free)');
    expect(kidsPlus.disabled).toBe(true);
    await add('Child 6–12');
    expect(reasons()).toEqual([]);
    expect((continueButton() as HTMLButtonElement).disabled).toBe(false);
    // 1 adult + 1 child 6–12 = 1.5 paid seats × €25 × 2 h
    expect(screen.getByTestId('review-total').textContent).toBe('€75.00');

    await add('Adult');
    expect(reasons()).toContain('Only 3 seats left.');
    expect((continueButton() as HTMLButtonElement).disabled).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Remove one: Adult' }));
    await user.click(screen.getByRole('button', { name: 'Remove one: Adult' }));
    // No adult left: the free child went with them.
    expect(screen.getByTestId('pax-kidsFree').textContent).toBe('0');
  });
});
