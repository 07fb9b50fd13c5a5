// The page the reset e-mail links to, as the person who asked for it meets it: the token leaves
// the address bar at once, the button says it is saving while the server works, a good password
// ends on "changed" with a way to sign in, and a used or expired link says so in plain words.
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BrowserRouter } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setupTestI18n } from '../../shared/test/test-i18n';
import { WithQueryClient } from '../../shared/test/with-query-client';
import ResetPasswordPage from './reset-password-page';

beforeAll(setupTestI18n);
afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function openFromEmail(hash: string) {
  window.history.replaceState(null, '', `/reset-password${hash}`);
  render(
    <WithQueryClient>
      <BrowserRouter>
        <ResetPasswordPage />
      </BrowserRouter>
    </WithQueryClient>,
  );
}

describe('reset password page', () => {
  it('takes the token out of the address, says Saving… while the server works, then offers to sign in', async () => {
    let answer: (r: Response) => void = () => {};
    const fetch = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
    vi.stubGlobal('fetch', fetch);
    openFromEmail('#token=one-time-token-from-the-email-0123');
    expect(window.location.hash).toBe('');

    const user = userEvent.setup();
    await user.type(screen.getByLabelText('New password'), 'a-long-new-password');
    await user.click(screen.getByRole('button', { name: 'Save the new password' }));
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Saving…' }).disabled).toBe(true);
    const sent = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(sent[0]).toBe('/user/password/reset');
    expect(JSON.parse(sent[1].body as string)).toEqual({
      token: 'one-time-token-from-the-email-0123',
      password: 'a-long-new-password',
    });

    answer(json(200, { success: true }));
    expect(await screen.findByText('Your password has been changed.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in' })).toBeTruthy();
  });

  it('says a used or expired link plainly, and asks for 12 characters before sending', async () => {
    const fetch = vi.fn(() =>
      Promise.resolve(
        json(400, {
          error: 'reset_link_invalid',
          message: 'This reset link is invalid, expired or already used.',
          fields: [{ path: 'body.token', message: 'invalid or expired' }],
        }),
      ),
    );
    vi.stubGlobal('fetch', fetch);
    openFromEmail('#token=used-token-from-an-older-email-0123');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('New password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Save the new password' }));
    expect(fetch).not.toHaveBeenCalled();

    await user.clear(screen.getByLabelText('New password'));
    await user.type(screen.getByLabelText('New password'), 'a-long-new-password');
    await user.click(screen.getByRole('button', { name: 'Save the new password' }));
    expect(
      await screen.findByText('This link has expired or was already used. Ask for a new one.'),
    ).toBeTruthy();
  });

  it('says a link cut short is not valid, without calling the server', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    openFromEmail('#token=cut-short');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('New password'), 'a-long-new-password');
    await user.click(screen.getByRole('button', { name: 'Save the new password' }));
    expect(
      await screen.findByText('This link has expired or was already used. Ask for a new one.'),
    ).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('keeps the link when the page is drawn again after the token left the address bar', () => {
    vi.stubGlobal('fetch', vi.fn());
    openFromEmail('#token=one-time-token-from-the-email-0123');
    expect(window.location.hash).toBe('');
    cleanup();
    render(
      <WithQueryClient>
        <BrowserRouter>
          <ResetPasswordPage />
        </BrowserRouter>
      </WithQueryClient>,
    );
    expect(screen.getByLabelText('New password')).toBeTruthy();
    expect(screen.queryByText(/This page needs the link from the e-mail/)).toBeNull();
  });

  it('without a token, says the page needs the link from the e-mail', () => {
    openFromEmail('');
    expect(screen.getByText(/This page needs the link from the e-mail/)).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
