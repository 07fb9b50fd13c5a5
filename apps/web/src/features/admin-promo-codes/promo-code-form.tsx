// Make or change a code: the form over the domain's promoCodeInputSchema, which the server
// validates with too. Boats: none ticked = every boat of the creator (the admin: every boat).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PROMO_KINDS } from '@boats/domain/promo-codes';
import {
  promoCodeInputSchema,
  type PromoCodeFormValues,
  type PromoCodeWire,
} from '@boats/domain/schemas/promo-codes';
import { Banner } from '../../shared/ui/banner';
import button from '../../shared/ui/button.module.css';
import card from '../../shared/ui/card.module.css';
import { Form, FormError, FormField, useZodForm } from '../../shared/ui/form';
import { useBoatChoices } from './api/get-boat-choices';
import { useSavePromoCode } from './api/save-promo-code';
import styles from './admin-promo-codes.module.css';
import listAndForm from '../../shared/admin/list-and-form.module.css';

const BLANK: PromoCodeFormValues = {
  code: '',
  kind: 'percent',
  value: '',
  validFrom: '',
  validUntil: '',
  boatIds: [],
  minSpend: '',
  maxUses: '',
  maxUsesPerEmail: '',
  firstBookingOnly: false,
  active: true,
};

function valuesOf(c: PromoCodeWire): PromoCodeFormValues {
  return {
    code: c.code,
    kind: c.kind,
    value: String(c.value),
    validFrom: c.validFrom ?? '',
    validUntil: c.validUntil ?? '',
    boatIds: c.boatIds,
    minSpend: c.minSpend > 0 ? String(c.minSpend) : '',
    maxUses: c.maxUses === null ? '' : String(c.maxUses),
    maxUsesPerEmail: c.maxUsesPerEmail === null ? '' : String(c.maxUsesPerEmail),
    firstBookingOnly: c.firstBookingOnly,
    active: c.active,
  };
}

export function PromoCodeForm({ editing, onDone }: { editing: PromoCodeWire | null; onDone: () => void }) {
  const { t } = useTranslation('admin-promo-codes');
  const save = useSavePromoCode();
  const boats = useBoatChoices();
  const [saved, setSaved] = useState<string | null>(null);
  const form = useZodForm(promoCodeInputSchema, {
    defaultValues: editing ? valuesOf(editing) : BLANK,
  });
  const kind = form.watch('kind');

  return (
    <section className={`${card.panel} ${listAndForm.card}`} aria-labelledby="promo-form-title">
      <h2 id="promo-form-title" className={listAndForm.cardTitle}>
        {editing ? t('form.editTitle', { code: editing.code }) : t('form.newTitle')}
      </h2>
      <Form
        form={form}
        className={listAndForm.form}
        onSubmit={async (input) => {
          setSaved(null);
          const code = await save.mutateAsync({ id: editing?.id ?? null, input });
          setSaved(code.code);
          if (editing) onDone();
          else form.reset(BLANK);
        }}
      >
        <FormField name="code" label={t('form.code')} hint={t('form.codeHint')} autoComplete="off" />
        <FormField name="kind" label={t('form.kind')} as="select">
          {PROMO_KINDS.map((k) => (
            <option key={k} value={k}>
              {t(`form.kinds.${k}`)}
            </option>
          ))}
        </FormField>
        <FormField
          name="value"
          label={kind === 'percent' ? t('form.percent') : t('form.amount')}
          inputMode="decimal"
        />
        <div className={styles.pair}>
          <FormField name="validFrom" label={t('form.validFrom')} type="date" />
          <FormField name="validUntil" label={t('form.validUntil')} type="date" deps={['validFrom']} />
        </div>
        <p className={styles.hint}>{t('form.datesHint')}</p>
        <fieldset className={styles.boats}>
          <legend>{t('form.boats')}</legend>
          <p className={styles.hint}>{t('form.boatsHint')}</p>
          {boats.data?.map((b) => (
            <label key={b.id} className={styles.check}>
              <input type="checkbox" value={b.id} {...form.register('boatIds')} />
              {b.title}
            </label>
          ))}
        </fieldset>
        <FormField
          name="minSpend"
          label={t('form.minSpend')}
          hint={t('form.blankNone')}
          inputMode="decimal"
        />
        <div className={styles.pair}>
          <FormField
            name="maxUses"
            label={t('form.maxUses')}
            hint={t('form.blankNone')}
            inputMode="numeric"
          />
          <FormField
            name="maxUsesPerEmail"
            label={t('form.maxUsesPerEmail')}
            hint={t('form.blankNone')}
            inputMode="numeric"
          />
        </div>
        <label className={styles.check}>
          <input type="checkbox" {...form.register('firstBookingOnly')} />
          {t('form.firstBookingOnly')}
        </label>
        <label className={styles.check}>
          <input type="checkbox" {...form.register('active')} />
          {t('form.active')}
        </label>
        <FormError />
        <div className={styles.actions}>
          <button type="submit" className={button.primary} disabled={form.formState.isSubmitting}>
            {form.formState.isSubmitting ? t('form.saving') : editing ? t('form.save') : t('form.create')}
          </button>
          {editing && (
            <button type="button" className={button.outline} onClick={onDone}>
              {t('form.cancel')}
            </button>
          )}
        </div>
      </Form>
      {saved && <Banner tone="success">{t('form.saved', { code: saved })}</Banner>}
    </section>
  );
}
