// Booking a walk-in or phone customer on this trip: who comes, how to reach them, the language
// of their tickets and e-mails, and how they paid, or a payment link e-mailed to them that holds
// the seats for the hours chosen (cut short before the trip: the form says so as the server
// will). The server prices it as the site would and answers the amount to take; the form then
// says what was booked. On a trip that would stay below its minimum once nothing else decides it,
// the form says before the button whether the sale lets the trip sail (the seller may, or the
// crew's owner allows it) or who can allow it (domain walk-in-minimum, as the server decides).
// Above the simplified-invoice limit the server, which prices the sale, asks the customer's
// address: the form then shows the field with its message (useInvoiceAddress).
import { useTranslation } from 'react-i18next';
import { useWatch } from 'react-hook-form';
import { canaryTimeLabel, formatCanaryDateTime, hoursBetween } from '@boats/domain/canary-time';
import { formatEuros } from '@boats/domain/money';
import { holdEnd, PAYMENT_LINK_HOLD_HOURS } from '@boats/domain/holds';
import {
  OPERATOR_PAYMENT_CHOICES,
  operatorBookingFormSchema,
  type OperatorBookingRequest,
  type OperatorBookingResponse,
} from '@boats/domain/schemas/operator-booking';
import type { Trip } from '@boats/domain/schemas/trips';
import { walkInMinimum, type WalkInSeller, type WalkInMinimumVerdict } from '@boats/domain/walk-in-minimum';
import { SalePartyFields, useInvoiceAddress } from '../../shared/admin/sale-party-fields';
import { currentLanguage } from '../../shared/i18n/i18n';
import { Form, FormField, useZodForm } from '../../shared/ui/form';
import { Modal } from '../../shared/ui/modal';
import { useBookWalkIn } from './api/book-walk-in';
import styles from './trips.module.css';
import button from '../../shared/ui/button.module.css';

type Props = { trip: Trip; seller: WalkInSeller; onClose: () => void };

const seatsOf = (value: string | undefined) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : 0;
};

/** How this sale meets the trip's minimum, by the form's own clock (the server decides again). */
function minimumVerdict(trip: Trip, seller: WalkInSeller, paidSeats: number): WalkInMinimumVerdict {
  if (trip.type !== 'shared' || paidSeats === 0) return { kind: 'sold' };
  return walkInMinimum(
    {
      minimum: {
        seats: trip.minimumWaived ? 0 : trip.minSeatsToDepart,
        paidSeatsSold: trip.paidSeats,
        cutoffAt: trip.cutoffAt,
      },
      walkInPaidSeats: paidSeats,
      seller,
      crewMaySellBelowMinimum: trip.crewMaySellBelowMinimum,
      platformBoat: trip.platformBoat,
    },
    new Date(),
  );
}

/** The sentence before the button: who lets the trip sail below its minimum, or who could. */
function minimumKey(
  verdict: WalkInMinimumVerdict,
  seller: WalkInSeller,
  platformBoat: boolean,
): string | null {
  if (verdict.kind === 'refused')
    return verdict.allowedBy === 'admin'
      ? 'walkIn.belowMinimum.refusedAdmin'
      : 'walkIn.belowMinimum.refusedOwner';
  if (verdict.kind !== 'belowMinimum') return null;
  if (seller !== 'crew') return 'walkIn.belowMinimum.allowedSelf';
  return platformBoat ? 'walkIn.belowMinimum.allowedAdmin' : 'walkIn.belowMinimum.allowedOwner';
}

/**
 * A charter's hours to start from: two, or the whole slot when it is shorter, and never fewer
 * than the boat's shortest charter: its hours chain, so a 1-hour slot of a boat of 2 hours at
 * least starts at 2 (at 1 the server refused it).
 */
function defaultCharterHours(trip: Pick<Trip, 'start' | 'end' | 'charterMinHours'>): number {
  return Math.max(1, trip.charterMinHours, Math.min(2, Math.floor(hoursBetween(trip.start, trip.end))));
}

