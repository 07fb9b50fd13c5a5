// Finding a booking by its number and e-mail. The same zod schema checks the form here and the
// request on the server; one message for a wrong number or a wrong e-mail, as the server gives.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BookingLookupResponse } from '@boats/domain/schemas/manage-booking';
import { ApiError } from '../../shared/api/http';
import { Banner } from '../../shared/ui/banner';
import button from '../../shared/ui/button.module.css';
import { Form, FormField, useZodForm } from '../../shared/ui/form';
import { useLookupBooking } from './api/lookup-booking';
import styles from './manage-booking.module.css';

// The schema (and zod) is imported on the first check, not with the page: the form is the page's
// first screen, drawn before any script runs.
const loadSchema = () =>
  import('@boats/domain/schemas/manage-booking').then((m) => m.bookingLookupRequestSchema);

export function FindBookingForm({ onFound }: { onFound: (answer: BookingLookupResponse) => void }) {
  const { t } = useTranslation('manage');
  const lookup = useLookupBooking();
  const [failure, setFailure] = useState<unknown>(null);
  const form = useZodForm(loadSchema, { defaultValues: { reference: '', email: '' } });

  return (
    <Form
      form={form}
      className={styles.find}
      onSubmit={async (values) => {
        setFailure(null);
        onFound(await lookup.mutateAsync(values));
      }}
      onError={setFailure}
    >
      <FormField
        name="reference"
        label={t('find.reference')}
        hint={t('find.referenceHint')}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
      />
      <FormField name="email" label={t('find.email')} type="email" autoComplete="email" inputMode="email" />
      {failure !== null && (
        <Banner tone="error">
          {failure instanceof ApiError && failure.status === 404
            ? t('find.notFound')
            : failure instanceof ApiError && failure.status === 429
              ? t('find.tooMany')
              : t('failed')}
        </Banner>
      )}
      <button
        type="submit"
        className={button.primary}
        disabled={lookup.isPending}
        aria-busy={lookup.isPending}
      >
        {lookup.isPending ? t('find.pending') : t('find.submit')}
      </button>
    </Form>
  );
}
