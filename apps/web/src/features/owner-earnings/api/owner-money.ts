// An owner's money (docs/payments.md#from-a-card-to-an-owners-bank): GET /api/owner/earnings,
// /api/owner/payouts and /api/owner/statement, and POST /api/owner/payouts/account for the bank details. An owner reads
// their own; the platform admin names the owner (`ownerId`) and picks them from GET
// /api/admin/payouts, which lists every owner with a balance.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  adminPayoutsResponseSchema,
  ownerEarningsResponseSchema,
  ownerPayoutsResponseSchema,
  ownerStatementResponseSchema,
  payoutAccountResponseSchema,
  payoutHoldSchema,
  payoutRunResponseSchema,
} from '@boats/domain/schemas/payouts';
import { adminFetch } from '../../../shared/auth/admin-fetch';

/** `?ownerId=` for the admin's calls; nothing for an owner's own. */
const whose = (ownerId: string | null) => (ownerId ? `?ownerId=${encodeURIComponent(ownerId)}` : '');

/** The owner (the admin's calls) and the month, as a query string. */
function query(ownerId: string | null, month: string | null): string {
  const params = new URLSearchParams();
  if (ownerId) params.set('ownerId', ownerId);
  if (month) params.set('month', month);
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The balance, the months with earnings and one month's lines (the latest when `month` is null). */
export function useOwnerEarnings(ownerId: string | null, month: string | null) {
  return useQuery({
    queryKey: ['owner', 'earnings', ownerId, month] as const,
    queryFn: ({ signal }) =>
      adminFetch(`/api/owner/earnings${query(ownerId, month)}`, {
        schema: ownerEarningsResponseSchema,
        signal,
      }),
    // Another month keeps the page (balance, picker) on screen while its lines load.
    placeholderData: keepPreviousData,
  });
}

/** One month's statement: its lines and its payouts with theirs. */
export function useOwnerStatement(ownerId: string | null, month: string) {
  return useQuery({
    queryKey: ['owner', 'statement', ownerId, month] as const,
    queryFn: ({ signal }) =>
      adminFetch(`/api/owner/statement${query(ownerId, month)}`, {
        schema: ownerStatementResponseSchema,
        signal,
      }),
  });
}

export function useOwnerPayouts(ownerId: string | null) {
  return useQuery({
    queryKey: ['owner', 'payouts', ownerId] as const,
    queryFn: ({ signal }) =>
      adminFetch(`/api/owner/payouts${whose(ownerId)}`, { schema: ownerPayoutsResponseSchema, signal }),
  });
}

/** Every owner with a balance, for the admin's choice of whose money to read. */
export function usePayoutOwners(enabled: boolean) {
  return useQuery({
    queryKey: ['admin', 'payouts'] as const,
    queryFn: ({ signal }) => adminFetch('/api/admin/payouts', { schema: adminPayoutsResponseSchema, signal }),
    enabled,
  });
}

/** The payout account, and the provider's page for the bank details when it has one. */
export function usePayoutAccount(ownerId: string | null) {
  const refresh = useRefreshMoney();
  return useMutation({
    mutationFn: () =>
      adminFetch(`/api/owner/payouts/account${whose(ownerId)}`, {
        method: 'POST',
        schema: payoutAccountResponseSchema,
      }),
    // A change of bank details holds the payouts: the page says until when.
    onSuccess: refresh,
  });
}

/** After a run or a hold, every balance and payout on screen is asked for again. */
function useRefreshMoney() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: ['admin', 'payouts'] });
    void queryClient.invalidateQueries({ queryKey: ['owner'] });
  };
}

/** POST /api/admin/payouts/run: pays every payable balance now, as the scheduled job does. */
export function useRunPayouts() {
  const refresh = useRefreshMoney();
  return useMutation({
    mutationFn: () =>
      adminFetch('/api/admin/payouts/run', { method: 'POST', schema: payoutRunResponseSchema }),
    onSettled: refresh,
  });
}

/** POST /api/admin/payouts/owners/{id}/hold: runs leave this owner's balance while on hold. */
export function useHoldPayouts() {
  const refresh = useRefreshMoney();
  return useMutation({
    mutationFn: ({ ownerId, onHold }: { ownerId: string; onHold: boolean }) =>
      adminFetch(`/api/admin/payouts/owners/${encodeURIComponent(ownerId)}/hold`, {
        method: 'POST',
        body: { onHold },
        schema: payoutHoldSchema,
      }),
    onSettled: refresh,
  });
}
