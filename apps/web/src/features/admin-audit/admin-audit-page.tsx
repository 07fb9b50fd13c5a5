// /admin/audit: the audit trail (docs/security.md#audit-trail) for the platform admin, every row;
// for an owner, the rows about their own boats and bookings (the server scopes them). Filters by
// days, object and actor, newest first, "Show older rows", and the filter's CSV (a fresh second
// factor: step-up).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isDateKey } from '@boats/domain/canary-time';
import { AUDIT_OBJECT_TYPES, type AuditObjectType } from '@boats/domain/schemas/audit';
import { useAdminErrorText } from '../../shared/admin/admin-error-text';
import { AdminLayout } from '../../shared/admin/admin-layout';
import {
  AuditEntries,
  auditQueryString,
  useAuditEntries,
  type AuditFilter,
} from '../../shared/admin/audit-entries';
import { adminFile } from '../../shared/auth/admin-fetch';
import { Banner } from '../../shared/ui/banner';
import button from '../../shared/ui/button.module.css';
import { saveFile } from '../../shared/ui/download-file';
import { DateInput } from '../../shared/ui/date-input';
import { PageLoading } from '../../shared/ui/page-loading';
import styles from './admin-audit.module.css';

export default function AdminAuditPage() {
  const { t } = useTranslation('admin');
  return (
    <AdminLayout title={t('audit.title')}>
      <AuditScreen />
    </AdminLayout>
  );
}

export function AuditScreen() {
  const { t } = useTranslation('admin');
  const errorText = useAdminErrorText();
  const [filter, setFilter] = useState<AuditFilter>({});
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const entries = useAuditEntries(filter);
  const set = (change: AuditFilter) => setFilter((f) => ({ ...f, ...change }));
  return (
    <>
      <p className={styles.intro}>{t('audit.intro')}</p>
      <div className={styles.filters}>
        <label>
          {t('audit.from')}
          <DateInput
            value={filter.from ?? ''}
            onChange={(day) => set({ from: isDateKey(day) ? day : undefined })}
          />
        </label>
        <label>
          {t('audit.to')}
          <DateInput
            value={filter.to ?? ''}
            onChange={(day) => set({ to: isDateKey(day) ? day : undefined })}
          />
        </label>
        <label>
          {t('audit.object')}
          <select
            value={filter.objectType ?? ''}
            onChange={(e) =>
              set({ objectType: (e.target.value || undefined) as AuditObjectType | undefined })
            }
          >
            <option value="">{t('audit.allObjects')}</option>
            {AUDIT_OBJECT_TYPES.map((o) => (
              <option key={o} value={o}>
                {t(`audit.objects.${o}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('audit.actor')}
          <input
            type="search"
            value={filter.actor ?? ''}
            onChange={(e) => set({ actor: e.target.value || undefined })}
          />
        </label>
        <button
          type="button"
          className={button.outline}
          onClick={() => {
            setDownloadError(null);
            adminFile(`/api/admin/audit/export.csv?${auditQueryString(filter)}`, 'audit.csv').then(
              (file) => saveFile(file.blob, file.fileName),
              (err: unknown) => setDownloadError(errorText(err)),
            );
          }}
        >
          {t('audit.csv')}
        </button>
      </div>
      {downloadError && <Banner tone="error">{downloadError}</Banner>}
      {entries.isPending ? (
        <PageLoading />
      ) : entries.isError ? (
        <Banner tone="error">{errorText(entries.error)}</Banner>
      ) : (
        <>
          <AuditEntries entries={entries.data.pages.flatMap((p) => p.items)} label={t('audit.title')} />
          {entries.hasNextPage && (
            <button
              type="button"
              className={button.outline}
              disabled={entries.isFetchingNextPage}
              onClick={() => void entries.fetchNextPage()}
            >
              {t('audit.more')}
            </button>
          )}
        </>
      )}
    </>
  );
}
