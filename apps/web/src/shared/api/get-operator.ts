// GET /api/operator: the company that runs the site, named on the legal pages. It only changes
// with the server's configuration, so one answer serves the whole visit. The server draws the
// legal pages with it and they carry it (app/page-data.ts seeds this query with it), so a legal
// page asks for it only when it was not drawn so.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { operatorIdentitySchema, type OperatorIdentity } from '@boats/domain/schemas/operator';
import { apiFetch } from './http';
import { OPERATOR_QUERY_KEY } from './operator-query-key';

function getOperator(signal?: AbortSignal): Promise<OperatorIdentity> {
  return apiFetch('/api/operator', { schema: operatorIdentitySchema, signal });
}

const operatorQueryOptions = () =>
  queryOptions({
    queryKey: OPERATOR_QUERY_KEY,
    queryFn: ({ signal }) => getOperator(signal),
    staleTime: Infinity,
  });

export const useOperator = () => useQuery(operatorQueryOptions());
