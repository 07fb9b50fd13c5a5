// The whole public booking flow of docs/product.md §4, shared by the dialog and the /booking screen:
// (pick a boat) → selecting → contact and payment → confirmation. The selection and the live
// checkout are query parameters (booking-url.ts) in the address bar: /booking's own, or beside
// the dialog's `book` on the landing page (use-flow-params.ts), so a reload comes back to the same
// step either way; after paying the flow moves to the confirmation's address. A hold is given up as soon as the payment step is left without paying: by its
// Back button (the handler), by the browser's Back (the navigation event), by leaving the booking
// (the dialog closed, another boat: use-held-checkout.ts); the payment step itself releases it
// when the tab closes. A new choice needs going Back first.
import { lazy, Suspense, useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { canaryDateKey, canaryTimeLabel } from '@boats/domain/canary-time';
import { defaultDuration } from '@boats/domain/charter';
import type { PaymentIntentResponse } from '@boats/domain/schemas/payment-intent';
import type { PublicBooking } from '@boats/domain/schemas/booking';
import { localized, offersCharter } from '@boats/domain/boat-card';
import button from '../../shared/ui/button.module.css';
import { PageLoading } from '../../shared/ui/page-loading';
import {
  ConfirmError,
  bookingQueryOptions,
  confirmAndLoad,
  holdErrorText,
  isRefusedReturn,
} from '../../shared/checkout';
import { BoatPicker } from './boat-picker';
import { paymentIntentRequest, type BookingChoice } from './booking-choice';
import { CHECKOUT_PARAM, readUrlSelection, sameParams, selectionFromUrl, withSelection } from './booking-url';
import { keepChoice, keptChoice } from './choice-memory';
import {
  clearCheckout,
  extendStoredHold,
  markRedirecting,
  readCheckout,
  saveCheckout,
  type CheckoutRecord,
} from './checkout-session';
import { selectionReducer } from './selection-state';
import { BoatGallery } from './boat-gallery';
import { SelectionStep } from './selection-step';
import { startOptionsByDay } from './slot-options';
import { useDialogFlowParams, useUrlFlowParams, type FlowParams } from './use-flow-params';
import { useNow } from './use-canary-clock';
import { useHoldMutations } from './api/hold-mutations';
import { useMonthAvailability } from './api/get-month-availability';
import { useResumedHold } from './api/resume-hold';
import { useHeldCheckout } from './use-held-checkout';
import { BoatReviews } from '../../shared/reviews/boat-reviews';
import { boatsQueryOptions } from '../../shared/api/get-boats';
import styles from './booking.module.css';
import { paths } from '../../shared/paths';
import { useLanguage } from '../../shared/i18n/use-language';

// The payment step (contact and card forms, the form library and their schemas) loads once a
// trip is held: a boat's page starts with the choice, and building all of it there was the
// longest task of the page's start on a phone.
const PaymentStep = lazy(() =>
  import('../../shared/checkout/payment-step').then((m) => ({ default: m.PaymentStep })),
);

export type BookingFlowProps = {
  /** A boat the opener fixed (the fleet's Book, /booking/:boatId); else the visitor picks one. */
  boatId: string | null;
  /** In the landing page's booking dialog: the flow's parameters sit beside its `book`. */
  inDialog?: boolean;
};

export default function BookingFlow({ inDialog = false, ...props }: BookingFlowProps) {
  return inDialog ? <DialogFlow {...props} /> : <PageFlow {...props} />;
}

function PageFlow(props: Omit<BookingFlowProps, 'inDialog'>) {
  return <Flow {...props} flow={useUrlFlowParams()} />;
}

function DialogFlow(props: Omit<BookingFlowProps, 'inDialog'>) {
  return <Flow {...props} flow={useDialogFlowParams()} />;
}

// `key`: the checkout key the return address carries for the booking page's own return (the
// flow has it in the tab's checkout record), dropped with the rest once read.
const RETURN_PARAMS = ['payment_intent', 'payment_intent_client_secret', 'redirect_status', 'key'];

function Flow({ boatId: fixed, flow }: Omit<BookingFlowProps, 'inDialog'> & { flow: FlowParams }) {
  const { t } = useTranslation('booking');
  const picked = fixed ?? flow.params.get('boat') ?? flow.params.get('boatId') ?? flow.params.get('id');
  const ticketsOnly = flow.params.get('mode') === 'tickets';

  // The picked card goes away with the picker: keyboard focus moves to "Change boat", inside the
  // dialog, instead of dropping to the page behind it.
  const justPicked = useRef(false);
  const pick = (id: string) => {
    const next = new URLSearchParams(ticketsOnly ? { mode: 'tickets' } : {});
    next.set('boat', id);
    justPicked.current = true;
    flow.push(next);
  };
  const focusIfJustPicked = (button: HTMLButtonElement | null) => {
    if (!button || !justPicked.current) return;
    justPicked.current = false;
    button.focus();
  };
  const unpick = () => flow.push(new URLSearchParams(ticketsOnly ? { mode: 'tickets' } : {}));

  if (!picked) return <BoatPicker sharedOnly={ticketsOnly} onPick={pick} />;
  return (
    <>
      {!fixed && (
        <button
          type="button"
          ref={focusIfJustPicked}
          className={`${button.link} ${styles.changeBoat}`}
          onClick={unpick}
        >
          {t('picker.change')}
        </button>
      )}
      {/* Its own boundary: a part that loads later (the reviews, their texts) must not hide "Change
          boat" with the rest, which would drop the focus just given to it. */}
      <Suspense fallback={<PageLoading />}>
        <BoatBooking key={picked} boatId={picked} flow={flow} />
      </Suspense>
    </>
  );
}

type Step =
  | { kind: 'select' }
  /** Back from a reload: the old hold is given up and the same request takes a new one. */
  | { kind: 'resuming'; record: CheckoutRecord }
  | { kind: 'pay'; record: CheckoutRecord; error: string | null }
  | { kind: 'confirming'; intentId: string }
  | { kind: 'confirmError'; intentId: string; checkoutKey: string; message: string };

function openingStep(boatId: string, params: URLSearchParams, authFailed: string): Step {
  const checkoutId = params.get(CHECKOUT_PARAM);
  const record = checkoutId ? readCheckout(checkoutId) : null;
  if (!record || record.boatId !== boatId) return { kind: 'select' };
  // Back from the bank page: the hold was kept for it, and is still this visitor's.
  if (record.redirecting) {
    const refused = isRefusedReturn(params.get('redirect_status'));
    return { kind: 'pay', record: { ...record, redirecting: false }, error: refused ? authFailed : null };
  }
  return { kind: 'resuming', record };
}

function BoatBooking({ boatId, flow }: { boatId: string; flow: FlowParams }) {
  const { t } = useTranslation(['booking', 'common']);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const now = useNow();
  const locale = useLanguage();
  const [fromUrl] = useState(() => readUrlSelection(flow.params));
  // The address keeps the date and the party; this tab's storage the extras and codes (choice-memory).
  const [selection, dispatch] = useReducer(selectionReducer, now, (n) => ({
    ...selectionFromUrl(n, fromUrl),
    ...keptChoice(boatId),
  }));
  useEffect(() => {
    keepChoice(boatId, selection);
  }, [boatId, selection]);
  // The URL's start, until the month's slots are here to match it.
  const [pendingStart, setPendingStart] = useState(fromUrl.date ? fromUrl.start : null);
  const {
    data,
    loading,
    error: loadError,
    notFound: boatNotFound,
    reload,
  } = useMonthAvailability(boatId, selection.year, selection.month);
  // The catalogue's boat, only when it is already cached (the page's own data, or the landing
  // page's fleet): never a request of its own.
  const boatOfFleet =
    queryClient.getQueryData(boatsQueryOptions().queryKey)?.find((boat) => boat._id === boatId) ?? null;
  const holds = useHoldMutations(boatId);
  const { createHold, releaseHold } = holds;
  const [step, setStep] = useState<Step>(() =>
    openingStep(boatId, flow.params, t('errors.authFailedInline')),
  );
  const [busy, setBusy] = useState(false);
  const [intentError, setIntentError] = useState<string | null>(null);
  const [modeSettled, setModeSettled] = useState(false);

  // A boat with only shared trips (or only charters) opens in the mode it actually offers.
  if (data && !modeSettled) {
    setModeSettled(true);
    if (
      !offersCharter(data.boat) ||
      (data.availability.private.length === 0 && data.availability.shared.length > 0)
    ) {
      dispatch({ type: 'mode', mode: 'shared' });
    }
  }
  // The start a link or a reload named, once its day's slots are known.
  if (data && modeSettled && pendingStart && !loading) {
    setPendingStart(null);
    const option = selection.date
      ? startOptionsByDay(data.boat, data.availability, selection.mode, now)
          .get(selection.date)
          ?.find((o) => canaryTimeLabel(o.slot.start) === pendingStart)
      : undefined;
    if (option && canaryDateKey(option.slot.start) === selection.date) {
      const wanted = fromUrl.hours;
      const duration = option.range
        ? wanted && wanted >= option.range.min && wanted <= option.range.max
          ? wanted
          : defaultDuration(option.range)
        : null;
      dispatch({ type: 'slot', slotId: option.slot._id, start: option.slot.start, duration });
    } else if (step.kind === 'pay' || step.kind === 'resuming') {
      // Back from the bank page, this tab's own hold takes the start out of the free ones: the
      // checkout being paid names it, so the address and Back keep the start and the hours.
      const held = step.record.request.booking;
      if (canaryTimeLabel(held.dateISO) === pendingStart && canaryDateKey(held.dateISO) === selection.date) {
        const duration = held.mode === 'private' ? held.durationHours : null;
        dispatch({ type: 'slot', slotId: held.slotId, start: held.dateISO, duration });
      }
    }
  }
  // A reload mid-checkout: the same request on a fresh hold, then the payment step again.
  const resumed = useResumedHold(step.kind === 'resuming' ? step.record : null, holds);
  if (step.kind === 'resuming' && resumed.isSuccess)
    setStep({ kind: 'pay', record: resumed.data, error: null });
  if (step.kind === 'resuming' && resumed.isError) {
    setIntentError(holdErrorText(resumed.error));
    setStep({ kind: 'select' });
  }

  // Leaving the payment step without paying gives its hold up.
  const held = step.kind === 'pay' ? step.record.intent : null;
  const checkoutId = held?.bookingId ?? null;
  const { leave: leaveCheckout, paying } = useHeldCheckout(held, releaseHold);

  // The address no longer names the checkout (Back, browser Back): the selection again. Only a
  // change counts: the router may show the new address a render after the step (a transition).
  const checkoutInUrl = flow.params.get(CHECKOUT_PARAM);
  const [seenCheckout, setSeenCheckout] = useState(checkoutInUrl);
  if (seenCheckout !== checkoutInUrl) {
    setSeenCheckout(checkoutInUrl);
    if (checkoutId && checkoutInUrl !== checkoutId) setStep({ kind: 'select' });
  }

  // The address follows the selection (replace: a day or a passenger is no step of its own) and
  // names the checkout being paid (a resumed one has a new id); the card redirect's parameters
  // are dropped once read.
  const settled = Boolean(data) && modeSettled && !pendingStart;
  const desired = settled ? withSelection(withoutReturn(flow.params), selection) : null;
  if (step.kind !== 'pay' && step.kind !== 'resuming' && desired) desired.delete(CHECKOUT_PARAM);
  if (checkoutId && desired?.has(CHECKOUT_PARAM)) desired.set(CHECKOUT_PARAM, checkoutId);
  const stale = desired !== null && !sameParams(desired, flow.params);
  useEffect(() => {
    if (stale && desired) flow.replace(desired);
  }, [stale, desired, flow]);

  const onContinue = async (choice: BookingChoice) => {
    if (!data) return;
    const request = paymentIntentRequest(data.boat, selection, choice, locale);
    if (!request) return;
    setBusy(true);
    setIntentError(null);
    try {
      const intent = await createHold(request);
      const record: CheckoutRecord = {
        boatId,
        request,
        intent,
        start: choice.slot?.start ?? null,
        end: choice.end?.toISOString() ?? null,
      };
      saveCheckout(record);
      flow.push(withCheckout(withSelection(flow.params, selection), intent));
      setStep({ kind: 'pay', record, error: null });
    } catch (err) {
      setIntentError(holdErrorText(err));
    } finally {
      setBusy(false);
    }
  };

  const confirm = useCallback(
    async (intentId: string, checkoutKey: string) => {
      paying();
      setStep({ kind: 'confirming', intentId });
      const result = await confirmAndLoad(intentId, checkoutKey);
      if (!result.ok) {
        setStep({ kind: 'confirmError', intentId, checkoutKey, message: result.message });
        return;
      }
      clearCheckout();
      // The confirmation has an address of its own, so a reload keeps the tickets (from the
      // dialog too: the landing page's address gives way to it).
      queryClient.setQueryData(bookingQueryOptions(result.booking._id, checkoutKey).queryKey, result.booking);
      void navigate(paths.bookingConfirmation.getHref(result.booking._id, checkoutKey), { replace: true });
    },
    [navigate, queryClient, paying],
  );

  // A gift voucher paid it all: the same confirmation as after a card.
  const paidByVoucher = (booking: PublicBooking, checkoutKey: string) => {
    paying();
    clearCheckout();
    queryClient.setQueryData(bookingQueryOptions(booking._id, checkoutKey).queryKey, booking);
    void navigate(paths.bookingConfirmation.getHref(booking._id, checkoutKey), { replace: true });
  };

  const backToSelection = () => flow.back(withoutCheckout(flow.params));
  const leavePayment = () => {
    leaveCheckout();
    backToSelection();
  };
  // A lapsed hold: the same request on a fresh hold, as after a reload (resume-hold.ts).
  const holdAgain = (record: CheckoutRecord) => setStep({ kind: 'resuming', record });

  if (boatNotFound && !data) {
    return (
      <div className={styles.notFound}>
        <p>{t('errors.boatNotFound')}</p>
        <p className={styles.notFoundWays}>
          <Link className={button.primary} to={paths.booking.getHref()}>
            {t('notFound.allBoats')}
          </Link>
          <Link className={button.outline} to={paths.home.getHref()}>
            {t('notFound.home', { ns: 'common' })}
          </Link>
        </p>
      </div>
    );
  }
  if (loadError && !data) {
    return (
      <div role="alert" className={styles.alert}>
        <p>{t('errors.boatLoad')}</p>
        <button type="button" className={button.outline} onClick={reload}>
          {t('actions.retry')}
        </button>
      </div>
    );
  }
  if (!data && step.kind === 'select' && boatOfFleet) {
    // The month is on its way; the boat's photos are already known from the catalogue the page
    // was drawn with: they show now, where the selection will show them (the server draws them
    // too, so a boat's page paints its photo before the app has run).
    return (
      <div className={styles.selection}>
        <div className={styles.columnMain}>
          <BoatGallery
            images={boatOfFleet.images}
            title={localized(boatOfFleet.titleI18n, boatOfFleet.title, locale)}
          />
        </div>
        <p aria-busy="true" className={styles.columnSide}>
          {t('loading')}
        </p>
      </div>
    );
  }
  if (!data || step.kind === 'resuming') return <p aria-busy="true">{t('loading')}</p>;
  const boatTitle = localized(data.boat.titleI18n, data.boat.title, locale);

  switch (step.kind) {
    case 'pay': {
      const { record } = step;
      return (
        <Suspense fallback={<PageLoading />}>
          <PaymentStep
            key={record.intent.bookingId}
            intent={record.intent}
            summary={{
              boatTitle,
              mode: record.request.booking.mode,
              start: record.start,
              end: record.end ? new Date(record.end) : null,
              amountCents: record.intent.amount,
              voucherCents: record.intent.voucherAmount,
              voucherCode: record.request.booking.voucherCode ?? null,
            }}
            returnUrl={returnUrlOf(flow, boatId, record.intent.checkoutKey)}
            initialError={step.error}
            onBack={leavePayment}
            onRedirect={() => markRedirecting(record.intent.bookingId)}
            onPaid={(intentId) => void confirm(intentId, record.intent.checkoutKey)}
            onPaidByVoucher={(booking) => paidByVoucher(booking, record.intent.checkoutKey)}
            onHoldExtended={(until) => extendStoredHold(record.intent.bookingId, until)}
            onHoldAgain={() => holdAgain(record)}
          />
        </Suspense>
      );
    }
    case 'confirming':
      return (
        <p aria-busy="true" role="status">
          {t('confirm.confirming')}
        </p>
      );
    case 'confirmError':
      return (
        <ConfirmError
          message={step.message}
          onBack={backToSelection}
          onRetry={() => void confirm(step.intentId, step.checkoutKey)}
        />
      );
    default:
      return (
        <SelectionStep
          boat={data.boat}
          availability={data.availability}
          loading={loading}
          selection={selection}
          dispatch={dispatch}
          now={now}
          busy={busy}
          error={intentError}
          onContinue={(choice) => void onContinue(choice)}
          below={<BoatReviews boatId={data.boat._id} />}
        />
      );
  }
}

function withCheckout(params: URLSearchParams, intent: PaymentIntentResponse): URLSearchParams {
  const next = new URLSearchParams(params);
  next.set(CHECKOUT_PARAM, intent.bookingId);
  return next;
}

function withoutCheckout(params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete(CHECKOUT_PARAM);
  return next;
}

function withoutReturn(params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const p of RETURN_PARAMS) next.delete(p);
  return next;
}

/** Where the bank page sends the visitor back: the flow's page with this checkout (/booking from
 * the dialog); the boat is in the query unless the path names it (/booking/{id}, /boats/{id}).
 * The checkout key goes with it: on /booking the page's own return confirms and opens the
 * booking's confirmation, which needs it (the flow reads it from the tab's checkout record). */
function returnUrlOf(flow: FlowParams, boatId: string, checkoutKey: string): string {
  const params = withoutReturn(flow.params);
  if (flow.pathname === paths.booking.path) params.set('boat', boatId);
  else params.delete('boat');
  params.set('key', checkoutKey);
  const query = params.toString();
  return `${window.location.origin}${flow.pathname}${query ? `?${query}` : ''}`;
}
