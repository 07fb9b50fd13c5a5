// POST /api/admin/resellers/{id}/webhook-secret: a new signing secret, shown this once.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { webhookSecretResponseSchema } from '@boats/domain/schemas/resellers';
import { adminFetch } from '../../../shared/auth/admin-fetch';
import { resellersQueryOptions } from './get-resellers';

async function rotateWebhookSecret(resellerId: string) {
  return adminFetch(`/api/admin/resellers/${encodeURIComponent(resellerId)}/webhook-secret`, {
    method: 'POST',
    schema: webhookSecretResponseSchema,
  });
}

export function useRotateWebhookSecret() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ resellerId }: { resellerId: string }) => rotateWebhookSecret(resellerId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: resellersQueryOptions().queryKey }),
  });
}
