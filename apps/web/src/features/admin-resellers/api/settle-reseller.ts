// POST /api/admin/resellers/{id}/settlements: money the reseller paid against its account.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { adminFetch } from '../../../shared/auth/admin-fetch';

const settledSchema = z.object({ settlementId: z.string(), balance: z.number() });

type Settlement = { id: string; amount: number; note: string; receivedOn: string };

async function settleReseller({ id, amount, note, receivedOn }: Settlement) {
  return adminFetch(`/api/admin/resellers/${encodeURIComponent(id)}/settlements`, {
    method: 'POST',
    body: { amount, receivedOn, ...(note ? { note } : {}) },
    schema: settledSchema,
  });
}

export function useSettleReseller() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: settleReseller,
    // Every month of the reseller shows what the server now has.
    onSettled: (_data, _error, { id }) =>
      queryClient.invalidateQueries({ queryKey: ['admin', 'resellers', id, 'statement'] }),
  });
}
