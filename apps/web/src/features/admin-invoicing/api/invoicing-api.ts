// The admin's billing records (docs/invoicing.md#the-admins-records): GET /api/admin/invoicing/records
// (filtered by issuer, type and month, with the rejected records not yet corrected),
// GET /api/admin/invoicing/chain-check, GET /api/admin/invoicing/export (the month's XML, fetched
// with the bearer and handed to the browser as a file per part of 1,000 records),
// POST /api/admin/invoicing/records/{id}/correction,
// POST /api/admin/invoicing/customer-invoices/{id}/cancellation and the recipient's change
// (POST …/customer-invoices/{id}/recipient, …/commission-invoices/{id}/recipient); each asks the list
// and the check again.
import {
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  billingRecordSchema,
  billingRecordsResponseSchema,
  cancelledInvoiceSchema,
  chainCheckSchema,
  declarationResponseSchema,
  recipientChangedSchema,
  type BillingRecordView,
  type RecipientChange,
} from '@boats/domain/schemas/invoicing';
import type { BilledDocumentKind, InvoiceType } from '@boats/domain/verifactu';
import { queryString } from '../../../shared/api/http';
import { adminFetch, adminFile } from '../../../shared/auth/admin-fetch';
import { saveFile } from '../../../shared/ui/download-file';

export type RecordFilter = { issuerNif: string; invoiceType: InvoiceType | ''; month: string };

const query = (filter: Partial<RecordFilter> & { cursor?: string; part?: string }): string =>
  queryString(filter);

/**
 * The filter's records a page at a time, newest first (the first page carries the rejected
 * records and the issuers). Asked again every 30 seconds while the page is open, so an answer of
 * the AEAT (a rejection) shows without a reload; the page keeps the last answer while a changed
 * filter's is on its way.
 */
export function useBillingRecords(filter: RecordFilter) {
  return useInfiniteQuery({
    queryKey: ['admin', 'invoicing', 'records', filter] as const,
    queryFn: ({ pageParam, signal }) =>
      adminFetch(`/api/admin/invoicing/records?${query({ ...filter, cursor: pageParam ?? '' })}`, {
        schema: billingRecordsResponseSchema,
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    placeholderData: keepPreviousData,
    refetchInterval: 30_000,
  });
}

export function useChainCheck() {
  return useQuery(
    queryOptions({
      queryKey: ['admin', 'invoicing', 'chain-check'] as const,
      queryFn: ({ signal }) =>
        adminFetch('/api/admin/invoicing/chain-check', { schema: chainCheckSchema, signal }),
    }),
  );
}

/** The software's declaración responsable, as the server builds it from the system's identity. */
export function useDeclaration() {
  return useQuery(
    queryOptions({
      queryKey: ['admin', 'invoicing', 'declaration'] as const,
      queryFn: ({ signal }) =>
        adminFetch('/api/admin/invoicing/declaration', { schema: declarationResponseSchema, signal }),
      staleTime: Infinity,
    }),
  );
}

/**
 * The month's XML, one file per message of at most 1,000 records (the AEAT's limit): the first
 * answer says how many parts there are (X-Export-Parts) and the others follow, in order.
 */
export async function downloadRecordsXml(issuerNif: string, month: string): Promise<void> {
  let parts = 1;
  for (let part = 1; part <= parts; part++) {
    const file = await adminFile(
      `/api/admin/invoicing/export?${query({ issuerNif, month, part: part > 1 ? String(part) : '' })}`,
      `verifactu-${issuerNif}-${month}.xml`,
    );
    saveFile(file.blob, file.fileName);
    parts = Number(file.headers.get('x-export-parts') ?? 1);
  }
}

export function useCorrectRecord() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string): Promise<BillingRecordView> =>
      adminFetch(`/api/admin/invoicing/records/${encodeURIComponent(id)}/correction`, {
        method: 'POST',
        body: {},
        schema: billingRecordSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'invoicing'] }),
  });
}

/** Cancels a company's full invoice issued by mistake (by its document's id). */
export function useCancelCustomerInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invoiceId: string) =>
      adminFetch(`/api/admin/invoicing/customer-invoices/${encodeURIComponent(invoiceId)}/cancellation`, {
        method: 'POST',
        schema: cancelledInvoiceSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'invoicing'] }),
  });
}

/** Where a document's recipient is changed, by the kind of document its record is of. */
const RECIPIENT_PATH: Partial<Record<BilledDocumentKind, string>> = {
  customer_invoice: 'customer-invoices',
  commission_invoice: 'commission-invoices',
};

/** Whether the admin can change the recipient of a record's document here. */
export const recipientChangeable = (kind: BilledDocumentKind): boolean => kind in RECIPIENT_PATH;

/**
 * Changes the recipient's data of a document naming one: a rectifying invoice by substitution to
 * the corrected recipient (by the document's kind and id).
 */
export function useChangeRecipient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      documentKind,
      documentId,
      recipient,
    }: {
      documentKind: BilledDocumentKind;
      documentId: string;
      recipient: RecipientChange;
    }) =>
      adminFetch(
        `/api/admin/invoicing/${RECIPIENT_PATH[documentKind] ?? 'customer-invoices'}/${encodeURIComponent(documentId)}/recipient`,
        { method: 'POST', body: recipient, schema: recipientChangedSchema },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'invoicing'] }),
  });
}
