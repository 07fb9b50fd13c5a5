// Selling seats on one shared trip, or a charter of the whole boat for the hours chosen (each
// length the boat allows from that start, with its price), to the agent's customer: who comes (ages as the booking dialog
// asks them), how to reach them, the language of their tickets and e-mails, and how they pay:
// cash to the agent, or a card payment link e-mailed to them that holds the seats meanwhile. The
// server prices it as the site would; the form then says the booking's reference and the amount.
// Above the simplified-invoice limit the customer's invoice names them and their address: a
// charter's length says its price, so the address field shows for one above it; for seats, the
// server's answer asks for it (useInvoiceAddress).
import { useTranslation } from 'react-i18next';
import { useWatch } from 'react-hook-form';
import { canaryTimeLabel, formatCanaryDateTime } from '@boats/domain/canary-time';
import { localized } from '@boats/domain/boat-card';
import { centsToEuros, eurosToCents, formatEuros } from '@boats/domain/money';
import { PAYMENT_LINK_HOLD_HOURS } from '@boats/domain/holds';
import { defaultDuration } from '@boats/domain/charter';
import { bookingPrice } from '@boats/domain/pricing';
import type { Passengers } from '@boats/domain/passengers';
import {
  AGENT_PAYMENT_CHOICES,
  agentBookingFormSchema,
  type AgentBookingRequest,
  type AgentCharter,
  type AgentTrip,
} from '@boats/domain/schemas/agents';
import { SalePartyFields, useInvoiceAddress } from '../../shared/admin/sale-party-fields';
import { currentLanguage } from '../../shared/i18n/i18n';
import { Form, FormError, FormField, useZodForm } from '../../shared/ui/form';
import { useSellTrip } from './api/sell-trip';
import styles from './agent-desk.module.css';
import button from '../../shared/ui/button.module.css';

/** What the agent chose to sell: seats on a shared trip, or a charter from a start hour. */
export type Sellable = { kind: 'trip'; trip: AgentTrip } | { kind: 'charter'; charter: AgentCharter };

/** What the sale charges a party on a shared trip: the domain's price, as the server computes it. */
function tripPriceCents(trip: AgentTrip, passengers: Passengers): number {
  const hours = (Date.parse(trip.end) - Date.parse(trip.start)) / 3_600_000;
  return bookingPrice({
    mode: 'shared',
    seatPricePerHourCents: eurosToCents(trip.seatPrice),
    passengers,
    hours,
  }).amountCents;
}

/** One adult's price on a shared trip, as the list says it. */
export const adultPriceCents = (trip: AgentTrip) =>
  tripPriceCents(trip, { adults: 1, children50: 0, kidsFree: 0 });

/** A count typed in the form, as a whole number (nothing or nonsense: none). */
const countOf = (typed: unknown) => {
  const n = Number(typed);
  return Number.isInteger(n) && n >= 0 ? n : 0;
};

type Props = { sellable: Sellable; onDone: () => void };

/** Two hours, or the nearest length the boat allows from this start. */
function defaultHours(charter: AgentCharter): string {
  const hours = charter.lengths.map((l) => l.hours);
  return String(defaultDuration({ min: Math.min(...hours), max: Math.max(...hours) }));
}

