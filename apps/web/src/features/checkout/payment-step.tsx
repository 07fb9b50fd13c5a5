// Step two: the hold countdown, contact details and the card form of whichever provider the
// server runs. A declined card leaves everything in place for another card; Back returns to
// the unchanged selection.
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { canaryTimeLabel, formatCanaryDate } from '@boats/domain/canary-time';
import { formatMoney } from '@boats/domain/money';
import { intentIdFromClientSecret, type PaymentIntentResponse } from '@boats/domain/schemas/payment-intent';
import { ApiError, errorText } from '../../shared/api/http';
import { currentLanguage } from '../../shared/i18n/i18n';
import { fetchPaymentsConfig, sandboxConfirm, saveCustomer, type PaymentsConfig } from './checkout-api';
import { bookingContactSchema } from '@boats/domain/schemas/contact';
import { ContactForm, contactErrors, type ContactField, type ContactValues } from './contact-form';
import { HoldCountdown, useSecondsLeft } from './hold-countdown';
import type { PayOutcome } from './pay-outcome';
import { rememberOrigin } from './payment-markers';
import { returnUrlOf } from './payment-return-params';
import { SandboxCardForm, emptyCard, parseCard, type CardValues } from './sandbox-card-form';
import { cardProblems } from '@boats/domain/card-entry';
import { legalPath } from '../legal';
import styles from './checkout.module.css';

const StripeCardForm = lazy(() => import('./stripe-card-form'));

export type PaymentSummary = {
  boatTitle: string;
  mode: 'private' | 'shared';
  start: string | null;
  end: Date | null;
  amountCents: number;
};

export type PaymentStepProps = {
  intent: PaymentIntentResponse;
  boatId: string;
  summary: PaymentSummary;
  onBack: () => void;
  onPaid: (intentId: string) => void;
};

