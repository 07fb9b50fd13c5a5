// State of the admin bookings page: the applied filter, the loaded pages, the KPI tiles and
// the row actions. A new filter replaces the list; "load more" appends the next cursor page.
import { useCallback, useEffect, useState } from 'react';
import type { AdminBooking, BookingsKpis } from '@boats/domain/schemas/booking';
import { errorText } from '../../shared/api/http';
import { useFreshTokenCall } from '../../shared/admin/use-admin-fetch';
import { fetchBookingsPage, runBookingAction, type BookingAction, type BookingsFilter } from './bookings-api';

export type BookingsState = {
  items: AdminBooking[];
  total: number;
  kpis: BookingsKpis | null;
  nextCursor: string | null;
  /** The request the state answers; while it differs from the current one, the list is loading. */
  loadedKey: string;
  loadingMore: boolean;
  error: string | null;
  /** The booking id whose action is running. */
  busyId: string | null;
};

export function useAdminBookings(filter: BookingsFilter) {
  const [state, setState] = useState<BookingsState>({
    items: [],
    total: 0,
    kpis: null,
    nextCursor: null,
    loadedKey: '',
    loadingMore: false,
    error: null,
    busyId: null,
  });
  const [reloadKey, setReloadKey] = useState(0);
  const key = `${JSON.stringify(filter)}#${reloadKey}`;

  // Keeps its identity when the token is renewed, so a renewal does not refetch the list.
  const call = useFreshTokenCall();

  useEffect(() => {
    const controller = new AbortController();
    call((token) => fetchBookingsPage(filter, null, token, controller.signal))
      .then((page) =>
        setState((s) => ({
          ...s,
          items: page.items,
          total: page.total,
          kpis: page.kpis,
          nextCursor: page.nextCursor,
          loadedKey: key,
          error: null,
        })),
      )
      .catch((err: unknown) => {
        if ((err as Error).name === 'AbortError') return;
        setState((s) => ({
          ...s,
          items: [],
          total: 0,
          kpis: null,
          nextCursor: null,
          loadedKey: key,
          error: errorText(err),
        }));
      });
    return () => controller.abort();
  }, [filter, call, key]);

  const loadMore = useCallback(() => {
    const cursor = state.nextCursor;
    if (!cursor) return;
    setState((s) => ({ ...s, loadingMore: true, error: null }));
    call((token) => fetchBookingsPage(filter, cursor, token))
      .then((page) =>
        setState((s) => {
          // The filter changed meanwhile: this page belongs to a list no longer shown.
          if (s.loadedKey !== key) return { ...s, loadingMore: false };
          const known = new Set(s.items.map((b) => b._id));
          return {
            ...s,
            items: [...s.items, ...page.items.filter((b) => !known.has(b._id))],
            total: page.total,
            kpis: page.kpis,
            nextCursor: page.nextCursor,
            loadingMore: false,
          };
        }),
      )
      .catch((err: unknown) => setState((s) => ({ ...s, loadingMore: false, error: errorText(err) })));
  }, [state.nextCursor, filter, call, key]);

  /** Runs a row action; on success the row becomes the booking the server answers. */
  const act = useCallback(
    async (action: BookingAction, id: string): Promise<AdminBooking | null> => {
      setState((s) => ({ ...s, busyId: id, error: null }));
      try {
        const updated = await call((token) => runBookingAction(action, id, token));
        setState((s) => ({ ...s, busyId: null, items: s.items.map((b) => (b._id === id ? updated : b)) }));
        // The tiles cover the whole filter, so ask the server for them again (one row is enough).
        void call((token) => fetchBookingsPage(filter, null, token, undefined, 1))
          .then((page) => setState((s) => ({ ...s, kpis: page.kpis, total: page.total })))
          .catch(() => undefined);
        return updated;
      } catch (err) {
        setState((s) => ({ ...s, busyId: null, error: errorText(err) }));
        return null;
      }
    },
    [call, filter],
  );

  const reload = useCallback(() => setReloadKey((k) => k + 1), []);

  return { ...state, loading: state.loadedKey !== key, loadMore, act, reload, call };
}
