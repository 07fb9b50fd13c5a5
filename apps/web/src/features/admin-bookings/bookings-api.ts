// Calls of the admin bookings page (docs/product.md §7), through the one admin fetch wrapper (token and
// renewal). The queries and the action mutation that use them live in api/.
import type { CsvSeparator } from '@boats/domain/csv';
import {
  adminBookingSchema,
  bookingsPageSchema,
  type AdminBooking,
  type BookingsPage,
  type BookingsSort,
} from '@boats/domain/schemas/booking';
import type { BookingChannel } from '@boats/domain/booking-channel';
import type { BookingStatus } from '@boats/domain/booking-status';
import { adminFetch, adminFile, type AdminFile } from '../../shared/auth/admin-fetch';
import type { LanguageCode } from '@boats/domain/languages';

export type BookingsFilter = {
  start: string;
  end: string;
  status: BookingStatus | '';
  type: 'private' | 'shared' | '';
  channel: BookingChannel | '';
  q: string;
  sort: BookingsSort;
};

/** The query string of a filter; empty parameters are left out (docs/product.md §7). */
function bookingsQueryString(filter: BookingsFilter, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams();
  const entries: [string, string][] = [
    ['start', filter.start],
    ['end', filter.end],
    ['status', filter.status],
    ['type', filter.type],
    ['channel', filter.channel],
    ['q', filter.q.trim()],
    ['sort', filter.sort],
    ...Object.entries(extra),
  ];
  for (const [key, value] of entries) if (value) params.set(key, value);
  return params.toString();
}

const BOOKINGS_PAGE_LIMIT = 50;

export function fetchBookingsPage(
  filter: BookingsFilter,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<BookingsPage> {
  const query = bookingsQueryString(filter, {
    limit: String(BOOKINGS_PAGE_LIMIT),
    ...(cursor ? { cursor } : {}),
  });
  return adminFetch(`/checkout/bookings?${query}`, { schema: bookingsPageSchema, signal });
}

export type BookingAction = 'confirm' | 'cancel' | 'refund';

/** Why a booking is canceled or refunded, and for a refund how much (euros; default: all). */
/** `reason`: the internal note (history only); `message`: a cancellation's words to the customer. */
export type BookingActionBody = { reason: string; message?: string; amount?: number };

export function runBookingAction(
  action: BookingAction,
  id: string,
  body?: BookingActionBody,
): Promise<AdminBooking> {
  const path = `/api/admin/bookings/${encodeURIComponent(id)}`;
  if (action === 'confirm') {
    return adminFetch(path, { method: 'PATCH', body: { status: 'confirmed' }, schema: adminBookingSchema });
  }
  return adminFetch(`${path}/${action}`, { method: 'POST', body: body ?? {}, schema: adminBookingSchema });
}

/** The server's CSV of the whole filter, in the language the operator reads the back office in. */
export function fetchBookingsCsv(
  filter: BookingsFilter,
  lang: LanguageCode,
  separator: CsvSeparator,
): Promise<AdminFile> {
  const query = bookingsQueryString(filter, { lang, separator });
  return adminFile(`/api/admin/bookings/export.csv?${query}`, 'bookings.csv');
}
