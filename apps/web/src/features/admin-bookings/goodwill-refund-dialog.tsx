// "Refund part as a goodwill gesture" on a booking that sails or sailed (docs/back-office.md,
// docs/payments.md#goodwill-refunds): how much (at most what the booking can give back as a
// gesture: before the trip a cent less than it holds, since all of it is a cancellation) and why,
// in words the customer reads in the refund's e-mail. The server's refusals land on the fields
// (a 400) or above the button (a 409, a step-up); once it went through, the result is shown.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { goodwillMaxCents } from '@boats/domain/goodwill-refund';
import { centsToEuros, eurosToCents } from '@boats/domain/money';
import { isUpcomingStatus } from '@boats/domain/booking-status';
import { goodwillRefundBodySchema, type AdminBooking } from '@boats/domain/schemas/booking';
import { Button } from '../../shared/ui/button';
import { Form, FormError, FormField, useZodForm } from '../../shared/ui/form';
import { DialogActions, Modal } from '../../shared/ui/modal';
import { useBookingAction } from './api/booking-action';
import { useBookingDetails } from './api/get-booking-details';
import { bookingRef, money, moneyOf } from './booking-format';
import styles from './admin-bookings.module.css';

export type GoodwillRefundDialogProps = {
  booking: AdminBooking;
  onClose: () => void;
};

export function GoodwillRefundDialog({ booking, onClose }: GoodwillRefundDialogProps) {
  const { t } = useTranslation('admin-bookings');
  const details = useBookingDetails(booking._id);
  const action = useBookingAction();
  const [done, setDone] = useState<{ amount: number; booking: AdminBooking } | null>(null);
  // What the booking holds: the ledger's net once read, the row's figures until then.
  const held = details.data?.netReceived ?? moneyOf(booking).net;
  const max = centsToEuros(goodwillMaxCents(booking.status, eurosToCents(held)));
  const sails = isUpcomingStatus(booking.status);
  const schema = goodwillRefundBodySchema.extend({
    amount: z.coerce
      .number('validation.number')
      .positive('validation.positive')
      .max(max, t('goodwill.aboveMax', { amount: money(max) })),
  });
  const form = useZodForm(schema, { defaultValues: { amount: '', reason: '' } as never });

  return (
    <Modal
      open
      onClose={onClose}
      title={t('goodwill.title', { ref: bookingRef(booking) })}
      closeLabel={t('details.close')}
      size="small"
    >
      {done ? (
        <div className={styles.confirmForm}>
          <p role="status">
            {t('goodwill.done', { amount: money(done.amount), held: money(moneyOf(done.booking).net) })}
          </p>
          {sails && <p>{t('goodwill.stands')}</p>}
          <DialogActions>
            <Button onClick={onClose}>{t('details.close')}</Button>
          </DialogActions>
        </div>
      ) : (
        <Form
          form={form}
          className={styles.confirmForm}
          onSubmit={async (values: { amount: number; reason: string }) => {
            const updated = await action.mutateAsync({
              action: 'refund',
              booking,
              body: { amount: values.amount, reason: values.reason },
            });
            setDone({ amount: values.amount, booking: updated });
          }}
        >
          <p>{t(sails ? 'goodwill.introSails' : 'goodwill.introSailed', { held: money(held) })}</p>
          <FormField
            name="amount"
            label={t('confirm.amount')}
            hint={t(sails ? 'goodwill.amountHintSails' : 'goodwill.amountHint', { amount: money(max) })}
            type="number"
            inputMode="decimal"
            step="0.01"
            min="0.01"
            max={String(max)}
          />
          <FormField
            name="reason"
            label={t('goodwill.reason')}
            hint={t('goodwill.reasonHint')}
            as="textarea"
            rows={3}
            maxLength={500}
          />
          <FormError />
          <DialogActions>
            <Button type="submit" disabled={action.isPending}>
              {action.isPending ? t('action.pending.refund') : t('goodwill.submit')}
            </Button>
            <Button variant="outline" onClick={onClose}>
              {t('confirm.back')}
            </Button>
          </DialogActions>
        </Form>
      )}
    </Modal>
  );
}
