// Answer a contact request by e-mail, in the language chosen (the visitor's by default). The
// answer starts with the greeting in that language, editable: the e-mail is sent as written
// (the server adds none), so the visitor reads one greeting whether or not the operator types
// their own. The server sends it through the outbox and marks the message replied.
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { i18n } from 'i18next';
import { useRef, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { languageName, LANGUAGES } from '@boats/domain/languages';
import { messageReplySchema, type ContactMessage } from '@boats/domain/schemas/messages';
import { Banner } from '../../shared/ui/banner';
import { Button } from '../../shared/ui/button';
import { Form, FormError, FormField, useZodForm } from '../../shared/ui/form';
import { useReplyToMessage } from './api/message-actions';
import styles from './admin-messages.module.css';

/**
 * The texts of a language for this form, loaded once: the subject is written in it, and the
 * greeting is the e-mails' own.
 */
const replyTextsQuery = (i18n: i18n, language: string) =>
  queryOptions({
    queryKey: ['locale', language, 'admin-messages'] as const,
    queryFn: async () => {
      await i18n.loadNamespaces('email');
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
  const greetingIn = (lng: string) => {
    const t = i18n.getFixedT(lng, 'email');
    return message.name.trim()
      ? t('common.greeting', { name: message.name.trim() })
      : t('common.greetingNoName');
  };
  const form = useZodForm(messageReplySchema, {
    defaultValues: {
      language: message.language,
      subject: subjectIn(message.language),
      body: `${greetingIn(message.language)}\n\n`,
    },
  });

  // Choosing another language puts the subject and the greeting in it (once that language's
  // texts are loaded); a subject the admin typed is kept, and so is a greeting they rewrote,
  // and the choice if it changed again meanwhile.
  const shownIn = useRef(message.language);
  const onLanguage = (event: FormEvent<HTMLFormElement>) => {
    if (!(event.target instanceof HTMLSelectElement) || event.target.name !== 'language') return;
    const language = event.target.value;
    void queryClient.ensureQueryData(replyTextsQuery(i18n, language)).then(() => {
      if (form.getValues('language') !== language) return;
      if (!form.getFieldState('subject').isDirty) form.setValue('subject', subjectIn(language));
      const body = form.getValues('body');
      const before = greetingIn(shownIn.current);
      if (body.startsWith(before)) form.setValue('body', greetingIn(language) + body.slice(before.length));
      shownIn.current = language;
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
