import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router-dom';
import { WithQueryClient } from '../test/with-query-client';
import { SignInDialog } from './sign-in-dialog';
import { setupTestI18n } from '../test/test-i18n';

beforeAll(setupTestI18n);

afterEach(() => vi.unstubAllGlobals());

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The session check answers 401 (nobody signed in); sign-in answers what `onAuth` returns. */
function stubServer(
  onAuth: (body: unknown) => Promise<Response>,
  onCode: (body: unknown) => Promise<Response> = () => Promise.resolve(json(404, {})),
) {
  const fetchMock = vi.fn((url: string, init?: RequestInit) => {
    if (url === '/user/refresh') return Promise.resolve(json(401, { message: 'No session' }));
    if (url === '/user/auth') return onAuth(JSON.parse(init?.body as string));
    if (url === '/user/auth/second-factor') return onCode(JSON.parse(init?.body as string));
    return Promise.resolve(json(404, {}));
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderDialog(onClose = vi.fn()) {
  render(
    <MemoryRouter>
      <WithQueryClient>
        <SignInDialog open onClose={onClose} />
      </WithQueryClient>
    </MemoryRouter>,
  );
  return onClose;
}

async function fillAndSubmit(email: string, password: string, remember = false) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  if (remember) await user.click(screen.getByLabelText('Remember me'));
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  return user;
}

describe('SignInDialog', () => {
  it('asks an account with a second factor for its code after the password, and says when it is wrong', async () => {
    stubServer(
      () => Promise.resolve(json(200, { secondFactor: 'totp', challenge: 'challenge-1' })),
      (body) =>
        Promise.resolve(
          (body as { code: string }).code === '123456'
            ? json(200, { accessToken: 'token', user: { email: 'owner@example.com', role: 'owner' } })
            : json(400, {
                error: 'second_factor_invalid',
                message: 'This code is not right, or was already used.',
                fields: [{ path: 'body.code', message: 'This code is not right, or was already used.' }],
              }),
        ),
    );
    renderDialog();
    const user = await fillAndSubmit('owner@example.com', 'secret-pass');
    const code = await screen.findByLabelText('Code or recovery code');
    await user.type(code, '654321');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(
      await screen.findByText('This code is not right, or was already used. Try the next code.'),
    ).toBeTruthy();
    await user.clear(code);
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('status')).textContent).toBe('Signed in successfully');
  });

  it('checks the email and the 6-character password before sending anything', async () => {
    const fetchMock = stubServer(() => Promise.resolve(json(200, {})));
    renderDialog();
    await fillAndSubmit('nope', '12345');
    expect(screen.getByText('Enter a valid email')).toBeTruthy();
    expect(screen.getByText('Minimum 6 characters')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url]) => url === '/user/auth')).toBe(false);
  });

  it('shows the signing-in state with the button disabled, then the success message', async () => {
    let answer: (r: Response) => void = () => {};
    const fetchMock = stubServer(() => new Promise<Response>((resolve) => (answer = resolve)));
    renderDialog();
    await fillAndSubmit('admin@example.com', 'secret-pass', true);
    const busy = await screen.findByRole('button', { name: 'Signing in…' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    // The request leaves once the answer's schema has loaded (a lazy import), maybe after the
    // button already says "Signing in…".
    const call = await vi.waitFor(() => {
      const found = fetchMock.mock.calls.find(([url]) => url === '/user/auth');
      if (!found) throw new Error('no sign-in request yet');
      return found;
    });
    expect(JSON.parse(call[1]?.body as string)).toEqual({
      email: 'admin@example.com',
      password: 'secret-pass',
      remember: true,
      language: 'en',
    });
    answer(json(200, { accessToken: 'token', user: { email: 'admin@example.com', role: 'admin' } }));
    expect((await screen.findByRole('status')).textContent).toBe('Signed in successfully');
    // The emptied password is not judged again, even when focus moves on: no field error
    // under the success message.
    expect((screen.getByLabelText('Password') as HTMLInputElement).value).toBe('');
    screen.getByLabelText('Password').focus();
    await userEvent.setup().tab();
    expect(screen.queryByText('Minimum 6 characters')).toBeNull();
  });

  it('asks for a reset link from "Forgot your password?" and answers the same for any address', async () => {
    const fetchMock = stubServer(() => Promise.resolve(json(200, {})));
    fetchMock.mockImplementation((url: string) =>
      Promise.resolve(url === '/user/password/forgot' ? json(200, { success: true }) : json(401, {})),
    );
    renderDialog();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'someone@example.com');
    await user.click(screen.getByRole('button', { name: 'Forgot your password?' }));
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('someone@example.com');
    await user.click(screen.getByRole('button', { name: 'Send the link' }));
    expect((await screen.findByRole('status')).textContent).toContain('If this address has an account');
    const call = fetchMock.mock.calls.find(([url]) => url === '/user/password/forgot');
    expect(JSON.parse(call?.[1]?.body as string)).toEqual({ email: 'someone@example.com', language: 'en' });
    await user.click(screen.getByRole('button', { name: 'Back to sign in' }));
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeTruthy();
  });

  it('speaks Spanish: its title, its fields, a refused sign-in and the success', async () => {
    const answers = [
      () => Promise.resolve(json(401, { error: 'unauthorized', message: 'Wrong email or password' })),
      () =>
        Promise.resolve(
          json(200, { accessToken: 'token', user: { email: 'admin@example.com', role: 'admin' } }),
        ),
    ];
    stubServer(() => answers.shift()!());
    await i18n.changeLanguage('es');
    try {
      renderDialog();
      expect(screen.getByRole('dialog', { name: 'Iniciar sesión' })).toBeTruthy();
      const user = userEvent.setup();
      await user.type(screen.getByLabelText('Correo electrónico'), 'admin@example.com');
      await user.type(screen.getByLabelText('Contraseña'), 'wrong-pass');
      await user.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
      expect((await screen.findByRole('alert')).textContent).toContain('Error de autenticación');
      await user.type(screen.getByLabelText('Contraseña'), 'secret-pass');
      await user.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
      expect((await screen.findByRole('status')).textContent).toBe('Inicio de sesión correcto');
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('explains a refused sign-in, a lock-out and a network failure', async () => {
    const answers = [
      () => Promise.resolve(json(401, { error: 'unauthorized', message: 'Wrong email or password' })),
      () => Promise.resolve(json(429, { error: 'rate_limited', message: 'Too many…' })),
      () => Promise.reject(new TypeError('Failed to fetch')),
    ];
    stubServer(() => answers.shift()!());
    renderDialog();
    const user = await fillAndSubmit('admin@example.com', 'wrong-pass');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Authentication error');
    expect(alert.textContent).toContain('Wrong email or password.');
    // A tourist who typed their booking's e-mail is sent to their booking, not left there.
    expect(alert.textContent).toContain('bookings have no password');
    expect(within(alert).getByRole('link', { name: 'My booking' }).getAttribute('href')).toBe(
      '/booking/manage',
    );
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByText(/Too many sign-in attempts/)).textContent).toContain(
      'wait a few minutes',
    );
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Network error. Try again later.')).toBeTruthy();
  });

  it('says who signs in, sends customers to My booking and "Create an account" to List your boat', async () => {
    stubServer(() => Promise.resolve(json(200, {})));
    renderDialog();
    expect(screen.getByText('Sign-in is for our staff and, soon, for boat owners.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'My booking' }).getAttribute('href')).toBe('/booking/manage');
    expect(screen.getByRole('link', { name: 'Create an account' }).getAttribute('href')).toBe(
      '/list-your-boat',
    );
  });

  it('shows and hides the password', async () => {
    stubServer(() => Promise.resolve(json(200, {})));
    renderDialog();
    const user = userEvent.setup();
    const password = screen.getByLabelText('Password');
    expect(password.getAttribute('type')).toBe('password');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(password.getAttribute('type')).toBe('text');
  });
});
