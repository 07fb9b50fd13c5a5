// Step two: the hold countdown, contact details and the card form of whichever provider the
// server runs, as one React Hook Form. A declined card or a failed 3-D Secure leaves everything
// in place for another card (the same hold); Back gives the hold up and returns to the
// unchanged selection; closing the tab gives it up too (best effort).
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCanaryTimeText } from '../i18n/canary-time-text';
import { cardProblems } from '@boats/domain/card-entry';
import { formatMoney } from '@boats/domain/money';
import type { PublicBooking } from '@boats/domain/schemas/booking';
import type { CardEntry } from '@boats/domain/schemas/card-entry';
import { invoiceNamesRecipient } from '@boats/domain/customer-invoice';
import { contactFor } from '@boats/domain/schemas/contact';
import type { PaymentIntentResponse } from '@boats/domain/schemas/payment-intent';
import { Form, useZodForm } from '../ui/form';
import button from '../ui/button.module.css';
import { usePaymentsConfig } from '../api/get-payments-config';
import { payWithVoucher, saveCustomer } from './checkout-api';
import { payByCard } from './pay-by-card';
import { paymentErrorText } from './checkout-errors';
import { readContact, rememberedContact, saveContact } from './contact-memory';
import { ContactForm } from './contact-form';
import { HoldCountdown, useSecondsLeft } from './hold-countdown';
import type { PayOutcome } from './pay-outcome';
import {
  emptyCard,
  paymentFieldOf,
  sandboxPaymentSchema,
  stripePaymentSchema,
  type PaymentFormInput,
} from './payment-form-schema';
import { useReleaseOnPageHide } from './release-on-page-hide';
import { CardFields } from './card-fields';
import { useContactSavedEarly } from './use-contact-saved-early';
import { VoucherLines } from './voucher-lines';
import { rememberPaidSelection } from './payment-markers';
import styles from './checkout.module.css';
import { paths } from '../paths';
import { useLanguage } from '../i18n/use-language';

type PaymentSummary = {
  boatTitle: string;
  mode: 'private' | 'shared';
  start: string | null;
  end: Date | null;
  /** What the card pays (the whole total without a voucher). */
  amountCents: number;
  /** What a gift voucher pays of the total, and its code when known. */
  voucherCents?: number;
  voucherCode?: string | null;
};

export type PaymentStepProps = {
  intent: PaymentIntentResponse;
  summary: PaymentSummary;
  /** Where a card redirect (3-D Secure) comes back to. */
  returnUrl: string;
  /** Shown under the card at first, e.g. after a failed 3-D Secure. */
  initialError?: string | null;
  onBack: () => void;
  /** The page is about to leave for the bank page (true), or stayed after all (false). */
  onRedirect: (leaving: boolean) => void;
  onPaid: (intentId: string) => void;
  /**
   * A gift voucher paid everything (the hold has no card part): the paid booking. Without it
   * such a hold cannot be paid here.
   */
  onPaidByVoucher?: (booking: PublicBooking) => void;
  /** The server lengthened the hold (contact details saved): when it now ends. */
  onHoldExtended?: (holdExpiresAt: string) => void;
  /** The hold lapsed: take the same places on a fresh hold. */
  onHoldAgain?: () => void;
  /**
   * The hold outlives this page (a waitlist offer, whose link opens it again while it lasts):
   * closing or reloading the tab does not give it up.
   */
  keepHoldOnPageHide?: boolean;
  /**
   * The customer's details as the booking already holds them (a staff member's payment link):
   * the form starts with them, and the hold is already its full length.
   */
  knownContact?: { name: string; email: string; phone: string };
  /** The page says until when the hold lasts itself (hours ahead, not minutes): no countdown. */
  holdShownByPage?: boolean;
};

