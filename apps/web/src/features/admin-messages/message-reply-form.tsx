// Answer a contact request by e-mail, in the language chosen (the visitor's by default). The
// server sends it through the outbox and marks the message replied.
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { i18n } from 'i18next';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { languageName, LANGUAGES } from '@boats/domain/languages';
import { messageReplySchema, type ContactMessage } from '@boats/domain/schemas/messages';
import { Banner } from '../../shared/ui/banner';
import { Button } from '../../shared/ui/button';
import { Form, FormError, FormField, useZodForm } from '../../shared/ui/form';
import { useReplyToMessage } from './api/message-actions';
import styles from './admin-messages.module.css';

/** The texts of a language for this form, loaded once (the subject is written in it). */
const replyTextsQuery = (i18n: i18n, language: string) =>
  queryOptions({
    queryKey: ['locale', language, 'admin-messages'] as const,
    queryFn: async () => {
      await i18n.loadLanguages(language);
      return true;
    },
    staleTime: Infinity,
  });

export function MessageReplyForm({ message }: { message: ContactMessage }) {
  const { t, i18n } = useTranslation('admin-messages');
  // The subject starts in the visitor's language: the form waits for that language's texts.
  const texts = useQuery(replyTextsQuery(i18n, message.language));
  if (!message.email) return <p>{t('reply.noEmail')}</p>;
  if (!texts.isSuccess) return null;
  return <ReplyForm message={message} />;
}

function ReplyForm({ message }: { message: ContactMessage }) {
  const { t, i18n } = useTranslation('admin-messages');
  const queryClient = useQueryClient();
  const reply = useReplyToMessage(message._id);
  // The admin may change both the language and the subject.
  const subjectIn = (lng: string) => i18n.getFixedT(lng, 'admin-messages')('reply.defaultSubject');
  const form = useZodForm(messageReplySchema, {
    defaultValues: { language: message.language, subject: subjectIn(message.language), body: '' },
  });

  // Choosing another language puts the subject in it (once that language's texts are loaded);
  // a subject the admin typed is kept, and so is the choice if it changed again meanwhile.
  const onLanguage = (event: FormEvent<HTMLFormElement>) => {
    if (!(event.target instanceof HTMLSelectElement) || event.target.name !== 'language') return;
    const language = event.target.value;
    void queryClient.ensureQueryData(replyTextsQuery(i18n, language)).then(() => {
      if (form.getValues('language') === language && !form.getFieldState('subject').isDirty)
        form.setValue('subject', subjectIn(language));
    });
  };

  return (
    <Form
      form={form}
      className={styles.replyForm}
      onChange={onLanguage}
      onSubmit={(values) => reply.mutateAsync(values)}
    >
      <h3 className={styles.replyTitle}>{t('reply.title')}</h3>
      <FormField name="language" label={t('reply.language')} as="select">
        {LANGUAGES.map((lng) => (
          <option key={lng} value={lng} lang={lng}>
            {languageName(lng)}
          </option>
        ))}
      </FormField>
      <FormField name="subject" label={t('reply.subject')} maxLength={200} />
      <FormField name="body" label={t('reply.body')} as="textarea" rows={6} maxLength={5000} />
      <FormError />
      {reply.isSuccess && <Banner tone="success">{t('reply.sent')}</Banner>}
      <Button type="submit" disabled={form.formState.isSubmitting || reply.isSuccess}>
        {form.formState.isSubmitting ? t('reply.sending') : t('reply.send')}
      </Button>
    </Form>
  );
}
