// A card payment on its own, for what is no booking (a gift voucher): the card form of whichever
// provider the server runs, the same fields and the same pay call as the booking's payment step
// (pay-by-card.ts), and Pay with the amount. A declined card leaves the form for another card.
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cardProblems } from '@boats/domain/card-entry';
import { formatMoney } from '@boats/domain/money';
import { cardEntrySchema } from '@boats/domain/schemas/card-entry';
import { z } from '@boats/domain/schemas/zod';
import { usePaymentsConfig } from '../api/get-payments-config';
import { Form, useZodForm } from '../ui/form';
import button from '../ui/button.module.css';
import { paymentErrorText } from './checkout-errors';
import type { PayOutcome } from './pay-outcome';
import { payByCard } from './pay-by-card';
import { emptyCard } from './payment-form-schema';
import { CardFields } from './card-fields';
import styles from './checkout.module.css';
import { useLanguage } from '../i18n/use-language';

const sandboxCardSchema = z.object({ card: cardEntrySchema() });
const stripeCardSchema = z.object({});

export type CardPaymentFormProps = {
  clientSecret: string;
  amountCents: number;
  /** Where the bank page (3-D Secure) sends the visitor back. */
  returnUrl: string;
  onPaid: (intentId: string) => void;
  onBack: () => void;
};

export function CardPaymentForm(props: CardPaymentFormProps) {
  const { t } = useTranslation('booking');
  const config = usePaymentsConfig();
  if (config.isError) {
    return (
      <div role="alert" className={styles.alert}>
        <p>{t('errors.paymentErrorRetry')}</p>
        <p className={styles.detail}>{t('errors.initFailed')}</p>
      </div>
    );
  }
  if (!config.data) return <p aria-busy="true">{t('payment.initializing')}</p>;
  return (
    <CardForm
      {...props}
      provider={config.data.provider}
      publishableKey={config.data.provider === 'stripe' ? config.data.publishableKey : ''}
    />
  );
}

function CardForm({
  clientSecret,
  amountCents,
  returnUrl,
  onPaid,
  onBack,
  provider,
  publishableKey,
}: CardPaymentFormProps & { provider: 'sandbox' | 'stripe'; publishableKey: string }) {
  const { t } = useTranslation('booking');
  const locale = useLanguage();
  const form = useZodForm(provider === 'sandbox' ? sandboxCardSchema : stripeCardSchema, {
    defaultValues: { card: emptyCard },
  });
  const [stripePay, setStripePay] = useState<(() => Promise<PayOutcome>) | null>(null);
  const [error, setError] = useState<string | null>(null);
  const registerStripe = useCallback(
    (pay: (() => Promise<PayOutcome>) | null) => setStripePay(() => pay),
    [],
  );
  const paying = form.formState.isSubmitting;
  const card = form.watch('card') ?? emptyCard;
  const problems = provider === 'sandbox' ? cardProblems(card, new Date()) : [];
  const ready = provider === 'stripe' ? stripePay !== null : problems.length === 0;
  return (
    <Form
      form={form}
      className={styles.payForm}
      onSubmit={async (values) => {
        setError(null);
        const outcome = await payByCard({
          provider,
          clientSecret,
          card: 'card' in values ? values.card : undefined,
          returnUrl,
          stripePay,
          onLeaving: () => undefined,
        });
        if (outcome.kind === 'succeeded') onPaid(outcome.intentId);
        else setError(outcome.message || t('errors.paymentErrorRetry'));
      }}
      onError={(err, onFields) => {
        if (!onFields) setError(paymentErrorText(err));
      }}
    >
      <CardFields
        provider={provider}
        disabled={paying}
        publishableKey={publishableKey}
        clientSecret={clientSecret}
        returnUrl={returnUrl}
        register={registerStripe}
      />
      {error && (
        <p role="alert" className={styles.alert} data-testid="card-error">
          {error}
        </p>
      )}
      {!paying && problems.length > 0 && (
        <ul className={styles.hint} id="card-pay-reasons" aria-live="polite">
          {problems.map((p) => (
            <li key={p}>{t(`card.problem.${p}`)}</li>
          ))}
        </ul>
      )}
      <div className={styles.actions}>
        <button type="button" className={button.outline} onClick={onBack} disabled={paying}>
          {t('actions.back')}
        </button>
        <button
          type="submit"
          className={button.primary}
          disabled={!ready || paying}
          aria-describedby={!ready && problems.length > 0 ? 'card-pay-reasons' : undefined}
        >
          {paying ? t('payment.paying') : t('payment.pay', { amount: formatMoney(amountCents, locale) })}
        </button>
      </div>
    </Form>
  );
}
