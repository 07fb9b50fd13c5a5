// What the admin sees and does on the staff page: the accounts with their roles, a new crew
// account appearing in the list, the form's own checks, and the server's refusal shown.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { StaffAccount } from '@boats/domain/schemas/staff';
import { WithQueryClient } from '../../shared/test/with-query-client';
import { StaffScreen } from './admin-staff-page';
import { setupTestI18n } from '../../shared/test/test-i18n';

beforeAll(setupTestI18n);
afterEach(() => vi.unstubAllGlobals());

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A staff API in memory: the list, and accounts created unless the e-mail is taken. */
function fakeStaffApi(accounts: StaffAccount[]) {
  const fetch = vi.fn((url: string, init?: RequestInit) => {
    if (init?.method === 'POST') {
      const body = JSON.parse(init.body as string) as { email: string; role: 'admin' | 'crew' };
      if (accounts.some((a) => a.email === body.email))
        return Promise.resolve(
          json(409, { error: 'email_taken', message: `${body.email} already has an account` }),
        );
      const account = {
        _id: `00000000-0000-4000-8000-${String(accounts.length + 1).padStart(12, '0')}`,
        email: body.email,
        role: body.role,
        disabled: false,
        createdAt: '2026-11-20T10:00:00.000Z',
      };
      accounts.push(account);
      return Promise.resolve(json(201, { account }));
    }
    if (url === '/api/owner/crew-permissions')
      return Promise.resolve(json(200, { permissions: { sellBelowMinimum: false }, isPlatform: true }));
    expect(url).toContain('/api/admin/staff');
    return Promise.resolve(json(200, { items: accounts }));
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const boss: StaffAccount = {
  _id: '00000000-0000-4000-8000-000000000001',
  email: 'boss@example.com',
  role: 'admin',
  disabled: false,
  createdAt: '2026-11-01T10:00:00.000Z',
};

function renderPage() {
  render(
    <WithQueryClient>
      <StaffScreen />
    </WithQueryClient>,
  );
}

describe('staff accounts page', () => {
  it('creates a crew account, which then shows in the list with its role', async () => {
    const user = userEvent.setup();
    const fetch = fakeStaffApi([{ ...boss }]);
    renderPage();
    const list = await screen.findByRole('list');
    expect(
      within(within(list).getByRole('listitem', { name: 'boss@example.com' })).getByText('Admin'),
    ).toBeTruthy();

    await user.type(screen.getByLabelText('E-mail'), 'deckhand@example.com');
    expect((screen.getByLabelText('Role') as HTMLSelectElement).value).toBe('crew');
    await user.type(screen.getByLabelText('First password'), 'a-long-first-password');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByText('Account created for deckhand@example.com.')).toBeTruthy();
    const sent = fetch.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(JSON.parse(sent[1]!.body as string)).toEqual({
      email: 'deckhand@example.com',
      role: 'crew',
      password: 'a-long-first-password',
    });
    const row = await screen.findByRole('listitem', { name: 'deckhand@example.com' });
    expect(within(row).getByText('Crew')).toBeTruthy();
    expect(within(row).getByText('Can sign in')).toBeTruthy();
    expect((screen.getByLabelText('E-mail') as HTMLInputElement).value).toBe('');
  });

  it('says what is wrong before sending: a bad e-mail, a short password', async () => {
    const user = userEvent.setup();
    const fetch = fakeStaffApi([{ ...boss }]);
    renderPage();
    await screen.findByRole('list');
    await user.type(screen.getByLabelText('E-mail'), 'not-an-address');
    await user.type(screen.getByLabelText('First password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Enter a valid email')).toBeTruthy();
    expect(screen.getByText('Minimum 12 characters')).toBeTruthy();
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it("shows the server's refusal of a taken e-mail, and adds nobody", async () => {
    const user = userEvent.setup();
    fakeStaffApi([{ ...boss }]);
    renderPage();
    await screen.findByRole('list');
    await user.type(screen.getByLabelText('E-mail'), 'boss@example.com');
    await user.selectOptions(screen.getByLabelText('Role'), 'admin');
    await user.type(screen.getByLabelText('First password'), 'another-long-password');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('boss@example.com already has an account')).toBeTruthy();
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(1));
    expect(screen.queryByText(/Account created/)).toBeNull();
  });
});
