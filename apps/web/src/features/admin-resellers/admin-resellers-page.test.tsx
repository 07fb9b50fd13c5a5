// What the admin sees and does on the resellers page: a reseller added from the form (the
// commission typed with a comma), a key issued and shown once, a key revoked, the form's checks,
// the boats it may sell chosen on its card.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Reseller, ResellerBoatChoice } from '@boats/domain/schemas/resellers';
import { reseller as resellerFixture } from '../../shared/test/fixtures';
import { WithQueryClient } from '../../shared/test/with-query-client';
import { setupTestI18n } from '../../shared/test/test-i18n';
import { ResellersScreen } from './admin-resellers-page';

beforeAll(setupTestI18n);
afterEach(() => vi.unstubAllGlobals());

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

const BOATS: ResellerBoatChoice[] = [
  {
    _id: id(201),
    title: 'Dolphin Star',
    ownerName: 'Marina Flores',
    resellersAllowed: true,
    onPublicSite: true,
  },
  {
    _id: id(202),
    title: 'Quiet Cove',
    ownerName: 'Marina Flores',
    resellersAllowed: false,
    onPublicSite: true,
  },
  {
    _id: id(203),
    title: 'Marlin Blue',
    ownerName: 'Ocean Tours',
    resellersAllowed: true,
    onPublicSite: false,
  },
];

