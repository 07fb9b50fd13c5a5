// Passkeys in the sign-in dialog and the step-up dialog: without the password, after it (the
// server's challenge goes with the answer), for step-up, and the browser's prompt closed.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router-dom';
import { WithQueryClient } from '../test/with-query-client';
import { setupTestI18n } from '../test/test-i18n';
import { serverOptions, stubPasskeyBrowser } from '../test/passkey-browser';
import { SignInDialog } from './sign-in-dialog';
import { StepUpDialog } from './second-factor';
import { stepUpPrompt } from './step-up';

beforeAll(setupTestI18n);

let browser: ReturnType<typeof stubPasskeyBrowser>;
afterEach(() => browser.restore());

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const session = { accessToken: 'token', user: { email: 'owner@example.com', role: 'owner' } };

function stubServer(answers: Record<string, (body: Record<string, unknown>) => Response>) {
  const fetchMock = vi.fn((url: string, init?: RequestInit) => {
    const answer = answers[url];
    if (answer) return Promise.resolve(answer(JSON.parse((init?.body as string | undefined) ?? '{}')));
    return Promise.resolve(json(401, { message: 'No session' }));
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const bodyOf = (fetchMock: ReturnType<typeof stubServer>, url: string) =>
  JSON.parse(fetchMock.mock.calls.find(([u]) => u === url)![1]!.body as string) as Record<string, unknown>;

function renderDialog() {
  render(
    <MemoryRouter>
      <WithQueryClient>
        <SignInDialog open onClose={vi.fn()} />
      </WithQueryClient>
    </MemoryRouter>,
  );
}

describe('passkeys at sign-in', () => {
  it('signs in with a passkey alone, without the password', async () => {
    browser = stubPasskeyBrowser();
    const fetchMock = stubServer({
      '/user/passkeys/options': () => json(200, serverOptions()),
      '/user/auth/passkey': () => json(200, session),
    });
    renderDialog();
    await userEvent.click(screen.getByRole('button', { name: 'Use a passkey' }));
    expect((await screen.findByRole('status')).textContent).toBe('Signed in successfully');
    expect(bodyOf(fetchMock, '/user/passkeys/options')).toEqual({ purpose: 'sign-in' });
    expect(browser.get).toHaveBeenCalledTimes(1);
    expect(bodyOf(fetchMock, '/user/auth/passkey')).toMatchObject({
      response: { id: 'Y3JlZC0x', type: 'public-key' },
      remember: false,
      language: 'en',
    });
  });

  it('answers the password’s challenge with the passkey of an account that has only passkeys', async () => {
    browser = stubPasskeyBrowser();
    const fetchMock = stubServer({
      '/user/auth': () => json(200, { secondFactor: 'passkey', passkey: true, challenge: 'challenge-1' }),
      '/user/passkeys/options': () =>
        json(200, serverOptions({ allowCredentials: [{ id: 'Y3JlZC0x', type: 'public-key' }] })),
      '/user/auth/passkey': () => json(200, session),
    });
    renderDialog();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'owner@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret-pass');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(
      await screen.findByText('Confirm with your passkey: your phone or computer asks for its lock.'),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Use a passkey' }));
    expect((await screen.findByRole('status')).textContent).toBe('Signed in successfully');
    expect(bodyOf(fetchMock, '/user/passkeys/options')).toEqual({
      purpose: 'second-factor',
      challenge: 'challenge-1',
    });
    expect(bodyOf(fetchMock, '/user/auth/passkey')).toMatchObject({ challenge: 'challenge-1' });
  });

  it('says so when the browser’s prompt closes without a passkey, and when the server refuses it', async () => {
    browser = stubPasskeyBrowser();
    browser.get.mockRejectedValueOnce(
      new DOMException('The operation either timed out or was not allowed.', 'NotAllowedError'),
    );
    stubServer({
      '/user/passkeys/options': () => json(200, serverOptions()),
      '/user/auth/passkey': () =>
        json(400, { error: 'passkey_invalid', message: 'This passkey was not accepted. Please try again.' }),
    });
    renderDialog();
    await userEvent.click(screen.getByRole('button', { name: 'Use a passkey' }));
    expect(
      await screen.findByText('No passkey was used. Try again when your device asks for it.'),
    ).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Use a passkey' }));
    expect(
      await screen.findByText('This passkey was not accepted. Try again, or use another way to sign in.'),
    ).toBeTruthy();
  });

  it('proves the factor again with a passkey when an act asks for step-up', async () => {
    browser = stubPasskeyBrowser();
    const fetchMock = stubServer({
      '/user/passkeys/options': () => json(200, serverOptions()),
      '/user/step-up/passkey': () => json(200, { success: true }),
    });
    render(<StepUpDialog />);
    const proved = stepUpPrompt.ask();
    await userEvent.click(await screen.findByRole('button', { name: 'Use a passkey' }));
    await expect(proved).resolves.toBe(true);
    expect(bodyOf(fetchMock, '/user/passkeys/options')).toEqual({ purpose: 'step-up' });
  });
});
