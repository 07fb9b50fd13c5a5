// The data a page was drawn with on the server travels inside it (<script id="page-data">,
// written by apps/server/src/http/server-rendered-pages.ts) and goes into the query cache under
// the keys the app's own queries use, before the page is hydrated: the first render in the
// browser draws what the server drew (no second render, no loading cards), and the fleet is not
// asked for again while it is fresh (docs/performance.md#the-booking-page-drawn-on-the-server).
// The legal pages carry the operator they name the same way.
import type { QueryClient } from '@tanstack/react-query';
import type { Boat } from '@boats/domain/schemas/boat';
import type { OperatorIdentity } from '@boats/domain/schemas/operator';
import { boatsFromPage, boatsQueryOptions } from '../shared/api/get-boats';
import { OPERATOR_QUERY_KEY } from '../shared/api/operator-query-key';
import { createQueryClient } from '../shared/api/query-client';

const PAGE_DATA_ID = 'page-data';

/** A query client holding what the page was drawn with. */
export function seededQueryClient(data: { boats?: Boat[]; operator?: OperatorIdentity }): QueryClient {
  const client = createQueryClient();
  if (data.boats) client.setQueryData(boatsQueryOptions().queryKey, data.boats);
  if (data.operator) client.setQueryData(OPERATOR_QUERY_KEY, data.operator);
  return client;
}

/**
 * The browser's query client, with the page's data when the page carries some, as the server
 * wrote it: the fleet, its descriptions (HTML) sanitised as an answer fetched from /api/boats is
 * (shared/api/get-boats.ts), and the operator's identity, plain text that React escapes like the
 * page's own. Neither is checked again against its schema, which would bring zod and the schemas
 * into the page's start.
 */
export async function pageQueryClient(): Promise<QueryClient> {
  const text = document.getElementById(PAGE_DATA_ID)?.textContent;
  if (!text) return createQueryClient();
  try {
    const data = JSON.parse(text) as { boats?: unknown; operator?: OperatorIdentity };
    const boats = data.boats ? await boatsFromPage(data.boats) : undefined;
    return seededQueryClient({ boats, operator: data.operator });
  } catch {
    // Data the app cannot read is asked for again; the page is drawn afresh where it differs.
    return createQueryClient();
  }
}
