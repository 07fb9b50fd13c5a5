// "Tell me when seats free up": the booking page's form for a full shared trip. It asks the party
// as the booking does (the same counters), so the offer is priced as theirs; the e-mail is checked
// by the domain schema here and on the server; the entry is written in the page's language, which
// the offer e-mail then uses.
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { seatsUsed, toBookingPassengers, type Passengers } from '@boats/domain/passengers';
import { waitlistFormSchema } from '@boats/domain/schemas/waitlist';
import { ApiError } from '../../shared/api/http';
import { currentLanguage } from '../../shared/i18n/i18n';
import { Banner } from '../../shared/ui/banner';
import button from '../../shared/ui/button.module.css';
import { Form, FormField, useZodForm } from '../../shared/ui/form';
import { useJoinWaitlist } from './api/join-waitlist';
import { PassengersStepper, type PassengersStepperProps } from './passengers-stepper';
import styles from './waitlist-form.module.css';

const KNOWN_ERRORS = ['seats_left', 'trip_closed', 'rate_limited'];

function errorKey(err: unknown): string {
  return err instanceof ApiError && err.code && KNOWN_ERRORS.includes(err.code)
    ? `errors.${err.code}`
    : 'errors.generic';
}

export type WaitlistFormProps = {
  slotId: string;
  /** The trip's seats in all: a party larger never gets an offer. */
  seatsTotal: number;
  /** The party waiting, counted as the booking counts it (the page's own choice). */
  passengers: Passengers;
  onPassengers: PassengersStepperProps['onChange'];
};

export function WaitlistForm({ slotId, seatsTotal, passengers, onPassengers }: WaitlistFormProps) {
  const { t } = useTranslation('waitlist');
  const join = useJoinWaitlist();
  const form = useZodForm(waitlistFormSchema, {
    defaultValues: { slotId, email: '', lang: currentLanguage() },
  });
  const done = join.data;
  // Choosing a full start swaps the party and the review for this shorter form: on a phone the
  // page was left scrolled to the footer. The form comes into view (it is keyed by the trip, so
  // once per full start chosen).
  const sectionRef = useRef<HTMLElement>(null);
  useEffect(() => {
    sectionRef.current?.scrollIntoView({ block: 'start' });
  }, []);
  return (
    <section ref={sectionRef} className={styles.waitlist} aria-labelledby="waitlist-title">
      <h3 id="waitlist-title" className={styles.title}>
        {t('form.title')}
      </h3>
      {done ? (
        <Banner tone="success">{t('form.joined', { position: done.position })}</Banner>
      ) : (
        <>
          <p className={styles.intro}>{t('form.intro')}</p>
          {/* Who waits, as the booking asks it: the offer is priced as their party. */}
          <PassengersStepper
            value={passengers}
            seatsLeft={null}
            seatsTotal={seatsTotal}
            onChange={onPassengers}
          />
          <Form
            form={form}
            className={styles.form}
            onSubmit={async (values) => {
              const problem =
                passengers.adults < 1
                  ? t('form.noAdult')
                  : seatsUsed(passengers) > seatsTotal
                    ? t('form.seatsTotal', { count: seatsTotal })
                    : null;
              if (problem) {
                form.setError('root.server', { type: 'server', message: problem });
                return;
              }
              await join.mutateAsync({
                ...values,
                passengers: toBookingPassengers(passengers),
                lang: currentLanguage(),
              });
            }}
            onError={(err, onFields) => {
              if (!onFields) form.setError('root.server', { type: 'server', message: t(errorKey(err)) });
            }}
          >
            <FormField
              name="email"
              type="email"
              label={t('form.email')}
              autoComplete="email"
              inputMode="email"
            />
            {form.formState.errors.root?.server && (
              <Banner tone="error">{form.formState.errors.root.server.message}</Banner>
            )}
            <button
              type="submit"
              className={button.primary}
              disabled={join.isPending}
              aria-busy={join.isPending}
            >
              {t('form.submit')}
            </button>
          </Form>
        </>
      )}
    </section>
  );
}
