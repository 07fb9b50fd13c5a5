// Light enough for every page: only when a visitor lands with card-redirect parameters does
// it download the handler (and the confirmation screen), which then stays mounted.
import { lazy, Suspense, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { readPaymentReturn } from './payment-return-params';

const PaymentReturnHandler = lazy(() => import('./payment-return'));

export function PaymentReturnMount() {
  const location = useLocation();
  const [active, setActive] = useState(false);
  if (!active && readPaymentReturn(location.search)) setActive(true);
  return active ? (
    <Suspense fallback={null}>
      <PaymentReturnHandler />
    </Suspense>
  ) : null;
}
