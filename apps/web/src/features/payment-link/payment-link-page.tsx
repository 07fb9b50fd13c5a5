// /pay?booking={id}&token={t}: the link of a staff member's payment e-mail
// (docs/payments.md#operator-taken-bookings). The trip, the people, the price and until when the
// seats are held, then the card payment as the checkout's payment step takes it; once paid, the
// booking's confirmation. A lapsed link says the seats were released and offers nothing to pay;
// a paid one says so and links to the booking; a forged one says it is not valid.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { localized } from '@boats/domain/boat-card';
import { canaryTimeLabel, formatCanaryDate } from '@boats/domain/canary-time';
import { formatMoney } from '@boats/domain/money';
import type { PaymentIntentResponse } from '@boats/domain/schemas/payment-intent';
import type { PaymentLinkView } from '@boats/domain/schemas/payment-link';
import { PayHeldBooking } from '../../shared/checkout';
import { LinkPage } from '../../shared/layout';
import { ApiError } from '../../shared/api/http';
import { currentLanguage } from '../../shared/i18n/i18n';
import { Banner } from '../../shared/ui/banner';
import button from '../../shared/ui/button.module.css';
import { usePaymentLink } from './api/open-payment-link';
import styles from './payment-link.module.css';
import { paths } from '../../shared/paths';

export default function PaymentLinkPage() {
  const { t } = useTranslation('payment-link');
  return (
    <LinkPage
      className={styles.page}
      title={t('title')}
      params={['booking', 'token']}
      invalid={t('errors.invalid_payment_link')}
    >
      {({ booking, token }) => <PaymentLink booking={booking} token={token} />}
    </LinkPage>
  );
}

function PaymentLink({ booking, token }: { booking: string; token: string }) {
  const { t } = useTranslation('payment-link');
  const link = usePaymentLink(booking, token);
  if (link.isPending) return <p role="status">{t('loading')}</p>;
  if (link.isError) {
    const forged = link.error instanceof ApiError && link.error.code === 'invalid_payment_link';
    return <Banner tone="error">{t(forged ? 'errors.invalid_payment_link' : 'errors.generic')}</Banner>;
  }
  const view = link.data;
  return (
    <>
      <Facts view={view} />
      {view.state === 'paid' && (
        <>
          <Banner tone="success">{t('paid')}</Banner>
          <p>
            <Link
              className={button.primary}
              to={paths.bookingConfirmation.getHref(view.bookingId, view.checkoutKey)}
            >
              {t('seeBooking')}
            </Link>
          </p>
        </>
      )}
      {view.state === 'lapsed' && <Lapsed view={view} />}
      {view.state === 'open' && view.intent && <Pay view={view} intent={view.intent} />}
    </>
  );
}

function Facts({ view }: { view: PaymentLinkView }) {
  const { t } = useTranslation('payment-link');
  const { t: tb } = useTranslation('booking');
  const { t: tc } = useTranslation('common');
  const lng = currentLanguage();
  const { adults, children50, kidsFree } = view.passengers;
  const people = [
    t('adults', { count: adults }),
    ...(children50 > 0 ? [t('children50', { count: children50 })] : []),
    ...(kidsFree > 0 ? [t('kidsFree', { count: kidsFree })] : []),
  ].join(', ');
  return (
    <section aria-labelledby="payment-link-booking">
      <h2 id="payment-link-booking" className={styles.subTitle}>
        {t('booking', { ref: view.ref })}
      </h2>
      <p>
        {localized(view.boatTitle, view.boatTitle.en, lng)} · {tb(`mode.${view.mode}`)}
      </p>
      <dl className={styles.facts}>
        <dt>{formatCanaryDate(view.start, lng)}</dt>
        {/* A customer may read it in another zone: the times say they are Canary time. */}
        <dd>{tc('canaryTime', { when: `${canaryTimeLabel(view.start)}–${canaryTimeLabel(view.end)}` })}</dd>
        <dt>{t('passengers')}</dt>
        <dd>{people}</dd>
        <dt>{tb('review.total')}</dt>
        <dd>
          <strong>{formatMoney(view.amount, lng)}</strong>
        </dd>
      </dl>
    </section>
  );
}

function Lapsed({ view }: { view: PaymentLinkView }) {
  const { t } = useTranslation('payment-link');
  const lng = currentLanguage();
  const at = view.holdExpiresAt;
  return (
    <>
      <Banner tone="error">
        {at
          ? t('lapsed', { time: canaryTimeLabel(at), date: formatCanaryDate(at, lng) })
          : t('lapsed', { time: '—', date: '—' })}
      </Banner>
      <p>{t('lapsedNext')}</p>
      <p>
        <Link className={button.outline} to={paths.booking.getHref()}>
          {t('allTrips')}
        </Link>
      </p>
    </>
  );
}

function Pay({ view, intent }: { view: PaymentLinkView; intent: PaymentIntentResponse }) {
  const { t } = useTranslation('payment-link');
  const lng = currentLanguage();
  return (
    <PayHeldBooking
      boatId={view.boatId}
      confirming={t('confirming')}
      held={
        <p className={styles.held}>
          {t('heldUntil', {
            time: canaryTimeLabel(intent.holdExpiresAt),
            date: formatCanaryDate(intent.holdExpiresAt, lng),
          })}
        </p>
      }
      intent={intent}
      summary={{
        boatTitle: localized(view.boatTitle, view.boatTitle.en, lng),
        mode: view.mode,
        start: view.start,
        end: new Date(view.end),
        amountCents: view.amount,
      }}
      holdShownByPage
      knownContact={view.customer}
    />
  );
}
