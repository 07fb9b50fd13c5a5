// Admin calls carry the access token as the bearer. When the server answers 401 (the 15-minute
// token expired), the token is renewed once through the refresh cookie and the call retried.
import { useCallback, useEffect, useRef } from 'react';
import { useAuth } from '../auth/auth-context';
import { apiFetch, ApiError, type RequestOptions } from '../api/http';

/** Runs `call` with `token`; on a 401 renews the token once and runs it again. */
export async function withFreshToken<T>(
  token: string | null,
  refresh: () => Promise<string | null>,
  call: (token: string | null) => Promise<T>,
): Promise<T> {
  try {
    return await call(token);
  } catch (err) {
    if (!(err instanceof ApiError) || err.status !== 401) throw err;
    const renewed = await refresh();
    if (!renewed) throw err;
    return call(renewed);
  }
}

export type FreshTokenCall = <T>(call: (token: string | null) => Promise<T>) => Promise<T>;

/**
 * `withFreshToken` with the signed-in admin's current token. The function keeps its identity
 * when the token is renewed, so effects that depend on it do not fetch again on every renewal.
 */
export function useFreshTokenCall(): FreshTokenCall {
  const { accessToken, refresh } = useAuth();
  const tokenRef = useRef(accessToken);
  useEffect(() => {
    tokenRef.current = accessToken;
  }, [accessToken]);
  return useCallback<FreshTokenCall>((call) => withFreshToken(tokenRef.current, refresh, call), [refresh]);
}

export type AdminFetch = <T>(path: string, options?: Omit<RequestOptions<T>, 'token'>) => Promise<T>;

/** apiFetch for admin calls, with the bearer token and one renewal on 401. */
export function useAdminFetch(): AdminFetch {
  const withToken = useFreshTokenCall();
  return useCallback<AdminFetch>(
    <T>(path: string, options: Omit<RequestOptions<T>, 'token'> = {}) =>
      withToken((token) => apiFetch<T>(path, { ...options, token })),
    [withToken],
  );
}
