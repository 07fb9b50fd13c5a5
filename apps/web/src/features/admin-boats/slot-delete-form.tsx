// Deleting a slot asks once more, in the row, and for the reason that is recorded with it. The
// server refuses a slot with paid bookings or a checkout in progress (409, shown in the banner):
// those bookings are canceled first, through the trip cancellation.
import { adminSlotDeleteSchema } from '@boats/domain/schemas/admin-slot';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../shared/ui/button';
import { Form, FormField, useZodForm } from '../../shared/ui/form';
import styles from './availability-panel.module.css';

export type SlotDeleteFormProps = {
  /** Unique per row, so the reason field's id does not clash with another row's. */
  idPrefix: string;
  onDelete: (reason: string) => Promise<unknown>;
  onKeep: () => void;
  onError: (err: unknown) => void;
};

export function SlotDeleteForm({ idPrefix, onDelete, onKeep, onError }: SlotDeleteFormProps) {
  const { t } = useTranslation('admin');
  const form = useZodForm(adminSlotDeleteSchema, { defaultValues: { reason: '' } });
  const deleting = form.formState.isSubmitting;
  return (
    <Form
      form={form}
      onSubmit={({ reason }) => onDelete(reason)}
      onError={onError}
      className={styles.confirmDelete}
      aria-label={t('slots.confirmDelete')}
    >
      <FormField
        id={`${idPrefix}-reason`}
        name="reason"
        label={t('slots.deleteReason')}
        maxLength={300}
        autoFocus
      />
      <button
        type="submit"
        className={buttonClass({ variant: 'outline', size: 'compact', tone: 'danger' })}
        disabled={deleting}
      >
        {deleting ? t('slots.deleting') : t('slots.confirmYes')}
      </button>
      <button
        type="button"
        className={buttonClass({ variant: 'secondary', size: 'compact' })}
        onClick={onKeep}
      >
        {t('slots.keep')}
      </button>
    </Form>
  );
}
