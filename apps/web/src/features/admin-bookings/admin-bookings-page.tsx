// /admin/bookings (spec §2): month, filters, KPI tiles, the table with its actions, "load
// more" and the details modal. The admin guard of AdminLayout keeps it closed to others.
import { addMonths, canaryMonthRange, canaryYearMonth } from '@boats/domain/canary-time';
import type { BookingStatus } from '@boats/domain/booking-status';
import type { AdminBooking } from '@boats/domain/schemas/booking';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../shared/api/http';
import { AdminLayout } from '../../shared/admin/admin-layout';
import { useBookingAction } from './api/booking-action';
import { fetchBookingsCsv, type BookingAction, type BookingsFilter } from './bookings-api';
import { useBookings } from './api/get-bookings';
import { BookingDetailsModal } from './booking-details-modal';
import { BookingsKpiTiles } from './bookings-kpis';
import { BookingsTable } from './bookings-table';
import { BookingsToolbar } from './bookings-toolbar';
import styles from './admin-bookings.module.css';

export default function AdminBookingsPage() {
  const { t } = useTranslation('admin-bookings');
  return (
    <AdminLayout title={t('title')}>
      <BookingsScreen />
    </AdminLayout>
  );
}

function BookingsScreen() {
  const { t } = useTranslation('admin-bookings');
  const [month, setMonth] = useState(() => canaryYearMonth(new Date()));
  const [status, setStatus] = useState<BookingStatus | ''>('');
  const [type, setType] = useState<'private' | 'shared' | ''>('');
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  const [sort, setSort] = useState<'asc' | 'desc'>('asc');
  const [openId, setOpenId] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);

  const filter = useMemo<BookingsFilter>(() => {
    const range = canaryMonthRange(month.year, month.month);
    return { start: range.start.toISOString(), end: range.end.toISOString(), status, type, q, sort };
  }, [month, status, type, q, sort]);

  const list = useBookings(filter);
  const items = useMemo(() => list.data?.items ?? [], [list.data]);
  const action = useBookingAction();
  // The modal shows the row as it is now, so an action taken meanwhile shows up there too.
  const open: AdminBooking | null = items.find((b) => b._id === openId) ?? null;
  const busyId = action.isPending ? action.variables.booking._id : null;

  const apply = () => {
    if (search.trim() === q) void list.refetch();
    else setQ(search.trim());
  };

  const onAction = (kind: BookingAction, booking: AdminBooking) => {
    action.reset();
    action.mutate({ action: kind, booking });
  };

  const exportCsv = async () => {
    setExporting(true);
    setExportError(null);
    try {
      const { blob, fileName } = await fetchBookingsCsv(filter);
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = fileName;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    } catch (err) {
      setExportError(errorText(err));
    } finally {
      setExporting(false);
    }
  };

  const loading = list.isPending;
  const error =
    (action.error && errorText(action.error)) ||
    (list.error && errorText(list.error)) ||
    (list.isFetchNextPageError ? errorText(list.error) : null) ||
    exportError;
  return (
    <>
      <BookingsToolbar
        month={month}
        onMonth={(delta) => setMonth((m) => addMonths(m.year, m.month, delta))}
        status={status}
        onStatus={setStatus}
        type={type}
        onType={setType}
        search={search}
        onSearch={setSearch}
        onApply={apply}
        sort={sort}
        onSort={setSort}
        exportDisabled={loading || items.length === 0}
        exporting={exporting}
        onExport={() => void exportCsv()}
      />

      {error && (
        <div role="alert" className={styles.error}>
          {error}
        </div>
      )}

      <BookingsKpiTiles kpis={list.data?.kpis ?? null} />

      {loading ? (
        <p role="status" className={styles.muted}>
          {t('loading')}
        </p>
      ) : items.length === 0 ? (
        <p className={styles.empty}>{t('empty')}</p>
      ) : (
        <>
          <p className={styles.muted}>{t('shown', { shown: items.length, total: list.data?.total ?? 0 })}</p>
          <BookingsTable items={items} busyId={busyId} onOpen={(b) => setOpenId(b._id)} onAction={onAction} />
          {list.hasNextPage && (
            <button
              type="button"
              className={styles.secondary}
              onClick={() => void list.fetchNextPage()}
              disabled={list.isFetchingNextPage}
            >
              {list.isFetchingNextPage ? t('loading') : t('loadMore')}
            </button>
          )}
        </>
      )}

      <BookingDetailsModal
        booking={open}
        onClose={() => setOpenId(null)}
        busy={open !== null && busyId === open._id}
        onAction={onAction}
      />
    </>
  );
}
