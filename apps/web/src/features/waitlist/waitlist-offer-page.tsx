// /waitlist/offer?entry={id}&token={t}: the link of the waitlist e-mail. Straight to the payment
// step of the seats held for the visitor (the server made the hold when the seats freed up);
// once paid, the booking's confirmation. A lapsed, paid or forged link says so plainly.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { localized } from '@boats/domain/boat-card';
import type { WaitlistOfferResponse } from '@boats/domain/schemas/waitlist';
import { bookingQueryOptions, ConfirmError, confirmAndLoad, PaymentStep } from '../checkout';
import { SiteFooter, SiteHeader } from '../site-menu';
import { ApiError } from '../../shared/api/http';
import { currentLanguage } from '../../shared/i18n/i18n';
import { Banner } from '../../shared/ui/banner';
import button from '../../shared/ui/button.module.css';
import { useWaitlistOffer } from './api/open-offer';
import styles from './waitlist.module.css';

const KNOWN_ERRORS = ['invalid_waitlist_token', 'not_offered', 'offer_lapsed', 'offer_paid'];

function offerErrorKey(err: unknown): string {
  return err instanceof ApiError && err.code && KNOWN_ERRORS.includes(err.code)
    ? `errors.${err.code}`
    : 'errors.generic';
}

export default function WaitlistOfferPage() {
  const { t } = useTranslation('waitlist');
  const [params] = useSearchParams();
  const entry = params.get('entry') ?? '';
  const token = params.get('token') ?? '';
  return (
    <>
      <SiteHeader />
      <main className={styles.page}>
        <h1>{t('offer.title')}</h1>
        {entry && token ? (
          <Offer entry={entry} token={token} />
        ) : (
          <Banner tone="error">{t('errors.invalid_waitlist_token')}</Banner>
        )}
      </main>
      <SiteFooter />
    </>
  );
}

function Offer({ entry, token }: { entry: string; token: string }) {
  const { t } = useTranslation('waitlist');
  const offer = useWaitlistOffer(entry, token);
  if (offer.isPending) return <p role="status">{t('offer.loading')}</p>;
  if (offer.isError) {
    const paid = offer.error instanceof ApiError && offer.error.code === 'offer_paid';
    const bookingId = paid && offer.error instanceof ApiError ? offer.error.details.bookingId : null;
    return (
      <>
        <Banner tone={paid ? 'success' : 'error'}>{t(offerErrorKey(offer.error))}</Banner>
        <p>
          {typeof bookingId === 'string' ? (
            <Link className={button.primary} to={`/booking?booking=${encodeURIComponent(bookingId)}`}>
              {t('offer.seeBooking')}
            </Link>
          ) : (
            <Link className={button.outline} to="/booking">
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
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [step, setStep] = useState<
    { kind: 'pay' } | { kind: 'confirming' } | { kind: 'error'; intentId: string; message: string }
  >({ kind: 'pay' });
  const lng = currentLanguage();

  const confirm = async (intentId: string) => {
    setStep({ kind: 'confirming' });
    const result = await confirmAndLoad(intentId);
    if (!result.ok) {
      setStep({ kind: 'error', intentId, message: result.message });
      return;
    }
    queryClient.setQueryData(bookingQueryOptions(result.booking._id).queryKey, result.booking);
    void navigate({ pathname: '/booking', search: `?booking=${result.booking._id}` }, { replace: true });
  };
  const toBoat = () => void navigate(`/booking/${offer.boatId}`);

  if (step.kind === 'confirming') return <p role="status">{t('offer.confirming')}</p>;
  if (step.kind === 'error') {
    return (
      <ConfirmError message={step.message} onBack={toBoat} onRetry={() => void confirm(step.intentId)} />
    );
  }
  return (
    <>
      <p className={styles.held}>{t('offer.held', { count: offer.seats })}</p>
      <PaymentStep
        intent={offer.intent}
        summary={{
          boatTitle: localized(offer.boatTitle, offer.boatTitle.en, lng),
          mode: 'shared',
          start: offer.start,
          end: new Date(offer.end),
          amountCents: offer.intent.amount,
        }}
        returnUrl={`${window.location.origin}/booking`}
        onBack={toBoat}
        onRedirect={() => undefined}
        onPaid={(intentId) => void confirm(intentId)}
        keepHoldOnPageHide
      />
    </>
  );
}
