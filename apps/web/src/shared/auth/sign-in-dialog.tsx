// The sign-in dialog of docs/product.md §2: static backdrop (Escape and backdrop clicks do nothing), email,
// password with show/hide, remember. The same loginSchema the server uses checks the fields
// before anything is sent; failures are shown in the visitor's language (docs/product.md §8).
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ApiError } from '../api/http';
import { loginSchema, type LoginInput } from '@boats/domain/schemas/contact';
import { Banner } from '../ui/banner';
import button from '../ui/button.module.css';
import { Form, FormField, useZodForm } from '../ui/form';
import { Modal } from '../ui/modal';
import { useAuth } from './auth-context';
import { ForgotPasswordForm } from './forgot-password-form';
import { signInFailureText } from './sign-in-failure';
import type { SecondFactorChallenge } from '@boats/domain/schemas/auth';
import { signInWithPasskey } from './passkey-api';
import { PasskeyButton, SecondFactorCodeForm, TotpEnrolment } from './second-factor';
import { sendSignInCode } from './second-factor-api';
import styles from './sign-in-dialog.module.css';
import { paths } from '../paths';

export type SignInDialogProps = {
  open: boolean;
  onClose: () => void;
};

/** How long the success message stays before the dialog closes by itself. */
const SUCCESS_CLOSE_MS = 900;

type Phase =
  { kind: 'idle' } | { kind: 'success' } | { kind: 'failure'; text: string; wrongPassword: boolean };

export function SignInDialog({ open, onClose }: SignInDialogProps) {
  const { t } = useTranslation(['auth', 'common']);
  const { signIn, completeSignIn } = useAuth();
  // The password was right and the second factor comes next: its code, or its enrolment.
  const [pending, setPending] = useState<SecondFactorChallenge | null>(null);
  const form = useZodForm(loginSchema, { defaultValues: { email: '', password: '', remember: false } });
  const [showPassword, setShowPassword] = useState(false);
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [forgotten, setForgotten] = useState(false);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const loading = form.formState.isSubmitting;

  useEffect(
    () => () => {
      if (closeTimer.current) clearTimeout(closeTimer.current);
    },
    [],
  );

  // The next opening starts clean, without the last success or failure message.
  const close = () => {
    setPhase({ kind: 'idle' });
    setForgotten(false);
    setPending(null);
    onClose();
  };

  const signedIn = () => {
    setPending(null);
    setPhase({ kind: 'success' });
    form.reset({ ...form.getValues(), password: '' });
    closeTimer.current = setTimeout(close, SUCCESS_CLOSE_MS);
  };

  const passkeySecondFactor = async (challenge: SecondFactorChallenge) => {
    completeSignIn(await signInWithPasskey(challenge.challenge));
    signedIn();
  };

  const submit = async (input: LoginInput) => {
    setPhase({ kind: 'idle' });
    const answer = await signIn(input);
    if ('challenge' in answer) setPending(answer);
    else signedIn();
  };

  return (
    <Modal
      open={open}
      onClose={close}
      title={t('title')}
      dismissible={false}
      size="small"
      closeLabel={t('close')}
    >
      {pending?.secondFactor === 'totp' ? (
        <div className={styles.form}>
          <p className={styles.intro}>{t('secondFactor.askCode')}</p>
          <SecondFactorCodeForm
            label={t('secondFactor.codeOrRecovery')}
            submitLabel={t('submit')}
            onCode={async (code) => {
              completeSignIn(await sendSignInCode(pending.challenge, code));
              signedIn();
            }}
          />
          {pending.passkey && (
            <PasskeyButton label={t('passkeys.use')} onPasskey={() => passkeySecondFactor(pending)} />
          )}
        </div>
      ) : pending?.secondFactor === 'passkey' ? (
        <div className={styles.form}>
          <p className={styles.intro}>{t('passkeys.askPasskey')}</p>
          <PasskeyButton label={t('passkeys.use')} onPasskey={() => passkeySecondFactor(pending)} />
        </div>
      ) : pending?.secondFactor === 'enrol' ? (
        <div className={styles.form}>
          <p className={styles.intro}>{t('secondFactor.mustEnrol')}</p>
          <TotpEnrolment
            challenge={pending.challenge}
            onDone={(confirmation) => {
              if (confirmation.session) completeSignIn(confirmation.session);
              signedIn();
            }}
          />
        </div>
      ) : forgotten ? (
        <ForgotPasswordForm email={form.getValues('email')} onBack={() => setForgotten(false)} />
      ) : (
        <Form
          form={form}
          onSubmit={submit}
          onError={(err) =>
            setPhase({
              kind: 'failure',
              text: signInFailureText(err, t),
              wrongPassword: err instanceof ApiError && err.status === 401,
            })
          }
          className={styles.form}
        >
          {/* Tourists meet this dialog on the hero: it says who it is for and where their booking is. */}
          <p className={styles.who}>{t('who')}</p>
          <p className={styles.who}>
            {t('customerHint')}{' '}
            <Link to={paths.manageBooking.getHref()} onClick={close}>
              {t('menu.myBooking', { ns: 'common' })}
            </Link>
          </p>
          {/* Signed in: the fields rest until the dialog closes, so the emptied password is not
              judged again (no "Minimum 6 characters" under the success message). */}
          <fieldset className={styles.fields} disabled={phase.kind === 'success'}>
            <FormField name="email" label={t('email')} type="email" autoComplete="username" required />
            <FormField
              name="password"
              label={t('password')}
              type={showPassword ? 'text' : 'password'}
              autoComplete="current-password"
              required
              minLength={6}
              trailing={
                <button
                  type="button"
                  className={`${button.outline} ${button.compact} ${styles.toggle}`}
                  aria-pressed={showPassword}
                  onClick={() => setShowPassword((v) => !v)}
                >
                  {showPassword ? t('hidePassword') : t('showPassword')}
                </button>
              }
            />
            <label className={styles.rememberRow}>
              <input type="checkbox" {...form.register('remember')} />
              {t('remember')}
            </label>
          </fieldset>

          {phase.kind === 'failure' && (
            <Banner tone="error" title={t('failureTitle')}>
              {phase.text}
              {/* No lookup of whose address it is: any wrong password points customers onward. */}
              {phase.wrongPassword && (
                <>
                  {' '}
                  {t('customerAfterFailure')}{' '}
                  <Link to={paths.manageBooking.getHref()} onClick={close}>
                    {t('menu.myBooking', { ns: 'common' })}
                  </Link>
                </>
              )}
            </Banner>
          )}
          {phase.kind === 'success' && <Banner tone="success">{t('success')}</Banner>}

          <button type="submit" className={button.secondary} disabled={loading || phase.kind === 'success'}>
            {loading ? t('signingIn') : t('submit')}
          </button>
          {phase.kind !== 'success' && (
            // Not "Sign in with…": the journeys find the sign-in button by a name it would contain.
            <PasskeyButton
              label={t('passkeys.use')}
              onPasskey={async () => {
                completeSignIn(await signInWithPasskey(undefined, form.getValues('remember')));
                signedIn();
              }}
            />
          )}
          <p className={styles.links}>
            <button type="button" className={button.link} onClick={() => setForgotten(true)}>
              {t('forgotPassword')}
            </button>
            {/* Accounts are for boat owners: the way to one is listing a boat. */}
            <Link to={paths.listYourBoat.getHref()} onClick={close}>
              {t('createAccount')}
            </Link>
          </p>
        </Form>
      )}
    </Modal>
  );
}
