// What the admin sees and does on the resellers page: a reseller added from the form (the
// commission typed with a comma), a key issued and shown once, a key revoked, the form's checks.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Reseller } from '@boats/domain/schemas/resellers';
import { WithQueryClient } from '../../shared/test/with-query-client';
import { setupTestI18n } from '../../shared/test/test-i18n';
import { ResellersScreen } from './admin-resellers-page';

beforeAll(setupTestI18n);
afterEach(() => vi.unstubAllGlobals());

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** The resellers API in memory: list, create, issue and revoke keys. */
function fakeResellersApi(resellers: Reseller[]) {
  const fetch = vi.fn((url: string, init?: RequestInit) => {
    const body = init?.body ? (JSON.parse(init.body as string) as Record<string, unknown>) : {};
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
        ...(body as Omit<Reseller, '_id' | 'createdAt' | 'keys' | 'webhooks' | 'webhookSecretSet'>),
        _id: id(resellers.length + 1),
        createdAt: '2026-11-27T08:00:00.000Z',
        keys: [],
        webhooks: [],
        webhookSecretSet: false,
      };
      resellers.push(reseller);
      return Promise.resolve(json(200, { reseller }));
    }
    expect(url).toContain('/api/admin/resellers');
    return Promise.resolve(json(200, { items: resellers }));
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const viator: Reseller = {
  _id: id(1),
  name: 'Viator',
  contactName: 'Partner Desk',
  contactEmail: 'desk@viator.example',
  commissionPercent: 20,
  cancellation: 'boat_policy',
  createdAt: '2026-11-01T10:00:00.000Z',
  webhooks: [],
  webhookSecretSet: false,
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
};

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
});
