// POST /api/admin/resellers/{id}/keys/{keyId}/revoke: calls with the key are refused from now on.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { resellerApiKeySchema } from '@boats/domain/schemas/resellers';
import { adminFetch } from '../../../shared/auth/admin-fetch';
import { resellersQueryOptions } from './get-resellers';

const revokedSchema = z.object({ key: resellerApiKeySchema });

async function revokeApiKey(resellerId: string, keyId: string) {
  return adminFetch(
    `/api/admin/resellers/${encodeURIComponent(resellerId)}/keys/${encodeURIComponent(keyId)}/revoke`,
    { method: 'POST', schema: revokedSchema },
  );
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ resellerId, keyId }: { resellerId: string; keyId: string }) =>
      revokeApiKey(resellerId, keyId),
    // Whatever the answer, the list shows what the server now has.
    onSettled: () => queryClient.invalidateQueries({ queryKey: resellersQueryOptions().queryKey }),
  });
}