export function PaymentStep(props: PaymentStepProps) {
  const { t } = useTranslation('booking');
  const locale = useLanguage();
  const canary = useCanaryTimeText(locale);
  const { intent, summary } = props;
  const config = usePaymentsConfig();
  // Short until the contact details are saved, then the full hold (server: checkout-contact.ts).
  const [holdUntil, setHoldUntil] = useState(intent.holdExpiresAt);
  // Details this tab already knows travelled with the hold, which then started long (a reload).
  const [detailsSaved, setDetailsSaved] = useState(
    () => props.knownContact !== undefined || rememberedContact() !== undefined,
  );
  const secondsLeft = useSecondsLeft(holdUntil);
  const { onHoldExtended } = props;
  const holdExtended = useCallback(
    (until: string | null | undefined) => {
      if (!until) return;
      setDetailsSaved(true);
      if (until === holdUntil) return;
      setHoldUntil(until);
      onHoldExtended?.(until);
    },
    [holdUntil, onHoldExtended],
  );
  const headingRef = useRef<HTMLHeadingElement>(null);
  const leavingForBankRef = useRef(false);
  useReleaseOnPageHide(intent.bookingId, intent.checkoutKey, leavingForBankRef, !props.keepHoldOnPageHide);

  // A new step: bring its top into view and tell screen readers where they are; back from a
  // failed card check the error is what is brought into view (PaymentForm), so focus stays put.
  const cameBackWithError = Boolean(props.initialError);
  useEffect(() => {
    headingRef.current?.focus({ preventScroll: cameBackWithError });
  }, [cameBackWithError]);

  return (
    <div className={styles.payment}>
      <section className={styles.summary} aria-labelledby="payment-summary-title">
        <h3 id="payment-summary-title" className={styles.subTitle} ref={headingRef} tabIndex={-1}>
          {t('payment.title')}
        </h3>
        <p>
          <strong>{summary.boatTitle}</strong> · {t(`mode.${summary.mode}`)}
        </p>
        {summary.start && <p>{canary.span(summary.start, summary.end)}</p>}
        <p className={styles.total}>
          {t('review.total')}{' '}
          <strong data-testid="payment-total">
            {formatMoney(summary.amountCents + (summary.voucherCents ?? 0), locale)}
          </strong>
        </p>
        <VoucherLines
          code={summary.voucherCode}
          voucherCents={summary.voucherCents ?? 0}
          cardCents={summary.amountCents}
        />
        {!(props.holdShownByPage && secondsLeft > 0) && (
          <HoldCountdown secondsLeft={secondsLeft} short={!detailsSaved} onHoldAgain={props.onHoldAgain} />
        )}
      </section>

      {config.isError && (
        <div role="alert" className={styles.alert}>
          <p>{t('errors.paymentErrorRetry')}</p>
          <p className={styles.detail}>{t('errors.initFailed')}</p>
          <button type="button" className={button.outline} onClick={props.onBack}>
            {t('actions.back')}
          </button>
        </div>
      )}
      {config.isPending && <p aria-busy="true">{t('payment.initializing')}</p>}
      {config.data && (
        <PaymentForm
          {...props}
          provider={config.data.provider}
          publishableKey={config.data.provider === 'stripe' ? config.data.publishableKey : ''}
          secondsLeft={secondsLeft}
          leavingForBankRef={leavingForBankRef}
          holdExtended={holdExtended}
        />
      )}
    </div>
  );
}

type PaymentFormProps = PaymentStepProps & {
  provider: 'sandbox' | 'stripe';
  publishableKey: string;
  secondsLeft: number;
  leavingForBankRef: React.RefObject<boolean>;
  holdExtended: (until: string | null | undefined) => void;
};

