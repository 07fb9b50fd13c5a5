// Back from the card's bank page (3-D Secure) with payment_intent… in the address: the payment
// is confirmed exactly once (confirmAndLoad remembers a confirmed intent, so a reload does not
// confirm again) and the page moves to the booking's own address, /booking?booking={id}&key={key}
// (the return address carries the checkout's key: the confirm proves the payment, the page's
// later loads need the key). A
// refused authentication never gets here: the booking flow shows it inline on the payment step.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router-dom';
import { bookingQueryOptions } from './api/get-booking';
import { confirmAndLoad } from './confirm-and-load';
import { ConfirmError } from './confirm-error';
import { paths } from '../paths';

export default function PaymentReturn({
  intentId,
  checkoutKey,
  onBack,
}: {
  intentId: string;
  checkoutKey: string | null;
  onBack: () => void;
}) {
  const { t } = useTranslation('booking');
  const queryClient = useQueryClient();
  const confirmation = useQuery({
    queryKey: ['payment-return', intentId] as const,
    queryFn: async () => {
      const result = await confirmAndLoad(intentId, checkoutKey);
      if (result.ok && checkoutKey)
        queryClient.setQueryData(
          bookingQueryOptions(result.booking._id, checkoutKey).queryKey,
          result.booking,
        );
      return result;
    },
    retry: false,
    staleTime: Infinity,
  });

  // A return address without its key (typed by hand) confirms all the same; the confirmation's
  // address then opens nothing, and its page says how to find the booking.
  if (confirmation.data?.ok) {
    return (
      <Navigate
        replace
        to={paths.bookingConfirmation.getHref(confirmation.data.booking._id, checkoutKey ?? '')}
      />
    );
  }
  if (confirmation.data && !confirmation.data.ok) {
    return (
      <ConfirmError
        message={confirmation.data.message}
        onBack={onBack}
        onRetry={() => void confirmation.refetch()}
      />
    );
  }
  return (
    <p role="status" aria-busy="true">
      {t('confirm.confirming')}
    </p>
  );
}
