// The disputed damage claims waiting for the admin (docs/decisions/0040):
// GET /api/admin/deposit-claims, the soonest to lapse first. The admin alone: an owner is refused.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { disputedClaimsAnswerSchema } from '@boats/domain/schemas/deposit';
import { adminFetch } from '../../../shared/auth/admin-fetch';

const disputedClaimsQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'deposit-claims'] as const,
    queryFn: ({ signal }) =>
      adminFetch('/api/admin/deposit-claims', { schema: disputedClaimsAnswerSchema, signal }),
  });

export const useDisputedClaims = (enabled: boolean) => useQuery({ ...disputedClaimsQueryOptions(), enabled });
