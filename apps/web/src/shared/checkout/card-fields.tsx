// The card's fields for the site's card provider: the sandbox's own, or Stripe's Payment Element,
// whose code loads only when the provider is Stripe. The booking's payment step and the card form
// of other payments (a gift voucher) show the same fields.
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { SandboxCardForm } from './sandbox-card-form';
import type { StripeCardFormProps } from './stripe-card-form';

const StripeCardForm = lazy(() => import('./stripe-card-form'));

export function CardFields({
  provider,
  disabled,
  clientSecret,
  ...stripe
}: Omit<StripeCardFormProps, 'clientSecret'> & {
  provider: 'sandbox' | 'stripe';
  disabled: boolean;
  /** Null when a gift voucher pays it all: there is no card part, and no card fields. */
  clientSecret: string | null;
}) {
  const { t } = useTranslation('booking');
  if (clientSecret === null) return null;
  if (provider === 'sandbox') return <SandboxCardForm disabled={disabled} />;
  return (
    <Suspense fallback={<p aria-busy="true">{t('payment.initializing')}</p>}>
      <StripeCardForm clientSecret={clientSecret} {...stripe} />
    </Suspense>
  );
}
