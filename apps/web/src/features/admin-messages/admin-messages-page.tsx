// /admin/messages (docs/product.md §2): filters, per-page size, refresh, sortable columns and pages.
// Message text is rendered as plain text by React, never as HTML.
import type { ContactMessage, MessageSortField } from '@boats/domain/schemas/messages';
import { formatCanaryDateTime } from '@boats/domain/canary-time';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAdminErrorText } from '../../shared/admin/admin-error-text';
import { AdminLayout } from '../../shared/admin/admin-layout';
import { currentLanguage } from '../../shared/i18n/i18n';
import { Banner } from '../../shared/ui/banner';
import { Button } from '../../shared/ui/button';
import { EmptyCard } from '../../shared/ui/card';
import { EmailText } from '../../shared/ui/email-text';
import { Cell, SortHeader, Table } from '../../shared/ui/table';
import { useMarkMessageRead } from './api/message-actions';
import { MessageDetails } from './message-details';
import { MessageState } from './message-state';
import { useMessages, type MessagesFilter } from './api/get-messages';
import { MessagesFilterForm, type MessagesFilterValues } from './messages-filter-form';
import { nextSort } from './message-sort';
import styles from './admin-messages.module.css';
import { telHref } from '../../shared/ui/tel-href';

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
  const apiErrorText = useAdminErrorText();
  const [filter, setFilter] = useState<MessagesFilter>(INITIAL);
  const [openId, setOpenId] = useState<string | null>(null);
  const messages = useMessages(filter);
  const markRead = useMarkMessageRead();
  if (messages.isError) console.error(messages.error);
  const data: Data = messages.data?.data ?? { items: [], total: 0, pages: 0 };
  const error = messages.isError ? apiErrorText(messages.error) : null;
  const opened = data.items.find((m) => m._id === openId);
  const loading = messages.isFetching;

  /** Any filter change starts again at page 1; the same filter again asks the server again. */
  const apply = (values: MessagesFilterValues) => {
    const same = (Object.keys(values) as (keyof MessagesFilterValues)[]).every(
      (k) => values[k] === filter[k],
    );
    if (same) void messages.refetch();
    else setFilter((f) => ({ ...f, ...values, page: 1 }));
  };
  const sortBy = (field: MessageSortField) => setFilter((f) => ({ ...f, ...nextSort(f, field), page: 1 }));
  // Opening a message marks it read.
  const open = (message: ContactMessage) => {
    setOpenId(message._id);
    if (message.readAt === null) markRead.mutate({ id: message._id, read: true });
  };
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
      <MessagesFilterForm filter={filter} onApply={apply} listError={messages.error} />

      {error && (
        <div className={styles.notice}>
          <Banner tone="error">{error}</Banner>
        </div>
      )}

      {!loading && data.items.length === 0 ? (
        <EmptyCard>{t('empty')}</EmptyCard>
      ) : (
        <Table busy={loading} cardLabelWidth="7.5em">
          <thead>
            <tr>
              {columns.map((c) =>
                c.field ? (
                  <SortHeader
                    key={c.label}
                    label={c.label}
                    order={
                      filter.sort === c.field
                        ? filter.order === 'asc'
                          ? 'ascending'
                          : 'descending'
                        : undefined
                    }
                    onSort={() => sortBy(c.field!)}
                  />
                ) : (
                  <th key={c.label} scope="col">
                    {c.label}
                  </th>
                ),
              )}
            </tr>
          </thead>
          <tbody>
            {data.items.map((m) => (
              <tr key={m._id} className={m.readAt ? undefined : styles.unread}>
                <Cell label={t('col.state')}>
                  <MessageState message={m} />
                </Cell>
                <Cell label={t('col.createdAt')} nowrap>
                  {formatCanaryDateTime(m.createdAt, locale)}
                </Cell>
                <Cell label={t('col.name')}>
                  <Button variant="link" onClick={() => open(m)}>
                    {m.name}
                  </Button>
                </Cell>
                <Cell label={t('col.email')}>{m.email ? <EmailText email={m.email} /> : '—'}</Cell>
                <Cell label={t('col.phone')} nowrap>
                  {m.phone ? <a href={telHref(m.phone)}>{m.phone}</a> : '—'}
                </Cell>
                <Cell label={t('col.source')}>{t(`source.${m.source}`)}</Cell>
                <Cell label={t('col.message')} className={styles.message}>
                  {m.message ?? ''}
                </Cell>
                <Cell label={t('col.ip')} className={styles.muted} wideOnly>
                  {m.ip ?? ''}
                </Cell>
                <Cell
                  label={t('col.userAgent')}
                  className={`${styles.muted} ${styles.agent}`}
                  wideOnly
                  title={m.userAgent ?? undefined}
                >
                  {m.userAgent ?? ''}
                </Cell>
              </tr>
            ))}
          </tbody>
        </Table>
      )}

      {opened && <MessageDetails message={opened} onClose={() => setOpenId(null)} />}

      {data.total > 0 && (
        <nav className={styles.pager} aria-label={t('pager.label')}>
          <span>{t('pager.total', { count: data.total })}</span>
          <Button
            variant="outline"
            size="compact"
            disabled={loading || filter.page <= 1}
            onClick={() => setFilter((f) => ({ ...f, page: f.page - 1 }))}
          >
            {t('pager.previous')}
          </Button>
          <span>{t('pager.pageOf', { page: filter.page, pages: data.pages })}</span>
          <Button
            variant="outline"
            size="compact"
            disabled={loading || filter.page >= data.pages}
            onClick={() => setFilter((f) => ({ ...f, page: f.page + 1 }))}
          >
            {t('pager.next')}
          </Button>
        </nav>
      )}
    </>
  );
}
