// The landing contact form (spec §5): the same contactLeadSchema checks it here and on the
// server. Errors show on their fields after the first attempt and follow the typing after that.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { contactLeadSchema, type ContactLeadInput, type LeadSource } from '@boats/domain/schemas/contact';
import { ApiError, errorText } from '../../shared/api/http';
import { currentLanguage } from '../../shared/i18n/i18n';
import { Banner } from '../../shared/ui/banner';
import button from '../../shared/ui/button.module.css';
import { FormField } from '../../shared/ui/form-field';
import { sendContactLead } from './send-contact-lead';
import styles from './contact-form.module.css';

type Fields = { name: string; email: string; phone: string; message: string; website: string };
type FieldName = 'name' | 'email' | 'phone' | 'message';
type FieldErrors = Partial<Record<FieldName, string>>;
type Outcome = { kind: 'idle' } | { kind: 'sent' } | { kind: 'failed'; detail: string; rateLimited: boolean };

const EMPTY: Fields = { name: '', email: '', phone: '', message: '', website: '' };
const FIELD_NAMES: FieldName[] = ['name', 'email', 'phone', 'message'];

function toInput(fields: Fields, source: LeadSource): ContactLeadInput {
  return {
    name: fields.name,
    email: fields.email,
    phone: fields.phone,
    message: fields.message,
    source,
    language: currentLanguage(),
    createdAt: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
    ...(fields.website ? { website: fields.website } : {}),
  };
}

/** Field errors as i18n keys ('validation.*'); the first message per field wins. */
function validate(fields: Fields): FieldErrors {
  const result = contactLeadSchema.safeParse(toInput(fields, 'landing'));
  if (result.success) return {};
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && (FIELD_NAMES as string[]).includes(field)) {
      errors[field as FieldName] ??= issue.message;
    }
  }
  return errors;
}

export function ContactForm({ source = 'landing' }: { source?: LeadSource }) {
  const { t } = useTranslation('landing');
  const { t: tc } = useTranslation();
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [attempted, setAttempted] = useState(false);
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'idle' });

  const message = (key: string | undefined) =>
    key ? (key.startsWith('validation.') ? tc(key) : key) : undefined;

  const update = (name: keyof Fields) => (event: { target: { value: string } }) => {
    const next = { ...fields, [name]: event.target.value };
    setFields(next);
    if (attempted) setErrors(validate(next));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    const found = validate(fields);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      const first = FIELD_NAMES.find((f) => found[f]);
      if (first) document.getElementById(`contact-${first}`)?.focus();
      return;
    }
    setSending(true);
    setOutcome({ kind: 'idle' });
    try {
      await sendContactLead(toInput(fields, source));
      setOutcome({ kind: 'sent' });
      setFields(EMPTY);
      setAttempted(false);
    } catch (err) {
      if (err instanceof ApiError && err.fields.length > 0) {
        // The server names the field as body.<field>.
        const serverErrors: FieldErrors = {};
        for (const f of err.fields) {
          const name = f.path.replace(/^body\./, '') as FieldName;
          if (FIELD_NAMES.includes(name)) serverErrors[name] ??= f.message;
        }
        setErrors(serverErrors);
      }
      const status = err instanceof ApiError ? err.status : 0;
      setOutcome({
        kind: 'failed',
        detail: status ? `HTTP ${status} ${errorText(err)}` : t('contact.network'),
        rateLimited: status === 429,
      });
    } finally {
      setSending(false);
    }
  };

  return (
    <form className={styles.form} noValidate onSubmit={(e) => void submit(e)} aria-labelledby="contact-title">
      <div className={styles.grid}>
        <FormField
          id="contact-name"
          label={t('contact.name')}
          name="name"
          autoComplete="name"
          value={fields.name}
          onChange={update('name')}
          error={message(errors.name)}
          required
        />
        <FormField
          id="contact-email"
          label={t('contact.email')}
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          value={fields.email}
          onChange={update('email')}
          error={message(errors.email)}
        />
        <FormField
          id="contact-phone"
          label={t('contact.phone')}
          name="phone"
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          value={fields.phone}
          onChange={update('phone')}
          error={message(errors.phone)}
        />
      </div>
      <p className={styles.hint}>{t('contact.emailOrPhone')}</p>
      <FormField
        id="contact-message"
        multiline
        label={t('contact.message')}
        name="message"
        value={fields.message}
        onChange={update('message')}
        error={message(errors.message)}
        rows={4}
      />
      {/* Honeypot: hidden from people and assistive technology; bots fill it and are dropped. */}
      <div className={styles.honeypot} aria-hidden="true">
        <label>
          {t('contact.website')}
          <input
            name="website"
            tabIndex={-1}
            autoComplete="off"
            value={fields.website}
            onChange={update('website')}
          />
        </label>
      </div>
      <p className={styles.consent}>{t('contact.consent')}</p>
      <div className={styles.actions}>
        <button type="submit" className={button.primary} disabled={sending} aria-busy={sending}>
          {sending && <span className={styles.spinner} aria-hidden="true" />}
          {sending ? t('contact.sending') : t('contact.send')}
        </button>
      </div>
      <div aria-live="polite">
        {outcome.kind === 'sent' && (
          <Banner tone="success" title={t('contact.successTitle')}>
            {t('contact.success')}
          </Banner>
        )}
      </div>
      {outcome.kind === 'failed' && (
        <Banner tone="error" title={t('contact.failed')}>
          {outcome.rateLimited && <p className={styles.bannerLine}>{t('contact.rateLimited')}</p>}
          <p className={styles.bannerLine}>{outcome.detail}</p>
        </Banner>
      )}
    </form>
  );
}
