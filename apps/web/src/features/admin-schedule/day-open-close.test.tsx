// Closing or reopening a whole day: the button pressed decides which, the count of slots comes
// back (and the canceled trips that stay closed), and a day the server refuses shows under the day field.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { WithQueryClient } from '../../shared/test/with-query-client';
import { setupTestI18n } from '../../shared/test/test-i18n';
import { DayOpenClose } from './day-open-close';

beforeAll(setupTestI18n);
afterEach(() => vi.unstubAllGlobals());

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function renderDay(answer: (url: string, init?: RequestInit) => Response) {
  const fetch = vi.fn((url: string, init?: RequestInit) => Promise.resolve(answer(url, init)));
  vi.stubGlobal('fetch', fetch);
  render(
    <WithQueryClient>
      <DayOpenClose boatId="00000000-0000-4000-8000-000000000001" />
    </WithQueryClient>,
  );
  return fetch;
}

describe('close or open a day', () => {
  it('closes, then opens, every slot of the chosen day', async () => {
    const user = userEvent.setup();
    const fetch = renderDay(() => json(200, { updated: 3, canceled: 1 }));
    const day = screen.getByLabelText('Day');
    await user.clear(day);
    await user.type(day, '24/12/2026');

    await user.click(screen.getByRole('button', { name: 'Close every slot' }));
    expect(await screen.findByText('3 slots closed.')).toBeTruthy();
    expect(fetch).toHaveBeenLastCalledWith(
      '/api/admin/boats/00000000-0000-4000-8000-000000000001/schedule/days/2026-12-24',
      expect.objectContaining({ method: 'PUT', body: JSON.stringify({ isOpen: false }) }),
    );

    await user.click(screen.getByRole('button', { name: 'Open every slot' }));
    // A canceled trip that day is final: it stays closed, and the operator is told.
    expect(
      await screen.findByText('3 slots opened. 1 canceled trip stays closed: a canceled trip is final.'),
    ).toBeTruthy();
    expect(JSON.parse(fetch.mock.lastCall![1]!.body as string)).toEqual({ isOpen: true });
  });

  it('sends nothing without a day, and shows the server refusing one on the field', async () => {
    const user = userEvent.setup();
    const fetch = renderDay(() =>
      json(400, {
        error: 'validation',
        message: 'Invalid request',
        fields: [{ path: 'params.date', message: 'No such day' }],
      }),
    );
    const day = screen.getByLabelText('Day');
    await user.clear(day);
    await user.click(screen.getByRole('button', { name: 'Close every slot' }));
    expect(day.getAttribute('aria-invalid')).toBe('true');
    expect(fetch).not.toHaveBeenCalled();

    await user.type(day, '24/12/2026');
    await user.click(screen.getByRole('button', { name: 'Close every slot' }));
    expect(await screen.findByText('No such day')).toBeTruthy();
    expect(day.getAttribute('aria-describedby')).toBeTruthy();
  });
});