export function PaymentStep({ intent, boatId, summary, onBack, onPaid }: PaymentStepProps) {
  const { t } = useTranslation('booking');
  const locale = currentLanguage();
  const [config, setConfig] = useState<PaymentsConfig | null>(null);
  const [configError, setConfigError] = useState<string | null>(null);
  const [contact, setContact] = useState<ContactValues>({ name: '', email: '', phone: '' });
  const [touched, setTouched] = useState<Partial<Record<ContactField, boolean>>>({});
  const [showAll, setShowAll] = useState(false);
  const [card, setCard] = useState<CardValues>(emptyCard);
  const [stripePay, setStripePay] = useState<(() => Promise<PayOutcome>) | null>(null);
  const [paying, setPaying] = useState(false);
  const [cardError, setCardError] = useState<string | null>(null);
  const secondsLeft = useSecondsLeft(intent.holdExpiresAt);
  const intentId = intentIdFromClientSecret(intent.clientSecret) ?? intent.clientSecret;
  const returnUrl = returnUrlOf(window.location.href);
  const headingRef = useRef<HTMLHeadingElement>(null);

  // A new step: bring its top into view and tell screen readers where they are.
  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  useEffect(() => {
    fetchPaymentsConfig()
      .then(setConfig)
      .catch((err: unknown) => setConfigError(errorText(err)));
  }, []);

  const registerStripe = useCallback(
    (pay: (() => Promise<PayOutcome>) | null) => setStripePay(() => pay),
    [],
  );

  const contactOk = Object.keys(contactErrors(contact)).length === 0;
  const cardReady = config?.provider === 'stripe' ? stripePay !== null : parseCard(card) !== null;
  const canPay = contactOk && cardReady && !paying && secondsLeft > 0 && config !== null;
  // Every reason Pay is not ready, said next to it (a disabled button alone explains nothing).
  const payReasons = [
    ...(config?.provider === 'sandbox'
      ? cardProblems(card, new Date()).map((p) => t(`card.problem.${p}`))
      : []),
    ...(secondsLeft <= 0 ? [t('payment.holdOver')] : []),
  ];

  const pay = async () => {
    if (!contactOk) {
      setShowAll(true);
      return;
    }
    setPaying(true);
    setCardError(null);
    rememberOrigin(intentId, boatId);
    try {
      await saveCustomer(intent.bookingId, bookingContactSchema.parse(contact), locale);
      const outcome = await payWith();
      if (outcome.kind === 'succeeded') onPaid(outcome.intentId);
      else setCardError(outcome.message || t('errors.paymentError'));
    } catch (err) {
      setCardError(err instanceof ApiError && err.message ? err.message : t('errors.paymentError'));
    } finally {
      setPaying(false);
    }
  };

  const payWith = async (): Promise<PayOutcome> => {
    if (config?.provider === 'stripe') {
      if (!stripePay) return { kind: 'failed', message: null };
      return stripePay();
    }
    const parsed = parseCard(card);
    if (!parsed) return { kind: 'failed', message: null };
    const answer = await sandboxConfirm(intent.clientSecret, parsed, returnUrl);
    if (answer.status === 'succeeded') return { kind: 'succeeded', intentId };
    if (answer.status === 'requires_action' && answer.redirectUrl) {
      window.location.assign(answer.redirectUrl);
      return new Promise<PayOutcome>(() => undefined); // the page is leaving
    }
    return { kind: 'failed', message: answer.message ?? null };
  };

  return (
    <div className={styles.payment}>
      <section className={styles.summary} aria-labelledby="payment-summary-title">
        <h3 id="payment-summary-title" className={styles.subTitle} ref={headingRef} tabIndex={-1}>
          {t('payment.title')}
        </h3>
        <p>
          <strong>{summary.boatTitle}</strong> · {t(`mode.${summary.mode}`)}
        </p>
        {summary.start && (
          <p>
            {formatCanaryDate(summary.start, locale)} {canaryTimeLabel(summary.start)}
            {summary.end ? `–${canaryTimeLabel(summary.end)}` : ''}
          </p>
        )}
        <p className={styles.total}>
          {t('review.total')}{' '}
          <strong data-testid="payment-total">{formatMoney(summary.amountCents, locale)}</strong>
        </p>
        <HoldCountdown secondsLeft={secondsLeft} />
      </section>

      <form
        className={styles.payForm}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (canPay || !contactOk) void pay();
        }}
      >
        <ContactForm
          values={contact}
          touched={touched}
          showAll={showAll}
          onChange={setContact}
          onBlur={(field) => setTouched((prev) => ({ ...prev, [field]: true }))}
        />
        {configError && (
          <p role="alert" className={styles.alert}>
            {t('errors.initFailed')}
          </p>
        )}
        {!config && !configError && <p aria-busy="true">{t('payment.initializing')}</p>}
        {config?.provider === 'sandbox' && (
          <SandboxCardForm values={card} onChange={setCard} disabled={paying} />
        )}
        {config?.provider === 'stripe' && (
          <Suspense fallback={<p aria-busy="true">{t('payment.initializing')}</p>}>
            <StripeCardForm
              publishableKey={config.publishableKey}
              clientSecret={intent.clientSecret}
              locale={locale}
              returnUrl={returnUrl}
              register={registerStripe}
            />
          </Suspense>
        )}
        {cardError && (
          <p role="alert" className={styles.alert} data-testid="card-error">
            {cardError}
          </p>
        )}
        {!contactOk && <p className={styles.hint}>{t('payment.contactNeeded')}</p>}
        {!paying && payReasons.length > 0 && (
          <ul className={styles.hint} id="pay-reasons" aria-live="polite" data-testid="pay-reasons">
            {payReasons.map((reason) => (
              <li key={reason}>{reason}</li>
            ))}
          </ul>
        )}
        <p className={styles.muted}>
          {t('payment.acceptTerms')}{' '}
          <a href={legalPath('terms')} target="_blank" rel="noopener">
            {t('payment.termsLink')}
          </a>{' '}
          ·{' '}
          <a href={legalPath('privacy')} target="_blank" rel="noopener">
            {t('payment.privacyLink')}
          </a>
        </p>
        <div className={styles.actions}>
          <button type="button" className={styles.secondary} onClick={onBack} disabled={paying}>
            {t('actions.back')}
          </button>
          <button
            type="submit"
            className={styles.primary}
            disabled={!canPay}
            aria-describedby={!canPay && payReasons.length > 0 ? 'pay-reasons' : undefined}
          >
            {paying
              ? t('payment.paying')
              : t('payment.pay', { amount: formatMoney(summary.amountCents, locale) })}
          </button>
        </div>
      </form>
    </div>
  );
}
