// The booking's security deposit in the back office (docs/payments.md#the-security-deposit):
// GET /api/admin/bookings/{id}/deposit with its damage claim, its actions (release, a claim for
// damage, taken at the harbour, the admin's decision on a dispute), and the return's photos a
// claim is chosen among; each action reads the deposit again.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { bookingConditionSchema } from '@boats/domain/schemas/condition';
import { depositActionAnswerSchema, depositAnswerSchema } from '@boats/domain/schemas/deposit';
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
  | { kind: 'claim'; amount: number; note: string; photos: string[] }
  | { kind: 'harbour'; method: 'cash' | 'terminal' | 'bank_transfer' }
  | { kind: 'decision'; amount: number; reason: string };

/** Where an action goes: the booking's deposit, or the admin's decision on its disputed claim. */
function actionUrl(bookingId: string, kind: DepositAction['kind']): string {
  const id = encodeURIComponent(bookingId);
  return kind === 'decision'
    ? `/api/admin/deposit-claims/${id}/decision`
    : `/api/admin/bookings/${id}/deposit/${kind}`;
}

async function runDepositAction(bookingId: string, action: DepositAction) {
  const { kind, ...body } = action;
  return adminFetch(actionUrl(bookingId, kind), {
    method: 'POST',
    ...(kind === 'release' ? {} : { body }),
    schema: depositActionAnswerSchema,
  });
}

export function useDepositAction(bookingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: DepositAction) => runDepositAction(bookingId, action),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: depositQueryOptions(bookingId).queryKey }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'deposit-claims'] }),
      ]),
  });
}

/** The return's condition record, whose photos a claim rests on (the staff's self-drive route). */
export const useReturnPhotos = (bookingId: string, enabled: boolean) =>
  useQuery({
    queryKey: ['admin', 'bookings', 'condition', bookingId] as const,
    enabled,
    queryFn: ({ signal }) =>
      adminFetch(`/api/crew/bookings/${encodeURIComponent(bookingId)}/self-drive/condition`, {
        schema: bookingConditionSchema,
        signal,
      }),
    select: (condition) => condition.return?.photos ?? [],
  });
