// A reseller's hold limits on its card (docs/channels.md#holds-and-the-lifecycle): what its keys
// may hold unconfirmed, each its own or, left empty, the server's setting (shown beside it). The
// same domain schema as the server's checks them; a value the server refuses shows on its field.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  resellerHoldLimitsFormSchema,
  type Reseller,
  type ResellerHoldLimitName,
} from '@boats/domain/schemas/resellers';
import { Banner } from '../../shared/ui/banner';
import button from '../../shared/ui/button.module.css';
import { Form, FormError, FormField, useZodForm } from '../../shared/ui/form';
import { useSetResellerHoldLimits } from './api/set-reseller-hold-limits';
import styles from './admin-resellers.module.css';

const LIMITS: ResellerHoldLimitName[] = [
  'maxHeldSharePercent',
  'maxHeldSeatsPerTrip',
  'maxSeatsPerReservation',
  'maxLiveHolds',
  'maxHoldMinutes',
];

export function ResellerHoldLimits({ reseller }: { reseller: Reseller }) {
  const { t } = useTranslation('admin-resellers');
  const save = useSetResellerHoldLimits();
  const [saved, setSaved] = useState(false);
  const typed = (name: ResellerHoldLimitName) => String(reseller.holdLimits[name] ?? '');
  const form = useZodForm(resellerHoldLimitsFormSchema, {
    defaultValues: {
      maxHeldSharePercent: typed('maxHeldSharePercent'),
      maxHeldSeatsPerTrip: typed('maxHeldSeatsPerTrip'),
      maxSeatsPerReservation: typed('maxSeatsPerReservation'),
      maxLiveHolds: typed('maxLiveHolds'),
      maxHoldMinutes: typed('maxHoldMinutes'),
    },
  });
  const id = (name: string) => `reseller-${reseller._id}-${name}`;
  return (
    <section aria-label={t('holdLimits.title')}>
      <h3 className={styles.keysTitle}>{t('holdLimits.title')}</h3>
      <p className={styles.contact}>{t('holdLimits.intro')}</p>
      <Form
        form={form}
        className={styles.billing}
        onSubmit={async (limits) => {
          setSaved(false);
          await save.mutateAsync({ id: reseller._id, limits });
          setSaved(true);
        }}
      >
        {LIMITS.map((name) => (
          <FormField
            key={name}
            name={name}
            id={id(name)}
            label={t(`holdLimits.${name}`)}
            hint={t('holdLimits.default', { value: reseller.holdLimitDefaults[name] })}
            placeholder={String(reseller.holdLimitDefaults[name])}
            inputMode="numeric"
            autoComplete="off"
          />
        ))}
        <FormError />
        <button type="submit" className={button.secondary} disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting ? t('holdLimits.saving') : t('holdLimits.save')}
        </button>
      </Form>
      {saved && <Banner tone="success">{t('holdLimits.saved')}</Banner>}
    </section>
  );
}
