// The second factor's screens (docs/security.md#second-factor-and-step-up): the code form (at
// sign-in and for step-up), the passkey button (the same places), the enrolment (scan the QR
// code or type the secret, confirm with a code, keep the ten recovery codes) and the step-up
// dialog the back office shows when the server asks for the factor again.
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import {
  stepUpSchema,
  type SecondFactorConfirmation,
  type SecondFactorSetup,
} from '@boats/domain/schemas/auth';
import { ApiError } from '../api/http';
import { Banner } from '../ui/banner';
import button from '../ui/button.module.css';
import { Form, FormField, useZodForm } from '../ui/form';
import { Modal } from '../ui/modal';
import { passkeysAvailable, stepUpWithPasskey } from './passkey-api';
import { confirmTotpSetup, startTotpSetup, stepUp } from './second-factor-api';
import { signInFailureText } from './sign-in-failure';
import { stepUpPrompt } from './step-up';
import styles from './sign-in-dialog.module.css';

function codeErrorText(err: unknown, t: TFunction<'auth'>): string {
  if (err instanceof ApiError && err.code === 'second_factor_invalid') return t('secondFactor.wrongCode');
  if (err instanceof ApiError && err.status === 401) return t('secondFactor.expired');
  return signInFailureText(err, t);
}

/** A passkey's refusal, or the browser's prompt closed without one, in the reader's language. */
export function passkeyErrorText(err: unknown, t: TFunction<'auth'>): string {
  if (err instanceof ApiError && err.code === 'passkey_invalid') return t('passkeys.refused');
  if (err instanceof ApiError && err.code === 'passkey_exists') return t('passkeys.exists');
  if (err instanceof ApiError && err.code === 'last_second_factor') return t('passkeys.lastFactor');
  if (err instanceof ApiError && err.status === 401) return t('secondFactor.expired');
  if (err instanceof ApiError) return signInFailureText(err, t);
  // The browser's own refusal (NotAllowedError: closed, timed out, no passkey for this site).
  return t('passkeys.cancelled');
}

type PasskeyButtonProps = {
  label: string;
  /** Runs the browser's passkey prompt and the server's check; a refusal shows under the button. */
  onPasskey: () => Promise<void>;
};

/** "Use a passkey": shown only where the browser has passkeys (WebAuthn). */
export function PasskeyButton({ label, onPasskey }: PasskeyButtonProps) {
  const { t } = useTranslation('auth');
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  if (!passkeysAvailable()) return null;
  const run = async () => {
    setBusy(true);
    setFailed(null);
    try {
      await onPasskey();
    } catch (err) {
      setFailed(passkeyErrorText(err, t));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className={styles.form}>
      <button type="button" className={button.outline} disabled={busy} onClick={() => void run()}>
        {busy ? t('passkeys.waiting') : label}
      </button>
      {failed && <Banner tone="error">{failed}</Banner>}
    </div>
  );
}

type CodeFormProps = {
  label: string;
  submitLabel: string;
  /** Sends the code; a refusal shows on the field. */
  onCode: (code: string) => Promise<void>;
};

/** One field for the authenticator's 6 digits (or a recovery code) and its button. */
export function SecondFactorCodeForm({ label, submitLabel, onCode }: CodeFormProps) {
  const { t } = useTranslation('auth');
  const form = useZodForm(stepUpSchema, { defaultValues: { code: '' } });
  const sending = form.formState.isSubmitting;
  return (
    <Form
      form={form}
      onSubmit={({ code }) => onCode(code)}
      onError={(err) => form.setError('code', { type: 'server', message: codeErrorText(err, t) })}
      className={styles.form}
    >
      <FormField
        name="code"
        label={label}
        autoComplete="one-time-code"
        inputMode="text"
        spellCheck={false}
        required
      />
      <button type="submit" className={button.secondary} disabled={sending}>
        {sending ? t('secondFactor.checking') : submitLabel}
      </button>
    </Form>
  );
}

type EnrolmentProps = {
  /** The pending sign-in's challenge; without it the signed-in account enrols. */
  challenge?: string;
  /** After the recovery codes were shown and the user said they kept them. */
  onDone: (confirmation: SecondFactorConfirmation) => void;
};

/** Scan (or type) the secret, confirm with a code, keep the recovery codes. */
export function TotpEnrolment({ challenge, onDone }: EnrolmentProps) {
  const { t } = useTranslation('auth');
  const [setup, setSetup] = useState<SecondFactorSetup | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [confirmed, setConfirmed] = useState<SecondFactorConfirmation | null>(null);
  // One secret per enrolment: a second request (StrictMode's double effect) would replace the
  // pending secret on the server while the first one is on screen.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    startTotpSetup(challenge).then(setSetup, (err: unknown) => setFailed(codeErrorText(err, t)));
  }, [challenge, t]);

  if (confirmed) {
    return (
      <div className={styles.form}>
        <Banner tone="success">{t('secondFactor.turnedOn')}</Banner>
        <p className={styles.intro}>{t('secondFactor.recoveryIntro')}</p>
        <ul aria-label={t('secondFactor.recoveryCodes')} className={styles.codes}>
          {confirmed.recoveryCodes.map((code) => (
            <li key={code}>
              <code>{code}</code>
            </li>
          ))}
        </ul>
        <button type="button" className={button.secondary} onClick={() => onDone(confirmed)}>
          {t('secondFactor.keptCodes')}
        </button>
      </div>
    );
  }
  if (failed) return <Banner tone="error">{failed}</Banner>;
  if (!setup) return <p className={styles.intro}>{t('secondFactor.preparing')}</p>;
  return (
    <div className={styles.form}>
      <p className={styles.intro}>{t('secondFactor.scan')}</p>
      <img className={styles.qr} src={setup.qrCode} alt={t('secondFactor.qrAlt')} width={176} height={176} />
      <p className={styles.who}>
        {t('secondFactor.orType')}{' '}
        <code className={styles.secret} aria-label={t('secondFactor.secret')}>
          {setup.secret}
        </code>
      </p>
      <SecondFactorCodeForm
        label={t('secondFactor.code')}
        submitLabel={t('secondFactor.turnOn')}
        onCode={async (code) => setConfirmed(await confirmTotpSetup(code, challenge))}
      />
    </div>
  );
}

/** The back office's "confirm with your code" dialog, open while a call waits for step-up. */
export function StepUpDialog() {
  const { t } = useTranslation('auth');
  const asking = useSyncExternalStore(stepUpPrompt.subscribe, stepUpPrompt.isAsking, () => false);
  return (
    <Modal
      open={asking}
      onClose={() => stepUpPrompt.answer(false)}
      title={t('stepUp.title')}
      size="small"
      closeLabel={t('close')}
    >
      {asking && (
        <div className={styles.form}>
          <p className={styles.intro}>{t('stepUp.intro')}</p>
          <SecondFactorCodeForm
            label={t('secondFactor.code')}
            submitLabel={t('stepUp.confirm')}
            onCode={async (code) => {
              await stepUp(code);
              stepUpPrompt.answer(true);
            }}
          />
          <PasskeyButton
            label={t('passkeys.use')}
            onPasskey={async () => {
              await stepUpWithPasskey();
              stepUpPrompt.answer(true);
            }}
          />
        </div>
      )}
    </Modal>
  );
}
