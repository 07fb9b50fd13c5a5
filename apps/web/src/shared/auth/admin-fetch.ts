// The one place admin calls get their token: the access token as the bearer, and when the server
// answers 401 (the 15-minute token expired) one renewal through the refresh cookie and a retry;
// when it answers 403 `step_up_required` (an act that moves money or power, step-up.ts), the
// code is asked for and the call made again. Every admin query and mutation goes through it.
import { STEP_UP_REQUIRED } from '@boats/domain/schemas/auth';
import { apiFetch, ApiError, toApiError, type RequestOptions } from '../api/http';
import { authSession } from './auth-session';
import { stepUpPrompt } from './step-up';

export type AdminRequestOptions<T> = Omit<RequestOptions<T>, 'token'>;

/** Runs `call` with the current token; on a 401 renews the token once and runs it again. */
async function withFreshToken<T>(call: (token: string | null) => Promise<T>): Promise<T> {
  try {
    return await call(authSession.getSnapshot().accessToken);
  } catch (err) {
    if (!(err instanceof ApiError) || err.status !== 401) throw err;
    const renewed = await authSession.refresh();
    if (!renewed) throw err;
    return call(renewed);
  }
}

/** withFreshToken, and once more after the second factor was proved again when the server asks. */
async function withAdminToken<T>(call: (token: string | null) => Promise<T>): Promise<T> {
  try {
    return await withFreshToken(call);
  } catch (err) {
    if (!(err instanceof ApiError) || err.status !== 403 || err.code !== STEP_UP_REQUIRED) throw err;
    if (!(await stepUpPrompt.ask())) throw err;
    return withFreshToken(call);
  }
}

/** apiFetch for admin calls. */
export function adminFetch<T = unknown>(path: string, options: AdminRequestOptions<T> = {}): Promise<T> {
  return withAdminToken((token) => apiFetch<T>(path, { ...options, token }));
}

/**
 * A file the server makes for an admin (a CSV, an XML export): its bytes, the name the server
 * proposes and the answer's headers (an export in parts says how many there are).
 */
export type AdminFile = { blob: Blob; fileName: string; headers: Headers };

/**
 * GET of a file through the same token and renewal as every admin call; a refusal throws the
 * ApiError apiFetch would (code, fields, details), a lost network `Network error`.
 */
export function adminFile(path: string, fallbackName: string): Promise<AdminFile> {
  return withAdminToken(async (token) => {
    let response: Response;
    try {
      response = await fetch(path, {
        headers: token ? { authorization: `Bearer ${token}` } : {},
        credentials: 'include',
      });
    } catch {
      throw new ApiError(0, 'Network error', '');
    }
    if (!response.ok) throw toApiError(response.status, await response.text());
    const disposition = response.headers.get('content-disposition') ?? '';
    const fileName = /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? fallbackName;
    return { blob: await response.blob(), fileName, headers: response.headers };
  });
}
