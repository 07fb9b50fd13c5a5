// POST /api/admin/staff/{id}/disable: switches an account off (its sessions end) or on again.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffAccountResponseSchema, type StaffAccount } from '@boats/domain/schemas/staff';
import { adminFetch } from '../../../shared/auth/admin-fetch';
import { staffQueryOptions } from './get-staff';

async function setStaffDisabled(id: string, disabled: boolean): Promise<StaffAccount> {
  return (
    await adminFetch(`/api/admin/staff/${encodeURIComponent(id)}/disable`, {
      method: 'POST',
      body: { disabled },
      schema: staffAccountResponseSchema,
    })
  ).account;
}

export function useSetStaffDisabled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, disabled }: { id: string; disabled: boolean }) => setStaffDisabled(id, disabled),
    // Whatever the answer, the list shows what the server now has.
    onSettled: () => queryClient.invalidateQueries({ queryKey: staffQueryOptions().queryKey }),
  });
}
