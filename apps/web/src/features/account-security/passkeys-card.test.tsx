// The Security page's passkeys: the list with each one's dates, adding one under a name (the
// browser makes it from the server's options, the server gets its answer and the name), and
// removing one by its own button.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Passkey } from '@boats/domain/schemas/auth';
import { WithQueryClient } from '../../shared/test/with-query-client';
import { setupTestI18n } from '../../shared/test/test-i18n';
import { serverOptions, stubPasskeyBrowser } from '../../shared/test/passkey-browser';
import { PasskeysCard } from './passkeys-card';

beforeAll(setupTestI18n);

let browser: ReturnType<typeof stubPasskeyBrowser>;
afterEach(() => browser.restore());

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('passkeys on the Security page', () => {
  it('lists the passkeys, adds one under its name and removes another', async () => {
    browser = stubPasskeyBrowser();
    let passkeys: Passkey[] = [
      {
        _id: 'p1',
        name: 'Laptop',
        createdAt: '2026-11-20T10:00:00.000Z',
        lastUsedAt: '2026-11-26T18:15:00.000Z',
      },
    ];
    const fetchMock = vi.fn((url: string, init?: RequestInit) => {
      if (url === '/api/account/passkeys/options')
        return Promise.resolve(
          json(
            200,
            serverOptions({
              rp: { id: 'localhost', name: 'AD Boat Rental' },
              user: { id: 'dXNlcg', name: 'o@example.com', displayName: 'o@example.com' },
              pubKeyCredParams: [{ type: 'public-key', alg: -7 }],
            }),
          ),
        );
      if (url === '/api/account/passkeys' && init?.method === 'POST') {
        const { name } = JSON.parse(init.body as string) as { name: string };
        const added = { _id: 'p2', name, createdAt: '2026-11-27T09:00:00.000Z', lastUsedAt: null };
        passkeys = [...passkeys, added];
        return Promise.resolve(json(200, added));
      }
      if (init?.method === 'DELETE') {
        passkeys = passkeys.filter((p) => !url.endsWith(`/${p._id}`));
        return Promise.resolve(json(200, { success: true }));
      }
      return Promise.resolve(json(200, { passkeys }));
    });
    vi.stubGlobal('fetch', fetchMock);
    render(
      <WithQueryClient>
        <PasskeysCard />
      </WithQueryClient>,
    );
    const list = await screen.findByRole('list', { name: 'Passkeys' });
    expect(list.textContent).toContain('Laptop');
    expect(list.textContent).toContain('Last used 26/11/2026 18:15');

    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Name of the new passkey'), 'Phone');
    await user.click(screen.getByRole('button', { name: 'Add a passkey' }));
    expect(await within(list).findByText('Phone')).toBeTruthy();
    expect(browser.create).toHaveBeenCalledTimes(1);
    const sent = fetchMock.mock.calls.find(
      ([u, i]) => u === '/api/account/passkeys' && i?.method === 'POST',
    )!;
    expect(JSON.parse(sent[1]!.body as string)).toMatchObject({
      name: 'Phone',
      response: { id: 'Y3JlZC0x' },
    });
    expect(within(list).getByText('Not used yet')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Remove the passkey Laptop' }));
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/account/passkeys/p1',
      expect.objectContaining({ method: 'DELETE' }),
    );
    await vi.waitFor(() => expect(list.textContent).not.toContain('Laptop'));
  });

  it('says why the server refused to remove the last second factor', async () => {
    browser = stubPasskeyBrowser();
    vi.stubGlobal(
      'fetch',
      vi.fn((_url: string, init?: RequestInit) =>
        Promise.resolve(
          init?.method === 'DELETE'
            ? json(409, { error: 'last_second_factor', message: 'This is your only second factor.' })
            : json(200, {
                passkeys: [
                  { _id: 'p1', name: 'Key', createdAt: '2026-11-20T10:00:00.000Z', lastUsedAt: null },
                ],
              }),
        ),
      ),
    );
    render(
      <WithQueryClient>
        <PasskeysCard />
      </WithQueryClient>,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Remove the passkey Key' }));
    expect(
      await screen.findByText('This is your only second factor: add another one before removing it.'),
    ).toBeTruthy();
  });
});
