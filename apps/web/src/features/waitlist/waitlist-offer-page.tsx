// /waitlist/offer?entry={id}&token={t}: the link of the waitlist e-mail. Straight to the payment
// step of the seats held for the visitor (the server made the hold when the seats freed up);
// once paid, the booking's confirmation. A lapsed, paid or forged link says so plainly.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { localized } from '@boats/domain/boat-card';
import type { WaitlistOfferResponse } from '@boats/domain/schemas/waitlist';
import { PayHeldBooking } from '../../shared/checkout';
import { LinkPage } from '../../shared/layout';
import { ApiError } from '../../shared/api/http';
import { currentLanguage } from '../../shared/i18n/i18n';
import { Banner } from '../../shared/ui/banner';
import button from '../../shared/ui/button.module.css';
import { useWaitlistOffer } from './api/open-offer';
import styles from './waitlist.module.css';
import { paths } from '../../shared/paths';

const KNOWN_ERRORS = ['invalid_waitlist_token', 'not_offered', 'offer_lapsed', 'offer_paid'];

function offerErrorKey(err: unknown): string {
  return err instanceof ApiError && err.code && KNOWN_ERRORS.includes(err.code)
    ? `errors.${err.code}`
    : 'errors.generic';
}

export default function WaitlistOfferPage() {
  const { t } = useTranslation('waitlist');
  return (
    <LinkPage
      className={styles.page}
      title={t('offer.title')}
      params={['entry', 'token']}
      invalid={t('errors.invalid_waitlist_token')}
    >
      {({ entry, token }) => <Offer entry={entry} token={token} />}
    </LinkPage>
  );
}

function Offer({ entry, token }: { entry: string; token: string }) {
  const { t } = useTranslation('waitlist');
  const offer = useWaitlistOffer(entry, token);
  if (offer.isPending) return <p role="status">{t('offer.loading')}</p>;
  if (offer.isError) {
    const paid = offer.error instanceof ApiError && offer.error.code === 'offer_paid';
    // A paid offer's refusal names the booking and its checkout key (the link proves the customer).
    const details = paid && offer.error instanceof ApiError ? offer.error.details : {};
    const { bookingId, checkoutKey } = details;
    return (
      <>
        <Banner tone={paid ? 'success' : 'error'}>{t(offerErrorKey(offer.error))}</Banner>
        <p>
          {typeof bookingId === 'string' && typeof checkoutKey === 'string' ? (
            <Link className={button.primary} to={paths.bookingConfirmation.getHref(bookingId, checkoutKey)}>
              {t('offer.seeBooking')}
            </Link>
          ) : (
            <Link className={button.outline} to={paths.booking.getHref()}>
              {t('offer.allTrips')}
            </Link>
          )}
        </p>
      </>
    );
  }
  return <OfferPayment offer={offer.data} />;
}

function OfferPayment({ offer }: { offer: WaitlistOfferResponse }) {
  const { t } = useTranslation('waitlist');
  const lng = currentLanguage();
  return (
    <PayHeldBooking
      boatId={offer.boatId}
      confirming={t('offer.confirming')}
      held={<p className={styles.held}>{t('offer.held', { count: offer.seats })}</p>}
      intent={offer.intent}
      summary={{
        boatTitle: localized(offer.boatTitle, offer.boatTitle.en, lng),
        mode: 'shared',
        start: offer.start,
        end: new Date(offer.end),
        amountCents: offer.intent.amount,
      }}
    />
  );
}
