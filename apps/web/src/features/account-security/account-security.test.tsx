// The Security page's devices: each with its browser, its country in the reader's language (or
// "Place unknown"), "This device" for the one asking; signing another out asks for the list again
// without it, and a wrong current password shows on its field.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SessionDevice } from '@boats/domain/schemas/auth';
import { WithQueryClient } from '../../shared/test/with-query-client';
import { setupTestI18n } from '../../shared/test/test-i18n';
import { ChangePasswordForm } from './own-sign-in-forms';
import { SignedInDevices } from './signed-in-devices';

beforeAll(setupTestI18n);
afterEach(() => vi.unstubAllGlobals());

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const device = (id: string, values: Partial<SessionDevice>): SessionDevice => ({
  id,
  browser: null,
  os: null,
  program: null,
  country: null,
  local: false,
  signedInAt: '2026-11-27T08:00:00.000Z',
  lastSeenAt: '2026-11-27T09:30:00.000Z',
  current: false,
  ...values,
});

describe('signed-in devices', () => {
  it('lists each device and signs another one out', async () => {
    let sessions = [
      device('laptop', { browser: 'Chrome', os: 'Linux', current: true }),
      device('phone', { browser: 'Safari', os: 'iOS', country: 'ES' }),
    ];
    const fetch = vi.fn((url: string, init?: RequestInit) => {
      if (init?.method === 'DELETE') {
        sessions = sessions.filter((s) => !url.endsWith(`/${s.id}`));
        return Promise.resolve(json(200, { success: true }));
      }
      return Promise.resolve(json(200, { sessions }));
    });
    vi.stubGlobal('fetch', fetch);
    render(
      <WithQueryClient>
        <SignedInDevices />
      </WithQueryClient>,
    );
    const [laptop, phone] = await screen.findAllByRole('listitem');
    expect(laptop!.textContent).toContain('Chrome on Linux');
    expect(laptop!.textContent).toContain('Place unknown');
    expect(laptop!.textContent).toContain('This device');
    expect(phone!.textContent).toContain('Safari on iOS');
    expect(phone!.textContent).toContain('Spain');
    expect(phone!.textContent).toContain('27/11/2026 09:30');

    await userEvent.click(within(phone!).getByRole('button', { name: 'Sign out' }));
    expect(fetch).toHaveBeenCalledWith(
      '/api/account/sessions/phone',
      expect.objectContaining({ method: 'DELETE' }),
    );
    await vi.waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(1));
    expect(screen.queryByRole('button', { name: 'Sign out all other devices' })).toBeNull();
  });

  it('names the browser in the reader’s language, a script by its program, a private address as the local network (issue 58)', async () => {
    const sessions = [
      device('laptop', { browser: 'Firefox', os: 'Windows', current: true }),
      device('script', { program: 'curl/8.5.0', local: true }),
      device('old', {}),
    ];
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(json(200, { sessions }))),
    );
    const { default: i18n } = await import('i18next');
    await i18n.changeLanguage('de');
    try {
      render(
        <WithQueryClient>
          <SignedInDevices />
        </WithQueryClient>,
      );
      const [laptop, script, old] = await screen.findAllByRole('listitem');
      expect(laptop!.textContent).toContain('Firefox unter Windows');
      expect(script!.textContent).toContain('curl/8.5.0 (ein Programm, kein Browser)');
      expect(script!.textContent).toContain('Lokales Netzwerk');
      expect(old!.textContent).toContain('Ort unbekannt');
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('shows a wrong current password on its field', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          json(400, {
            error: 'wrong_password',
            message: 'This is not your current password.',
            fields: [{ path: 'body.currentPassword', message: 'This is not your current password.' }],
          }),
        ),
      ),
    );
    render(
      <WithQueryClient>
        <ChangePasswordForm />
      </WithQueryClient>,
    );
    await userEvent.type(screen.getByLabelText('Current password'), 'not-mine');
    await userEvent.type(screen.getByLabelText(/New password/), 'a-long-new-password');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    const field = screen.getByLabelText('Current password');
    await vi.waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('This is not your current password.')).toBeTruthy();
  });
});
