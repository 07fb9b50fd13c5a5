// The booking's security deposit in the back office (docs/payments.md#the-security-deposit):
// GET /api/admin/bookings/{id}/deposit, and its three actions (release, keep for damage, taken at
// the harbour); each action reads the deposit again.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  depositActionAnswerSchema,
  depositAnswerSchema,
  type DepositView,
} from '@boats/domain/schemas/deposit';
import { adminFetch } from '../../../shared/auth/admin-fetch';

const depositQueryOptions = (bookingId: string) =>
  queryOptions({
    queryKey: ['admin', 'bookings', 'deposit', bookingId] as const,
    queryFn: ({ signal }) =>
      adminFetch(`/api/admin/bookings/${encodeURIComponent(bookingId)}/deposit`, {
        schema: depositAnswerSchema,
        signal,
      }),
  });

export const useDeposit = (bookingId: string) => useQuery(depositQueryOptions(bookingId));

export type DepositAction =
  | { kind: 'release' }
  | { kind: 'capture'; amount: number; reason: string }
  | { kind: 'harbour'; method: 'cash' | 'terminal' | 'bank_transfer' };

async function runDepositAction(bookingId: string, action: DepositAction): Promise<DepositView> {
  const { kind, ...body } = action;
  const answer = await adminFetch(`/api/admin/bookings/${encodeURIComponent(bookingId)}/deposit/${kind}`, {
    method: 'POST',
    ...(kind === 'release' ? {} : { body }),
    schema: depositActionAnswerSchema,
  });
  return answer.deposit;
}

export function useDepositAction(bookingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: DepositAction) => runDepositAction(bookingId, action),
    onSettled: () => queryClient.invalidateQueries({ queryKey: depositQueryOptions(bookingId).queryKey }),
  });
}
