// Asks for a link to download or erase what is held under an address
// (docs/privacy.md#proof-of-address): typed here on /my-data, or the booking's own from manage my
// booking. POST /api/personal-data/requests answers the same whatever the address.
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { emailAddress } from '@boats/domain/schemas/email-address';
import {
  dataLinkRequestAnswerSchema,
  type DataLinkRequest,
  type DataRightsPurpose,
} from '@boats/domain/schemas/data-rights';
import { apiFetch } from '../api/http';
import { useLanguage } from '../i18n/use-language';
import { Banner } from '../ui/banner';
import { Button } from '../ui/button';
import { Form, FormField, useZodForm } from '../ui/form';
import styles from './ask-for-link.module.css';

function useRequestDataLink() {
  return useMutation({
    mutationFn: (request: DataLinkRequest) =>
      apiFetch('/api/personal-data/requests', {
        method: 'POST',
        body: request,
        schema: dataLinkRequestAnswerSchema,
      }),
  });
}

/**
 * Asks for a link to the address: typed here, or the booking's own (`email`, from manage my
 * booking). The answer is the same whatever the address, so the page says "if".
 */
export function AskForLink({ email, only }: { email?: string; only?: DataRightsPurpose }) {
  const { t } = useTranslation('my-data');
  const language = useLanguage();
  const ask = useRequestDataLink();
  const purpose = useRef<DataRightsPurpose>(only ?? 'export');
  const form = useZodForm(z.object({ email: emailAddress }), { defaultValues: { email: email ?? '' } });
  if (ask.isSuccess) {
    return <Banner tone="success">{t('sent', { email: ask.variables.email, count: 30 })}</Banner>;
  }
  const button = (which: DataRightsPurpose) => (
    <Button
      key={which}
      type="submit"
      variant={which === 'export' ? 'primary' : 'outline'}
      tone={which === 'erasure' ? 'danger' : undefined}
      disabled={ask.isPending}
      aria-busy={ask.isPending}
      onClick={() => {
        purpose.current = which;
      }}
    >
      {ask.isPending && ask.variables.purpose === which
        ? t('sending')
        : t(which === 'export' ? 'askExport' : 'askErasure')}
    </Button>
  );
  return (
    <Form
      form={form}
      className={styles.ask}
      onSubmit={async (values) => {
        await ask.mutateAsync({ email: values.email, purpose: purpose.current, language });
      }}
    >
      {email ? null : <FormField name="email" label={t('email')} type="email" autoComplete="email" />}
      <div className={styles.actions}>{(only ? [only] : (['export', 'erasure'] as const)).map(button)}</div>
      {ask.isError && <Banner tone="error">{t('failed')}</Banner>}
    </Form>
  );
}
