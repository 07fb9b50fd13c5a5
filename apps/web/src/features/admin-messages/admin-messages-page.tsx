// /admin/messages (spec §2): filters, per-page size, refresh, sortable columns and pages.
// Message text is rendered as plain text by React, never as HTML.
import { LEAD_SOURCES, type LeadSource } from '@boats/domain/schemas/contact';
import {
  MESSAGE_PAGE_SIZES,
  messagesQuerySchema,
  type ContactMessage,
  type MessageSortField,
} from '@boats/domain/schemas/messages';
import { formatCanaryDateTime } from '@boats/domain/canary-time';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText as apiErrorText } from '../../shared/api/http';
import { AdminLayout } from '../../shared/admin/admin-layout';
import { currentLanguage } from '../../shared/i18n/i18n';
import { EmailText } from '../../shared/ui/email-text';
import { useErrorText } from '../../shared/ui/form';
import { MessageDetails } from './message-details';
import { MessageState } from './message-state';
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
  // The date inputs as typed; they reach the filter only as a valid range (the domain's rule).
  const [dates, setDates] = useState({ from: '', to: '' });
  const rangeIssue = messagesQuerySchema.safeParse(dates).error?.issues.find((i) => i.path[0] === 'to');
  const errorText = useErrorText();
  const changeDates = (patch: Partial<typeof dates>) => {
    const next = { ...dates, ...patch };
    setDates(next);
    if (messagesQuerySchema.safeParse(next).success) change(next);
  };
  const [openId, setOpenId] = useState<string | null>(null);
  const messages = useMessages(filter);
  if (messages.isError) console.error(messages.error);
  const data: Data = messages.data?.data ?? { items: [], total: 0, pages: 0 };
  const error = messages.isError ? apiErrorText(messages.error) : null;
  const opened = data.items.find((m) => m._id === openId);
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
    { field: null, label: t('col.state') },
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
            value={dates.from}
            onChange={(e) => changeDates({ from: e.target.value })}
          />
        </label>
        <label htmlFor={ids.to} className={styles.field}>
          <span>{t('filter.to')}</span>
          <input
            id={ids.to}
            type="date"
            value={dates.to}
            aria-invalid={rangeIssue ? true : undefined}
            aria-describedby={rangeIssue ? `${ids.to}-error` : undefined}
            onChange={(e) => changeDates({ to: e.target.value })}
          />
          {rangeIssue && (
            <span id={`${ids.to}-error`} className={styles.fieldError}>
              {errorText(rangeIssue.message)}
            </span>
          )}
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
                <tr key={m._id} className={m.readAt ? undefined : styles.unread}>
                  <td data-label={t('col.state')}>
                    <MessageState message={m} />
                  </td>
                  <td data-label={t('col.createdAt')} className={styles.nowrap}>
                    {formatCanaryDateTime(m.createdAt, locale)}
                  </td>
                  <td data-label={t('col.name')}>
                    <button type="button" className={styles.openButton} onClick={() => setOpenId(m._id)}>
                      {m.name}
                    </button>
                  </td>
                  <td data-label={t('col.email')}>{m.email ? <EmailText email={m.email} /> : '—'}</td>
                  <td data-label={t('col.phone')} className={styles.nowrap}>
                    {m.phone ? <a href={`tel:${m.phone.replace(/[^\d+]/g, '')}`}>{m.phone}</a> : '—'}
                  </td>
                  <td data-label={t('col.source')}>{t(`source.${m.source}`)}</td>
                  <td data-label={t('col.message')} className={styles.message}>
                    {m.message ?? ''}
                  </td>
                  <td data-label={t('col.ip')} className={`${styles.muted} ${styles.wide}`}>
                    {m.ip ?? ''}
                  </td>
                  <td
                    data-label={t('col.userAgent')}
                    className={`${styles.muted} ${styles.agent} ${styles.wide}`}
                    title={m.userAgent ?? undefined}
                  >
                    {m.userAgent ?? ''}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      {opened && <MessageDetails message={opened} onClose={() => setOpenId(null)} />}

      {data.total > 0 && (
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
          <span>{t('pager.pageOf', { page: filter.page, pages: data.pages })}</span>
          <button
            type="button"
            className={styles.secondary}
            disabled={loading || filter.page >= data.pages}
            onClick={() => setFilter((f) => ({ ...f, page: f.page + 1 }))}
          >
            {t('pager.next')}
          </button>
        </nav>
      )}
    </>
  );
}
