// GET /api/payments/config: which card form the payment step shows (sandbox or Stripe).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { paymentsConfigSchema, type PaymentsConfig } from '@boats/domain/schemas/payments-config';
import { apiFetch } from './http';

export type { PaymentsConfig };

function fetchPaymentsConfig(): Promise<PaymentsConfig> {
  return apiFetch('/api/payments/config', { schema: paymentsConfigSchema });
}

export const paymentsConfigQueryOptions = () =>
  queryOptions({ queryKey: ['payments-config'] as const, queryFn: fetchPaymentsConfig, staleTime: Infinity });

export function usePaymentsConfig() {
  return useQuery(paymentsConfigQueryOptions());
}
