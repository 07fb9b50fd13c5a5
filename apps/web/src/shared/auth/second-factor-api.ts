// The second factor's calls (server: modules/auth/second-factor-routes.ts). A pending sign-in
// names its challenge; a signed-in account goes through adminFetch (its bearer and renewal).
import {
  authResponseSchema,
  secondFactorConfirmResponseSchema,
  secondFactorSetupResponseSchema,
  secondFactorStatusSchema,
  type AuthResponse,
  type SecondFactorConfirmation,
  type SecondFactorSetup,
  type SecondFactorStatus,
} from '@boats/domain/schemas/auth';
import { successResponseSchema } from '@boats/domain/schemas/staff';
import { apiFetch } from '../api/http';
import { adminFetch } from './admin-fetch';

/** Completes a sign-in with the authenticator's code or a recovery code. */
export function sendSignInCode(challenge: string, code: string): Promise<AuthResponse> {
  return apiFetch('/user/auth/second-factor', {
    method: 'POST',
    body: { challenge, code },
    schema: authResponseSchema,
  });
}

/** A new secret to scan, for the pending sign-in (challenge) or the signed-in account. */
export function startTotpSetup(challenge?: string): Promise<SecondFactorSetup> {
  const options = { method: 'POST' as const, schema: secondFactorSetupResponseSchema };
  return challenge
    ? apiFetch('/user/second-factor/setup', { ...options, body: { challenge } })
    : adminFetch('/user/second-factor/setup', { ...options, body: {} });
}

/** Turns the app on with its first code: the ten recovery codes (and the pending sign-in's session). */
export function confirmTotpSetup(code: string, challenge?: string): Promise<SecondFactorConfirmation> {
  const options = { method: 'POST' as const, schema: secondFactorConfirmResponseSchema };
  return challenge
    ? apiFetch('/user/second-factor/confirm', { ...options, body: { challenge, code } })
    : adminFetch('/user/second-factor/confirm', { ...options, body: { code } });
}

export function secondFactorStatus(): Promise<SecondFactorStatus> {
  return adminFetch('/user/second-factor', { schema: secondFactorStatusSchema });
}

/** Proves the second factor again for this session (step-up). */
export async function stepUp(code: string): Promise<void> {
  await adminFetch('/user/step-up', { method: 'POST', body: { code }, schema: successResponseSchema });
}
