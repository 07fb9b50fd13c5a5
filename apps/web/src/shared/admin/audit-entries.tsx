// Rows of the audit trail (docs/security.md#audit-trail) as the back office reads them: who, when,
// what (the action's code, as the trail and its CSV name it) on which object, and each field that
// changed, before → after. The server scopes them (an owner reads the rows about their own boats
// and bookings); the audit page lists the filter's rows, a booking's details its own.
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatCanaryDateTime } from '@boats/domain/canary-time';
import { auditPageSchema, type AuditEntry, type AuditQuery } from '@boats/domain/schemas/audit';
import { queryString } from '../api/http';
import { adminFetch } from '../auth/admin-fetch';
import { currentLanguage } from '../i18n/i18n';
import styles from './audit-entries.module.css';

export type AuditFilter = Partial<Omit<AuditQuery, 'cursor' | 'limit'>>;

export const auditQueryString = (filter: AuditFilter & { cursor?: string }): string => queryString(filter);

/** The filter's rows a page at a time, newest first. */
export function useAuditEntries(filter: AuditFilter) {
  return useInfiniteQuery({
    queryKey: ['admin', 'audit', filter] as const,
    queryFn: ({ pageParam, signal }) =>
      adminFetch(`/api/admin/audit?${auditQueryString({ ...filter, cursor: pageParam ?? '' })}`, {
        schema: auditPageSchema,
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
}

/** A value as a person reads it: text as is, anything else as JSON; an empty one as a dash. */
function shown(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

export function AuditEntries({ entries, label }: { entries: AuditEntry[]; label: string }) {
  const { t } = useTranslation('admin');
  const lang = currentLanguage();
  if (entries.length === 0) return <p className={styles.muted}>{t('audit.none')}</p>;
  return (
    <ul className={styles.entries} aria-label={label}>
      {entries.map((e) => (
        <li key={e._id} className={styles.entry}>
          <div>
            <strong>{formatCanaryDateTime(e.at, lang)}</strong> ·{' '}
            {t('audit.by', { email: e.actor.email, role: t(`audit.roles.${e.actor.role}`) })}
          </div>
          <div>
            <code className={styles.action}>{e.action}</code> · {t(`audit.objects.${e.objectType}`)}
            {e.objectId && <span className={styles.muted}> {e.objectId}</span>}
          </div>
          {e.changes && Object.keys(e.changes).length > 0 && (
            <ul className={styles.changes}>
              {Object.entries(e.changes).map(([field, change]) => (
                <li key={field}>
                  {t('audit.change', { field, before: shown(change.before), after: shown(change.after) })}
                </li>
              ))}
            </ul>
          )}
          <div className={styles.muted}>{t('audit.ip', { ip: e.ip })}</div>
        </li>
      ))}
    </ul>
  );
}
