// Taking an owner or a boat off the site asks first (docs/back-office.md#safe-admin-actions): the
// dialog lists the paid bookings whose trip is still ahead and makes whoever decides choose what
// becomes of them, served as booked or canceled and refunded in full, before the step is taken;
// and it lists the open requests to book ahead, which the step declines (nothing was charged).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { formatCanaryDateTime } from '@boats/domain/canary-time';
import { formatEuros } from '@boats/domain/money';
import {
  UPCOMING_FATES,
  upcomingBookingsResponseSchema,
  type UpcomingFate,
} from '@boats/domain/schemas/upcoming-bookings';
import { adminFetch } from '../auth/admin-fetch';
import { useLanguage } from '../i18n/use-language';
import { Banner } from '../ui/banner';
import { Button } from '../ui/button';
import { DialogActions, Modal } from '../ui/modal';
import { PageLoading } from '../ui/page-loading';
import { useAdminErrorText } from './admin-error-text';
import styles from './upcoming-bookings-dialog.module.css';

export function UpcomingBookingsDialog({
  title,
  intro,
  upcomingUrl,
  confirmLabel,
  reasonLabel,
  cancelLabel,
  busy,
  error,
  onConfirm,
  onClose,
}: {
  title: string;
  intro: string;
  /** GET …/upcoming-bookings of the owner or boat. */
  upcomingUrl: string;
  confirmLabel: string;
  /** When given, a field for why, which the one taken off the site reads (a suspension's e-mail). */
  reasonLabel?: string;
  /** What canceling does, when it is not only a refund (a suspension offers another owner's boat). */
  cancelLabel?: string;
  busy: boolean;
  /** The step's refusal, said in the dialog. */
  error: unknown;
  onConfirm: (fate: UpcomingFate, reason: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('admin');
  const lang = useLanguage();
  const errorText = useAdminErrorText();
  const upcoming = useQuery({
    queryKey: ['admin', 'upcoming-bookings', upcomingUrl],
    queryFn: ({ signal }) => adminFetch(upcomingUrl, { schema: upcomingBookingsResponseSchema, signal }),
  });
  const [fate, setFate] = useState<UpcomingFate | null>(null);
  const [reason, setReason] = useState('');
  const items = upcoming.data?.items ?? [];
  const requests = upcoming.data?.requests ?? [];
  // With bookings ahead nothing happens until their fate is chosen; without, "serve" changes nothing.
  const chosen = items.length === 0 ? 'serve' : fate;
  return (
    <Modal open onClose={onClose} title={title} closeLabel={t('upcoming.back')} size="medium">
      <p>{intro}</p>
      {upcoming.isPending && <PageLoading />}
      {upcoming.isError && <Banner tone="error">{errorText(upcoming.error)}</Banner>}
      {upcoming.isSuccess && items.length === 0 && requests.length === 0 && <p>{t('upcoming.none')}</p>}
      {requests.length > 0 && (
        <>
          <p>{t('upcoming.requests', { count: requests.length })}</p>
          <ul className={styles.bookings} aria-label={t('upcoming.requestsLabel')}>
            {requests.map((r) => (
              <li key={r._id}>
                {t('upcoming.requestLine', {
                  when: formatCanaryDateTime(r.startsAt, lang),
                  reference: r.reference,
                  boat: r.boatTitle,
                  customer: r.customerName,
                  count: r.people,
                })}
              </li>
            ))}
          </ul>
        </>
      )}
      {items.length > 0 && (
        <>
          <p>{t('upcoming.count', { count: items.length })}</p>
          <ul className={styles.bookings} aria-label={t('upcoming.listLabel')}>
            {items.map((b) => (
              <li key={b._id}>
                {t('upcoming.line', {
                  when: formatCanaryDateTime(b.startsAt, lang),
                  reference: b.reference,
                  boat: b.boatTitle,
                  customer: b.customerName,
                  count: b.people,
                  paid: formatEuros(b.paid, lang),
                })}
              </li>
            ))}
          </ul>
          <fieldset className={styles.fates}>
            <legend>{t('upcoming.question')}</legend>
            {UPCOMING_FATES.map((f) => (
              <label key={f} className={styles.choice}>
                <input
                  type="radio"
                  name="upcoming"
                  value={f}
                  checked={fate === f}
                  onChange={() => setFate(f)}
                />
                {f === 'cancel_and_refund' && cancelLabel ? cancelLabel : t(`upcoming.fate.${f}`)}
              </label>
            ))}
          </fieldset>
        </>
      )}
      {reasonLabel && (
        <label className={styles.reason}>
          {reasonLabel}
          <textarea value={reason} maxLength={1000} rows={3} onChange={(e) => setReason(e.target.value)} />
        </label>
      )}
      {error != null && <Banner tone="error">{errorText(error)}</Banner>}
      <DialogActions>
        <Button
          variant="outline"
          tone="danger"
          disabled={busy || !upcoming.isSuccess || chosen === null}
          onClick={() => chosen && onConfirm(chosen, reason.trim())}
        >
          {confirmLabel}
        </Button>
        <Button variant="outline" onClick={onClose}>
          {t('upcoming.back')}
        </Button>
      </DialogActions>
    </Modal>
  );
}
