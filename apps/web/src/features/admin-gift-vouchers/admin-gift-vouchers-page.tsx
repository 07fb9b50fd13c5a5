// /admin/gift-vouchers (docs/back-office.md#gift-vouchers): the platform admin's list of the
// vouchers sold: code, buyer, recipient, amount, balance, expiry, status and the bookings each
// paid. A search (code, names, e-mails) and a status filter; rows become cards on a phone.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCanaryDate } from '@boats/domain/canary-time';
import { VOUCHER_STATUSES, type VoucherStatus } from '@boats/domain/gift-vouchers';
import { formatMoney } from '@boats/domain/money';
import { adminGiftVouchersQuerySchema, type AdminGiftVoucher } from '@boats/domain/schemas/gift-vouchers';
import { useAdminErrorText } from '../../shared/admin/admin-error-text';
import { AdminLayout } from '../../shared/admin/admin-layout';
import { currentLanguage } from '../../shared/i18n/i18n';
import { Badge, type BadgeTone } from '../../shared/ui/badge';
import { Banner } from '../../shared/ui/banner';
import { Button } from '../../shared/ui/button';
import { EmptyCard } from '../../shared/ui/card';
import { Form, FormField, useZodForm } from '../../shared/ui/form';
import { PageLoading } from '../../shared/ui/page-loading';
import { Cell, Table } from '../../shared/ui/table';
import { useGiftVouchers, type GiftVouchersFilter } from './api/get-gift-vouchers';
import styles from './admin-gift-vouchers.module.css';

const filterSchema = adminGiftVouchersQuerySchema.pick({ q: true, status: true });

const STATUS_TONE: Record<VoucherStatus, BadgeTone> = {
  pending: 'warning',
  active: 'success',
  spent: 'done',
  expired: 'neutral',
};

export default function AdminGiftVouchersPage() {
  const { t } = useTranslation('admin-gift-vouchers');
  return (
    <AdminLayout title={t('title')} access="admin">
      <GiftVouchersScreen />
    </AdminLayout>
  );
}

function GiftVouchersScreen() {
  const { t } = useTranslation('admin-gift-vouchers');
  const errorText = useAdminErrorText();
  const [filter, setFilter] = useState<GiftVouchersFilter>({});
  const list = useGiftVouchers(filter);
  const form = useZodForm(filterSchema, { defaultValues: { q: '', status: undefined } });
  // A status applies at once; the search on Enter or Search.
  const applyChoice = (event: FormEvent<HTMLFormElement>) => {
    if (event.target instanceof HTMLSelectElement) event.currentTarget.requestSubmit();
  };
  return (
    <>
      <p className={styles.intro}>{t('intro')}</p>
      <Form
        form={form}
        className={styles.filters}
        role="search"
        onChange={applyChoice}
        onSubmit={(values) => setFilter({ q: values.q, status: values.status })}
      >
        <FormField
          name="q"
          label={t('filter.search')}
          type="search"
          placeholder={t('filter.searchPlaceholder')}
          maxLength={200}
          compact
          fieldClassName={styles.grow}
        />
        <FormField name="status" label={t('filter.status')} as="select" compact>
          <option value="">{t('filter.allStatuses')}</option>
          {VOUCHER_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`status.${s}`)}
            </option>
          ))}
        </FormField>
        <Button type="submit" variant="secondary" size="compact">
          {t('filter.apply')}
        </Button>
      </Form>
      {list.isPending ? (
        <PageLoading />
      ) : list.isError ? (
        <Banner tone="error">{errorText(list.error)}</Banner>
      ) : list.data.length === 0 ? (
        <EmptyCard>{t('empty')}</EmptyCard>
      ) : (
        <>
          <p className={styles.intro} aria-live="polite">
            {t('shown', { count: list.data.length })}
          </p>
          <VouchersTable items={list.data} busy={list.isFetching} />
          {list.hasNextPage && (
            <Button
              variant="outline"
              disabled={list.isFetchingNextPage}
              onClick={() => void list.fetchNextPage()}
            >
              {t('more')}
            </Button>
          )}
        </>
      )}
    </>
  );
}

function VouchersTable({ items, busy }: { items: AdminGiftVoucher[]; busy: boolean }) {
  const { t } = useTranslation('admin-gift-vouchers');
  const locale = currentLanguage();
  const money = (cents: number) => formatMoney(cents, locale);
  return (
    <Table busy={busy} cardLabelWidth="7.5em" aria-label={t('title')}>
      <thead>
        <tr>
          <th scope="col">{t('col.code')}</th>
          <th scope="col">{t('col.buyer')}</th>
          <th scope="col">{t('col.recipient')}</th>
          <th scope="col">{t('col.amount')}</th>
          <th scope="col">{t('col.balance')}</th>
          <th scope="col">{t('col.expires')}</th>
          <th scope="col">{t('col.status')}</th>
          <th scope="col">{t('col.redemptions')}</th>
        </tr>
      </thead>
      <tbody>
        {items.map((v) => (
          <tr key={v.id} data-testid="gift-voucher-row">
            <Cell label={t('col.code')} nowrap>
              <strong className={styles.code}>{v.code}</strong>
            </Cell>
            <Cell label={t('col.buyer')}>
              <div>{v.purchaserName}</div>
              <div className={styles.muted}>{v.purchaserEmail}</div>
            </Cell>
            <Cell label={t('col.recipient')}>
              <div>{v.recipientName}</div>
              <div className={styles.muted}>{v.recipientEmail ?? t('toBuyer')}</div>
            </Cell>
            <Cell label={t('col.amount')} nowrap>
              {money(v.amount)}
            </Cell>
            <Cell label={t('col.balance')} nowrap>
              {money(v.balance)}
            </Cell>
            <Cell label={t('col.expires')} nowrap>
              {formatCanaryDate(v.expiresAt, locale)}
            </Cell>
            <Cell label={t('col.status')}>
              <Badge tone={STATUS_TONE[v.status]}>{t(`status.${v.status}`)}</Badge>
            </Cell>
            <Cell label={t('col.redemptions')}>
              {v.redemptions.length === 0 ? (
                <span className={styles.muted}>{t('noRedemptions')}</span>
              ) : (
                <ul className={styles.redemptions}>
                  {v.redemptions.map((r) => (
                    <li key={`${r.bookingId}-${r.at}`}>
                      {t('redemption', {
                        reference: r.reference,
                        amount: money(r.amount),
                        date: formatCanaryDate(r.at, locale),
                      })}
                    </li>
                  ))}
                </ul>
              )}
            </Cell>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
