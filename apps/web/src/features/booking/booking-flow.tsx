// The whole public booking flow of spec §4, shared by the dialog and the /booking screen:
// (pick a boat) → selecting → contact and payment → confirmation. The selection lives here, so
// Back from payment (or a declined card) returns to it unchanged.
import { useCallback, useReducer, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PaymentIntentResponse } from '@boats/domain/schemas/payment-intent';
import type { PublicBooking } from '@boats/domain/schemas/booking';
import { localized } from '@boats/domain/boat-card';
import { currentLanguage } from '../../shared/i18n/i18n';
import { ApiError } from '../../shared/api/http';
import { BookingConfirmation, ConfirmError, confirmAndLoad, PaymentStep } from '../checkout';
import { BoatPicker } from './boat-picker';
import { paymentIntentRequest, type BookingChoice } from './booking-choice';
import { initialSelection, selectionReducer } from './selection-state';
import { SelectionStep } from './selection-step';
import { useNow } from './use-canary-clock';
import { useHoldMutations } from './api/hold-mutations';
import { useMonthAvailability } from './api/get-month-availability';
import styles from './booking.module.css';

export type BookingFlowProps = { boatId: string | null; onExit?: () => void };

export default function BookingFlow({ boatId, onExit }: BookingFlowProps) {
  const { t } = useTranslation('booking');
  const [picked, setPicked] = useState<string | null>(boatId);
  // A new boat from the opener replaces the visitor's pick (state adjusted during render).
  const [openedWith, setOpenedWith] = useState(boatId);
  if (openedWith !== boatId) {
    setOpenedWith(boatId);
    setPicked(boatId);
  }
  const locale = currentLanguage();

  if (!picked) return <BoatPicker locale={locale} onPick={setPicked} />;
  return (
    <>
      {!boatId && (
        <button type="button" className={styles.linkButton} onClick={() => setPicked(null)}>
          {t('picker.change')}
        </button>
      )}
      <BoatBooking key={picked} boatId={picked} onExit={onExit} />
    </>
  );
}

/** A hold this close to expiry is not reused (the clock may lag by a minute, plus time to pay). */
const HOLD_REUSE_MARGIN_MS = 180_000;

type Step =
  | { kind: 'select' }
  | { kind: 'pay'; intent: PaymentIntentResponse; choice: BookingChoice }
  | { kind: 'confirming'; intentId: string }
  | { kind: 'done'; booking: PublicBooking }
  | { kind: 'confirmError'; intentId: string; message: string };

function BoatBooking({ boatId, onExit }: { boatId: string; onExit?: (() => void) | undefined }) {
  const { t } = useTranslation('booking');
  const now = useNow();
  const locale = currentLanguage();
  const [selection, dispatch] = useReducer(selectionReducer, now, (n) => initialSelection(n));
  const {
    data,
    loading,
    error: loadError,
    reload,
  } = useMonthAvailability(boatId, selection.year, selection.month);
  const { createHold, releaseHold } = useHoldMutations(boatId);
  const [step, setStep] = useState<Step>({ kind: 'select' });
  const [busy, setBusy] = useState(false);
  const [intentError, setIntentError] = useState<string | null>(null);
  const [modeSettled, setModeSettled] = useState(false);
  const [held, setHeld] = useState<{ key: string; intent: PaymentIntentResponse } | null>(null);

  // A boat with only shared trips (or only charters) opens in the mode it actually offers.
  if (data && !modeSettled) {
    setModeSettled(true);
    if (
      data.boat.pricing.perHour <= 0 ||
      (data.availability.private.length === 0 && data.availability.shared.length > 0)
    ) {
      dispatch({ type: 'mode', mode: 'shared' });
    }
  }

  const onContinue = async (choice: BookingChoice) => {
    if (!data) return;
    const request = paymentIntentRequest(data.boat, selection, choice, locale);
    if (!request) return;
    // Back and Continue again with the same choice keeps the same hold: a second intent would
    // hold the seats twice and could refuse the visitor's own seats.
    const key = JSON.stringify({ amount: request.amount, booking: request.booking });
    if (held?.key === key && Date.parse(held.intent.holdExpiresAt) - now.getTime() > HOLD_REUSE_MARGIN_MS) {
      setStep({ kind: 'pay', intent: held.intent, choice });
      return;
    }
    setBusy(true);
    setIntentError(null);
    // A different choice replaces the earlier hold: give it up now rather than letting it block
    // those seats (and count against the visitor's live holds) until it expires.
    if (held) {
      await releaseHold(held.intent.bookingId).catch(() => undefined);
      setHeld(null);
    }
    try {
      const intent = await createHold(request);
      setHeld({ key, intent });
      setStep({ kind: 'pay', intent, choice });
    } catch (err) {
      // Spec §8: 'PI create failed: {status}', else 'Failed to initialize payment'; the server's
      // own reason (e.g. seats just sold) follows, since it tells the visitor what to change.
      const head =
        err instanceof ApiError && err.status > 0
          ? t('errors.piCreateFailed', { status: err.status })
          : t('errors.initFailed');
      setIntentError(
        err instanceof ApiError && err.status > 0 && err.message ? `${head} — ${err.message}` : head,
      );
    } finally {
      setBusy(false);
    }
  };

  const confirm = useCallback(async (intentId: string) => {
    setStep({ kind: 'confirming', intentId });
    const result = await confirmAndLoad(intentId);
    // A paid hold is a booking now: never reuse it for another Continue.
    if (result.ok) setHeld(null);
    setStep(
      result.ok
        ? { kind: 'done', booking: result.booking }
        : { kind: 'confirmError', intentId, message: result.message },
    );
  }, []);

  // The month is not reloaded: it would count the visitor's own hold against their choice.
  const backToSelection = () => setStep({ kind: 'select' });
  const bookAgain = () => {
    setStep({ kind: 'select' });
    reload();
  };

  if (loadError && !data) {
    return (
      <div role="alert" className={styles.alert}>
        <p>{t('errors.boatLoad')}</p>
        <button type="button" className={styles.secondary} onClick={reload}>
          {t('actions.retry')}
        </button>
      </div>
    );
  }
  if (!data) return <p aria-busy="true">{t('loading')}</p>;
  const boatTitle = localized(data.boat.titleI18n, data.boat.title, locale);

  switch (step.kind) {
    case 'pay':
      return (
        <PaymentStep
          intent={step.intent}
          boatId={boatId}
          summary={{
            boatTitle,
            mode: selection.mode,
            start: step.choice.slot?.start ?? null,
            end: step.choice.end,
            amountCents: step.intent.amount,
          }}
          onBack={backToSelection}
          onPaid={(intentId) => void confirm(intentId)}
        />
      );
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
          onRetry={() => void confirm(step.intentId)}
        />
      );
    case 'done':
      return <BookingConfirmation booking={step.booking} onBack={onExit ?? bookAgain} />;
    default:
      return (
        <SelectionStep
          boat={data.boat}
          availability={data.availability}
          loading={loading}
          selection={selection}
          dispatch={dispatch}
          now={now}
          locale={locale}
          busy={busy}
          error={intentError}
          onContinue={(choice) => void onContinue(choice)}
        />
      );
  }
}