export function WalkInDialog({ trip, seller, onClose }: Props) {
  const { t } = useTranslation('trips');
  const book = useBookWalkIn();
  const form = useZodForm(operatorBookingFormSchema, {
    defaultValues: {
      passengers: { adults: '2', children50: '0', kidsFree: '0' },
      durationHours: trip.type === 'private' ? String(defaultCharterHours(trip)) : '',
      customer: { name: '', phone: '', email: '', address: '' },
      language: currentLanguage(),
      payment: { method: 'cash', holdHours: '6' },
    },
  });
  const booked: OperatorBookingResponse | undefined = book.data;
  // The form knows no price before the sale: the server's answer says when the address is needed.
  const address = useInvoiceAddress(form, undefined);
  const method = useWatch({ control: form.control, name: 'payment.method' });
  const holdHours = useWatch({ control: form.control, name: 'payment.holdHours' });
  const [adults, children50] = useWatch({
    control: form.control,
    name: ['passengers.adults', 'passengers.children50'],
  });
  const verdict = minimumVerdict(trip, seller, seatsOf(adults) + seatsOf(children50));
  const belowKey = minimumKey(verdict, seller, trip.platformBoat);
  const link = method === 'link';
  const lng = currentLanguage();
  // The form's own clock: the server decides again when the link is sent.
  const hold = link
    ? holdEnd({ channel: 'paymentLink', hours: Number(holdHours) }, new Date(), new Date(trip.start))
    : null;

  return (
    <Modal open onClose={onClose} title={t('walkIn.title')} closeLabel={t('walkIn.close')} size="medium">
      {booked ? (
        <section aria-live="polite" className={styles.walkInDone}>
          <p role="status">
            {booked.method === 'link' && booked.holdExpiresAt
              ? t('walkIn.linkSent', {
                  ref: booked.ref,
                  amount: formatEuros(booked.amount, lng),
                  until: formatCanaryDateTime(booked.holdExpiresAt, lng),
                  email: form.getValues('customer.email'),
                })
              : t('walkIn.booked', {
                  ref: booked.ref,
                  amount: formatEuros(booked.amount, lng),
                  method: t(`method.${booked.method}`),
                })}
          </p>
          <button type="button" className={`${button.primary} ${styles.wide}`} onClick={onClose}>
            {t('walkIn.done')}
          </button>
        </section>
      ) : (
        <Form
          form={form}
          onSubmit={address.submit((body: OperatorBookingRequest) =>
            book.mutateAsync({ slotId: trip.slotId, body }),
          )}
        >
          <SalePartyFields
            textOf={(key, values) => t(`walkIn.${key}`, values)}
            asksAddress={address.asksAddress}
            link={link}
            partyClassName={styles.party}
          >
            {trip.type === 'private' && (
              <FormField
                name="durationHours"
                label={t('walkIn.hours')}
                type="number"
                min={Math.max(1, trip.charterMinHours)}
                inputMode="numeric"
              />
            )}
          </SalePartyFields>
          <fieldset className={styles.offer}>
            <legend>{t('walkIn.paidBy')}</legend>
            {OPERATOR_PAYMENT_CHOICES.map((choice) => (
              <label key={choice}>
                <input type="radio" value={choice} {...form.register('payment.method')} />{' '}
                {t(`method.${choice}`)}
              </label>
            ))}
          </fieldset>
          {link && (
            <FormField
              name="payment.holdHours"
              label={t('walkIn.holdHours')}
              as="select"
              hint={
                hold && !hold.ok
                  ? t('walkIn.linkTooLate')
                  : hold?.capped
                    ? t('walkIn.holdCapped', {
                        start: canaryTimeLabel(trip.start),
                        until: canaryTimeLabel(hold.expiresAt),
                      })
                    : undefined
              }
            >
              {PAYMENT_LINK_HOLD_HOURS.map((hours) => (
                <option key={hours} value={String(hours)}>
                  {t('walkIn.holdOption', { count: hours })}
                </option>
              ))}
            </FormField>
          )}
          {belowKey && verdict.kind !== 'sold' && (
            <p role={verdict.kind === 'refused' ? 'alert' : 'status'} className={styles.belowMinimum}>
              {t(belowKey, { count: verdict.seats })}
            </p>
          )}
          {form.formState.errors.root?.server && (
            <p role="alert">{form.formState.errors.root.server.message}</p>
          )}
          <button
            type="submit"
            className={`${button.primary} ${styles.wide}`}
            disabled={book.isPending || verdict.kind === 'refused'}
          >
            {link ? t('walkIn.submitLink') : t('walkIn.submit')}
          </button>
        </Form>
      )}
    </Modal>
  );
}
