// GET /api/admin/earnings/month: the platform's month (gross sales, refunds, fees, owners' shares,
// paid out, owed), the sum of every owner's statement.
import { useQuery } from '@tanstack/react-query';
import { platformMonthSchema } from '@boats/domain/schemas/invoices';
import { adminFetch } from '../../../shared/auth/admin-fetch';

export function usePlatformMonth(period: string) {
  return useQuery({
    queryKey: ['admin', 'payouts', 'month', period] as const,
    queryFn: ({ signal }) =>
      adminFetch(`/api/admin/earnings/month?period=${encodeURIComponent(period)}`, {
        schema: platformMonthSchema,
        signal,
      }),
  });
}