/** The resellers API in memory: list, create, issue and revoke keys, the boats to choose from. */
function fakeResellersApi(resellers: Reseller[]) {
  const fetch = vi.fn((url: string, init?: RequestInit) => {
    const body = init?.body ? (JSON.parse(init.body as string) as Record<string, unknown>) : {};
    if (url.endsWith('/api/admin/resellers/boats')) return Promise.resolve(json(200, { items: BOATS }));
    const boats = /\/api\/admin\/resellers\/([^/]+)\/boats$/.exec(url);
    if (boats && init?.method === 'PUT') {
      const reseller = resellers.find((r) => r._id === boats[1])!;
      reseller.boats = body as Reseller['boats'];
      return Promise.resolve(json(200, { reseller }));
    }
    const revoke = /\/api\/admin\/resellers\/([^/]+)\/keys\/([^/]+)\/revoke$/.exec(url);
    if (revoke) {
      const key = resellers.find((r) => r._id === revoke[1])!.keys.find((k) => k._id === revoke[2])!;
      key.revokedAt = '2026-11-27T09:00:00.000Z';
      return Promise.resolve(json(200, { key }));
    }
    const issue = /\/api\/admin\/resellers\/([^/]+)\/keys$/.exec(url);
    if (issue) {
      const key = {
        _id: id(100 + resellers.length),
        label: body.label as string,
        prefix: 'octo_Ab3dE9',
        createdAt: '2026-11-27T08:00:00.000Z',
        lastUsedAt: null,
        revokedAt: null,
      };
      resellers.find((r) => r._id === issue[1])!.keys.push(key);
      return Promise.resolve(json(200, { key, secret: 'octo_Ab3dE9-the-whole-secret-shown-once' }));
    }
    if (init?.method === 'POST') {
      const reseller = {
        ...(body as Omit<
          Reseller,
          | '_id'
          | 'createdAt'
          | 'keys'
          | 'webhooks'
          | 'webhookSecretSet'
          | 'boats'
          | 'billing'
          | 'holdLimits'
          | 'holdLimitDefaults'
        >),
        _id: id(resellers.length + 1),
        createdAt: '2026-11-27T08:00:00.000Z',
        keys: [],
        webhooks: [],
        webhookSecretSet: false,
        boats: { allOptedIn: false, boatIds: [] },
        billing: { legalName: '', taxId: '', country: '', address: '' },
        holdLimits: viator.holdLimits,
        holdLimitDefaults: viator.holdLimitDefaults,
      };
      resellers.push(reseller);
      return Promise.resolve(json(200, { reseller }));
    }
    const month = /\/invoices\?month=(\d{4}-\d{2})$/.exec(url);
    if (month) {
      return Promise.resolve(
        json(200, { month: month[1], closed: true, missingBilling: [], uninvoicedSales: 0, invoices: [] }),
      );
    }
    expect(url).toContain('/api/admin/resellers');
    return Promise.resolve(json(200, { items: resellers }));
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const viator = resellerFixture({
  _id: id(1),
  billing: { legalName: 'Viator GmbH', taxId: 'DE123456789', country: 'DE', address: 'Berlin 1' },
  keys: [
    {
      _id: id(50),
      label: 'Production',
      prefix: 'octo_Xy12Zq',
      createdAt: '2026-11-01T10:00:00.000Z',
      lastUsedAt: '2026-11-26T18:30:00.000Z',
      revokedAt: null,
    },
  ],
});

function renderPage() {
  render(
    <WithQueryClient>
      <ResellersScreen />
    </WithQueryClient>,
  );
}

describe('resellers page', () => {
  it('adds a reseller with its commission typed with a comma, which then shows in the list', async () => {
    const user = userEvent.setup();
    const fetch = fakeResellersApi([structuredClone(viator)]);
    renderPage();
    await screen.findByRole('listitem', { name: 'Viator' });

    await user.type(screen.getByLabelText('Name'), 'Klook');
    await user.type(screen.getByLabelText('Contact person'), 'Mei Lin');
    await user.type(screen.getByLabelText('Contact e-mail'), 'supply@klook.example');
    await user.type(screen.getByLabelText('Commission (%)'), '22,5');
    await user.selectOptions(screen.getByLabelText('Cancellation agreement'), 'full_refund');
    await user.click(screen.getByRole('button', { name: 'Add the reseller' }));

    const card = await screen.findByRole('listitem', { name: 'Klook' });
    expect(within(card).getByText('22.5% commission')).toBeTruthy();
    expect(within(card).getByText('Free cancellation until departure')).toBeTruthy();
    const sent = fetch.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(JSON.parse(sent[1]!.body as string)).toEqual({
      name: 'Klook',
      contactName: 'Mei Lin',
      contactEmail: 'supply@klook.example',
      commissionPercent: 22.5,
      cancellation: 'full_refund',
    });
  });

  it('refuses a commission over 50 % on the field, sending nothing', async () => {
    const user = userEvent.setup();
    const fetch = fakeResellersApi([]);
    renderPage();
    await screen.findByText('No resellers yet.');
    await user.type(screen.getByLabelText('Name'), 'Greedy Travel');
    await user.type(screen.getByLabelText('Contact person'), 'Ann Other');
    await user.type(screen.getByLabelText('Contact e-mail'), 'ann@greedy.example');
    await user.type(screen.getByLabelText('Commission (%)'), '60');
    await user.click(screen.getByRole('button', { name: 'Add the reseller' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Commission (%)').getAttribute('aria-invalid')).toBe('true'),
    );
    expect(fetch.mock.calls.filter(([, init]) => init?.method === 'POST')).toEqual([]);
  });

  it('issues a key shown once, and revokes a live one', async () => {
    const user = userEvent.setup();
    fakeResellersApi([structuredClone(viator)]);
    renderPage();
    const card = await screen.findByRole('listitem', { name: 'Viator' });
    const production = within(card).getByRole('listitem', { name: 'Production' });
    expect(within(production).getByText('octo_Xy12Zq…')).toBeTruthy();

    await user.type(within(card).getByLabelText("New key's name"), 'Staging');
    await user.click(within(card).getByRole('button', { name: 'Issue a key' }));
    expect(await within(card).findByText('octo_Ab3dE9-the-whole-secret-shown-once')).toBeTruthy();
    expect(within(card).getByText(/shown only now/)).toBeTruthy();

    await user.click(within(production).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(within(production).getByText(/^revoked /)).toBeTruthy());
  });

  it('chooses the boats a reseller sells: owners named, an opted-out boat disabled with why', async () => {
    const user = userEvent.setup();
    const fetch = fakeResellersApi([structuredClone(viator)]);
    renderPage();
    const card = await screen.findByRole('listitem', { name: 'Viator' });
    const boats = within(card).getByRole('region', { name: 'Boats it may sell' });
    const dolphin = await within(boats).findByRole('checkbox', { name: 'Dolphin Star · Marina Flores' });
    const cove = within(boats).getByRole('checkbox', { name: 'Quiet Cove · Marina Flores' });
    expect(cove).toHaveProperty('disabled', true);
    expect(cove.getAttribute('aria-describedby')).toBeTruthy();
    expect(within(boats).getByText('Its owner does not sell this boat through resellers.')).toBeTruthy();
    expect(within(boats).getByText('Not on the public site now: sold once it is back.')).toBeTruthy();

    await user.click(dolphin);
    await user.click(within(boats).getByRole('button', { name: 'Save the boats' }));
    expect(await within(boats).findByText(/^Saved:/)).toBeTruthy();
    const put = fetch.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    expect(put[0]).toContain(`/api/admin/resellers/${viator._id}/boats`);
    expect(JSON.parse(put[1]!.body as string)).toEqual({ allOptedIn: false, boatIds: [id(201)] });

    // Every opted-in boat: the boxes follow the choice and cannot be changed one by one.
    await user.click(within(boats).getByRole('checkbox', { name: /^Every boat whose owner/ }));
    const marlin = within(boats).getByRole('checkbox', { name: 'Marlin Blue · Ocean Tours' });
    expect(marlin).toHaveProperty('checked', true);
    expect(marlin).toHaveProperty('disabled', true);
    expect(cove).toHaveProperty('checked', false);
  });
});
