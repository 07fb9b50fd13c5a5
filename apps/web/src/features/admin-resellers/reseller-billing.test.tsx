import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Reseller } from '@boats/domain/schemas/resellers';
import { setupTestI18n } from '../../shared/test/test-i18n';
import { reseller as resellerFixture } from '../../shared/test/fixtures';
import { WithQueryClient } from '../../shared/test/with-query-client';
import { ResellerBilling } from './reseller-billing';

beforeAll(setupTestI18n);
afterEach(() => vi.unstubAllGlobals());

const reseller = resellerFixture({ boats: { allOptedIn: true, boatIds: [] } });

const json = (body: unknown) =>
  Promise.resolve(new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } }));

describe('a reseller’s billing details on its card', () => {
  it('refuses a tax id that does not fit the country on its field, then saves the details', async () => {
    const fetch = vi.fn((_url: string, init?: RequestInit) =>
      json({ reseller: { ...reseller, billing: JSON.parse(init!.body as string) as Reseller['billing'] } }),
    );
    vi.stubGlobal('fetch', fetch);
    render(
      <WithQueryClient>
        <ResellerBilling reseller={reseller} />
      </WithQueryClient>,
    );
    await userEvent.type(screen.getByLabelText('Legal name'), 'Viator GmbH');
    // A Spanish CIF for a German company.
    await userEvent.type(screen.getByLabelText(/^Tax ID/), 'B12345674');
    await userEvent.type(screen.getByLabelText('Country (two-letter code)'), 'de');
    await userEvent.type(screen.getByLabelText('Address'), 'Friedrichstraße 1, 10117 Berlin');
    await userEvent.click(screen.getByRole('button', { name: 'Save the billing details' }));
    expect(await screen.findByText(/Enter a tax ID that fits the country/)).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
    await userEvent.clear(screen.getByLabelText(/^Tax ID/));
    await userEvent.type(screen.getByLabelText(/^Tax ID/), 'DE123456789');
    await userEvent.click(screen.getByRole('button', { name: 'Save the billing details' }));
    expect(await screen.findByText('Billing details saved.')).toBeTruthy();
    expect(fetch).toHaveBeenCalledWith(
      '/api/admin/resellers/r1/billing',
      expect.objectContaining({
        method: 'PUT',
        body: JSON.stringify({
          legalName: 'Viator GmbH',
          taxId: 'DE123456789',
          country: 'DE',
          address: 'Friedrichstraße 1, 10117 Berlin',
        }),
      }),
    );
  });
});
