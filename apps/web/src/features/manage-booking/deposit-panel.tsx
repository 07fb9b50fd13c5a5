// The booking's security deposit on manage my booking (docs/payments.md#the-security-deposit):
// how much, when it is held on the card and when it is released, or what became of it (released,
// kept in part for damage and why). A deposit the card refused offers another card, paid with
// the same card form as the checkout (authorised only), or the harbour. A damage claim against it
// (docs/decisions/0040) shows with its note and the return's photos, and the customer accepts it
// or disputes it in writing until its deadline.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCanaryDateTime } from '@boats/domain/canary-time';
import { eurosToCents, formatMoney } from '@boats/domain/money';
import type { DepositClaimView, DepositView } from '@boats/domain/schemas/deposit';
import { CardPaymentForm } from '../../shared/checkout';
import { currentLanguage } from '../../shared/i18n/i18n';
import { Banner } from '../../shared/ui/banner';
import button from '../../shared/ui/button.module.css';
import { useAnswerClaim, useConfirmDepositCard, useDepositCard, useManagedDeposit } from './api/deposit';
import { licencePhotoUrl } from './api/get-booking-licence';
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
  return (
    <ManagedDeposit
      bookingId={bookingId}
      token={token}
      deposit={deposit.data.deposit}
      claim={deposit.data.claim ?? null}
    />
  );
}

export function ManagedDeposit({
  bookingId,
  token,
  deposit,
  claim = null,
}: {
  bookingId: string;
  token: string;
  deposit: DepositView;
  claim?: DepositClaimView | null;
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
      {claim && <ClaimPanel bookingId={bookingId} token={token} claim={claim} />}
    </section>
  );
}

/** The owner's claim: how much and why, the photos it rests on, and the customer's answer. */
function ClaimPanel({
  bookingId,
  token,
  claim,
}: {
  bookingId: string;
  token: string;
  claim: DepositClaimView;
}) {
  const { t } = useTranslation('manage');
  const locale = currentLanguage();
  const money = (euros: number) => formatMoney(eurosToCents(euros), locale);
  const answer = useAnswerClaim();
  const [disputing, setDisputing] = useState(false);
  const [text, setText] = useState('');
  return (
    <div data-testid="deposit-claim" aria-labelledby="claim-title">
      <h3 id="claim-title">{t('claim.title')}</h3>
      <p>{t('claim.amount', { amount: money(claim.amount) })}</p>
      <p>{t('claim.note', { note: claim.note })}</p>
      <div className={styles.conditionPhotos}>
        {claim.photos.map((photo) => (
          <img
            key={photo}
            src={licencePhotoUrl(bookingId, token, photo)}
            alt={t('claim.photoAlt')}
            width={480}
          />
        ))}
      </div>
      <p role="status">
        {t(`claim.state.${claim.status}`, {
          when: formatCanaryDateTime(claim.answerBy, locale),
          decided: money(claim.decided ?? 0),
          reason: claim.decisionReason ?? '',
        })}
      </p>
      {claim.status === 'open' && !disputing && (
        <div className={styles.actions}>
          <button
            type="button"
            className={button.primary}
            disabled={answer.isPending}
            onClick={() => answer.mutate({ id: bookingId, token, decision: 'accept' })}
          >
            {t('claim.accept')}
          </button>
          <button type="button" className={button.secondary} onClick={() => setDisputing(true)}>
            {t('claim.dispute')}
          </button>
        </div>
      )}
      {claim.status === 'open' && disputing && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (text.trim().length >= 5)
              answer.mutate({ id: bookingId, token, decision: 'dispute', answer: text.trim() });
          }}
        >
          <label>
            {t('claim.disputeLabel')}
            <textarea rows={4} maxLength={2000} value={text} onChange={(e) => setText(e.target.value)} />
          </label>
          <div className={styles.actions}>
            <button
              type="submit"
              className={button.primary}
              disabled={answer.isPending || text.trim().length < 5}
            >
              {t('claim.disputeSubmit')}
            </button>
            <button type="button" className={button.secondary} onClick={() => setDisputing(false)}>
              {t('claim.back')}
            </button>
          </div>
        </form>
      )}
      {answer.isError && <Banner tone="error">{t('claim.failed')}</Banner>}
    </div>
  );
}

/** This page again, marked as the deposit's bank return (manage-booking-page.tsx reads it). */
function depositReturnUrl(): string {
  const back = new URL(window.location.href);
  back.searchParams.set('deposit', '1');
  return back.toString();
}
