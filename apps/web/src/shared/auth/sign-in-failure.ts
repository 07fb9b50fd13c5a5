// Turns a failed sign-in into the text of docs/product.md §8 in the visitor's language: network failures
// and the statuses we know get a translated text; anything else shows the server's message or
// "Login failed (status)".
import type { TFunction } from 'i18next';
import { ApiError } from '../../shared/api/http';

export function signInFailureText(err: unknown, t: TFunction<'auth'>): string {
  if (!(err instanceof ApiError)) return t('networkError');
  if (err.status === 0) return t('networkError');
  if (err.status === 401) return t('invalidCredentials');
  if (err.status === 429) return t('tooManyAttempts');
  if (err.status === 400) return t('invalidInput');
  return err.body && err.message ? err.message : t('loginFailed', { status: err.status });
}
