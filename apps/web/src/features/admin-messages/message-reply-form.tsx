// Answer a contact request by e-mail, in the language chosen (the visitor's by default). The
// server sends it through the outbox and marks the message replied.
import { useEffect } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '@boats/domain/schemas/common';
import { messageReplySchema, type ContactMessage } from '@boats/domain/schemas/messages';
import { LANGUAGE_NAMES } from '../../shared/i18n/i18n';
import { Banner } from '../../shared/ui/banner';
import button from '../../shared/ui/button.module.css';
import { Form, FormError, FormField, useZodForm } from '../../shared/ui/form';
import { useReplyToMessage } from './api/message-actions';
import styles from './admin-messages.module.css';

export function MessageReplyForm({ message }: { message: ContactMessage }) {
  const { t, i18n } = useTranslation('admin-messages');
  const reply = useReplyToMessage(message._id);
  // The subject starts in the visitor's language; the admin may change both.
  const subjectIn = (lng: string) => i18n.getFixedT(lng, 'admin-messages')('reply.defaultSubject');
  const form = useZodForm(messageReplySchema, {
    defaultValues: { language: message.language, subject: subjectIn(message.language), body: '' },
  });

  const language = useWatch({ control: form.control, name: 'language' });
  useEffect(() => {
    // Choosing another language puts the subject in it (once that language's texts are
    // loaded); a subject the admin typed is kept.
    let current = true;
    void i18n.loadLanguages(language).then(() => {
      if (current && !form.getFieldState('subject').isDirty) form.setValue('subject', subjectIn(language));
    });
    return () => {
      current = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a language change resets it
  }, [language]);

  if (!message.email) return <p>{t('reply.noEmail')}</p>;
  return (
    <Form form={form} className={styles.replyForm} onSubmit={(values) => reply.mutateAsync(values)}>
      <h3 className={styles.replyTitle}>{t('reply.title')}</h3>
      <FormField name="language" label={t('reply.language')} as="select">
        {LANGUAGES.map((lng) => (
          <option key={lng} value={lng} lang={lng}>
            {LANGUAGE_NAMES[lng]}
          </option>
        ))}
      </FormField>
      <FormField name="subject" label={t('reply.subject')} maxLength={200} />
      <FormField name="body" label={t('reply.body')} as="textarea" rows={6} maxLength={5000} />
      <FormError />
      {reply.isSuccess && <Banner tone="success">{t('reply.sent')}</Banner>}
      <button
        type="submit"
        className={button.primary}
        disabled={form.formState.isSubmitting || reply.isSuccess}
      >
        {t('reply.send')}
      </button>
    </Form>
  );
}
