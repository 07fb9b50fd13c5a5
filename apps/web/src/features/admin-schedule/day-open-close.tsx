// Closes (bad weather ahead, boat in the yard) or reopens every slot of a boat on one day. The
// day is checked with the `date` of the route's own params schema, and a refusal of it by the
// server shows under the field.
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { addDays, canaryDateKey } from '@boats/domain/canary-time';
import { dayStateParams } from '@boats/domain/schemas/schedule';
import { Form, FormError, FormField, useZodForm } from '../../shared/ui/form';
import { useSetDayOpen } from './api/set-day-open';
import styles from './schedule.module.css';
import button from '../../shared/ui/button.module.css';

const dayFormSchema = dayStateParams.pick({ date: true });

export function DayOpenClose({ boatId }: { boatId: string }) {
  const { t } = useTranslation('schedule');
  const form = useZodForm(dayFormSchema, {
    defaultValues: { date: addDays(canaryDateKey(new Date()), 1) },
  });
  const day = useSetDayOpen();
  // Which of the two submit buttons was pressed (its click comes before the form's submit).
  const opening = useRef(false);
  return (
    <Form
      form={form}
      className={styles.form}
      onSubmit={({ date }) => day.mutateAsync({ boatId, date, isOpen: opening.current })}
    >
      <FormField name="date" label={t('day.date')} type="date" />
      <div className={styles.row}>
        {[false, true].map((isOpen) => (
          <button
            key={String(isOpen)}
            type="submit"
            className={button.outline}
            disabled={form.formState.isSubmitting}
            onClick={() => {
              opening.current = isOpen;
            }}
          >
            {t(isOpen ? 'day.open' : 'day.close')}
          </button>
        ))}
      </div>
      {day.isSuccess && (
        <p role="status">
          {t(day.variables.isOpen ? 'day.opened' : 'day.closed', { count: day.data.updated })}
          {day.variables.isOpen && day.data.canceled > 0 && (
            <> {t('day.canceledStayClosed', { count: day.data.canceled })}</>
          )}
        </p>
      )}
      <FormError />
    </Form>
  );
}
