// /admin/messages (spec §2): filters, per-page size, refresh, sortable columns and pages.
// Message text is rendered as plain text by React, never as HTML.
import { LEAD_SOURCES, type LeadSource } from '@boats/domain/schemas/contact';
import {
  MESSAGE_PAGE_SIZES,
  type ContactMessage,
  type MessageSortField,
} from '@boats/domain/schemas/messages';
import { formatCanaryDateTime } from '@boats/domain/canary-time';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../shared/api/http';
import { AdminLayout } from '../../shared/admin/admin-layout';
import { currentLanguage } from '../../shared/i18n/i18n';
import { useMessages, type MessagesFilter } from './api/get-messages';
import { nextSort } from './message-sort';
import styles from './admin-messages.module.css';

export default function AdminMessagesPage() {
  const { t } = useTranslation('admin-messages');
  return (
    <AdminLayout title={t('title')}>
      <MessagesScreen />
    </AdminLayout>
  );
}

const INITIAL: MessagesFilter = {
  page: 1,
  limit: 20,
  sort: 'createdAt',
  order: 'desc',
  search: '',
  source: '',
  from: '',
  to: '',
};

type Data = { items: ContactMessage[]; total: number; pages: number };

function MessagesScreen() {
  const { t } = useTranslation('admin-messages');
  const ids = { search: useId(), source: useId(), from: useId(), to: useId(), limit: useId() };
  const [filter, setFilter] = useState<MessagesFilter>(INITIAL);
  const [search, setSearch] = useState('');
  const messages = useMessages(filter);
  if (messages.isError) console.error(messages.error);
  const data: Data = messages.data?.data ?? { items: [], total: 0, pages: 0 };
  const error = messages.isError ? errorText(messages.error) : null;
  const loading = messages.isFetching;

  /** Any filter change starts again at page 1. */
  const change = (patch: Partial<MessagesFilter>) => setFilter((f) => ({ ...f, ...patch, page: 1 }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (search.trim() === filter.search) void messages.refetch();
    else change({ search: search.trim() });
  };
  const sortBy = (field: MessageSortField) => change(nextSort(filter, field));
  const locale = currentLanguage();

  const columns: { field: MessageSortField | null; label: string }[] = [
    { field: 'createdAt', label: t('col.createdAt') },
    { field: 'name', label: t('col.name') },
    { field: 'email', label: t('col.email') },
    { field: 'phone', label: t('col.phone') },
    { field: 'source', label: t('col.source') },
    { field: null, label: t('col.message') },
    { field: null, label: t('col.ip') },
    { field: null, label: t('col.userAgent') },
  ];

  return (
    <>
      <form className={styles.filters} onSubmit={submit} role="search">
        <label htmlFor={ids.search} className={`${styles.field} ${styles.grow}`}>
          <span>{t('filter.search')}</span>
          <input id={ids.search} type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
        </label>
        <label htmlFor={ids.source} className={styles.field}>
          <span>{t('filter.source')}</span>
          <select
            id={ids.source}
            value={filter.source}
            onChange={(e) => change({ source: e.target.value as LeadSource | '' })}
          >
            <option value="">{t('filter.allSources')}</option>
            {LEAD_SOURCES.map((s) => (
              <option key={s} value={s}>
                {t(`source.${s}`)}
              </option>
            ))}
          </select>
        </label>
        <label htmlFor={ids.from} className={styles.field}>
          <span>{t('filter.from')}</span>
          <input
            id={ids.from}
            type="date"
            value={filter.from}
            onChange={(e) => change({ from: e.target.value })}
          />
        </label>
        <label htmlFor={ids.to} className={styles.field}>
          <span>{t('filter.to')}</span>
          <input id={ids.to} type="date" value={filter.to} onChange={(e) => change({ to: e.target.value })} />
        </label>
        <label htmlFor={ids.limit} className={styles.field}>
          <span>{t('filter.perPage')}</span>
          <select
            id={ids.limit}
            value={filter.limit}
            onChange={(e) => change({ limit: Number(e.target.value) })}
          >
            {MESSAGE_PAGE_SIZES.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className={styles.primary} disabled={loading}>
          {t('filter.refresh')}
        </button>
      </form>

      {error && (
        <div role="alert" className={styles.error}>
          {error}
        </div>
      )}

      {!loading && data.items.length === 0 ? (
        <p className={styles.empty}>{t('empty')}</p>
      ) : (
        <div className={styles.tableWrap} aria-busy={loading}>
          <table className={styles.table}>
            <thead>
              <tr>
                {columns.map((c) => {
                  const sorted = c.field !== null && filter.sort === c.field;
                  return (
                    <th
                      key={c.label}
                      scope="col"
                      aria-sort={sorted ? (filter.order === 'asc' ? 'ascending' : 'descending') : undefined}
                    >
                      {c.field ? (
                        <button type="button" className={styles.sortButton} onClick={() => sortBy(c.field!)}>
                          {c.label}
                          <span aria-hidden="true">
                            {sorted ? (filter.order === 'asc' ? ' ▲' : ' ▼') : ''}
                          </span>
                        </button>
                      ) : (
                        c.label
                      )}
                    </th>
                  );
                })}
              </tr>
            </thead>
            <tbody>
              {data.items.map((m) => (
                <tr key={m._id}>
                  <td className={styles.nowrap}>{formatCanaryDateTime(m.createdAt, locale)}</td>
                  <td>{m.name}</td>
                  <td>{m.email ?? '—'}</td>
                  <td className={styles.nowrap}>{m.phone ?? '—'}</td>
                  <td>{t(`source.${m.source}`)}</td>
                  <td className={styles.message}>{m.message ?? ''}</td>
                  <td className={styles.muted}>{m.ip ?? ''}</td>
                  <td className={`${styles.muted} ${styles.agent}`} title={m.userAgent ?? undefined}>
                    {m.userAgent ?? ''}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <nav className={styles.pager} aria-label={t('pager.label')}>
        <span>{t('pager.total', { count: data.total })}</span>
        <button
          type="button"
          className={styles.secondary}
          disabled={loading || filter.page <= 1}
          onClick={() => setFilter((f) => ({ ...f, page: f.page - 1 }))}
        >
          {t('pager.previous')}
        </button>
        <span>{t('pager.pageOf', { page: data.pages === 0 ? 0 : filter.page, pages: data.pages })}</span>
        <button
          type="button"
          className={styles.secondary}
          disabled={loading || filter.page >= data.pages}
          onClick={() => setFilter((f) => ({ ...f, page: f.page + 1 }))}
        >
          {t('pager.next')}
        </button>
      </nav>
    </>
  );
}
