// The account's own password and sign-in address (server: modules/account/account-routes.ts); both
// ask for the second factor again when it is older than 10 minutes (adminFetch's step-up).
import { useMutation } from '@tanstack/react-query';
import {
  changeEmailResponseSchema,
  successResponseSchema,
  type ChangeEmail,
  type ChangePassword,
} from '@boats/domain/schemas/staff';
import { adminFetch } from '../../../shared/auth/admin-fetch';

export function useChangePassword() {
  return useMutation({
    mutationFn: (input: ChangePassword) =>
      adminFetch('/api/account/password', { method: 'POST', body: input, schema: successResponseSchema }),
  });
}

export function useChangeEmail() {
  return useMutation({
    mutationFn: async (input: ChangeEmail) =>
      (
        await adminFetch('/api/account/email', {
          method: 'POST',
          body: input,
          schema: changeEmailResponseSchema,
        })
      ).email,
  });
}
