import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { AdminSlot } from '@boats/domain/schemas/admin-slot';
import { WithQueryClient } from '../../shared/test/with-query-client';
import { setupTestI18n } from '../../shared/test/test-i18n';
import { NewSlotModal } from './new-slot-modal';

beforeAll(setupTestI18n);

const OVERLAP = 'The slot overlaps another slot of this day';

/** The text under a field: its error, found through aria-describedby as a screen reader would. */
function errorOf(input: HTMLElement): string {
  const ids = input.getAttribute('aria-describedby') ?? '';
  return ids
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ')
    .trim();
}

// 08:00–09:00 in Canary winter time (UTC+0), a day far enough ahead never to be in the past.
const earlySlot: AdminSlot = {
  _id: '00000000-0000-4000-8000-000000000014',
  type: 'private',
  start: '2030-12-05T08:00:00.000Z',
  end: '2030-12-05T09:00:00.000Z',
  isOpen: true,
  seatPrice: 0,
  seatsTotal: 0,
  seatsTaken: 0,
  seatsLeft: 0,
  seatsSold: 0,
  seatsHeld: 0,
  canceled: null,
  cutoffAt: null,
  lastMinute: false,
};

const boat = {
  _id: '00000000-0000-4000-8000-000000000001',
  minDurationHours: 1,
  maxDurationHours: 6,
  capacity: 9,
  shared: { pricing: { perHour: 20 }, minSeatsToDepart: 0, cutoffHours: 12 },
};

function renderModal() {
  render(
    <WithQueryClient>
      <NewSlotModal
        open
        day="2030-12-05"
        daySlots={[earlySlot]}
        boat={boat}
        onClose={vi.fn()}
        onCreated={vi.fn()}
      />
    </WithQueryClient>,
  );
  return {
    start: screen.getByLabelText('Start') as HTMLInputElement,
    end: screen.getByLabelText('End') as HTMLInputElement,
  };
}

async function retype(user: ReturnType<typeof userEvent.setup>, input: HTMLElement, text: string) {
  await user.clear(input);
  await user.type(input, text);
  await user.tab();
}

describe('NewSlotModal', () => {
  it('moves an untyped end with the start, so a new start is not checked against the default end', async () => {
    const user = userEvent.setup();
    const { start, end } = renderModal();
    expect(end.value).toBe('11:00');
    // 07:00 with the default end 11:00 would cover the 08:00 slot; 07:00–08:00 does not.
    await retype(user, start, '07:00');
    expect(end.value).toBe('08:00');
    expect(errorOf(start)).toBe('');
  });

  it('checks the pair as finally typed when Start is changed before End', async () => {
    const user = userEvent.setup();
    const { start, end } = renderModal();
    await retype(user, end, '12:00');
    // 07:00–12:00 covers the 08:00 slot: a true overlap, said under Start.
    await retype(user, start, '07:00');
    await waitFor(() => expect(errorOf(start)).toBe(OVERLAP));
    // The end the operator meant: 07:00–08:00 is free, and the Start error goes with it.
    await retype(user, end, '08:00');
    await waitFor(() => expect(errorOf(start)).toBe(''));
    expect(errorOf(end)).toBe('');
  });

  it('says the seat price is per hour', async () => {
    const user = userEvent.setup();
    renderModal();
    await user.selectOptions(screen.getByLabelText('Type'), 'shared');
    expect((screen.getByLabelText('Seat price per hour (EUR)') as HTMLInputElement).value).toBe('20');
  });
});
