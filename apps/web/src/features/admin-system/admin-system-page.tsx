// /admin/system (platform admin): is the background work keeping up? Each job with its schedule,
// its last run and how it ended, its last success and the last day's outcomes; the e-mails
// waiting to go out and the oldest of them; the last errors in full.
import { useTranslation } from 'react-i18next';
import { formatCanaryDateTime } from '@boats/domain/canary-time';
import { intlLocale } from '@boats/domain/languages';
import type { JobRunOutcome, JobStatus, SystemStatus } from '@boats/domain/schemas/system';
import { useAdminErrorText } from '../../shared/admin/admin-error-text';
import { AdminLayout } from '../../shared/admin/admin-layout';
import { currentLanguage } from '../../shared/i18n/i18n';
import { Badge, type BadgeTone } from '../../shared/ui/badge';
import { Banner } from '../../shared/ui/banner';
import { PageLoading } from '../../shared/ui/page-loading';
import { Cell, Table } from '../../shared/ui/table';
import { useSystemStatus } from './api/get-system-status';
import styles from './admin-system.module.css';

const OUTCOME_TONE: Record<JobRunOutcome, BadgeTone> = {
  running: 'info',
  succeeded: 'success',
  failed: 'danger',
  timed_out: 'warning',
};

export default function AdminSystemPage() {
  const { t } = useTranslation('admin-system');
  return (
    <AdminLayout title={t('title')} access="admin">
      <SystemScreen />
    </AdminLayout>
  );
}

function SystemScreen() {
  const { t } = useTranslation('admin-system');
  const errorText = useAdminErrorText();
  const status = useSystemStatus();
  if (status.isPending) return <PageLoading />;
  if (status.isError) return <Banner tone="error">{errorText(status.error)}</Banner>;
  return (
    <>
      <p className={styles.intro}>{t('intro')}</p>
      <Outbox outbox={status.data.outbox} />
      <section className={styles.section} aria-labelledby="system-jobs">
        <h2 id="system-jobs">{t('jobs.title')}</h2>
        <JobsTable jobs={status.data.jobs} />
      </section>
      <Errors errors={status.data.errors} />
    </>
  );
}

/** A length of time in the page's language, in the largest unit it fills ("30 s", "2 min"). */
function useDuration() {
  const locale = intlLocale(currentLanguage());
  return (ms: number) => {
    const [value, unit] =
      ms >= 3_600_000
        ? [ms / 3_600_000, 'hour']
        : ms >= 60_000
          ? [ms / 60_000, 'minute']
          : ms >= 1000
            ? [ms / 1000, 'second']
            : [ms, 'millisecond'];
    return new Intl.NumberFormat(locale, {
      style: 'unit',
      unit,
      unitDisplay: 'short',
      maximumFractionDigits: 1,
    }).format(value);
  };
}

function Outbox({ outbox }: { outbox: SystemStatus['outbox'] }) {
  const { t } = useTranslation('admin-system');
  const lng = currentLanguage();
  return (
    <section className={styles.section} aria-labelledby="system-outbox">
      <h2 id="system-outbox">{t('outbox.title')}</h2>
      <dl className={styles.facts}>
        <div>
          <dt>{t('outbox.pending')}</dt>
          <dd>{outbox.pending}</dd>
        </div>
        <div>
          <dt>{t('outbox.oldest')}</dt>
          <dd>{outbox.oldestPendingAt ? formatCanaryDateTime(outbox.oldestPendingAt, lng) : t('none')}</dd>
        </div>
        <div>
          <dt>{t('outbox.failed')}</dt>
          <dd>{outbox.failed}</dd>
        </div>
      </dl>
    </section>
  );
}

function JobsTable({ jobs }: { jobs: JobStatus[] }) {
  const { t } = useTranslation('admin-system');
  const lng = currentLanguage();
  const duration = useDuration();
  const col = (key: string) => t(`jobs.col.${key}`);
  return (
    <Table cardLabelWidth="9em" aria-label={t('jobs.title')}>
      <thead>
        <tr>
          <th scope="col">{col('job')}</th>
          <th scope="col">{col('schedule')}</th>
          <th scope="col">{col('lastRun')}</th>
          <th scope="col">{col('lastSuccess')}</th>
          <th scope="col">{col('nextRun')}</th>
          <th scope="col">{col('lastDay')}</th>
        </tr>
      </thead>
      <tbody>
        {jobs.map((job) => (
          <tr key={job.name}>
            <Cell label={col('job')}>
              <div>{t(`jobNames.${job.name}`, { defaultValue: job.name })}</div>
              <div className={`${styles.muted} ${styles.code}`}>{job.name}</div>
            </Cell>
            <Cell label={col('schedule')}>
              <div>{t('every', { duration: duration(job.everySeconds * 1000) })}</div>
              <div className={styles.muted}>
                {t('timeout', { duration: duration(job.timeoutSeconds * 1000) })}
              </div>
            </Cell>
            <Cell label={col('lastRun')}>
              {job.lastRun ? (
                <>
                  <Badge tone={OUTCOME_TONE[job.lastRun.outcome]}>
                    {t(`outcome.${job.lastRun.outcome}`)}
                  </Badge>
                  <div className={styles.muted}>
                    {formatCanaryDateTime(job.lastRun.startedAt, lng)}
                    {job.lastRun.durationMs !== null && ` · ${duration(job.lastRun.durationMs)}`}
                  </div>
                </>
              ) : (
                <span className={styles.muted}>{t('never')}</span>
              )}
            </Cell>
            <Cell label={col('lastSuccess')} nowrap>
              {job.lastSuccessAt ? formatCanaryDateTime(job.lastSuccessAt, lng) : t('never')}
            </Cell>
            <Cell label={col('nextRun')} nowrap>
              {job.nextRunAt ? formatCanaryDateTime(job.nextRunAt, lng) : '—'}
            </Cell>
            <Cell label={col('lastDay')}>
              <div>{t('runsSucceeded', { count: job.lastDay.succeeded })}</div>
              {job.lastDay.failed > 0 && <div>{t('runsFailed', { count: job.lastDay.failed })}</div>}
              {job.lastDay.timedOut > 0 && <div>{t('runsTimedOut', { count: job.lastDay.timedOut })}</div>}
            </Cell>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

function Errors({ errors }: { errors: SystemStatus['errors'] }) {
  const { t } = useTranslation('admin-system');
  const lng = currentLanguage();
  return (
    <section className={styles.section} aria-labelledby="system-errors">
      <h2 id="system-errors">{t('errors.title')}</h2>
      {errors.length === 0 ? (
        <p className={styles.muted}>{t('errors.none')}</p>
      ) : (
        <ul className={styles.errors}>
          {errors.map((run) => (
            <li key={`${run.job}-${run.startedAt}`}>
              <Badge tone={OUTCOME_TONE[run.outcome]}>{t(`outcome.${run.outcome}`)}</Badge>{' '}
              <strong>{t(`jobNames.${run.job}`, { defaultValue: run.job })}</strong>{' '}
              <span className={styles.muted}>
                {formatCanaryDateTime(run.startedAt, lng)} · {run.instance}
              </span>
              <code className={`${styles.errorText} ${styles.code}`}>{run.error}</code>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
