import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Reseller } from '@boats/domain/schemas/resellers';
import { setupTestI18n } from '../../shared/test/test-i18n';
import { reseller as resellerFixture } from '../../shared/test/fixtures';
import { WithQueryClient } from '../../shared/test/with-query-client';
import { ResellerHoldLimits } from './reseller-hold-limits';

beforeAll(setupTestI18n);
afterEach(() => vi.unstubAllGlobals());

const reseller = resellerFixture({
  boats: { allOptedIn: true, boatIds: [] },
  holdLimits: {
    maxHeldSharePercent: null,
    maxHeldSeatsPerTrip: 30,
    maxSeatsPerReservation: 6,
    maxLiveHolds: null,
    maxHoldMinutes: null,
  },
});

const json = (status: number, body: unknown) =>
  Promise.resolve(
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );

const render_ = () =>
  render(
    <WithQueryClient>
      <ResellerHoldLimits reseller={reseller} />
    </WithQueryClient>,
  );

describe('a reseller’s hold limits on its card', () => {
  it('shows its own limits and the server’s settings, refuses a share above 100 % on its field, then saves', async () => {
    const fetch = vi.fn((_url: string, init?: RequestInit) =>
      json(200, {
        reseller: { ...reseller, holdLimits: JSON.parse(init!.body as string) as Reseller['holdLimits'] },
      }),
    );
    vi.stubGlobal('fetch', fetch);
    render_();
    expect((screen.getByLabelText(/^Seats per trip/) as HTMLInputElement).value).toBe('30');
    expect((screen.getByLabelText(/^Seats per reservation/) as HTMLInputElement).value).toBe('6');
    expect((screen.getByLabelText(/^Share of a trip/) as HTMLInputElement).value).toBe('');
    expect(screen.getByText('Empty: the server’s setting, 70')).toBeTruthy();
    await userEvent.type(screen.getByLabelText(/^Share of a trip/), '120');
    await userEvent.click(screen.getByRole('button', { name: 'Save the hold limits' }));
    expect(await screen.findByText('At most 100 %')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
    await userEvent.clear(screen.getByLabelText(/^Share of a trip/));
    await userEvent.type(screen.getByLabelText(/^Share of a trip/), '100');
    await userEvent.click(screen.getByRole('button', { name: 'Save the hold limits' }));
    expect(await screen.findByText('Hold limits saved.')).toBeTruthy();
    expect(fetch).toHaveBeenCalledWith(
      '/api/admin/resellers/r1/hold-limits',
      expect.objectContaining({
        method: 'PUT',
        body: JSON.stringify({
          maxHeldSharePercent: 100,
          maxHeldSeatsPerTrip: 30,
          maxSeatsPerReservation: 6,
          maxLiveHolds: null,
          maxHoldMinutes: null,
        }),
      }),
    );
  });

  it('shows the server’s refusal on the field it names', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        json(400, {
          error: 'validation',
          message: 'Invalid body.maxLiveHolds',
          fields: [{ path: 'body.maxLiveHolds', message: 'validation.min1' }],
        }),
      ),
    );
    render_();
    await userEvent.type(screen.getByLabelText(/^Reservations at once/), '5');
    await userEvent.click(screen.getByRole('button', { name: 'Save the hold limits' }));
    expect(await screen.findByText('Must be at least 1')).toBeTruthy();
  });
});
