// GET /api/operator: the company that runs the site, named on the legal pages. It only changes
// with the server's configuration, so one answer serves the whole visit.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { operatorIdentitySchema, type OperatorIdentity } from '@boats/domain/schemas/operator';
import { apiFetch } from '../../../shared/api/http';

function getOperator(signal?: AbortSignal): Promise<OperatorIdentity> {
  return apiFetch('/api/operator', { schema: operatorIdentitySchema, signal });
}

const operatorQueryOptions = () =>
  queryOptions({
    queryKey: ['operator'],
    queryFn: ({ signal }) => getOperator(signal),
    staleTime: Infinity,
  });

export const useOperator = () => useQuery(operatorQueryOptions());
