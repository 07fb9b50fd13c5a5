// Paying for seats the server already holds for the customer (a staff member's payment link, a
// waitlist offer): the payment step under the page's note of what is held, then the confirm
// call, then the booking's confirmation at its own address. A confirm that failed offers to try
// again or go back to the boat. The hold outlives the page (its link opens it again), so
// leaving the tab does not give it up.
import { type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { bookingQueryOptions } from './api/get-booking';
import { confirmAndLoad } from './confirm-and-load';
import { ConfirmError } from './confirm-error';
import { PaymentStep, type PaymentStepProps } from './payment-step';
import { paths } from '../paths';

type PayHeldBookingProps = Pick<
  PaymentStepProps,
  'intent' | 'summary' | 'knownContact' | 'holdShownByPage'
> & {
  boatId: string;
  /** Above the payment step: what is held for the customer, in the page's words. */
  held: ReactNode;
  /** "Confirming your payment…" in the page's words. */
  confirming: string;
};

export function PayHeldBooking({ boatId, held, confirming, ...payment }: PayHeldBookingProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [step, setStep] = useState<
    { kind: 'pay' } | { kind: 'confirming' } | { kind: 'error'; intentId: string; message: string }
  >({ kind: 'pay' });

  const confirm = async (intentId: string) => {
    setStep({ kind: 'confirming' });
    const { checkoutKey } = payment.intent;
    const result = await confirmAndLoad(intentId, checkoutKey);
    if (!result.ok) {
      setStep({ kind: 'error', intentId, message: result.message });
      return;
    }
    queryClient.setQueryData(bookingQueryOptions(result.booking._id, checkoutKey).queryKey, result.booking);
    void navigate(paths.bookingConfirmation.getHref(result.booking._id, checkoutKey), { replace: true });
  };
  const toBoat = () => void navigate(paths.bookingOfBoat.getHref(boatId));

  if (step.kind === 'confirming') return <p role="status">{confirming}</p>;
  if (step.kind === 'error') {
    return (
      <ConfirmError message={step.message} onBack={toBoat} onRetry={() => void confirm(step.intentId)} />
    );
  }
  return (
    <>
      {held}
      <PaymentStep
        {...payment}
        // The bank page's way back carries the key (no `checkout`: the hold outlives the page).
        returnUrl={`${window.location.origin}${paths.booking.getHref()}?${new URLSearchParams({ key: payment.intent.checkoutKey }).toString()}`}
        onBack={toBoat}
        onRedirect={() => undefined}
        onPaid={(intentId) => void confirm(intentId)}
        keepHoldOnPageHide
      />
    </>
  );
}
