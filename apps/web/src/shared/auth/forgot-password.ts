// POST /user/password/forgot: asks for a reset link. The answer is the same for every address.
import { useMutation } from '@tanstack/react-query';
import { successResponseSchema, type ForgotPassword } from '@boats/domain/schemas/staff';
import { apiFetch } from '../api/http';

async function requestPasswordReset(input: ForgotPassword): Promise<void> {
  await apiFetch('/user/password/forgot', { method: 'POST', body: input, schema: successResponseSchema });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
