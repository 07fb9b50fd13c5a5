// The /booking screen: the same flow as the dialog, full page, with the selection in the address
// (booking-url.ts). The boat comes from a prop, the route's :boatId (/booking/:boatId,
// /boats/:boatId), or the query's boat, boatId or id (docs/product.md §2).
// /booking?booking={id}&key={key} is a booking's confirmation (the flow lands there after paying,
// with the checkout's key), and the way back from a card's bank page confirms the payment first.
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { matchPath, useLocation, useNavigate, useParams } from 'react-router-dom';
import {
  BookingLookup,
  isRefusedReturn,
  paidBookingOf,
  PaymentReturn,
  releaseHold,
} from '../../shared/checkout';
import { SiteFooter, SiteHeader } from '../../shared/layout';
import { paths } from '../../shared/paths';
import { PageLoading } from '../../shared/ui/page-loading';
import { BackToConfirmation } from './back-to-confirmation';
import { BoatPicker } from './boat-picker';
import styles from './booking.module.css';

// The flow loads once a boat is chosen: the picker (this page's largest paint, prerendered as
// its loading cards) needs only this page's code and the fleet.
const BookingFlow = lazy(() => import('./booking-flow'));

/** The boat the address fixes (prop, route, /boats/{id}); a query's boat is the visitor's pick. */
export function routeBoatId(
  prop: string | undefined,
  param: string | undefined,
  pathname: string,
): string | null {
  if (prop) return prop;
  if (param) return param;
  const routed = matchPath({ path: paths.boat.path, end: false }, pathname)?.params.boatId;
  return routed ? decodeURIComponent(routed) : null;
}

export default function BookingPage({ boatId: prop }: { boatId?: string }) {
  const { t } = useTranslation('booking');
  const { boatId: param } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const boatId = routeBoatId(prop, param, location.pathname);
  const query = new URLSearchParams(location.search);
  const bookingId = query.get('booking');
  // The checkout key: every call on the booking asks for it (docs/security.md#customers-data).
  const checkoutKey = query.get('key');
  const intentId = query.get('payment_intent');
  const returned = intentId && !isRefusedReturn(query.get('redirect_status'));

  let content;
  if (returned) {
    // Back after a confirm that keeps failing: the checkout is given up (refunded if charged).
    const back = () => {
      const checkout = query.get('checkout');
      if (checkout && checkoutKey)
        void releaseHold({ bookingId: checkout, checkoutKey }).catch(() => undefined);
      for (const p of [
        'payment_intent',
        'payment_intent_client_secret',
        'redirect_status',
        'checkout',
        'key',
      ])
        query.delete(p);
      void navigate({ search: query.toString() ? `?${query.toString()}` : '' }, { replace: true });
    };
    content = <PaymentReturn intentId={intentId} checkoutKey={checkoutKey} onBack={back} />;
  } else if (bookingId) {
    content = <BookingLookup bookingId={bookingId} checkoutKey={checkoutKey ?? ''} />;
  }
  if (content) {
    return (
      <>
        <SiteHeader />
        <main className={styles.page}>
          <Suspense fallback={<PageLoading />}>{content}</Suspense>
        </main>
        <SiteFooter />
      </>
    );
  }
  const chosen = boatId ?? query.get('boat') ?? query.get('boatId') ?? query.get('id');
  // Back from a confirmation to the choice it was paid from: the confirmation again.
  const paidBooking = chosen ? paidBookingOf(location.pathname + location.search) : null;
  if (paidBooking) return <BackToConfirmation {...paidBooking} />;
  // Picking a boat is a step Back undoes; the flow takes over from the address.
  const ticketsOnly = query.get('mode') === 'tickets';
  const pick = (id: string) => {
    const next = new URLSearchParams(ticketsOnly ? { mode: 'tickets' } : {});
    next.set('boat', id);
    void navigate({ search: `?${next.toString()}` });
  };
  return (
    <>
      <SiteHeader />
      <main className={styles.page} id="book">
        <h1 className={styles.pageTitle}>{chosen ? t('dialog.titleOne') : t('dialog.titleAll')}</h1>
        {/* The flow's sections are h3, as under the dialog's h2 title; this keeps the page outline whole. */}
        <h2 className="visually-hidden">{t('dialog.flowHeading')}</h2>
        {chosen ? (
          <Suspense fallback={<PageLoading />}>
            <BookingFlow boatId={boatId} />
          </Suspense>
        ) : (
          <BoatPicker sharedOnly={ticketsOnly} onPick={pick} />
        )}
      </main>
      <SiteFooter />
    </>
  );
}
