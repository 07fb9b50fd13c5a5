import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AdminBoat } from '@boats/domain/schemas/boat';
import { adminBoat } from '../../shared/test/fixtures';
import { setupTestI18n } from '../../shared/test/test-i18n';
import { WithQueryClient } from '../../shared/test/with-query-client';
import { ResellerSettings } from './reseller-settings';

beforeAll(setupTestI18n);
afterEach(() => vi.unstubAllGlobals());

/** The server: answers each change with the boat changed so. */
function server(boat: AdminBoat) {
  const fetch = vi.fn((_url: string, init?: RequestInit) =>
    Promise.resolve(
      new Response(JSON.stringify({ boat: { ...boat, ...(JSON.parse(init?.body as string) as object) } }), {
        headers: { 'content-type': 'application/json' },
      }),
    ),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const show = (boat: AdminBoat, isAdmin: boolean) =>
  render(
    <WithQueryClient>
      <ResellerSettings boat={boat} isAdmin={isAdmin} />
    </WithQueryClient>,
  );

describe('a boat’s settings for resellers', () => {
  it('lets the owner opt the boat out, and only says who bears the commission', async () => {
    const boat = { ...adminBoat, _id: 'b1' };
    const fetch = server(boat);
    show(boat, false);
    await userEvent.click(screen.getByRole('checkbox', { name: /Sold by resellers/ }));
    expect(fetch).toHaveBeenCalledWith(
      '/api/admin/boats/b1/resellers',
      expect.objectContaining({ method: 'POST', body: JSON.stringify({ resellersAllowed: false }) }),
    );
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(screen.getByText(/given up by: platform and owner, in proportion/)).toBeTruthy();
  });

  it('lets the admin choose who bears a reseller’s commission', async () => {
    const boat = { ...adminBoat, _id: 'b1' };
    const fetch = server(boat);
    show(boat, true);
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: /Who gives up a reseller's commission/ }),
      "the owner's share",
    );
    expect(fetch).toHaveBeenCalledWith(
      '/api/admin/boats/b1/reseller-commission',
      expect.objectContaining({ body: JSON.stringify({ resellerCommissionBearer: 'owner' }) }),
    );
  });
});
