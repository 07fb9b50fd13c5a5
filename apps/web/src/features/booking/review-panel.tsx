// The review: what will be booked, the price from the domain's bookingPrice, and Continue,
// which stays disabled with one translated reason per domain blocker code.
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { roundHours } from '@boats/domain/canary-time';
import type { LanguageCode } from '@boats/domain/languages';
import { localized } from '@boats/domain/boat-card';
import { eurosToCents, formatMoney, formatNumber } from '@boats/domain/money';
import type { BlockerCode, TripMinimum } from '@boats/domain/booking-rules';
import { licenceLineKey, type BoatLicence } from '@boats/domain/licences';
import { priceLine, type PriceLine } from '@boats/domain/pricing';
import type { CancellationRule } from '@boats/domain/cancellation-policy';
import { seatsUsed, toBookingPassengers, type Passengers } from '@boats/domain/passengers';
import { partySummary } from '../../shared/i18n/party-summary';
import { useCanaryTimeText } from '../../shared/i18n/canary-time-text';
import { CancellationPolicyRules } from '../../shared/ui/cancellation-policy-rules';
import { useReschedulePolicyText } from '../../shared/ui/reschedule-policy-text';
import type { ReschedulePolicyWire } from '@boats/domain/schemas/boat';
import type { BookingChoice } from './booking-choice';
import type { Mode } from './selection-state';
import { PromoCodeField } from './promo-code-field';
import type { PromoCheckResponse } from '@boats/domain/schemas/promo-codes';
import type { VoucherCheckResponse } from '@boats/domain/schemas/gift-vouchers';
import { VoucherLines } from '../../shared/checkout';
import { VoucherCodeField } from './voucher-code-field';
import button from '../../shared/ui/button.module.css';
import styles from './booking.module.css';
import { paths } from '../../shared/paths';
import { useLanguage } from '../../shared/i18n/use-language';

export type ReviewPanelProps = {
  boatId: string;
  mode: Mode;
  choice: BookingChoice;
  passengers: Passengers;
  /** Charter: how many people the boat takes. */
  capacity: number;
  /** The boat's cancellation rules, shown before paying. */
  cancellationPolicy: readonly CancellationRule[] | undefined;
  /** The boat's rules for changing the date afterwards (shared trips), shown beside them. */
  reschedulePolicy?: ReschedulePolicyWire | undefined;
  busy: boolean;
  error: string | null;
  /** The promo code applied (its terms), and how the field changes it. */
  appliedPromo: PromoCheckResponse | null;
  onPromo: (promo: PromoCheckResponse | null) => void;
  /** The gift voucher applied (its balance), and how the field changes it. */
  appliedVoucher: VoucherCheckResponse | null;
  onVoucher: (voucher: VoucherCheckResponse | null) => void;
  /** The licence the boat's skipper must hold (self-drive), confirmed here before paying; null: none. */
  licence?: BoatLicence | null;
  /** The boat takes an equivalent licence of another country (the ICC): the box says so only then. */
  foreignLicenceAccepted?: boolean;
  licenceConfirmed?: boolean;
  onLicenceConfirmed?: (confirmed: boolean) => void;
  /**
   * The boat's security deposit in euros (docs/payments.md#the-security-deposit): stated, and
   * agreed to before paying (the card is saved and the deposit held on it); null: none.
   */
  deposit?: number | null;
  depositAccepted?: boolean;
  onDepositAccepted?: (accepted: boolean) => void;
  onContinue: () => void;
};

