// Back from a confirmation to the choice it was paid from (on /booking or in the landing page's
// dialog) shows the confirmation again, once, instead of the filled-in choice.
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { forgetPaidSelection } from '../../shared/checkout';
import { PageLoading } from '../../shared/ui/page-loading';
import { paths } from '../../shared/paths';

/** Replaces the paid choice's place in the history with its confirmation, once. */
export function BackToConfirmation({ bookingId, checkoutKey }: { bookingId: string; checkoutKey: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    forgetPaidSelection();
    void navigate(paths.bookingConfirmation.getHref(bookingId, checkoutKey), { replace: true });
  }, [bookingId, checkoutKey, navigate]);
  return <PageLoading />;
}
