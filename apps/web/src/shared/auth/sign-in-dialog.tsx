// The sign-in dialog of spec §2: static backdrop (Escape and backdrop clicks do nothing), email,
// password with show/hide, remember. The same loginSchema the server uses checks the fields
// before anything is sent; failures are shown in the visitor's language (spec §8).
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { loginSchema } from '@boats/domain/schemas/contact';
import { Modal } from '../ui/modal';
import { useAuth } from './auth-context';
import { signInFailureText } from './sign-in-failure';
import styles from './sign-in-dialog.module.css';

export type SignInDialogProps = {
  open: boolean;
  onClose: () => void;
};

/** How long the success message stays before the dialog closes by itself. */
const SUCCESS_CLOSE_MS = 900;

type Phase = { kind: 'idle' } | { kind: 'loading' } | { kind: 'success' } | { kind: 'failure'; text: string };

export function SignInDialog({ open, onClose }: SignInDialogProps) {
  const { t } = useTranslation('auth');
  const { t: tc } = useTranslation();
  const { signIn } = useAuth();
  const ids = {
    email: useId(),
    password: useId(),
    remember: useId(),
    emailError: useId(),
    passwordError: useId(),
  };
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const [showPassword, setShowPassword] = useState(false);
  const [touched, setTouched] = useState({ email: false, password: false });
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const closeTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(
    () => () => {
      if (closeTimer.current) clearTimeout(closeTimer.current);
    },
    [],
  );

  // The next opening starts clean, without the last success or failure message.
  const close = () => {
    setPhase({ kind: 'idle' });
    onClose();
  };

  const checked = loginSchema.safeParse({ email, password, remember });
  const fieldError = (field: 'email' | 'password'): string | undefined => {
    if (checked.success || !touched[field]) return undefined;
    const issue = checked.error.issues.find((i) => i.path[0] === field);
    return issue ? tc(issue.message) : undefined;
  };
  const emailError = fieldError('email');
  const passwordError = fieldError('password');
  const loading = phase.kind === 'loading';

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTouched({ email: true, password: true });
    if (!checked.success || loading) return;
    setPhase({ kind: 'loading' });
    try {
      await signIn(checked.data);
      setPhase({ kind: 'success' });
      setPassword('');
      closeTimer.current = setTimeout(close, SUCCESS_CLOSE_MS);
    } catch (err) {
      setPhase({ kind: 'failure', text: signInFailureText(err, t) });
    }
  }

  return (
    <Modal
      open={open}
      onClose={close}
      title={t('title')}
      dismissible={false}
      size="small"
      closeLabel={t('close')}
    >
      <form noValidate className={styles.form} onSubmit={(event) => void submit(event)}>
        <label htmlFor={ids.email} className={styles.label}>
          {t('email')}
        </label>
        <input
          id={ids.email}
          className={styles.input}
          type="email"
          autoComplete="username"
          required
          value={email}
          aria-invalid={emailError ? true : undefined}
          aria-describedby={emailError ? ids.emailError : undefined}
          onChange={(e) => setEmail(e.target.value)}
          onBlur={() => setTouched((s) => ({ ...s, email: true }))}
        />
        {emailError && (
          <p id={ids.emailError} className={styles.fieldError}>
            {emailError}
          </p>
        )}

        <label htmlFor={ids.password} className={styles.label}>
          {t('password')}
        </label>
        <div className={styles.passwordRow}>
          <input
            id={ids.password}
            className={styles.input}
            type={showPassword ? 'text' : 'password'}
            autoComplete="current-password"
            required
            minLength={6}
            value={password}
            aria-invalid={passwordError ? true : undefined}
            aria-describedby={passwordError ? ids.passwordError : undefined}
            onChange={(e) => setPassword(e.target.value)}
            onBlur={() => setTouched((s) => ({ ...s, password: true }))}
          />
          <button
            type="button"
            className={styles.toggle}
            aria-pressed={showPassword}
            onClick={() => setShowPassword((v) => !v)}
          >
            {showPassword ? t('hidePassword') : t('showPassword')}
          </button>
        </div>
        {passwordError && (
          <p id={ids.passwordError} className={styles.fieldError}>
            {passwordError}
          </p>
        )}

        <div className={styles.rememberRow}>
          <input
            id={ids.remember}
            type="checkbox"
            checked={remember}
            onChange={(e) => setRemember(e.target.checked)}
          />
          <label htmlFor={ids.remember}>{t('remember')}</label>
        </div>

        {phase.kind === 'failure' && (
          <div role="alert" className={styles.failure}>
            <strong>{t('failureTitle')}</strong>
            <span>{phase.text}</span>
          </div>
        )}
        {phase.kind === 'success' && (
          <p role="status" className={styles.success}>
            {t('success')}
          </p>
        )}

        <button type="submit" className={styles.submit} disabled={loading || phase.kind === 'success'}>
          {loading ? t('signingIn') : t('submit')}
        </button>
        <p className={styles.links}>
          <span>{t('forgotPassword')}</span>
          <span>{t('createAccount')}</span>
        </p>
      </form>
    </Modal>
  );
}
