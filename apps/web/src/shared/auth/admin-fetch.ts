// The one place admin calls get their token: the access token as the bearer, and when the server
// answers 401 (the 15-minute token expired) one renewal through the refresh cookie and a retry.
// Every admin query and mutation goes through it.
import { apiFetch, ApiError, type RequestOptions } from '../api/http';
import { authSession } from './auth-session';

export type AdminRequestOptions<T> = Omit<RequestOptions<T>, 'token'>;

/** Runs `call` with the current token; on a 401 renews the token once and runs it again. */
export async function withAdminToken<T>(call: (token: string | null) => Promise<T>): Promise<T> {
  try {
    return await call(authSession.getSnapshot().accessToken);
  } catch (err) {
    if (!(err instanceof ApiError) || err.status !== 401) throw err;
    const renewed = await authSession.refresh();
    if (!renewed) throw err;
    return call(renewed);
  }
}

/** apiFetch for admin calls. */
export function adminFetch<T = unknown>(path: string, options: AdminRequestOptions<T> = {}): Promise<T> {
  return withAdminToken((token) => apiFetch<T>(path, { ...options, token }));
}
