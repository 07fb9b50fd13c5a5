// Canceling a trip for the weather: the operator picks a standard reason (each customer reads it
// in their own language), may add an internal note (history only) and a message to customers
// (shown as it will be sent), picks what customers are offered, sees who is affected, what each
// paid and (with a choice) until when each may choose, as the server will set it, then follows
// the progress and the report.
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { formatCanaryDateTime } from '@boats/domain/canary-time';
import { formatEuros } from '@boats/domain/money';
import type { ManifestBooking } from '@boats/domain/schemas/trips';
import { TRIP_CANCEL_REASONS, tripCancelRequestSchema } from '@boats/domain/schemas/trip-cancellation';
import { currentLanguage } from '../../shared/i18n/i18n';
import { Form, FormField, useZodForm } from '../../shared/ui/form';
import { Modal } from '../../shared/ui/modal';
import { useCancellationReport, useCancelPreview, useCancelTrip } from './api/cancel-trip';
import styles from './trips.module.css';
import button from '../../shared/ui/button.module.css';
import { useAdminErrorText } from '../../shared/admin/admin-error-text';

type Props = { open: boolean; onClose: () => void; slotId: string; bookings: ManifestBooking[] };

export function WeatherCancelDialog({ open, onClose, slotId, bookings }: Props) {
  const { t } = useTranslation('trips');
  const errorText = useAdminErrorText();
  const lang = currentLanguage();
  const money = (euros: number) => formatEuros(euros, lang);
  const form = useZodForm<typeof tripCancelRequestSchema>(tripCancelRequestSchema, {
    defaultValues: { note: '', message: '', offer: 'choice' },
  });
  const cancel = useCancelTrip();
  const [started, setStarted] = useState(false);
  const report = useCancellationReport(slotId, started, cancel.isPending);
  const preview = useCancelPreview(slotId, open && !started);
  const offer = useWatch({ control: form.control, name: 'offer' });
  const reasonCode = useWatch({ control: form.control, name: 'reasonCode' });
  const message = (useWatch({ control: form.control, name: 'message' }) as string | undefined)?.trim() ?? '';
  const deadlines = new Map(preview.data?.customers.map((c) => [c.bookingId, c.choiceDeadline]));
  // Requests-to-book waiting for their owner travel on no manifest, but are canceled (and
  // e-mailed) with the trip: their card only authorized, nothing paid and nothing offered.
  const requests = preview.data?.customers.filter((c) => c.request) ?? [];
  const affected = bookings.length + requests.length;
  const total = bookings.reduce((sum, b) => sum + b.amountPaid, 0);
  const totals = report.data?.totals;

  return (
    <Modal
      open={open}
      onClose={onClose}
      title={t('cancel.title')}
      closeLabel={t('cancel.close')}
      size="medium"
    >
      {!started && (
        <Form
          form={form}
          onSubmit={async (values) => {
            setStarted(true);
            await cancel.mutateAsync({ slotId, ...values });
          }}
          onError={() => setStarted(false)}
        >
          <fieldset className={styles.offer} aria-describedby="cancel-reason-hint">
            <legend>{t('cancel.reason')}</legend>
            <p id="cancel-reason-hint" className={styles.hint}>
              {t('cancel.reasonHint')}
            </p>
            {TRIP_CANCEL_REASONS.map((code) => (
              <label key={code}>
                <input type="radio" value={code} {...form.register('reasonCode')} />{' '}
                {t(`cancel.reasons.${code}`)}
              </label>
            ))}
            {form.formState.errors.reasonCode && (
              <p role="alert" className={styles.error}>
                {t('cancel.reasonRequired')}
              </p>
            )}
          </fieldset>
          <FormField
            name="note"
            label={t('cancel.note')}
            as="textarea"
            rows={2}
            hint={t('cancel.noteHint')}
          />
          <FormField
            name="message"
            label={t('cancel.message')}
            as="textarea"
            rows={2}
            hint={t('cancel.messageHint')}
          />
          <fieldset className={styles.offer}>
            <legend>{t('cancel.offer')}</legend>
            <label>
              <input type="radio" value="choice" {...form.register('offer')} />{' '}
              {t('cancel.offerChoice', { count: preview.data?.minimumHours ?? 12 })}
            </label>
            <label>
              <input type="radio" value="refund" {...form.register('offer')} /> {t('cancel.offerRefund')}
            </label>
          </fieldset>
          <h3>{t('cancel.affected', { count: affected })}</h3>
          <ul className={styles.affected}>
            {bookings.map((b) => (
              <li key={b.bookingId}>
                {b.customerName || t('manifest.noName')} ·{' '}
                {t('card.people', { count: b.tickets.length || b.adults + b.children50 + b.kidsFree })} ·{' '}
                {money(b.amountPaid)}
                {offer === 'choice' && deadlines.has(b.bookingId) && (
                  <>
                    {' · '}
                    <strong>
                      {deadlines.get(b.bookingId)
                        ? t('cancel.choiceUntil', {
                            when: formatCanaryDateTime(deadlines.get(b.bookingId)!, lang),
                          })
                        : t('cancel.noChoice')}
                    </strong>
                  </>
                )}
              </li>
            ))}
            {requests.map((r) => (
              <li key={r.bookingId}>
                {r.customerName || t('manifest.noName')} · <strong>{t('cancel.request')}</strong>
              </li>
            ))}
          </ul>
          <p>{t('cancel.total', { amount: money(total) })}</p>
          <section className={styles.mailPreview} aria-label={t('cancel.previewTitle')}>
            <h3>{t('cancel.previewTitle')}</h3>
            <p>
              {reasonCode
                ? t('cancel.previewIntro', { reason: t(`cancel.reasons.${reasonCode}`) })
                : t('cancel.previewNoReason')}
            </p>
            {message ? <blockquote>{message}</blockquote> : <p>{t('cancel.previewNoMessage')}</p>}
          </section>
          {form.formState.errors.root?.server && (
            <p role="alert">{form.formState.errors.root.server.message}</p>
          )}
          <button type="submit" className={`${button.primary} ${styles.wide}`}>
            {t('cancel.confirm', { count: affected })}
          </button>
        </Form>
      )}
      {started && (
        <section aria-live="polite">
          <p role="status">
            {cancel.isPending
              ? t('cancel.running', {
                  done: (totals?.refunded ?? 0) + (totals?.moved ?? 0),
                  count: totals?.canceled ?? affected,
                })
              : cancel.isError
                ? errorText(cancel.error)
                : t('cancel.done')}
          </p>
          {totals && !cancel.isPending && (
            <ul>
              <li>{t('cancel.reportCanceled', { count: totals.canceled })}</li>
              <li>{t('cancel.reportRefunded', { count: totals.refunded })}</li>
              {totals.notCharged > 0 && <li>{t('cancel.reportNotCharged', { count: totals.notCharged })}</li>}
              <li>{t('cancel.reportMoved', { count: totals.moved })}</li>
              <li>{t('cancel.reportWaiting', { count: totals.waiting })}</li>
              {totals.failed > 0 && <li>{t('cancel.reportFailed', { count: totals.failed })}</li>}
            </ul>
          )}
        </section>
      )}
    </Modal>
  );
}
