// "Tell me when seats free up": the booking page's form for a full shared trip. The same domain
// schema checks it here and on the server; the entry is written in the page's language, which
// the offer e-mail then uses.
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_WAITLIST_SEATS } from '@boats/domain/waitlist';
import { waitlistFormSchema } from '@boats/domain/schemas/waitlist';
import { ApiError } from '../../shared/api/http';
import { currentLanguage } from '../../shared/i18n/i18n';
import { Banner } from '../../shared/ui/banner';
import button from '../../shared/ui/button.module.css';
import { Form, FormField, useZodForm } from '../../shared/ui/form';
import { useJoinWaitlist } from './api/join-waitlist';
import styles from './waitlist-form.module.css';

const KNOWN_ERRORS = ['already_waiting', 'seats_left', 'trip_closed', 'rate_limited'];

function errorKey(err: unknown): string {
  return err instanceof ApiError && err.code && KNOWN_ERRORS.includes(err.code)
    ? `errors.${err.code}`
    : 'errors.generic';
}

export function WaitlistForm({ slotId, seatsTotal }: { slotId: string; seatsTotal: number }) {
  const { t } = useTranslation('waitlist');
  const join = useJoinWaitlist();
  const schema = useMemo(() => waitlistFormSchema(seatsTotal), [seatsTotal]);
  const form = useZodForm(schema, {
    defaultValues: { slotId, email: '', seats: '2', lang: currentLanguage() },
  });
  const done = join.data;
  return (
    <section className={styles.waitlist} aria-labelledby="waitlist-title">
      <h3 id="waitlist-title" className={styles.title}>
        {t('form.title')}
      </h3>
      {done ? (
        <Banner tone="success">{t('form.joined', { position: done.position })}</Banner>
      ) : (
        <>
          <p className={styles.intro}>{t('form.intro')}</p>
          <Form
            form={form}
            className={styles.form}
            onSubmit={async (values) => {
              await join.mutateAsync({ ...values, lang: currentLanguage() });
            }}
            onError={(err, onFields) => {
              if (!onFields) form.setError('root.server', { type: 'server', message: t(errorKey(err)) });
            }}
          >
            <FormField
              name="email"
              type="email"
              label={t('form.email')}
              autoComplete="email"
              inputMode="email"
            />
            <FormField
              name="seats"
              type="number"
              label={t('form.seats')}
              hint={t('form.seatsTotal', { count: seatsTotal })}
              min={1}
              max={Math.min(seatsTotal, MAX_WAITLIST_SEATS)}
              inputMode="numeric"
            />
            {form.formState.errors.root?.server && (
              <Banner tone="error">{form.formState.errors.root.server.message}</Banner>
            )}
            <button
              type="submit"
              className={button.primary}
              disabled={join.isPending}
              aria-busy={join.isPending}
            >
              {t('form.submit')}
            </button>
          </Form>
        </>
      )}
    </section>
  );
}
