// Passkeys in the browser (docs/security.md#second-factor-and-step-up): the server's one-time
// options go to navigator.credentials through @simplewebauthn/browser, and its answer back to
// the server (modules/auth/passkey-routes.ts). A sign-in names the password's challenge when
// the passkey is the second factor; without one the passkey signs in alone.
import {
  browserSupportsWebAuthn,
  startAuthentication,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { authResponseSchema, passkeyOptionsSchema, type AuthResponse } from '@boats/domain/schemas/auth';
import { successResponseSchema } from '@boats/domain/schemas/staff';
import { apiFetch } from '../api/http';
import { currentLanguage } from '../i18n/i18n';
import { adminFetch } from './admin-fetch';

export const passkeysAvailable = (): boolean => browserSupportsWebAuthn();

/** The browser's passkey prompt for the server's options. */
async function assertion(options: Record<string, unknown>) {
  return startAuthentication({ optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON });
}

/** Signs in with a passkey: alone, or after the password (its challenge). */
export async function signInWithPasskey(challenge?: string, remember = false): Promise<AuthResponse> {
  const { options } = await apiFetch('/user/passkeys/options', {
    method: 'POST',
    body: challenge ? { purpose: 'second-factor', challenge } : { purpose: 'sign-in' },
    schema: passkeyOptionsSchema,
  });
  const response = await assertion(options);
  return apiFetch('/user/auth/passkey', {
    method: 'POST',
    body: { response, ...(challenge ? { challenge } : { remember, language: currentLanguage() }) },
    schema: authResponseSchema,
  });
}

/** Proves the second factor again for this session with a passkey (step-up). */
export async function stepUpWithPasskey(): Promise<void> {
  const { options } = await adminFetch('/user/passkeys/options', {
    method: 'POST',
    body: { purpose: 'step-up' },
    schema: passkeyOptionsSchema,
  });
  const response = await assertion(options);
  await adminFetch('/user/step-up/passkey', {
    method: 'POST',
    body: { response },
    schema: successResponseSchema,
  });
}
