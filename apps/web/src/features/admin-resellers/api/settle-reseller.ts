// POST /api/admin/resellers/{id}/settlements: money the reseller paid against its account.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { adminFetch } from '../../../shared/auth/admin-fetch';

const settledSchema = z.object({ settlementId: z.string(), balance: z.number() });

async function settleReseller(id: string, amount: number, note: string) {
  return adminFetch(`/api/admin/resellers/${encodeURIComponent(id)}/settlements`, {
    method: 'POST',
    body: { amount, ...(note ? { note } : {}) },
    schema: settledSchema,
  });
}

export function useSettleReseller() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, amount, note }: { id: string; amount: number; note: string }) =>
      settleReseller(id, amount, note),
    // Every month of the reseller shows what the server now has.
    onSettled: (_data, _error, { id }) =>
      queryClient.invalidateQueries({ queryKey: ['admin', 'resellers', id, 'statement'] }),
  });
}
