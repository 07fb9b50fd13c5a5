// /admin/bookings (docs/product.md §2): month, filters, KPI tiles, the table with its actions, "load
// more" and the details modal. The admin guard of AdminLayout keeps it closed to others.
import { addMonths, canaryMonthRange, canaryYearMonth } from '@boats/domain/canary-time';
import type { AdminBooking } from '@boats/domain/schemas/booking';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAdminErrorText } from '../../shared/admin/admin-error-text';
import { AdminLayout } from '../../shared/admin/admin-layout';
import { currentLanguage } from '../../shared/i18n/i18n';
import { Banner } from '../../shared/ui/banner';
import { Button } from '../../shared/ui/button';
import { EmptyCard } from '../../shared/ui/card';
import { useBookingAction } from './api/booking-action';
import { ConfirmActionDialog } from './confirm-action-dialog';
import { GoodwillRefundDialog } from './goodwill-refund-dialog';
import { fetchBookingsCsv, type BookingAction, type BookingsFilter } from './bookings-api';
import { useBookings } from './api/get-bookings';
import { BookingDetailsModal } from './booking-details-modal';
import { BookingsKpiTiles } from './bookings-kpis';
import { BookingRequests, type AnsweredRequest } from './booking-requests';
import { BookingsTable } from './bookings-table';
import { BookingsToolbar, type BookingsFilterValues } from './bookings-toolbar';
import styles from './admin-bookings.module.css';
import { useCsvFormat } from './csv-format';
import { DisputedClaims } from './disputed-claims';
import { saveFile } from '../../shared/ui/download-file';

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
  const errorText = useAdminErrorText();
  const [month, setMonth] = useState(() => canaryYearMonth(new Date()));
  const [chosen, setChosen] = useState<Pick<BookingsFilter, 'status' | 'type' | 'channel' | 'q' | 'sort'>>({
    status: '',
    type: '',
    channel: '',
    q: '',
    // What an operator opens the list for: the trips ahead, soonest on top; the past below.
    sort: 'upcoming',
  });
  const [openId, setOpenId] = useState<string | null>(null);
  // Requests answered on this page, newest first: each says what was done and where the booking
  // now is, since an answered request leaves the panel and is often in another month.
  const [answered, setAnswered] = useState<AnsweredRequest[]>([]);
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);
  const csvFormat = useCsvFormat(currentLanguage());

  // A search looks in every month (a reference from an e-mail, a phone number): the month
  // chosen applies again once the search is cleared.
  const searching = chosen.q.trim() !== '';
  const filter = useMemo<BookingsFilter>(() => {
    if (searching) return { start: '', end: '', ...chosen };
    const range = canaryMonthRange(month.year, month.month);
    return { start: range.start.toISOString(), end: range.end.toISOString(), ...chosen };
  }, [month, chosen, searching]);

  const list = useBookings(filter);
  const items = useMemo(() => list.data?.items ?? [], [list.data]);
  const action = useBookingAction();
  // The modal shows the row as it is now, so an action taken meanwhile shows up there too.
  const open: AdminBooking | null = items.find((b) => b._id === openId) ?? null;
  const busyId = action.isPending ? action.variables.booking._id : null;
  const busyAction = action.isPending ? action.variables.action : null;

  // Applying the filter shown asks the server again (new bookings may have come in).
  const apply = (values: BookingsFilterValues) => {
    const next: typeof chosen = {
      status: values.status ?? '',
      type: values.type ?? '',
      channel: values.channel ?? '',
      q: values.q ?? '',
      sort: values.sort,
    };
    if (Object.entries(next).every(([key, value]) => chosen[key as keyof typeof chosen] === value))
      void list.refetch();
    else setChosen(next);
  };

  // Cancel and refund wait for the confirmation dialog; confirm runs at once.
  const [asking, setAsking] = useState<{ action: 'cancel' | 'refund'; booking: AdminBooking } | null>(null);
  // A goodwill refund asks in its own dialog, which shows the server's answer itself.
  const [gesture, setGesture] = useState<AdminBooking | null>(null);
  const onAction = (kind: BookingAction, booking: AdminBooking) => {
    action.reset();
    if (kind === 'confirm') action.mutate({ action: kind, booking });
    else setAsking({ action: kind, booking });
  };

  const exportCsv = async () => {
    setExporting(true);
    setExportError(null);
    try {
      const { blob, fileName } = await fetchBookingsCsv(
        filter,
        csvFormat.format.language,
        csvFormat.format.separator,
      );
      saveFile(blob, fileName);
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
    <div className={styles.screen}>
      <DisputedClaims />
      <BookingsToolbar
        month={month}
        everyMonth={searching}
        onMonth={(delta) => setMonth((m) => addMonths(m.year, m.month, delta))}
        filter={chosen}
        onApply={apply}
        listError={list.error}
        exportDisabled={loading || items.length === 0}
        exporting={exporting}
        csvFormat={csvFormat}
        onExport={() => void exportCsv()}
      />

      {/* A search shows what it found, not the requests beside it. */}
      {!searching && (
        <BookingRequests
          answered={answered}
          onAnswered={(done) => setAnswered((before) => [done, ...before])}
          onShowMonth={setMonth}
        />
      )}

      {error && (
        <div className={styles.notice}>
          <Banner tone="error">{error}</Banner>
        </div>
      )}

      <BookingsKpiTiles kpis={list.data?.kpis ?? null} />

      {loading ? (
        <p role="status" className={styles.muted}>
          {t('loading')}
        </p>
      ) : items.length === 0 ? (
        <EmptyCard>{t('empty')}</EmptyCard>
      ) : (
        <>
          <p className={styles.muted}>{t('shown', { shown: items.length, total: list.data?.total ?? 0 })}</p>
          <BookingsTable
            items={items}
            busyId={busyId}
            busyAction={busyAction}
            onOpen={(b) => setOpenId(b._id)}
            onAction={onAction}
          />
          {list.hasNextPage && (
            <Button
              variant="outline"
              size="compact"
              onClick={() => void list.fetchNextPage()}
              disabled={list.isFetchingNextPage}
            >
              {list.isFetchingNextPage ? t('loading') : t('loadMore')}
            </Button>
          )}
        </>
      )}

      <BookingDetailsModal
        booking={open}
        onClose={() => setOpenId(null)}
        busy={open !== null && busyId === open._id}
        busyAction={busyAction}
        onAction={onAction}
        onGoodwill={(booking) => {
          action.reset();
          setGesture(booking);
        }}
      />
      {gesture && <GoodwillRefundDialog booking={gesture} onClose={() => setGesture(null)} />}
      {asking && (
        <ConfirmActionDialog
          action={asking.action}
          booking={asking.booking}
          onClose={() => setAsking(null)}
          onConfirm={(body) => {
            action.mutate({ action: asking.action, booking: asking.booking, body });
            setAsking(null);
          }}
        />
      )}
    </div>
  );
}
