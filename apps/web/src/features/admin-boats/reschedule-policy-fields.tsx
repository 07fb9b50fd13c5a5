// The boat's own reschedule policy, or the site default (domain reschedule-policy): whether a
// customer may move their booking to another trip themselves, until how many hours before
// departure, how many times, and at what fee.
import { useTranslation } from 'react-i18next';
import { useFormContext, useWatch } from 'react-hook-form';
import { DEFAULT_RESCHEDULE_POLICY } from '@boats/domain/reschedule-policy';
import { FormField } from '../../shared/ui/form';
import type { BoatDraft } from './boat-draft';
import styles from './boat-form.module.css';

export function ReschedulePolicyFields() {
  const { t } = useTranslation('admin');
  const { control, register } = useFormContext<BoatDraft>();
  const own = useWatch({ control, name: 'rescheduleOwn' });
  const allowed = useWatch({ control, name: 'rescheduleAllowed' });
  const number = (min: number, step = '1') => ({
    type: 'number',
    inputMode: step === '1' ? ('numeric' as const) : ('decimal' as const),
    min,
    step,
  });

  return (
    <>
      <label className={styles.check}>
        <input type="checkbox" {...register('rescheduleOwn')} />
        {t('editor.rescheduleOwn')}
      </label>
      {!own ? (
        <p className={styles.hint}>
          {t('editor.rescheduleDefault', {
            hours: DEFAULT_RESCHEDULE_POLICY.hoursBefore,
            count: DEFAULT_RESCHEDULE_POLICY.maxTimes,
          })}
        </p>
      ) : (
        <>
          <label className={styles.check}>
            <input type="checkbox" {...register('rescheduleAllowed')} />
            {t('editor.rescheduleAllowed')}
          </label>
          {allowed ? (
            <div className={styles.row}>
              <FormField label={t('editor.rescheduleHours')} required name="rescheduleHours" {...number(0)} />
              <FormField
                label={t('editor.rescheduleTimes')}
                required
                name="rescheduleTimes"
                {...number(1)}
                max={10}
              />
              <FormField
                label={t('editor.rescheduleFee')}
                hint={t('editor.rescheduleFeeHint')}
                required
                name="rescheduleFee"
                {...number(0, '0.01')}
              />
            </div>
          ) : null}
        </>
      )}
    </>
  );
}
