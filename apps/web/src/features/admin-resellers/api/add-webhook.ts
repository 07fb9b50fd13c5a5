// POST /api/admin/resellers/{id}/webhooks: where the reseller is told of changes made on our side;
// the reseller's first webhook answers its signing secret, this once.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { addedWebhookResponseSchema } from '@boats/domain/schemas/resellers';
import { adminFetch } from '../../../shared/auth/admin-fetch';
import { resellersQueryOptions } from './get-resellers';

async function addWebhook(resellerId: string, url: string) {
  return adminFetch(`/api/admin/resellers/${encodeURIComponent(resellerId)}/webhooks`, {
    method: 'POST',
    body: { url },
    schema: addedWebhookResponseSchema,
  });
}

export function useAddWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ resellerId, url }: { resellerId: string; url: string }) => addWebhook(resellerId, url),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: resellersQueryOptions().queryKey }),
  });
}
