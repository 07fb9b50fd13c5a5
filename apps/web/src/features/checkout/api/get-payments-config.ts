// GET /api/payments/config: which card form the payment step shows (sandbox or Stripe).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchPaymentsConfig } from '../checkout-api';

export const paymentsConfigQueryOptions = () =>
  queryOptions({ queryKey: ['payments-config'] as const, queryFn: fetchPaymentsConfig, staleTime: Infinity });

export function usePaymentsConfig() {
  return useQuery(paymentsConfigQueryOptions());
}
