// The booking's security deposit in its details (docs/payments.md#the-security-deposit): how much,
// its state (held on the card or at the harbour, refused, released, kept), and after the return
// the owner's or the admin's decision: release it in full, or keep part or all of it for damage
// with the reason the customer is told (never more than the deposit). A deposit the card refused
// is recorded here once taken at the harbour.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCanaryDateTime } from '@boats/domain/canary-time';
import type { DepositView } from '@boats/domain/schemas/deposit';
import { currentLanguage } from '../../shared/i18n/i18n';
import { useAdminErrorText } from '../../shared/admin/admin-error-text';
import { Button } from '../../shared/ui/button';
import { useDeposit, useDepositAction, type DepositAction } from './api/deposit';
import { money } from './booking-format';
import styles from './admin-bookings.module.css';

export function BookingDeposit({ bookingId }: { bookingId: string }) {
  const deposit = useDeposit(bookingId);
  if (!deposit.data?.deposit) return null;
  return <BookingDepositView bookingId={bookingId} deposit={deposit.data.deposit} />;
}

const HARBOUR_METHODS = ['cash', 'terminal', 'bank_transfer'] as const;

export function BookingDepositView({ bookingId, deposit }: { bookingId: string; deposit: DepositView }) {
  const { t } = useTranslation('admin-bookings');
  const errorText = useAdminErrorText();
  const locale = currentLanguage();
  const action = useDepositAction(bookingId);
  const [keeping, setKeeping] = useState(false);
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [method, setMethod] = useState<(typeof HARBOUR_METHODS)[number]>('cash');
  const run = (a: DepositAction) => action.mutate(a, { onSuccess: () => setKeeping(false) });
  const held = deposit.status === 'authorised';
  const open = deposit.status === 'scheduled' || deposit.status === 'failed';
  const kept = Number(amount.replace(',', '.'));
  const keepValid = kept > 0 && kept <= deposit.amount && reason.trim().length >= 3;
  return (
    <section aria-label={t('deposit.title')} data-testid="booking-deposit">
      <h3 className={styles.subheading}>{t('deposit.title')}</h3>
      <p>
        <strong>{money(deposit.amount)}</strong> · {t(`deposit.status.${deposit.status}`)}
        {deposit.status === 'authorised' && ` · ${t(`deposit.method.${deposit.method}`)}`}
      </p>
      {deposit.status === 'scheduled' && (
        <p className={styles.muted}>
          {t('deposit.holdAt', { when: formatCanaryDateTime(deposit.holdAt, locale) })}
        </p>
      )}
      {deposit.lapsesAt && (
        <p className={styles.muted}>
          {t('deposit.lapsesAt', { when: formatCanaryDateTime(deposit.lapsesAt, locale) })}
        </p>
      )}
      {deposit.status === 'failed' && <p role="status">{t('deposit.failedHint')}</p>}
      {deposit.status === 'captured' && (
        <p>{t('deposit.keptValue', { amount: money(deposit.captured), reason: deposit.reason ?? '' })}</p>
      )}
      {held && !keeping && (
        <div className={styles.actions}>
          <Button size="small" disabled={action.isPending} onClick={() => run({ kind: 'release' })}>
            {t('deposit.release')}
          </Button>
          <Button size="small" variant="outline" disabled={action.isPending} onClick={() => setKeeping(true)}>
            {t('deposit.keep')}
          </Button>
        </div>
      )}
      {held && keeping && (
        <form
          className={styles.confirmForm}
          onSubmit={(e) => {
            e.preventDefault();
            if (keepValid) run({ kind: 'capture', amount: kept, reason: reason.trim() });
          }}
        >
          <label>
            {t('deposit.keepAmount', { max: money(deposit.amount) })}
            <input
              type="number"
              inputMode="decimal"
              step="0.01"
              min="0.01"
              max={String(deposit.amount)}
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
              data-testid="deposit-keep-amount"
            />
          </label>
          <label>
            {t('deposit.keepReason')}
            <textarea
              rows={3}
              maxLength={1000}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              data-testid="deposit-keep-reason"
            />
          </label>
          <div className={styles.actions}>
            <Button type="submit" size="small" disabled={!keepValid || action.isPending}>
              {t('deposit.keepSubmit')}
            </Button>
            <Button size="small" variant="outline" onClick={() => setKeeping(false)}>
              {t('confirm.back')}
            </Button>
          </div>
        </form>
      )}
      {open && (
        <div className={styles.actions}>
          <label>
            {t('deposit.harbourMethod')}{' '}
            <select
              value={method}
              onChange={(e) => setMethod(e.target.value as (typeof HARBOUR_METHODS)[number])}
            >
              {HARBOUR_METHODS.map((m) => (
                <option key={m} value={m}>
                  {t(`deposit.method.${m}`)}
                </option>
              ))}
            </select>
          </label>
          <Button size="small" disabled={action.isPending} onClick={() => run({ kind: 'harbour', method })}>
            {t('deposit.harbour')}
          </Button>
        </div>
      )}
      {action.error && <p role="alert">{errorText(action.error)}</p>}
    </section>
  );
}
