// Stripe's Payment Element, for a server running the Stripe provider. This module (and
// Stripe's script) is loaded only when the payment step shows it; `pure` keeps Stripe's
// script from loading as a side effect of importing the package.
import { useEffect, useMemo } from 'react';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import type { PayOutcome } from './pay-outcome';
import { useLanguage } from '../i18n/use-language';

export type StripeCardFormProps = {
  publishableKey: string;
  clientSecret: string;
  returnUrl: string;
  register: (pay: (() => Promise<PayOutcome>) | null) => void;
};

export default function StripeCardForm({
  publishableKey,
  clientSecret,
  returnUrl,
  register,
}: StripeCardFormProps) {
  const locale = useLanguage();
  const stripePromise = useMemo(() => loadStripe(publishableKey), [publishableKey]);
  return (
    <Elements stripe={stripePromise} options={{ clientSecret, locale }}>
      <StripeFields returnUrl={returnUrl} register={register} />
    </Elements>
  );
}

function StripeFields({ returnUrl, register }: Pick<StripeCardFormProps, 'returnUrl' | 'register'>) {
  const stripe = useStripe();
  const elements = useElements();
  useEffect(() => {
    if (!stripe || !elements) {
      register(null);
      return;
    }
    register(async () => {
      // Redirects only when the card needs authentication; the return is handled globally.
      const result = await stripe.confirmPayment({
        elements,
        confirmParams: { return_url: returnUrl },
        redirect: 'if_required',
      });
      if (result.error) return { kind: 'failed', message: result.error.message ?? null };
      // requires_capture: a request-to-book's card is authorized; the owner's answer charges it.
      if (result.paymentIntent.status === 'succeeded' || result.paymentIntent.status === 'requires_capture')
        return { kind: 'succeeded', intentId: result.paymentIntent.id };
      return { kind: 'failed', message: null };
    });
    return () => register(null);
  }, [stripe, elements, returnUrl, register]);
  return <PaymentElement />;
}
