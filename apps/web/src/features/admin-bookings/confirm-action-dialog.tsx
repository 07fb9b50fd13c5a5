// Cancel and refund ask first: a reason is required (the internal note: it goes into the
// booking's history and is never e-mailed), a cancellation may carry a message to the customer
// (shown as they will read it before it is sent), and a refund's amount starts at the net
// received (the ledger's figure) and may be lower.
import { useEffect } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { AdminBooking } from '@boats/domain/schemas/booking';
import { Button } from '../../shared/ui/button';
import { Form, FormField, useZodForm } from '../../shared/ui/form';
import { DialogActions, Modal } from '../../shared/ui/modal';
import { useBookingDetails } from './api/get-booking-details';
import type { BookingActionBody } from './bookings-api';
import { bookingRef, money } from './booking-format';
import styles from './admin-bookings.module.css';

export type ConfirmActionDialogProps = {
  action: 'cancel' | 'refund';
  booking: AdminBooking;
  onConfirm: (body: BookingActionBody) => void;
  onClose: () => void;
};

const reason = z.string().trim().min(1, 'validation.required').max(500);
const message = z
  .string()
  .trim()
  .max(1000)
  .transform((v) => v || undefined);

export function ConfirmActionDialog({ action, booking, onConfirm, onClose }: ConfirmActionDialogProps) {
  const { t } = useTranslation('admin-bookings');
  const details = useBookingDetails(booking._id);
  const net = details.data?.netReceived ?? booking.payment.received - booking.payment.refunded;
  const schema = z.object({
    reason,
    message,
    amount: z.coerce
      .number('validation.number')
      .positive('validation.positive')
      .max(net, t('confirm.aboveNet', { amount: money(net) })),
  });
  const form = useZodForm(
    action === 'refund' ? schema.omit({ message: true }) : schema.pick({ reason: true, message: true }),
    { defaultValues: { reason: '', message: '', amount: String(net) } as never },
  );
  const typedMessage =
    (useWatch({ control: form.control, name: 'message' as never }) as string | undefined) ?? '';
  // The ledger's net arrives after the dialog opens: it becomes the starting amount.
  const netKnown = details.data?.netReceived;
  useEffect(() => {
    if (netKnown !== undefined && !form.getFieldState('amount' as never).isDirty)
      form.setValue('amount' as never, String(netKnown) as never);
  }, [netKnown, form]);

  return (
    <Modal
      open
      onClose={onClose}
      title={t(`confirm.${action}Title`, { ref: bookingRef(booking) })}
      closeLabel={t('details.close')}
      size="small"
    >
      <Form
        form={form}
        className={styles.confirmForm}
        onSubmit={(values: { reason: string; message?: string; amount?: number }) =>
          onConfirm(
            action === 'refund'
              ? { reason: values.reason, amount: values.amount }
              : { reason: values.reason, ...(values.message ? { message: values.message } : {}) },
          )
        }
      >
        <p>{t(`confirm.${action}Intro`)}</p>
        {action === 'refund' && (
          <FormField
            name="amount"
            label={t('confirm.amount')}
            hint={t('confirm.amountHint', { amount: money(net) })}
            type="number"
            inputMode="decimal"
            step="0.01"
            min="0.01"
          />
        )}
        <FormField
          name="reason"
          label={t(action === 'cancel' ? 'confirm.note' : 'confirm.reason')}
          hint={action === 'cancel' ? t('confirm.noteHint') : undefined}
          as="textarea"
          rows={3}
          maxLength={500}
        />
        {action === 'cancel' && (
          <>
            <FormField
              name="message"
              label={t('confirm.message')}
              hint={t('confirm.messageHint')}
              as="textarea"
              rows={3}
              maxLength={1000}
            />
            <section className={styles.mailPreview} aria-label={t('confirm.previewTitle')}>
              <h3>{t('confirm.previewTitle')}</h3>
              <p>{t('confirm.previewIntro')}</p>
              {typedMessage.trim() ? (
                <blockquote>{typedMessage.trim()}</blockquote>
              ) : (
                <p className={styles.muted}>{t('confirm.previewNoMessage')}</p>
              )}
            </section>
          </>
        )}
        <DialogActions>
          <Button type="submit">{t(`confirm.${action}Submit`)}</Button>
          <Button variant="outline" onClick={onClose}>
            {t('confirm.back')}
          </Button>
        </DialogActions>
      </Form>
    </Modal>
  );
}
