import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { WithQueryClient } from '../../../shared/test/with-query-client';
import { TripChangePanel } from './trip-change-panel';
import { setupTestI18n } from '../../../shared/test/test-i18n';

beforeAll(setupTestI18n);
afterEach(() => vi.unstubAllGlobals());

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const offer = {
  reasonCode: 'swell',
  deadline: '2027-06-12T09:00:00.000Z',
  paid: 100,
  options: [
    {
      slotId: 'same',
      start: '2027-06-13T09:00:00.000Z',
      end: '2027-06-13T11:00:00.000Z',
      seatPrice: 25,
      price: 100,
      refundDifference: 0,
      otherBoat: null,
      closesAt: '2027-06-12T09:00:00.000Z',
    },
    {
      slotId: 'cheap',
      start: '2027-06-14T09:00:00.000Z',
      end: '2027-06-14T11:00:00.000Z',
      seatPrice: 20,
      price: 80,
      refundDifference: 20,
      otherBoat: null,
      closesAt: '2027-06-12T09:00:00.000Z',
    },
    {
      // Another owner's boat, dearer than what was paid: the platform pays the difference.
      slotId: 'other-boat',
      start: '2027-06-11T15:00:00.000Z',
      end: '2027-06-11T17:00:00.000Z',
      seatPrice: 30,
      price: 120,
      refundDifference: 0,
      otherBoat: { title: 'Sea Star', harbour: 'Puerto Colón' },
      closesAt: '2027-06-11T13:00:00.000Z',
    },
  ],
};

describe('trip-change panel', () => {
  it('offers the trips with what comes back, and moves the booking with the token', async () => {
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(json(200, offer))
      .mockResolvedValueOnce(json(200, { result: 'moved', refunded: 20, start: '2027-06-14T09:00:00.000Z' }));
    vi.stubGlobal('fetch', fetch);
    render(
      <WithQueryClient>
        <TripChangePanel bookingId="b-1" token="tok-123456789" />
      </WithQueryClient>,
    );
    expect(await screen.findByText(/Reason: Heavy swell/)).toBeTruthy();
    // Canary time: 09:00 UTC is 10:00 in June.
    // The time zone said once (issue 58: it was said twice).
    expect(
      screen.getByText(
        'Please choose by 12/06/2027 10:00 (Canary time). Without an answer we refund you in full.',
      ),
    ).toBeTruthy();
    expect(
      screen.getByText(/14\/06\/2027 10:00–12:00 \(Canary time\) · €80\.00 · €20\.00 back to your card/),
    ).toBeTruthy();
    // Another owner's boat says so, and that it costs the customer nothing more.
    expect(screen.getByText(/Trips of other boats from the same harbour are offered too/)).toBeTruthy();
    expect(
      screen.getByText(/On another boat: Sea Star, from Puerto Colón, at no extra cost to you/),
    ).toBeTruthy();
    await userEvent.click(screen.getAllByRole('button', { name: 'Move to this trip' })[2]!);
    expect(screen.getByRole('alertdialog').textContent).toContain(
      'Move your booking to Sea Star on 11/06/2027 16:00 (Canary time)?',
    );
    await userEvent.click(screen.getByRole('button', { name: 'No, go back' }));
    await userEvent.click(screen.getAllByRole('button', { name: 'Move to this trip' })[1]!);
    // Asked once more before anything is sent; No leaves the choice open.
    expect(screen.getByRole('alertdialog').textContent).toContain(
      'Move your booking to the trip on 14/06/2027 10:00 (Canary time)?',
    );
    await userEvent.click(screen.getByRole('button', { name: 'No, go back' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(fetch).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getAllByRole('button', { name: 'Move to this trip' })[1]!);
    await userEvent.click(screen.getByRole('button', { name: 'Yes, do it' }));
    expect((await screen.findByRole('status')).textContent).toContain('moved to 14/06/2027 10:00');
    expect(screen.getByText(/The difference of €20\.00 goes back to your card/)).toBeTruthy();
    const [url, init] = fetch.mock.calls[1] as [string, RequestInit];
    expect(url).toBe('/api/bookings/b-1/trip-change');
    expect(JSON.parse(init.body as string)).toEqual({
      token: 'tok-123456789',
      choice: 'move',
      slotId: 'cheap',
    });
  });

  it('shows nothing when there is no open choice', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValue(json(404, { error: 'not_found', message: 'Open choice not found' })),
    );
    const { container } = render(
      <WithQueryClient>
        <TripChangePanel bookingId="b-2" token="tok-123456789" />
      </WithQueryClient>,
    );
    await new Promise((r) => setTimeout(r, 50));
    expect(container.textContent).toBe('');
  });
});
