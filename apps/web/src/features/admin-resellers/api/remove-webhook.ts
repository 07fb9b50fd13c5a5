// DELETE /api/admin/resellers/{id}/webhooks/{webhookId}: its undelivered messages are dropped.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { resellerWebhookSchema } from '@boats/domain/schemas/resellers';
import { adminFetch } from '../../../shared/auth/admin-fetch';
import { resellersQueryOptions } from './get-resellers';

const removedSchema = z.object({ webhook: resellerWebhookSchema });

async function removeWebhook(resellerId: string, webhookId: string) {
  return adminFetch(
    `/api/admin/resellers/${encodeURIComponent(resellerId)}/webhooks/${encodeURIComponent(webhookId)}`,
    { method: 'DELETE', schema: removedSchema },
  );
}

export function useRemoveWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ resellerId, webhookId }: { resellerId: string; webhookId: string }) =>
      removeWebhook(resellerId, webhookId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: resellersQueryOptions().queryKey }),
  });
}
