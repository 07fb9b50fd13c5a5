// The one fetch wrapper for admin calls: the access token as the bearer, and when the server
// answers 401 (the 15-minute token expired) one renewal through the refresh cookie and a retry.
// Every admin query and mutation goes through it, so token renewal lives only here.
import { apiFetch, ApiError, type RequestOptions } from '../api/http';
import { authSession } from './auth-session';

export type AdminRequestOptions<T> = Omit<RequestOptions<T>, 'token'>;

export async function adminFetch<T = unknown>(
  path: string,
  options: AdminRequestOptions<T> = {},
): Promise<T> {
  const call = (token: string | null) => apiFetch<T>(path, { ...options, token });
  try {
    return await call(authSession.getSnapshot().accessToken);
  } catch (err) {
    if (!(err instanceof ApiError) || err.status !== 401) throw err;
    const renewed = await authSession.refresh();
    if (!renewed) throw err;
    return call(renewed);
  }
}
