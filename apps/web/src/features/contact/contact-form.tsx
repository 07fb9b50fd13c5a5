// The landing contact form (docs/product.md §5): the same contactLeadSchema checks it here and on the
// server. Errors show on their fields once a field is left or after the first attempt.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { contactLeadSchema, type LeadSource } from '@boats/domain/schemas/contact';
import { ApiError, errorText } from '../../shared/api/http';
import { currentLanguage } from '../../shared/i18n/i18n';
import { Banner } from '../../shared/ui/banner';
import button from '../../shared/ui/button.module.css';
import { Form, FormField, useZodForm } from '../../shared/ui/form';
import { sendContactLead } from './send-contact-lead';
import styles from './contact-form.module.css';

type Fields = { name: string; email: string; phone: string; message: string; website: string };
type Outcome = { kind: 'idle' } | { kind: 'sent' } | { kind: 'failed'; detail: string; rateLimited: boolean };

const EMPTY: Fields = { name: '', email: '', phone: '', message: '', website: '' };

/** What the visitor typed, as the lead the server takes: the schema checks exactly that. */
function leadSchema(source: LeadSource) {
  return z.preprocess(
    (fields: Fields) => ({
      ...fields,
      website: fields.website || undefined,
      source,
      language: currentLanguage(),
      createdAt: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
    }),
    contactLeadSchema,
  );
}

export function ContactForm({ source = 'landing' }: { source?: LeadSource }) {
  const { t } = useTranslation('landing');
  const form = useZodForm<ReturnType<typeof leadSchema>, Fields>(leadSchema(source), {
    defaultValues: EMPTY,
  });
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'idle' });
  // On a phone "Thank you!" (or what went wrong) lands below the fold: bring it into view.
  const outcomeRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (outcome.kind !== 'idle') outcomeRef.current?.scrollIntoView({ block: 'nearest' });
  }, [outcome]);
  const sending = form.formState.isSubmitting;

  const send = async (lead: z.output<typeof contactLeadSchema>) => {
    setOutcome({ kind: 'idle' });
    await sendContactLead(lead);
    setOutcome({ kind: 'sent' });
    form.reset(EMPTY);
  };

  const failed = (err: unknown) => {
    const status = err instanceof ApiError ? err.status : 0;
    setOutcome({
      kind: 'failed',
      detail: status ? `HTTP ${status} ${errorText(err)}` : t('contact.network'),
      rateLimited: status === 429,
    });
  };

  return (
    <Form
      form={form}
      onSubmit={send}
      onError={failed}
      className={styles.form}
      aria-labelledby="contact-title"
    >
      <div className={styles.grid}>
        <FormField id="contact-name" label={t('contact.name')} name="name" autoComplete="name" required />
        <FormField
          id="contact-email"
          label={t('contact.email')}
          name="email"
          deps={['phone']}
          type="email"
          autoComplete="email"
          inputMode="email"
        />
        <FormField
          id="contact-phone"
          label={t('contact.phone')}
          name="phone"
          deps={['email']}
          type="tel"
          autoComplete="tel"
          inputMode="tel"
        />
      </div>
      <p className={styles.hint}>{t('contact.emailOrPhone')}</p>
      <FormField id="contact-message" as="textarea" label={t('contact.message')} name="message" rows={4} />
      {/* Honeypot: hidden from people and assistive technology; bots fill it and are dropped. */}
      <div className={styles.honeypot} aria-hidden="true">
        <label>
          {t('contact.website')}
          <input {...form.register('website')} tabIndex={-1} autoComplete="off" />
        </label>
      </div>
      <p className={styles.consent}>{t('contact.consent')}</p>
      <div className={styles.actions}>
        <button type="submit" className={button.primary} disabled={sending} aria-busy={sending}>
          {sending && <span className={styles.spinner} aria-hidden="true" />}
          {sending ? t('contact.sending') : t('contact.send')}
        </button>
      </div>
      <div aria-live="polite" ref={outcomeRef}>
        {outcome.kind === 'sent' && (
          <Banner tone="success" title={t('contact.successTitle')}>
            {t('contact.success')}
          </Banner>
        )}
        {outcome.kind === 'failed' && (
          <Banner tone="error" title={t('contact.failed')}>
            {outcome.rateLimited && <p className={styles.bannerLine}>{t('contact.rateLimited')}</p>}
            <p className={styles.bannerLine}>{outcome.detail}</p>
          </Banner>
        )}
      </div>
    </Form>
  );
}
