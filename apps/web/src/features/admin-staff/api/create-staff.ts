// POST /api/admin/staff: a new admin or crew account; the list is asked again.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffAccountResponseSchema, type StaffAccount, type StaffCreate } from '@boats/domain/schemas/staff';
import { adminFetch } from '../../../shared/auth/admin-fetch';
import { staffQueryOptions } from './get-staff';

async function createStaff(input: StaffCreate): Promise<StaffAccount> {
  return (
    await adminFetch('/api/admin/staff', { method: 'POST', body: input, schema: staffAccountResponseSchema })
  ).account;
}

export function useCreateStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createStaff,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffQueryOptions().queryKey }),
  });
}
