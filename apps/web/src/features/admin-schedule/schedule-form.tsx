// A weekly pattern, its preview (what will be created, what is skipped and why) and the
// creation of exactly that. The form checks with the domain's scheduleFormSchema, which ends in
// the same scheduleInputSchema the server validates with.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  addDays,
  canaryDateKey,
  canaryTimeLabel,
  formatCanaryDate,
  formatWeekday,
} from '@boats/domain/canary-time';
import { scheduleFormSchema, type ScheduleInput, type SchedulePlanDto } from '@boats/domain/schemas/schedule';
import { currentLanguage } from '../../shared/i18n/i18n';
import { Form, FormField, useErrorText, useZodForm } from '../../shared/ui/form';
import type { ScheduleBoat } from './api/get-schedule-boats';
import { useCreateSchedule, usePreviewSchedule } from './api/plan-schedule';
import styles from './schedule.module.css';
import button from '../../shared/ui/button.module.css';
import { useAdminErrorText } from '../../shared/admin/admin-error-text';

const WEEKDAYS = ['1', '2', '3', '4', '5', '6', '7'] as const;

const when = (iso: string) => `${formatCanaryDate(iso, currentLanguage())} ${canaryTimeLabel(iso)}`;

/**
 * What a boat sells, as the public site reads it (domain boat-card): charters when it has an
 * hourly price, shared trips when it has a seat price. A boat with neither is offered both, so
 * the form never has nothing to choose.
 */
function soldKinds(boat: ScheduleBoat): { shared: boolean; private: boolean } {
  const shared = boat.shared.pricing.perHour > 0;
  const charter = boat.pricing.perHour > 0;
  return shared || charter ? { shared, private: charter } : { shared: true, private: true };
}

/** Three hours, the usual shared trip, within the boat's shortest and longest trip. */
function defaultDuration(boat: ScheduleBoat): number {
  return Math.min(Math.max(3, boat.minDurationHours), boat.maxDurationHours);
}

export function ScheduleForm({ boat }: { boat: ScheduleBoat }) {
  const boatId = boat._id;
  const sells = soldKinds(boat);
  const { t } = useTranslation('schedule');
  const serverErrorText = useAdminErrorText();
  const errorText = useErrorText();
  const today = canaryDateKey(new Date());
  const form = useZodForm(scheduleFormSchema, {
    defaultValues: {
      weekdays: ['1', '2', '3', '4', '5'],
      startTimes: '10:00',
      // Prefilled from the boat picked above (the page mounts one form per boat).
      durationHours: String(defaultDuration(boat)),
      type: sells.shared ? 'shared' : 'private',
      seatsTotal: String(boat.capacity),
      seatPrice: String(boat.shared.pricing.perHour),
      from: addDays(today, 1),
      to: addDays(today, 28),
    },
  });
  const preview = usePreviewSchedule();
  const create = useCreateSchedule();
  const [plan, setPlan] = useState<{ input: ScheduleInput; plan: SchedulePlanDto } | null>(null);
  const type = form.watch('type');
  const weekdaysError = form.formState.errors.weekdays?.message;

  return (
    <Form
      form={form}
      className={styles.form}
      // Any change after the preview asks for a new one, so what is created is what was shown.
      onChange={() => setPlan(null)}
      onSubmit={async (input) => {
        create.reset();
        setPlan({ input, plan: await preview.mutateAsync({ boatId, input }) });
      }}
    >
      <fieldset className={styles.weekdays} aria-describedby={weekdaysError ? 'weekdays-error' : undefined}>
        <legend>{t('form.weekdays')}</legend>
        {WEEKDAYS.map((day) => (
          <label key={day}>
            <input type="checkbox" value={day} {...form.register('weekdays')} />{' '}
            {formatWeekday(Number(day), currentLanguage(), 'short')}
          </label>
        ))}
        {weekdaysError && (
          <span id="weekdays-error" className={styles.error} role="alert">
            {errorText(weekdaysError)}
          </span>
        )}
      </fieldset>
      <FormField name="startTimes" label={t('form.startTimes')} hint={t('form.startTimesHint')} />
      <FormField name="durationHours" label={t('form.duration')} type="number" min={1} max={24} />
      <FormField name="type" label={t('form.type')} as="select">
        {sells.shared && <option value="shared">{t('form.shared')}</option>}
        {sells.private && <option value="private">{t('form.private')}</option>}
      </FormField>
      {type === 'shared' && (
        <>
          <FormField name="seatsTotal" label={t('form.seats')} type="number" min={1} />
          <FormField name="seatPrice" label={t('form.seatPrice')} type="number" min={0} step="0.01" />
        </>
      )}
      <FormField name="from" label={t('form.from')} type="date" />
      <FormField name="to" label={t('form.to')} type="date" />
      <button type="submit" className={`${button.secondary} ${styles.wide}`} disabled={preview.isPending}>
        {t('form.preview')}
      </button>
      {form.formState.errors.root?.server && <p role="alert">{form.formState.errors.root.server.message}</p>}

      {plan && !create.isSuccess && (
        <section aria-label={t('preview.title')} className={styles.preview}>
          <h3>{t('preview.create', { count: plan.plan.create.length })}</h3>
          <ul>
            {plan.plan.create.map((s) => (
              <li key={s.start}>
                {when(s.start)}
                {s.lastMinute && <> · {t('preview.lastMinute')}</>}
              </li>
            ))}
          </ul>
          {plan.plan.skipped.length > 0 && (
            <>
              <h3>{t('preview.skipped', { count: plan.plan.skipped.length })}</h3>
              <ul>
                {plan.plan.skipped.map((s) => (
                  <li key={s.start}>
                    {when(s.start)} · {t(`reason.${s.reason}`)}
                  </li>
                ))}
              </ul>
            </>
          )}
          <button
            type="button"
            className={`${button.secondary} ${styles.wide}`}
            disabled={create.isPending || plan.plan.create.length === 0}
            onClick={() => create.mutate({ boatId, input: plan.input })}
          >
            {create.isPending
              ? t('preview.creating')
              : t('preview.confirm', { count: plan.plan.create.length })}
          </button>
        </section>
      )}
      {create.isError && <p role="alert">{serverErrorText(create.error)}</p>}
      {create.isSuccess && (
        <p role="status" className={styles.done}>
          {t('preview.created', { count: create.data.createdIds.length })}
        </p>
      )}
    </Form>
  );
}