export function SaleForm({ sellable, onDone }: Props) {
  const { t } = useTranslation('agent-desk');
  const sell = useSellTrip();
  const lng = currentLanguage();
  const trip = sellable.kind === 'trip' ? sellable.trip : undefined;
  const charter = sellable.kind === 'charter' ? sellable.charter : undefined;
  const slot = sellable.kind === 'trip' ? sellable.trip : sellable.charter;
  const form = useZodForm(agentBookingFormSchema, {
    defaultValues: {
      passengers: { adults: '2', children50: '0', kidsFree: '0' },
      durationHours: charter ? defaultHours(charter) : '',
      customer: { name: '', phone: '', email: '', address: '' },
      language: lng,
      payment: { method: 'cash', holdHours: '6' },
    },
  });
  const method = useWatch({ control: form.control, name: 'payment.method' });
  const link = method === 'link';
  const sold = sell.data;
  const hours = useWatch({ control: form.control, name: 'durationHours' });
  const party = useWatch({ control: form.control, name: 'passengers' });
  const length = charter?.lengths.find((l) => String(l.hours) === hours);
  // The total before selling: the charter's length, or the party's seats at the trip's price.
  const totalCents = length
    ? eurosToCents(length.price)
    : trip
      ? tripPriceCents(trip, {
          adults: countOf(party.adults),
          children50: countOf(party.children50),
          kidsFree: countOf(party.kidsFree),
        })
      : undefined;
  const address = useInvoiceAddress(form, totalCents);

  return (
    <div className={styles.sale}>
      <p className={styles.tripTitle}>
        {t('sell.trip', {
          time: canaryTimeLabel(slot.start),
          boat: localized(slot.boatTitleI18n, slot.boatTitle, lng),
        })}
        {!sold && (
          // Left out once sold: the count was read before this sale (the list is read again).
          <span className={styles.muted}>
            {' · '}
            {trip
              ? t('sell.seatsLeft', { count: trip.seatsLeft })
              : t('sell.charter', { count: charter?.capacity ?? 0 })}
          </span>
        )}
      </p>
      {sold ? (
        <section aria-live="polite" className={styles.done}>
          <p role="status">
            {sold.method === 'link' && sold.holdExpiresAt
              ? t('sale.linkSent', {
                  ref: sold.ref,
                  amount: formatEuros(sold.amount, lng),
                  until: formatCanaryDateTime(sold.holdExpiresAt, lng),
                  email: form.getValues('customer.email'),
                })
              : t('sale.cashTaken', { ref: sold.ref, amount: formatEuros(sold.amount, lng) })}
          </p>
          <button type="button" className={`${button.primary} ${styles.wide}`} onClick={onDone}>
            {t('sale.another')}
          </button>
        </section>
      ) : (
        <Form
          form={form}
          className={styles.form}
          onSubmit={address.submit((body: AgentBookingRequest) =>
            sell.mutateAsync({
              slotId: slot.slotId,
              // The hold's hours belong to a link only.
              body: body.payment.method === 'cash' ? { ...body, payment: { method: 'cash' } } : body,
            }),
          )}
        >
          <SalePartyFields
            textOf={(key, values) => t(`sale.${key}`, values)}
            asksAddress={address.asksAddress}
            link={link}
            partyClassName={styles.party}
          >
            {charter && (
              <FormField name="durationHours" label={t('sale.hours')} as="select">
                {charter.lengths.map((length) => (
                  <option key={length.hours} value={String(length.hours)}>
                    {t('sale.hoursOption', { count: length.hours, price: formatEuros(length.price, lng) })}
                  </option>
                ))}
              </FormField>
            )}
          </SalePartyFields>
          <fieldset className={styles.choices}>
            <legend>{t('sale.paidBy')}</legend>
            {AGENT_PAYMENT_CHOICES.map((choice) => (
              <label key={choice}>
                <input type="radio" value={choice} {...form.register('payment.method')} />{' '}
                {t(`sale.method.${choice}`)}
              </label>
            ))}
          </fieldset>
          {link && (
            <FormField name="payment.holdHours" label={t('sale.holdHours')} as="select">
              {PAYMENT_LINK_HOLD_HOURS.map((hours) => (
                <option key={hours} value={String(hours)}>
                  {t('sale.holdOption', { count: hours })}
                </option>
              ))}
            </FormField>
          )}
          {totalCents !== undefined && totalCents > 0 && (
            <p className={styles.total} data-testid="sale-total">
              {t('sale.total', { amount: formatEuros(centsToEuros(totalCents), lng) })}
            </p>
          )}
          <FormError />
          <button type="submit" className={`${button.primary} ${styles.wide}`} disabled={sell.isPending}>
            {link ? t('sale.submitLink') : t('sale.submitCash')}
          </button>
          <button type="button" className={`${button.secondary} ${styles.wide}`} onClick={onDone}>
            {t('sale.back')}
          </button>
        </Form>
      )}
    </div>
  );
}