export function ReviewPanel({
  boatId,
  mode,
  choice,
  passengers,
  capacity,
  cancellationPolicy,
  reschedulePolicy,
  busy,
  error,
  appliedPromo,
  onPromo,
  appliedVoucher,
  onVoucher,
  licence = null,
  foreignLicenceAccepted = true,
  licenceConfirmed = false,
  onLicenceConfirmed,
  deposit = null,
  depositAccepted = false,
  onDepositAccepted,
  onContinue,
}: ReviewPanelProps) {
  const { t } = useTranslation('booking');
  const { t: tp } = useTranslation('pricing');
  const locale = useLanguage();
  const reschedulePolicyText = useReschedulePolicyText();
  const {
    slot,
    hours,
    end,
    price,
    blockers,
    minimum,
    extras,
    totalCents,
    seasonal,
    promo,
    subtotalCents,
    voucher,
  } = choice;
  const money = (cents: number) => formatMoney(cents, locale);
  const canary = useCanaryTimeText(locale);
  // What is still to choose is said once the visitor tries to continue, not before they have
  // touched anything; a choice that cannot be booked (too many seats) is said at once.
  const [triedContinue, setTriedContinue] = useState(false);
  const shownBlockers = triedContinue ? blockers : blockers.filter((code) => !NOT_CHOSEN_YET.has(code));
  // A self-drive boat: the customer confirms the skipper's licence, asked like a choice not made yet.
  const licenceMissing = licence !== null && !licenceConfirmed;
  // A boat with a security deposit: the customer agrees to it, asked the same way.
  const depositMissing = deposit !== null && !depositAccepted;
  const blocked = blockers.length > 0 || licenceMissing || depositMissing || busy;
  return (
    <section className={styles.review} aria-labelledby="booking-review-title">
      <h3 id="booking-review-title" className={styles.subTitle}>
        {t('review.title')}
      </h3>
      <dl className={styles.facts}>
        <div>
          <dt>{t('review.mode')}</dt>
          <dd>{t(`mode.${mode}`)}</dd>
        </div>
        {slot && (
          <div>
            <dt>{t('review.when')}</dt>
            <dd data-testid="review-when">{canary.span(slot.start, end)}</dd>
          </div>
        )}
        {hours != null && hours > 0 && (
          <div>
            <dt>{t('review.duration')}</dt>
            <dd>{t('duration.hours', { count: roundHours(hours) })}</dd>
          </div>
        )}
        {seatsUsed(passengers) > 0 && (
          <div>
            <dt>{t('review.passengers')}</dt>
            <dd>{partySummary(t, toBookingPassengers(passengers))}</dd>
          </div>
        )}
        {price && price.amountCents > 0 && (
          <div>
            <dt>{t('review.price')}</dt>
            <dd data-testid="review-price">
              {priceLineText(t, priceLine(mode, price.breakdown, passengers), locale)}
              {seasonal.length > 0 && (
                <span className={styles.seasonal} data-testid="review-seasonal">
                  {tp('review.seasonal', { rules: seasonal.map((k) => tp(`review.kind.${k}`)).join(', ') })}
                </span>
              )}
            </dd>
          </div>
        )}
        {extras.map((line) => (
          <div key={line.id}>
            <dt>{localized(line.extra.name, line.extra.name.en, locale)}</dt>
            <dd data-testid="review-extra">
              {t('extras.line', {
                count: line.quantity,
                price: money(line.unitCents),
                total: money(line.totalCents),
              })}
            </dd>
          </div>
        ))}
        {promo && promo.discountCents > 0 && (
          <div>
            <dt>{t('promo.line', { code: promo.code })}</dt>
            <dd data-testid="review-discount">−{money(promo.discountCents)}</dd>
          </div>
        )}
      </dl>
      {price && price.amountCents > 0 && (
        <>
          <PromoCodeField
            boatId={boatId}
            subtotalCents={subtotalCents}
            applied={appliedPromo}
            onChange={onPromo}
          />
          <VoucherCodeField
            boatId={boatId}
            totalCents={totalCents}
            applied={appliedVoucher}
            onChange={onVoucher}
          />
        </>
      )}
      <p className={styles.total}>
        <span>{t('review.total')}</span>
        {/* No "€0.00" while nobody is chosen: the reason below says what is missing. */}
        <strong data-testid="review-total">
          {price && price.amountCents > 0 && totalCents !== null ? money(totalCents) : '—'}
        </strong>
      </p>
      {price && price.amountCents > 0 && voucher && (
        <VoucherLines code={voucher.code} voucherCents={voucher.voucherCents} cardCents={voucher.cardCents} />
      )}
      {cancellationPolicy && cancellationPolicy.length > 0 && (
        <details className={styles.policy}>
          <summary>{t('review.policySummary')}</summary>
          <CancellationPolicyRules policy={cancellationPolicy} headingLevel={4} />
          {reschedulePolicy && (
            <>
              <h4>{t('reschedulePolicy.title', { ns: 'common' })}</h4>
              <p data-testid="reschedule-policy">{reschedulePolicyText(reschedulePolicy)}</p>
            </>
          )}
          <a href={paths.legal.getHref('terms')} target="_blank" rel="noopener">
            {t('review.terms')}
          </a>
        </details>
      )}
      {minimum.kind === 'untilCutoff' && (
        <p className={styles.notice} data-testid="minimum-note">
          {t('review.minimumUntilCutoff', {
            count: minimum.seats,
            time: canary.at(minimum.cutoffAt),
          })}
        </p>
      )}
      {licence && (
        <RequiredConsent
          id="booking-licence-error"
          testId="licence-confirm"
          checked={licenceConfirmed}
          onChange={onLicenceConfirmed}
          label={t(licenceLineKey('review.licenceConfirm', foreignLicenceAccepted), {
            licence: t(`licences.${licence}`, { ns: 'common' }),
          })}
          error={triedContinue && licenceMissing ? t('review.licenceRequired') : null}
        >
          {/* The refusal policy, before paying (docs/decisions/0039). */}
          <p className={styles.notice} data-testid="licence-policy">
            {t('review.licencePolicy')} {t('review.licenceAgreement')}
          </p>
        </RequiredConsent>
      )}
      {deposit !== null && (
        <RequiredConsent
          id="booking-deposit-error"
          testId="deposit-accept"
          boxTestId="deposit-terms"
          intro={t('review.depositHeld', { amount: money(eurosToCents(deposit)) })}
          checked={depositAccepted}
          onChange={onDepositAccepted}
          label={t('review.depositAccept', { amount: money(eurosToCents(deposit)) })}
          error={triedContinue && depositMissing ? t('review.depositRequired') : null}
        />
      )}
      {shownBlockers.length > 0 && (
        <ul className={styles.blockers} id="booking-blockers" aria-live="polite">
          {shownBlockers.map((code) => (
            <li key={code} data-code={code}>
              {t(`blockers.${code}`, blockerValues(code, slot?.seatsLeft ?? 0, slot?.minimum, capacity))}
            </li>
          ))}
        </ul>
      )}
      {error && (
        <div role="alert" className={styles.alert}>
          {error}
        </div>
      )}
      <button
        type="button"
        className={`${button.primary} ${styles.wide}`}
        // aria-disabled, not disabled: a tap on it must still reach us to say what is missing.
        aria-disabled={blocked}
        aria-describedby={shownBlockers.length > 0 ? 'booking-blockers' : undefined}
        onClick={() => {
          if (blockers.length > 0 || licenceMissing || depositMissing) setTriedContinue(true);
          else if (!busy) onContinue();
        }}
      >
        {busy ? t('payment.initializing') : t('review.continue')}
      </button>
    </section>
  );
}

