// The owner's switch beside their crew accounts: "Crew may sell walk-ins below the trip's
// minimum", read from and saved to /api/owner/crew-permissions as soon as it is changed.
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { WithQueryClient } from '../../shared/test/with-query-client';
import { setupTestI18n } from '../../shared/test/test-i18n';
import { CrewPermissionsSection } from './crew-permissions-section';

beforeAll(setupTestI18n);
afterEach(() => vi.unstubAllGlobals());

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

function fakeApi(isPlatform = false) {
  let sellBelowMinimum = false;
  const puts: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      expect(url).toBe('/api/owner/crew-permissions');
      if (init?.method === 'PUT') {
        const body = JSON.parse(init.body as string) as { sellBelowMinimum: boolean };
        puts.push(body);
        sellBelowMinimum = body.sellBelowMinimum;
      }
      return Promise.resolve(json({ permissions: { sellBelowMinimum }, isPlatform }));
    }),
  );
  return puts;
}

describe("the owner's crew permissions", () => {
  it('shows the switch off, and saves it on when ticked', async () => {
    const puts = fakeApi();
    const user = userEvent.setup();
    render(
      <WithQueryClient>
        <CrewPermissionsSection />
      </WithQueryClient>,
    );
    const box = await screen.findByRole('checkbox', {
      name: "Crew may sell walk-ins below the trip's minimum",
    });
    expect((box as HTMLInputElement).checked).toBe(false);
    expect(screen.getByText(/your crew may sell a walk-in that leaves it below its minimum/)).toBeTruthy();
    await user.click(box);
    expect(await screen.findByRole('status')).toHaveProperty('textContent', 'Saved.');
    expect(puts).toEqual([{ sellBelowMinimum: true }]);
    await waitFor(() => expect((box as HTMLInputElement).checked).toBe(true));
  });

  it("says the admin's switch is the platform's own crew's", async () => {
    fakeApi(true);
    render(
      <WithQueryClient>
        <CrewPermissionsSection />
      </WithQueryClient>,
    );
    await screen.findByRole('checkbox');
    expect(screen.getByText(/^For the platform's own boats:/)).toBeTruthy();
  });
});
