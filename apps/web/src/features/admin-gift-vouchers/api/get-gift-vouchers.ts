// GET /api/admin/gift-vouchers?q=&status=&cursor= (admin only): the vouchers sold, newest first,
// a page at a time behind a cursor, with their redemptions.
import { useInfiniteQuery } from '@tanstack/react-query';
import { adminGiftVouchersPageSchema, type AdminGiftVouchersPage } from '@boats/domain/schemas/gift-vouchers';
import type { VoucherStatus } from '@boats/domain/gift-vouchers';
import { adminFetch } from '../../../shared/auth/admin-fetch';

export type GiftVouchersFilter = { q?: string | undefined; status?: VoucherStatus | undefined };

function getGiftVouchers(
  filter: GiftVouchersFilter,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<AdminGiftVouchersPage> {
  const query = new URLSearchParams();
  if (filter.q) query.set('q', filter.q);
  if (filter.status) query.set('status', filter.status);
  if (cursor) query.set('cursor', cursor);
  return adminFetch(`/api/admin/gift-vouchers?${query.toString()}`, {
    schema: adminGiftVouchersPageSchema,
    signal,
  });
}

export function useGiftVouchers(filter: GiftVouchersFilter) {
  return useInfiniteQuery({
    queryKey: ['admin', 'gift-vouchers', filter] as const,
    queryFn: ({ pageParam, signal }) => getGiftVouchers(filter, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    // Vouchers are spent while the admin looks: a filter shown before is asked again.
    staleTime: 0,
    select: (data) => data.pages.flatMap((page) => page.items),
  });
}