/** Reasons that only say what is not chosen yet: held back until the visitor tries to continue. */
const NOT_CHOSEN_YET: ReadonlySet<BlockerCode> = new Set([
  'noDate',
  'noSlot',
  'noDuration',
  'noSeats',
  'noAdult',
]);

type T = ReturnType<typeof useTranslation<'booking'>>['t'];

/** The trip's price line: "4 h × €180", the half-day or full-day price, or the fare per person. */
/**
 * A box the customer must tick before Continue (the skipper's licence, the security deposit): what
 * it means, the box, what follows from it, and the error once Continue was tried without it.
 */
function RequiredConsent(props: {
  id: string;
  testId: string;
  boxTestId?: string;
  intro?: string;
  checked: boolean;
  onChange: ((checked: boolean) => void) | undefined;
  label: string;
  error: string | null;
  children?: ReactNode;
}) {
  return (
    <div className={styles.licence} data-testid={props.boxTestId}>
      {props.intro && <p>{props.intro}</p>}
      <label>
        <input
          type="checkbox"
          required
          checked={props.checked}
          aria-invalid={props.error !== null}
          aria-describedby={props.error !== null ? props.id : undefined}
          onChange={(e) => props.onChange?.(e.target.checked)}
          data-testid={props.testId}
        />
        {props.label}
      </label>
      {props.children}
      {props.error !== null && (
        <p id={props.id} className={styles.fieldError}>
          {props.error}
        </p>
      )}
    </div>
  );
}

function priceLineText(t: T, line: PriceLine, locale: LanguageCode): string {
  if (line.kind === 'hourly')
    return t('review.rate.hourly', {
      hours: formatNumber(line.hours, locale),
      unit: formatMoney(line.unitCents, locale),
    });
  if (line.kind !== 'fares')
    return t(`review.rate.${line.kind}`, { hours: formatNumber(line.hours, locale) });
  return line.parts
    .map((part) =>
      t(`review.fare.${part.who}`, { count: part.count, price: formatMoney(part.cents, locale) }),
    )
    .join(', ');
}

/** The numbers a blocker's sentence is about, `count` for its plural form. */
function blockerValues(
  code: BlockerCode,
  seatsLeft: number,
  minimum: TripMinimum | undefined,
  capacity: number,
) {
  if (code === 'tooManySeats') return { count: seatsLeft };
  if (code === 'belowMinToDepart') return { count: minimum?.seats ?? 0, sold: minimum?.paidSeatsSold ?? 0 };
  if (code === 'aboveCapacity') return { count: capacity };
  return {};
}
