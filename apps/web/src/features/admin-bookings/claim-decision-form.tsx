// The admin's decision on a disputed damage claim (docs/decisions/0040): an amount from 0 to the
// claim (0 releases the deposit) and the reason both sides read. The platform decides, never the
// owner: the server refuses anyone else.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DepositClaimView } from '@boats/domain/schemas/deposit';
import { Button } from '../../shared/ui/button';
import { money } from './booking-format';
import styles from './admin-bookings.module.css';

export function ClaimDecisionForm({
  claim,
  pending,
  onDecide,
}: {
  claim: DepositClaimView;
  pending: boolean;
  onDecide: (decision: { amount: number; reason: string }) => void;
}) {
  const { t } = useTranslation('admin-bookings');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const kept = amount.trim() === '' ? Number.NaN : Number(amount.replace(',', '.'));
  const valid = kept >= 0 && kept <= claim.amount && reason.trim().length >= 3;
  return (
    <form
      className={styles.confirmForm}
      aria-label={t('claim.decide')}
      onSubmit={(e) => {
        e.preventDefault();
        if (valid) onDecide({ amount: kept, reason: reason.trim() });
      }}
    >
      <label>
        {t('claim.decideAmount', { max: money(claim.amount) })}
        <input
          type="number"
          inputMode="decimal"
          step="0.01"
          min="0"
          max={String(claim.amount)}
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
        />
      </label>
      <label>
        {t('claim.decideReason')}
        <textarea rows={3} maxLength={1000} value={reason} onChange={(e) => setReason(e.target.value)} />
      </label>
      <div className={styles.actions}>
        <Button type="submit" size="small" disabled={!valid || pending}>
          {t('claim.decideSubmit')}
        </Button>
      </div>
    </form>
  );
}
