import { render, screen, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WithQueryClient } from '../test/with-query-client';
import { useAuth } from './auth-context';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

function Who() {
  const { user, restoring } = useAuth();
  return <p>{restoring ? 'restoring' : (user?.email ?? 'nobody')}</p>;
}

describe('AuthProvider', () => {
  it('restores the session with a single refresh call, even under StrictMode', async () => {
    // A second call with the same (rotated) refresh token would make the server revoke the session.
    const fetchMock = vi.fn(() =>
      Promise.resolve(
        new Response(
          JSON.stringify({ accessToken: 't', user: { email: 'admin@example.com', role: 'admin' } }),
          {
            status: 200,
          },
        ),
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    localStorage.setItem('app.session', '1');
    render(
      <StrictMode>
        <WithQueryClient>
          <Who />
        </WithQueryClient>
      </StrictMode>,
    );
    await waitFor(() => expect(screen.getByText('admin@example.com')).toBeTruthy());
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('makes no refresh call for a browser that never signed in here', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    render(
      <WithQueryClient>
        <Who />
      </WithQueryClient>,
    );
    await waitFor(() => expect(screen.getByText('nobody')).toBeTruthy());
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('ends up signed out, and forgets the hint, when the session is over', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response('{"message":"No session"}', { status: 401 }))),
    );
    localStorage.setItem('app.session', '1');
    render(
      <WithQueryClient>
        <Who />
      </WithQueryClient>,
    );
    await waitFor(() => expect(screen.getByText('nobody')).toBeTruthy());
    expect(localStorage.getItem('app.session')).toBeNull();
  });
});
