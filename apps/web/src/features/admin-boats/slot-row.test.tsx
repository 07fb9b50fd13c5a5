import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminSlot } from '@boats/domain/schemas/admin-slot';
import { WithQueryClient } from '../../shared/test/with-query-client';
import { SlotRow } from './slot-row';
import { setupTestI18n } from '../../shared/test/test-i18n';

beforeAll(setupTestI18n);

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.resolve(new Response('{}', { status: 401 }))),
  );
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The text under a field: its error, found through aria-describedby as a screen reader would. */
function errorOf(input: HTMLElement): string {
  const ids = input.getAttribute('aria-describedby') ?? '';
  return ids
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ')
    .trim();
}

const sharedSlot: AdminSlot = {
  _id: '00000000-0000-4000-8000-000000000011',
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
  canceled: null,
  cutoffAt: null,
  lastMinute: false,
};

const boat = {
  _id: '00000000-0000-4000-8000-000000000001',
  minDurationHours: 1,
  maxDurationHours: 4,
  capacity: 9,
  shared: { pricing: { perHour: 20 }, minSeatsToDepart: 0, cutoffHours: 12 },
};

function renderRow(slot: AdminSlot, onError = vi.fn()) {
  render(
    <WithQueryClient>
      <ul>
        <SlotRow slot={slot} day="2026-12-05" daySlots={[slot]} boat={boat} onError={onError} />
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
    expect((within(row).getByLabelText('Seat price per hour (EUR)') as HTMLInputElement).value).toBe('45');
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

  it("refuses more seats than the boat's capacity under the field, before anything is sent", async () => {
    const user = userEvent.setup();
    const row = renderRow(sharedSlot);
    const total = within(row).getByLabelText('Total seats');
    await user.clear(total);
    await user.type(total, '12');
    await user.click(within(row).getByRole('button', { name: 'Save' }));
    expect(errorOf(total)).toBe("A shared slot cannot have more seats than the boat's capacity (9)");
    expect(fetch).not.toHaveBeenCalled();
  });

  it("shows the server's field error under its field", async () => {
    const user = userEvent.setup();
    vi.mocked(fetch).mockResolvedValue(
      json(400, {
        error: 'slot_invalid',
        message: 'The slot is longer than the boat maximum of 4 h',
        fields: [{ path: 'body.end', message: 'The slot is longer than the boat maximum of 4 h' }],
      }),
    );
    const onError = vi.fn();
    const row = renderRow(sharedSlot, onError);
    await user.click(within(row).getByRole('button', { name: 'Save' }));
    expect(errorOf(within(row).getByLabelText('End'))).toBe(
      'The slot is longer than the boat maximum of 4 h',
    );
  });

  it('asks why before deleting, refuses an empty reason and sends the reason', async () => {
    const user = userEvent.setup();
    vi.mocked(fetch).mockResolvedValue(
      json(200, { success: true, _id: '00000000-0000-4000-8000-000000000011' }),
    );
    const row = renderRow(sharedSlot);
    await user.click(within(row).getByRole('button', { name: 'Delete' }));
    const confirm = within(row).getByRole('form', { name: 'Delete this slot?' });
    const reason = within(confirm).getByLabelText('Why is this slot deleted?');
    await user.click(within(confirm).getByRole('button', { name: 'Yes, delete' }));
    expect(errorOf(reason)).toBe('Minimum 2 characters');
    expect(fetch).not.toHaveBeenCalled();

    await user.type(reason, '  Skipper ill ');
    await user.click(within(confirm).getByRole('button', { name: 'Yes, delete' }));
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    const [url, init] = vi.mocked(fetch).mock.calls[0]!;
    expect(url).toContain(
      '/api/admin/boats/00000000-0000-4000-8000-000000000001/slots/00000000-0000-4000-8000-000000000011',
    );
    expect(init).toMatchObject({ method: 'DELETE' });
    expect(JSON.parse(init?.body as string)).toEqual({ reason: 'Skipper ill' });
  });

  it('keeps the slot when the operator changes their mind', async () => {
    const user = userEvent.setup();
    const row = renderRow(sharedSlot);
    await user.click(within(row).getByRole('button', { name: 'Delete' }));
    await user.click(within(row).getByRole('button', { name: 'Keep' }));
    expect(within(row).queryByLabelText('Why is this slot deleted?')).toBeNull();
    expect(within(row).getByRole('button', { name: 'Delete' })).toBeTruthy();
  });

  it('says Saved once the server took the changes, until the next edit', async () => {
    const user = userEvent.setup();
    vi.mocked(fetch).mockResolvedValue(json(200, { ...sharedSlot, seatsTaken: 2, seatsLeft: 1 }));
    const row = renderRow(sharedSlot);
    await user.click(within(row).getByRole('button', { name: 'One seat less remaining' }));
    await user.click(within(row).getByRole('button', { name: 'Save' }));
    expect(await within(row).findByText('Saved')).toBeTruthy();
    const [, init] = vi.mocked(fetch).mock.calls[0]!;
    expect(JSON.parse(init?.body as string)).toMatchObject({
      _id: '00000000-0000-4000-8000-000000000011',
      seatsTotal: 3,
      seatsTaken: 2,
    });
    await user.click(within(row).getByRole('button', { name: 'One seat less remaining' }));
    expect(within(row).queryByText('Saved')).toBeNull();
  });
});
