// POST /user/password/reset: the new password, with the one-time token of the e-mailed link.
import { useMutation } from '@tanstack/react-query';
import { successResponseSchema, type ResetPassword } from '@boats/domain/schemas/staff';
import { apiFetch } from '../../../shared/api/http';

async function resetPassword(input: ResetPassword): Promise<void> {
  await apiFetch('/user/password/reset', { method: 'POST', body: input, schema: successResponseSchema });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
