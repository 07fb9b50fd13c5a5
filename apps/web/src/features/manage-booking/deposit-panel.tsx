// The booking's security deposit on manage my booking (docs/payments.md#the-security-deposit):
// how much, when it is held on the card and when it is released, or what became of it (released,
// kept in part for damage and why). A deposit the card refused offers another card, paid with
// the same card form as the checkout (authorised only), or the harbour.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCanaryDateTime } from '@boats/domain/canary-time';
import { eurosToCents, formatMoney } from '@boats/domain/money';
import type { DepositView } from '@boats/domain/schemas/deposit';
import { CardPaymentForm } from '../../shared/checkout';
import { currentLanguage } from '../../shared/i18n/i18n';
import { Banner } from '../../shared/ui/banner';
import button from '../../shared/ui/button.module.css';
import { useConfirmDepositCard, useDepositCard, useManagedDeposit } from './api/deposit';
import styles from './manage-booking.module.css';

export function DepositPanel({
  bookingId,
  token,
  returned = false,
  onReturnTaken,
}: {
  bookingId: string;
  token: string;
  /** Back from the bank page of another card (3-D Secure): settled once, then the address cleared. */
  returned?: boolean;
  onReturnTaken?: (() => void) | undefined;
}) {
  const deposit = useManagedDeposit(bookingId, token);
  const confirm = useConfirmDepositCard();
  const { mutate } = confirm;
  useEffect(() => {
    if (returned) mutate({ id: bookingId, token }, { onSettled: () => onReturnTaken?.() });
  }, [returned, bookingId, token, mutate, onReturnTaken]);
  if (!deposit.data?.deposit) return null;
  return <ManagedDeposit bookingId={bookingId} token={token} deposit={deposit.data.deposit} />;
}

export function ManagedDeposit({
  bookingId,
  token,
  deposit,
}: {
  bookingId: string;
  token: string;
  deposit: DepositView;
}) {
  const { t } = useTranslation('manage');
  const locale = currentLanguage();
  const money = (euros: number) => formatMoney(eurosToCents(euros), locale);
  const card = useDepositCard();
  const confirm = useConfirmDepositCard();
  const [paying, setPaying] = useState<{ clientSecret: string; amount: number } | null>(null);
  const amount = money(deposit.amount);
  const when = formatCanaryDateTime(deposit.holdAt, locale);
  return (
    <section className={styles.actions} aria-labelledby="deposit-title" data-testid="deposit-panel">
      <h2 id="deposit-title">{t('deposit.title')}</h2>
      <p>{t(`deposit.state.${deposit.status}`, { amount, when, kept: money(deposit.captured) })}</p>
      {deposit.status === 'captured' && deposit.reason && (
        <p>{t('deposit.reason', { reason: deposit.reason })}</p>
      )}
      {deposit.status === 'failed' && !paying && (
        <>
          <p>{t('deposit.fix')}</p>
          <button
            type="button"
            className={button.primary}
            disabled={card.isPending}
            onClick={() =>
              card.mutate({ id: bookingId, token }, { onSuccess: (answer) => setPaying(answer) })
            }
          >
            {t('deposit.otherCard')}
          </button>
        </>
      )}
      {paying && (
        <CardPaymentForm
          clientSecret={paying.clientSecret}
          amountCents={eurosToCents(paying.amount)}
          returnUrl={depositReturnUrl()}
          onPaid={() => {
            setPaying(null);
            confirm.mutate({ id: bookingId, token });
          }}
          onBack={() => setPaying(null)}
        />
      )}
      {(card.isError || confirm.isError) && <Banner tone="error">{t('deposit.failed')}</Banner>}
    </section>
  );
}

/** This page again, marked as the deposit's bank return (manage-booking-page.tsx reads it). */
function depositReturnUrl(): string {
  const back = new URL(window.location.href);
  back.searchParams.set('deposit', '1');
  return back.toString();
}
