import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { AdminSlot } from '@boats/domain/schemas/admin-slot';
import admin from '../../../public/locales/en/admin.json';
import { WithQueryClient } from '../../shared/test/with-query-client';
import { SlotRow } from './slot-row';

beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: 'en',
    ns: ['admin'],
    resources: { en: { admin } },
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.resolve(new Response('{}', { status: 401 }))),
  );
});

const sharedSlot: AdminSlot = {
  _id: 'slot-1',
  type: 'shared',
  // 10:00–13:00 in Canary winter time (UTC+0).
  start: '2026-12-05T10:00:00.000Z',
  end: '2026-12-05T13:00:00.000Z',
  isOpen: true,
  seatPrice: 45,
  seatsTotal: 3,
  seatsTaken: 1,
  seatsLeft: 2,
  seatsSold: 0,
  seatsHeld: 0,
};

function renderRow(slot: AdminSlot) {
  render(
    <WithQueryClient>
      <ul>
        <SlotRow slot={slot} day="2026-12-05" boatId="boat" onError={vi.fn()} />
      </ul>
    </WithQueryClient>,
  );
  return screen.getByRole('listitem', { name: 'Slot 10:00–13:00' });
}

describe('SlotRow', () => {
  it('shows the times of the day in Canary time and the shared fields', () => {
    const row = renderRow(sharedSlot);
    expect((within(row).getByLabelText('Start') as HTMLInputElement).value).toBe('10:00');
    expect((within(row).getByLabelText('End') as HTMLInputElement).value).toBe('13:00');
    expect((within(row).getByLabelText('Seat price (EUR)') as HTMLInputElement).value).toBe('45');
    expect(within(row).getByLabelText('Taken').textContent).toBe('1');
  });

  it('steps the remaining seats between 0 and the total, and taken follows', async () => {
    const user = userEvent.setup();
    const row = renderRow(sharedSlot);
    const remaining = within(row).getByRole('spinbutton', { name: 'Remaining seats' }) as HTMLInputElement;
    const minus = within(row).getByRole('button', { name: 'One seat less remaining' }) as HTMLButtonElement;
    const plus = within(row).getByRole('button', { name: 'One seat more remaining' }) as HTMLButtonElement;
    expect(remaining.value).toBe('2');

    await user.click(plus);
    expect(remaining.value).toBe('3');
    expect(plus.disabled).toBe(true);
    expect(within(row).getByLabelText('Taken').textContent).toBe('0');

    await user.click(minus);
    await user.click(minus);
    await user.click(minus);
    expect(remaining.value).toBe('0');
    expect(minus.disabled).toBe(true);
    expect(within(row).getByLabelText('Taken').textContent).toBe('3');
  });

  it('keeps taken when the total changes', async () => {
    const user = userEvent.setup();
    const row = renderRow(sharedSlot);
    const total = within(row).getByLabelText('Total seats');
    await user.clear(total);
    await user.type(total, '10');
    expect(within(row).getByLabelText('Taken').textContent).toBe('1');
    expect((within(row).getByRole('spinbutton', { name: 'Remaining seats' }) as HTMLInputElement).value).toBe(
      '9',
    );
  });

  it('hides the seat fields of a private slot', () => {
    const row = renderRow({ ...sharedSlot, type: 'private', seatsTotal: 0, seatsTaken: 0 });
    expect(within(row).queryByLabelText('Total seats')).toBeNull();
    expect(within(row).queryByText('Remaining seats')).toBeNull();
  });
});
