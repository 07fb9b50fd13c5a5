// A weekly pattern, its preview (what will be created, what is skipped and why) and the
// creation of exactly that. The form checks with the same scheduleInputSchema as the server.
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { addDays, canaryDateKey, formatCanaryDate, canaryTimeLabel } from '@boats/domain/canary-time';
import { scheduleInputSchema, type ScheduleInput, type SchedulePlanDto } from '@boats/domain/schemas/schedule';
import { currentLanguage } from '../../shared/i18n/i18n';
import { useCreateSchedule, usePreviewSchedule } from './api/plan-schedule';
import styles from './schedule.module.css';

type Values = {
  weekdays: string[];
  startTimes: string;
  durationHours: string;
  type: 'shared' | 'private';
  seatsTotal: string;
  seatPrice: string;
  from: string;
  to: string;
};

const WEEKDAYS = ['1', '2', '3', '4', '5', '6', '7'] as const;

function toInput(v: Values): ScheduleInput {
  return {
    weekdays: v.weekdays.map(Number),
    startTimes: v.startTimes
      .split(/[\s,;]+/)
      .map((s) => s.trim())
      .filter(Boolean),
    durationHours: Number(v.durationHours),
    type: v.type,
    seatsTotal: v.type === 'shared' ? Number(v.seatsTotal) : 0,
    seatPrice: v.type === 'shared' ? Number(v.seatPrice) : 0,
    from: v.from,
    to: v.to,
  };
}

const when = (iso: string) => `${formatCanaryDate(iso, currentLanguage())} ${canaryTimeLabel(iso)}`;

export function ScheduleForm({ boatId }: { boatId: string }) {
  const { t } = useTranslation(['schedule', 'common']);
  const today = canaryDateKey(new Date());
  const form = useForm<Values>({
    defaultValues: {
      weekdays: ['1', '2', '3', '4', '5'],
      startTimes: '10:00',
      durationHours: '3',
      type: 'shared',
      seatsTotal: '10',
      seatPrice: '25',
      from: addDays(today, 1),
      to: addDays(today, 28),
    },
  });
  const preview = usePreviewSchedule();
  const create = useCreateSchedule();
  const [plan, setPlan] = useState<{ input: ScheduleInput; plan: SchedulePlanDto } | null>(null);
  const errors = form.formState.errors;
  const type = form.watch('type');

  const checked = (values: Values): ScheduleInput | null => {
    const parsed = scheduleInputSchema.safeParse(toInput(values));
    if (parsed.success) return toInput(values);
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? 'from') as keyof Values;
      form.setError(field, { message: issue.message });
    }
    return null;
  };

  const onPreview = form.handleSubmit((values) => {
    const input = checked(values);
    if (!input) return;
    create.reset();
    preview.mutate({ boatId, input }, { onSuccess: (result) => setPlan({ input, plan: result }) });
  });
  // Any change after the preview asks for a new one, so what is created is what was shown.
  const stale = () => {
    if (plan) setPlan(null);
  };
  const fieldError = (name: keyof Values) =>
    errors[name]?.message ? (
      <span className={styles.error} role="alert">
        {t(errors[name].message, { ns: 'common' })}
      </span>
    ) : null;

  return (
    <form className={styles.form} onSubmit={(e) => void onPreview(e)} onChange={stale} noValidate>
      <fieldset className={styles.weekdays}>
        <legend>{t('form.weekdays')}</legend>
        {WEEKDAYS.map((day) => (
          <label key={day}>
            <input type="checkbox" value={day} {...form.register('weekdays')} /> {t(`weekday.${day}`)}
          </label>
        ))}
        {fieldError('weekdays')}
      </fieldset>
      <label>
        {t('form.startTimes')}
        <input {...form.register('startTimes')} aria-describedby="start-times-hint" />
        <small id="start-times-hint">{t('form.startTimesHint')}</small>
        {fieldError('startTimes')}
      </label>
      <label>
        {t('form.duration')}
        <input type="number" min={1} max={24} {...form.register('durationHours')} />
        {fieldError('durationHours')}
      </label>
      <label>
        {t('form.type')}
        <select {...form.register('type')}>
          <option value="shared">{t('form.shared')}</option>
          <option value="private">{t('form.private')}</option>
        </select>
      </label>
      {type === 'shared' && (
        <>
          <label>
            {t('form.seats')}
            <input type="number" min={1} {...form.register('seatsTotal')} />
            {fieldError('seatsTotal')}
          </label>
          <label>
            {t('form.seatPrice')}
            <input type="number" min={0} step="0.01" {...form.register('seatPrice')} />
            {fieldError('seatPrice')}
          </label>
        </>
      )}
      <label>
        {t('form.from')}
        <input type="date" {...form.register('from')} />
        {fieldError('from')}
      </label>
      <label>
        {t('form.to')}
        <input type="date" {...form.register('to')} />
        {fieldError('to')}
      </label>
      <button type="submit" className={styles.primary} disabled={preview.isPending}>
        {t('form.preview')}
      </button>
      {preview.isError && <p role="alert">{preview.error.message}</p>}

      {plan && !create.isSuccess && (
        <section aria-label={t('preview.title')} className={styles.preview}>
          <h3>{t('preview.create', { count: plan.plan.create.length })}</h3>
          <ul>
            {plan.plan.create.map((s) => (
              <li key={s.start}>{when(s.start)}</li>
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
            className={styles.primary}
            disabled={create.isPending || plan.plan.create.length === 0}
            onClick={() => create.mutate({ boatId, input: plan.input })}
          >
            {t('preview.confirm', { count: plan.plan.create.length })}
          </button>
        </section>
      )}
      {create.isError && <p role="alert">{create.error.message}</p>}
      {create.isSuccess && (
        <p role="status" className={styles.done}>
          {t('preview.created', { count: create.data.createdIds.length })}
        </p>
      )}
    </form>
  );
}
