// /admin/erasure-requests (docs/privacy.md#erasure): customers' requests to erase their data that
// could not be carried out at once (a trip still ahead, a refund on its way). Each shows its due
// date (a month after the request, as the GDPR allows) and what is still pending; the admin
// carries it out with a second, explicit press.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { bookingReference } from '@boats/domain/booking-reference';
import { formatCanaryDate } from '@boats/domain/canary-time';
import type { ErasureQueueEntry } from '@boats/domain/schemas/erasure';
import { useAdminErrorText } from '../../shared/admin/admin-error-text';
import { AdminLayout } from '../../shared/admin/admin-layout';
import { useLanguage } from '../../shared/i18n/use-language';
import { Badge } from '../../shared/ui/badge';
import { Banner } from '../../shared/ui/banner';
import { Button } from '../../shared/ui/button';
import { EmptyCard } from '../../shared/ui/card';
import { PageLoading } from '../../shared/ui/page-loading';
import { Cell, Table } from '../../shared/ui/table';
import { useCarryOutErasure, useErasureRequests } from './api/erasure-requests';
import styles from './admin-erasure-requests.module.css';

export default function AdminErasureRequestsPage() {
  const { t } = useTranslation('admin-erasure-requests');
  return (
    <AdminLayout title={t('title')} access="admin">
      <ErasureRequestsScreen />
    </AdminLayout>
  );
}

export function ErasureRequestsScreen() {
  const { t } = useTranslation('admin-erasure-requests');
  const errorText = useAdminErrorText();
  const list = useErasureRequests();
  const carryOut = useCarryOutErasure();
  return (
    <>
      <p className={styles.intro}>{t('intro')}</p>
      {carryOut.isError && <Banner tone="error">{errorText(carryOut.error)}</Banner>}
      {carryOut.isSuccess && <Banner tone="success">{t('carriedOut')}</Banner>}
      {list.isPending ? (
        <PageLoading />
      ) : list.isError ? (
        <Banner tone="error">{errorText(list.error)}</Banner>
      ) : list.data.length === 0 ? (
        <EmptyCard>{t('empty')}</EmptyCard>
      ) : (
        <RequestsTable
          items={list.data}
          busy={list.isFetching}
          carryOut={carryOut.mutate}
          carrying={carryOut.isPending}
        />
      )}
    </>
  );
}

function RequestsTable({
  items,
  busy,
  carryOut,
  carrying,
}: {
  items: ErasureQueueEntry[];
  busy: boolean;
  carryOut: ReturnType<typeof useCarryOutErasure>['mutate'];
  carrying: boolean;
}) {
  const { t } = useTranslation('admin-erasure-requests');
  const language = useLanguage();
  // The request whose second press is awaited.
  const [confirming, setConfirming] = useState<string | null>(null);
  return (
    <Table busy={busy} cardLabelWidth="7.5em" aria-label={t('title')}>
      <thead>
        <tr>
          <th scope="col">{t('col.email')}</th>
          <th scope="col">{t('col.booking')}</th>
          <th scope="col">{t('col.requested')}</th>
          <th scope="col">{t('col.due')}</th>
          <th scope="col">{t('col.pending')}</th>
          <th scope="col">
            <span className={styles.hidden}>{t('col.action')}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {items.map((request) => (
          <tr key={request._id} data-testid="erasure-request-row">
            <Cell label={t('col.email')}>
              <span className={styles.email}>{request.email}</span>
            </Cell>
            <Cell label={t('col.booking')} nowrap>
              {request.bookingId ? bookingReference(request.bookingId) : '—'}
            </Cell>
            <Cell label={t('col.requested')} nowrap>
              {formatCanaryDate(request.requestedAt, language)}
            </Cell>
            <Cell label={t('col.due')} nowrap>
              <strong>{formatCanaryDate(request.dueAt, language)}</strong>
            </Cell>
            <Cell label={t('col.pending')}>
              {request.waitingFor.length === 0 ? (
                <Badge tone="success">{t('nothingPending')}</Badge>
              ) : (
                request.waitingFor.map((reason) => (
                  <Badge key={reason} tone="warning">
                    {t(`waitingFor.${reason}`)}
                  </Badge>
                ))
              )}
            </Cell>
            <Cell label={t('col.action')}>
              {confirming === request._id ? (
                <span className={styles.actions}>
                  <Button
                    variant="outline"
                    tone="danger"
                    size="compact"
                    disabled={carrying}
                    aria-busy={carrying}
                    onClick={() => carryOut(request._id, { onSettled: () => setConfirming(null) })}
                  >
                    {t('confirm', { email: request.email })}
                  </Button>
                  <Button variant="secondary" size="compact" onClick={() => setConfirming(null)}>
                    {t('keep')}
                  </Button>
                </span>
              ) : (
                <Button variant="outline" size="compact" onClick={() => setConfirming(request._id)}>
                  {t('carryOut')}
                </Button>
              )}
            </Cell>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
