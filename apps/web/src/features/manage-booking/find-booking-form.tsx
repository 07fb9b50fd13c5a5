// Finding a booking by its number and e-mail. The same zod schema checks the form here and the
// request on the server; one message for a wrong number or a wrong e-mail, as the server gives.
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  bookingLookupRequestSchema,
  type BookingLookupRequest,
  type BookingLookupResponse,
} from '@boats/domain/schemas/manage-booking';
import { ApiError } from '../../shared/api/http';
import { Banner } from '../../shared/ui/banner';
import button from '../../shared/ui/button.module.css';
import { FormField } from '../../shared/ui/form-field';
import { useLookupBooking } from './api/lookup-booking';
import styles from './manage-booking.module.css';

export function FindBookingForm({ onFound }: { onFound: (answer: BookingLookupResponse) => void }) {
  const { t } = useTranslation('manage');
  const { t: tc } = useTranslation();
  const lookup = useLookupBooking();
  const form = useForm<BookingLookupRequest>({
    resolver: zodResolver(bookingLookupRequestSchema),
    defaultValues: { reference: '', email: '' },
  });
  const errorOf = (message: string | undefined) => (message ? tc(message) : undefined);
  const failure = lookup.error;

  return (
    <form
      className={styles.find}
      noValidate
      onSubmit={(event) => void form.handleSubmit((values) => lookup.mutate(values, { onSuccess: onFound }))(event)}
    >
      <FormField
        label={t('find.reference')}
        hint={t('find.referenceHint')}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        error={errorOf(form.formState.errors.reference?.message)}
        {...form.register('reference')}
      />
      <FormField
        label={t('find.email')}
        type="email"
        autoComplete="email"
        inputMode="email"
        error={errorOf(form.formState.errors.email?.message)}
        {...form.register('email')}
      />
      {failure && (
        <Banner tone="error">
          {failure instanceof ApiError && failure.status === 404
            ? t('find.notFound')
            : failure instanceof ApiError && failure.status === 429
              ? t('find.tooMany')
              : t('failed')}
        </Banner>
      )}
      <button type="submit" className={button.primary} disabled={lookup.isPending} aria-busy={lookup.isPending}>
        {lookup.isPending ? t('find.pending') : t('find.submit')}
      </button>
    </form>
  );
}