function PaymentForm({
  intent,
  summary,
  returnUrl,
  initialError,
  onBack,
  onRedirect,
  onPaid,
  onPaidByVoucher,
  provider: cardProvider,
  publishableKey,
  secondsLeft,
  leavingForBankRef,
  holdExtended,
  knownContact,
}: PaymentFormProps) {
  const { t } = useTranslation('booking');
  const locale = useLanguage();
  const canary = useCanaryTimeText(locale);
  // A gift voucher pays it all: no card, "Pay with voucher" confirms the hold.
  const clientSecret = intent.clientSecret;
  const provider = clientSecret === null ? 'voucher' : cardProvider;
  // Above the simplified-invoice limit the invoice names the customer: the address is asked too.
  const totalCents = intent.amount + intent.voucherAmount;
  const asksAddress = invoiceNamesRecipient(totalCents);
  const contactSchema = useMemo(() => contactFor(totalCents), [totalCents]);
  const form = useZodForm((provider === 'sandbox' ? sandboxPaymentSchema : stripePaymentSchema)(totalCents), {
    defaultValues: { customer: knownContact ?? readContact(), card: emptyCard } satisfies PaymentFormInput,
  });
  const [stripePay, setStripePay] = useState<(() => Promise<PayOutcome>) | null>(null);
  const [cardError, setCardError] = useState<string | null>(initialError ?? null);
  // On a phone the error is below the fold: bring it into view (role="alert" announces it).
  const cardErrorRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (cardError) cardErrorRef.current?.scrollIntoView({ block: 'center' });
  }, [cardError]);
  const paying = form.formState.isSubmitting;

  // What was typed survives a reload of this tab.
  useEffect(() => {
    const subscription = form.watch((values) => saveContact(values.customer));
    return () => subscription.unsubscribe();
  }, [form]);

  const registerStripe = useCallback(
    (pay: (() => Promise<PayOutcome>) | null) => setStripePay(() => pay),
    [],
  );

  useContactSavedEarly(form, contactSchema, async (details) =>
    holdExtended((await saveCustomer(intent.bookingId, intent.checkoutKey, details, locale)).holdExpiresAt),
  );
  const customer = form.watch('customer');
  const card = form.watch('card') ?? emptyCard;
  const contactOk = contactSchema.safeParse(customer).success;
  const cardReady =
    provider === 'voucher' ||
    (provider === 'stripe' ? stripePay !== null : cardProblems(card, new Date()).length === 0);
  const canPay = cardReady && !paying && secondsLeft > 0;
  // Every reason Pay is not ready, said next to it (a disabled button alone explains nothing).
  const payReasons = [
    ...(provider === 'sandbox' ? cardProblems(card, new Date()).map((p) => t(`card.problem.${p}`)) : []),
    ...(secondsLeft <= 0 ? [t('payment.holdOver')] : []),
  ];

  const payWith = (secret: string, card: CardEntry | undefined) =>
    payByCard({
      provider: cardProvider,
      clientSecret: secret,
      card,
      returnUrl,
      stripePay,
      onLeaving: (leaving) => {
        // Keep the hold for the return from the bank page.
        leavingForBankRef.current = leaving;
        onRedirect(leaving);
      },
    });

  return (
    <Form
      form={form}
      className={styles.payForm}
      onSubmit={async (values) => {
        setCardError(null);
        holdExtended(
          (await saveCustomer(intent.bookingId, intent.checkoutKey, values.customer, locale)).holdExpiresAt,
        );
        if (clientSecret === null) {
          const booking = await payWithVoucher(intent.bookingId, intent.checkoutKey);
          // The address still holds the choice this booking was paid from (Back comes back to it).
          rememberPaidSelection(
            window.location.pathname + window.location.search,
            booking._id,
            intent.checkoutKey,
          );
          onPaidByVoucher?.(booking);
          return;
        }
        // The Stripe form has no card fields: Stripe's own element holds the card.
        const outcome = await payWith(
          clientSecret,
          'card' in values ? (values.card as CardEntry) : undefined,
        );
        if (outcome.kind === 'succeeded') onPaid(outcome.intentId);
        else setCardError(outcome.message || t('errors.paymentErrorRetry'));
      }}
      serverPathToField={paymentFieldOf}
      onError={(err, onFields) => {
        // Field errors are on their fields already; anything else is said under the card.
        if (!onFields) setCardError(paymentErrorText(err));
      }}
    >
      {/* A lapsed hold takes no more typing: the way on is Back and a new choice. */}
      <ContactForm disabled={secondsLeft <= 0} asksAddress={asksAddress} />
      <CardFields
        provider={cardProvider}
        disabled={paying || secondsLeft <= 0}
        publishableKey={publishableKey}
        clientSecret={clientSecret}
        returnUrl={returnUrl}
        register={registerStripe}
      />
      {cardError && (
        <p role="alert" className={styles.alert} data-testid="card-error" ref={cardErrorRef}>
          {cardError}
        </p>
      )}
      {!contactOk && <p className={styles.hint}>{t('payment.contactNeeded')}</p>}
      {!paying && payReasons.length > 0 && (
        <ul className={styles.hint} id="pay-reasons" aria-live="polite" data-testid="pay-reasons">
          {payReasons.map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
        </ul>
      )}
      <p className={styles.muted}>
        {t('payment.acceptTerms')}{' '}
        <a href={paths.legal.getHref('terms')} target="_blank" rel="noopener">
          {t('payment.termsLink')}
        </a>{' '}
        ·{' '}
        <a href={paths.legal.getHref('privacy')} target="_blank" rel="noopener">
          {t('payment.privacyLink')}
        </a>
      </p>
      {/* A request-to-book says so before the button: authorized now, charged if the owner accepts. */}
      {intent.requestDecideBy && provider !== 'voucher' && (
        <p className={styles.hint} data-testid="request-note">
          {t('payment.requestNote', { deadline: canary.at(intent.requestDecideBy) })}
        </p>
      )}
      <div className={styles.actions}>
        <button type="button" className={button.outline} onClick={onBack} disabled={paying}>
          {t('actions.back')}
        </button>
        <button
          type="submit"
          className={button.primary}
          disabled={!canPay}
          aria-describedby={!canPay && payReasons.length > 0 ? 'pay-reasons' : undefined}
        >
          {paying
            ? t('payment.paying')
            : provider === 'voucher'
              ? t('voucher.payWith')
              : t(intent.requestDecideBy ? 'payment.request' : 'payment.pay', {
                  amount: formatMoney(summary.amountCents, locale),
                })}
        </button>
      </div>
    </Form>
  );
}
