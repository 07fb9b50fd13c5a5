// Mounted by the app on every route: a visitor coming back from a card redirect (3-D Secure)
// lands here with payment_intent… in the URL. The URL is cleaned at once; then exactly one
// confirm runs (none when the bank refused), and the outcome is shown in a dialog.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import type { PublicBooking } from '@boats/domain/schemas/booking';
import { Modal } from '../../shared/ui/modal';
import { BookingConfirmation } from './booking-confirmation';
import { confirmAndLoad } from './confirm-and-load';
import { ConfirmError } from './confirm-error';
import { originOf } from './payment-markers';
import { RETURN_PARAMS, readPaymentReturn, type PaymentReturn } from './payment-return-params';
import styles from './checkout.module.css';

type State =
  | { kind: 'idle' }
  | { kind: 'confirming'; ret: PaymentReturn }
  | { kind: 'failed'; ret: PaymentReturn }
  | { kind: 'error'; ret: PaymentReturn; message: string }
  | { kind: 'done'; booking: PublicBooking };

const REFUSED = new Set(['requires_payment_method', 'failed', 'canceled']);

export default function PaymentReturnHandler() {
  const { t } = useTranslation('booking');
  const location = useLocation();
  const navigate = useNavigate();
  // Read once: this handler is mounted only when the page was opened with the parameters.
  const [initial] = useState(() => readPaymentReturn(location.search));
  const refused = initial?.redirectStatus ? REFUSED.has(initial.redirectStatus) : false;
  const [state, setState] = useState<State>(() =>
    !initial
      ? { kind: 'idle' }
      : refused
        ? { kind: 'failed', ret: initial }
        : { kind: 'confirming', ret: initial },
  );

  useEffect(() => {
    if (!initial) return;
    const params = new URLSearchParams(location.search);
    for (const p of RETURN_PARAMS) params.delete(p);
    const query = params.toString();
    // Cleaned first, so a reload after this point does not even see the return.
    void navigate({ pathname: location.pathname, search: query ? `?${query}` : '' }, { replace: true });
    if (refused) return;
    void confirmAndLoad(initial.intentId).then((result) =>
      setState(
        result.ok
          ? { kind: 'done', booking: result.booking }
          : { kind: 'error', ret: initial, message: result.message },
      ),
    );
    // Runs once per landing; location changes after the clean-up are not new returns.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (state.kind === 'idle') return null;
  const close = () => setState({ kind: 'idle' });
  const backToBoat = (ret: PaymentReturn) => {
    const boatId = originOf(ret.intentId);
    close();
    if (boatId) void navigate(`/booking/${encodeURIComponent(boatId)}`);
  };
  const retry = (ret: PaymentReturn) => {
    setState({ kind: 'confirming', ret });
    void confirmAndLoad(ret.intentId).then((result) =>
      setState(
        result.ok
          ? { kind: 'done', booking: result.booking }
          : { kind: 'error', ret, message: result.message },
      ),
    );
  };

  return (
    <Modal
      open
      onClose={close}
      dismissible={false}
      size="large"
      closeLabel={t('dialog.close')}
      title={t('dialog.titlePayment')}
    >
      {state.kind === 'confirming' && (
        <p role="status" aria-busy="true">
          {t('confirm.confirming')}
        </p>
      )}
      {state.kind === 'done' && <BookingConfirmation booking={state.booking} onBack={close} />}
      {state.kind === 'error' && (
        <ConfirmError
          message={state.message}
          onBack={() => backToBoat(state.ret)}
          onRetry={() => retry(state.ret)}
        />
      )}
      {state.kind === 'failed' && (
        <div role="alert" className={styles.alert}>
          <p>
            <strong>{t('errors.paymentError')}</strong>: {t('errors.authFailed')}
          </p>
          <div className={styles.actions}>
            <button type="button" className={styles.primary} onClick={() => backToBoat(state.ret)}>
              {t('actions.backToBooking')}
            </button>
          </div>
        </div>
      )}
    </Modal>
  );
}
