// The booking's security deposit in its details (docs/payments.md#the-security-deposit): how much,
// its state (held on the card or at the harbour, refused, released, kept), and after the return
// the owner's decision: release it in full, or claim part or all of it for damage with a note and
// the return's photos (docs/decisions/0040), within the claim window. The claim's life shows
// here: the customer's answer and, for a dispute, the admin's decision (the admin alone decides).
// A deposit the card refused is recorded here once taken at the harbour.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCanaryDateTime } from '@boats/domain/canary-time';
import type { DepositClaimView, DepositView } from '@boats/domain/schemas/deposit';
import { useAuth } from '../../shared/auth/auth-context';
import { currentLanguage } from '../../shared/i18n/i18n';
import { useAdminErrorText } from '../../shared/admin/admin-error-text';
import { EvidencePhoto } from '../../shared/self-drive/evidence-photo';
import { Button } from '../../shared/ui/button';
import { useDeposit, useDepositAction, useReturnPhotos, type DepositAction } from './api/deposit';
import { ClaimDecisionForm } from './claim-decision-form';
import { money } from './booking-format';
import styles from './admin-bookings.module.css';

export function BookingDeposit({ bookingId }: { bookingId: string }) {
  const deposit = useDeposit(bookingId);
  if (!deposit.data?.deposit) return null;
  return (
    <BookingDepositView
      bookingId={bookingId}
      deposit={deposit.data.deposit}
      claim={deposit.data.claim ?? null}
      claimUntil={deposit.data.claimUntil ?? null}
    />
  );
}

/** A claim as staff read it: amount, note, photos, the customer's answer, the admin's decision. */
export function ClaimSummary({ bookingId, claim }: { bookingId: string; claim: DepositClaimView }) {
  const { t } = useTranslation('admin-bookings');
  const locale = currentLanguage();
  return (
    <div data-testid="deposit-claim">
      <p>{t('claim.summary', { amount: money(claim.amount), status: t(`claim.status.${claim.status}`) })}</p>
      <p>{t('claim.note', { note: claim.note })}</p>
      <div className={styles.claimPhotos}>
        {claim.photos.map((photo) => (
          <EvidencePhoto key={photo} bookingId={bookingId} photo={photo} alt={t('claim.photoAlt')} />
        ))}
      </div>
      {claim.status === 'open' && (
        <p className={styles.muted}>
          {t('claim.answerBy', { when: formatCanaryDateTime(claim.answerBy, locale) })}
        </p>
      )}
      {claim.answer && <p>{t('claim.answer', { answer: claim.answer })}</p>}
      {claim.decided !== null && (
        <p>{t('claim.decided', { amount: money(claim.decided), reason: claim.decisionReason ?? '' })}</p>
      )}
    </div>
  );
}

const HARBOUR_METHODS = ['cash', 'terminal', 'bank_transfer'] as const;

export function BookingDepositView({
  bookingId,
  deposit,
  claim = null,
  claimUntil = null,
}: {
  bookingId: string;
  deposit: DepositView;
  claim?: DepositClaimView | null;
  /** Until when a claim may be filed; null: not (yet) possible. */
  claimUntil?: string | null;
}) {
  const { t } = useTranslation('admin-bookings');
  const errorText = useAdminErrorText();
  const locale = currentLanguage();
  const isAdmin = useAuth().user?.role === 'admin';
  const action = useDepositAction(bookingId);
  const [keeping, setKeeping] = useState(false);
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [chosen, setChosen] = useState<string[]>([]);
  const [method, setMethod] = useState<(typeof HARBOUR_METHODS)[number]>('cash');
  const run = (a: DepositAction) => action.mutate(a, { onSuccess: () => setKeeping(false) });
  const held = deposit.status === 'authorised';
  const open = deposit.status === 'scheduled' || deposit.status === 'failed';
  const photos = useReturnPhotos(bookingId, held && claim === null && claimUntil !== null);
  const kept = Number(amount.replace(',', '.'));
  const keepValid = kept > 0 && kept <= deposit.amount && reason.trim().length >= 3 && chosen.length > 0;
  const toggle = (photo: string) =>
    setChosen((list) => (list.includes(photo) ? list.filter((p) => p !== photo) : [...list, photo]));
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
      {claim && <ClaimSummary bookingId={bookingId} claim={claim} />}
      {claim?.status === 'disputed' && isAdmin && (
        <ClaimDecisionForm
          claim={claim}
          pending={action.isPending}
          onDecide={(decision) => run({ kind: 'decision', ...decision })}
        />
      )}
      {held && claimUntil && (
        <p className={styles.muted}>{t('claim.until', { when: formatCanaryDateTime(claimUntil, locale) })}</p>
      )}
      {held && !claim && !keeping && (
        <div className={styles.actions}>
          <Button size="small" disabled={action.isPending} onClick={() => run({ kind: 'release' })}>
            {t('deposit.release')}
          </Button>
          {claimUntil && (
            <Button
              size="small"
              variant="outline"
              disabled={action.isPending}
              onClick={() => setKeeping(true)}
            >
              {t('deposit.keep')}
            </Button>
          )}
        </div>
      )}
      {held && keeping && (
        <form
          className={styles.confirmForm}
          onSubmit={(e) => {
            e.preventDefault();
            if (keepValid) run({ kind: 'claim', amount: kept, note: reason.trim(), photos: chosen });
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
          <fieldset className={styles.claimPhotos}>
            <legend>{t('claim.photos')}</legend>
            {(photos.data ?? []).map((photo, index) => (
              <label key={photo}>
                <input type="checkbox" checked={chosen.includes(photo)} onChange={() => toggle(photo)} />
                {t('claim.photoNumber', { n: index + 1 })}
                <EvidencePhoto bookingId={bookingId} photo={photo} alt={t('claim.photoAlt')} />
              </label>
            ))}
          </fieldset>
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
