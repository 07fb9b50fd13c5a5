// POST /api/admin/resellers/{id}/keys: a new API key, answered whole this once.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { issuedApiKeyResponseSchema } from '@boats/domain/schemas/resellers';
import { adminFetch } from '../../../shared/auth/admin-fetch';
import { resellersQueryOptions } from './get-resellers';

async function issueApiKey(resellerId: string, label: string): Promise<{ label: string; secret: string }> {
  const issued = await adminFetch(`/api/admin/resellers/${encodeURIComponent(resellerId)}/keys`, {
    method: 'POST',
    body: { label },
    schema: issuedApiKeyResponseSchema,
  });
  return { label: issued.key.label, secret: issued.secret };
}

export function useIssueApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ resellerId, label }: { resellerId: string; label: string }) =>
      issueApiKey(resellerId, label),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: resellersQueryOptions().queryKey }),
  });
}
