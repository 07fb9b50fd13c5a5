// Step one: gallery, boat info, charter/tickets toggle, calendar, start times, hours or
// passengers, and the review with Continue.
import { lazy, Suspense, useEffect, useMemo, type Dispatch, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { canaryYearMonth } from '@boats/domain/canary-time';
import { charterDurationRange, defaultDuration } from '@boats/domain/charter';
import { localized, offersCharter } from '@boats/domain/boat-card';
import type { Boat } from '@boats/domain/schemas/boat';
import type { Slot } from '@boats/domain/schemas/slot';
import { requiredLicence } from '@boats/domain/licences';
import { BoatGallery } from './boat-gallery';
import { BoatInfo } from './boat-info';
import { BookingCalendar } from './booking-calendar';
import { bookingChoice, extrasAvailability, type BookingChoice } from './booking-choice';
import { ExtrasStepper } from './extras-stepper';
import { DurationSlider } from './duration-slider';
import { PassengersStepper } from './passengers-stepper';
import { ReviewPanel } from './review-panel';
import type { Mode, Selection, SelectionAction } from './selection-state';
import { lowestPriceByDay, startOptionsByDay } from './slot-options';
import { StartTimes } from './start-times';
import styles from './booking.module.css';
import { useLanguage } from '../../shared/i18n/use-language';
import { PageLoading } from '../../shared/ui/page-loading';

// The waiting list's form (the form library, its schema) loads when a full trip is chosen.
const WaitlistForm = lazy(() => import('./waitlist-form').then((m) => ({ default: m.WaitlistForm })));

export type SelectionStepProps = {
  boat: Boat;
  availability: { private: Slot[]; shared: Slot[] };
  loading: boolean;
  selection: Selection;
  dispatch: Dispatch<SelectionAction>;
  now: Date;
  busy: boolean;
  error: string | null;
  onContinue: (choice: BookingChoice) => void;
  /** Shown under the choice (the boat's reviews). */
  below?: ReactNode;
};

export function SelectionStep(props: SelectionStepProps) {
  const { boat, availability, loading, selection: s, dispatch, now, busy, error, onContinue, below } = props;
  const { t } = useTranslation('booking');
  const locale = useLanguage();
  const title = localized(boat.titleI18n, boat.title, locale);
  const description = localized(boat.descriptionI18n, boat.description, locale);

  // The clock clears a chosen start once it has begun (docs/product.md §4).
  useEffect(() => {
    dispatch({ type: 'tick', now });
  }, [now, dispatch]);

  const byDay = useMemo(
    () => startOptionsByDay(boat, availability, s.mode, now),
    [boat, availability, s.mode, now],
  );
  const days = useMemo(() => new Set(byDay.keys()), [byDay]);
  const dayPrices = useMemo(() => lowestPriceByDay(boat, byDay, s.mode), [boat, byDay, s.mode]);
  const options = s.date ? (byDay.get(s.date) ?? []) : [];
  const range =
    s.mode === 'private' && s.slotId ? charterDurationRange(boat, availability.private, s.slotId) : null;
  const choice = bookingChoice(boat, availability, s, range, now);
  const charterOnOffer = offersCharter(boat);
  const offersTickets = boat.shared.pricing.perHour > 0 || availability.shared.length > 0;

  const setMode = (mode: Mode) => dispatch({ type: 'mode', mode });
  // A full shared trip: its waitlist instead of the passengers and Continue.
  const fullTrip = s.mode === 'shared' && choice.slot && choice.slot.seatsLeft <= 0 ? choice.slot : null;

  return (
    <div className={styles.selection}>
      <div className={styles.columnMain}>
        <BoatGallery images={boat.images} title={title} />
        <BoatInfo boat={boat} title={title} description={description} />
      </div>
      <div className={styles.columnSide}>
        <div className={styles.modeToggle} role="group" aria-label={t('mode.label')}>
          {(['private', 'shared'] as const).map((mode) => (
            <button
              key={mode}
              type="button"
              aria-pressed={s.mode === mode}
              className={s.mode === mode ? styles.modeActive : styles.mode}
              disabled={mode === 'private' ? !charterOnOffer : !offersTickets}
              onClick={() => setMode(mode)}
            >
              {t(`mode.${mode}`)}
            </button>
          ))}
        </div>
        <BookingCalendar
          year={s.year}
          month={s.month}
          availableDays={days}
          dayPrices={dayPrices}
          mode={s.mode}
          selected={s.date}
          minMonth={canaryYearMonth(now)}
          loading={loading}
          onSelect={(date) => dispatch({ type: 'date', date })}
          onMonth={(year, month) => dispatch({ type: 'month', year, month })}
        />
        {!loading && days.size === 0 && <p className={styles.hint}>{t('calendar.emptyMonth')}</p>}
        {s.startPassed && (
          <p role="status" className={styles.notice}>
            {t('blockers.slotStarted')}
          </p>
        )}
        {s.date && (
          <StartTimes
            mode={s.mode}
            options={options}
            selectedId={s.slotId}
            onSelect={(o) =>
              dispatch({
                type: 'slot',
                slotId: o.slot._id,
                start: o.slot.start,
                duration: o.range ? defaultDuration(o.range) : null,
              })
            }
          />
        )}
        {s.mode === 'private' && range && s.duration != null && (
          <DurationSlider
            range={range}
            value={s.duration}
            onChange={(hours) => dispatch({ type: 'duration', hours })}
          />
        )}
        {fullTrip ? (
          <Suspense fallback={<PageLoading />}>
            <WaitlistForm
              key={fullTrip._id}
              slotId={fullTrip._id}
              seatsTotal={fullTrip.seatsTotal}
              passengers={s.passengers}
              onPassengers={(kind, count) => dispatch({ type: kind, count })}
            />
          </Suspense>
        ) : (
          <>
            {s.mode === 'shared' && (
              <PassengersStepper
                value={s.passengers}
                seatsLeft={choice.slot ? choice.slot.seatsLeft : null}
                onChange={(kind, count) => dispatch({ type: kind, count })}
              />
            )}
            {s.mode === 'private' && choice.slot && (
              <PassengersStepper
                value={s.passengers}
                seatsLeft={null}
                capacity={boat.capacity}
                onChange={(kind, count) => dispatch({ type: kind, count })}
              />
            )}
            {s.mode === 'shared' && boat.shared.minSeatsToDepart > 0 && (
              <p className={styles.hint}>{t('pax.minToDepart', { count: boat.shared.minSeatsToDepart })}</p>
            )}
            {choice.slot && (
              <ExtrasStepper
                offers={extrasAvailability(boat, s.passengers, choice.slot.start, now)}
                chosen={s.extras}
                onChange={(id, quantity) => dispatch({ type: 'extra', id, quantity })}
              />
            )}
            <ReviewPanel
              boatId={boat._id}
              mode={s.mode}
              choice={choice}
              passengers={s.passengers}
              capacity={boat.capacity}
              cancellationPolicy={boat.cancellationPolicy}
              reschedulePolicy={boat.reschedulePolicy}
              busy={busy}
              error={error}
              appliedPromo={s.promo}
              onPromo={(promo) => dispatch({ type: 'promo', promo })}
              appliedVoucher={s.voucher}
              onVoucher={(voucher) => dispatch({ type: 'voucher', voucher })}
              licence={requiredLicence(boat)}
              foreignLicenceAccepted={boat.foreignLicenceAccepted ?? true}
              licenceConfirmed={s.licenceConfirmed}
              onLicenceConfirmed={(confirmed) => dispatch({ type: 'licence', confirmed })}
              deposit={boat.securityDeposit && boat.securityDeposit > 0 ? boat.securityDeposit : null}
              depositAccepted={s.depositAccepted === true}
              onDepositAccepted={(accepted) => dispatch({ type: 'deposit', accepted })}
              onContinue={() => onContinue(choice)}
            />
          </>
        )}
      </div>
      {/* Below the choice on a phone, so the calendar stays near the top. */}
      {below && <div className={styles.columnMain}>{below}</div>}
    </div>
  );
}
