// The Gift page's form (React Hook Form over the domain's giftVoucherPurchaseSchema, the one the
// server checks): the amount (a preset or one typed in euros, within the domain's limits), a
// boat it is for if any, who it is for (name, e-mail or none, their language, a message) and
// who gives it. The amount is cents in the form, as on the wire; the field shows euros.
import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { localized } from '@boats/domain/boat-card';
import { VOUCHER_MAX_CENTS, VOUCHER_MIN_CENTS, VOUCHER_PRESET_CENTS } from '@boats/domain/gift-vouchers';
import { LANGUAGES, languageName, type LanguageCode } from '@boats/domain/languages';
import { formatMoney, typedEurosToCents } from '@boats/domain/money';
import type { GiftVoucherPurchase, GiftVoucherPurchaseInput } from '@boats/domain/schemas/gift-vouchers';
import { boatsQueryOptions } from '../../shared/api/get-boats';
import { FieldErrorText, Form, FormError, FormField, useFieldA11y, useZodForm } from '../../shared/ui/form';
import button from '../../shared/ui/button.module.css';
import card from '../../shared/ui/card.module.css';
import field from '../../shared/ui/form-field.module.css';
import styles from './gift-vouchers.module.css';
import { useLanguage } from '../../shared/i18n/use-language';

export type GiftFormProps = {
  /** What was typed before (Back from the card): the form starts with it. */
  initial?: GiftVoucherPurchaseInput;
  onSubmit: (values: GiftVoucherPurchase) => Promise<unknown>;
};

function emptyGift(locale: LanguageCode): GiftVoucherPurchaseInput {
  return {
    amount: VOUCHER_PRESET_CENTS[1],
    purchaser: { name: '', email: '' },
    recipient: { name: '', email: '', message: '', language: locale },
    lang: locale,
  };
}

// The form is on screen before the app starts (prerendered): its schema (the domain's zod
// objects, built when their module runs) and the fleet for "A trip on" (checked and sanitised
// a boat at a time) load on the visitor's first touch of the form, not while the page hydrates,
// where they were most of its main thread's work on a slow phone (docs/performance.md#prerendered-first-screen).
const loadSchema = () =>
  import('@boats/domain/schemas/gift-vouchers').then((m) => m.giftVoucherPurchaseSchema);

export function GiftForm({ initial, onSubmit }: GiftFormProps) {
  const { t } = useTranslation('gift');
  const locale = useLanguage();
  const form = useZodForm(loadSchema, { defaultValues: initial ?? emptyGift(locale) });
  // Back from the card, the visitor has touched the form already.
  const [touched, setTouched] = useState(initial !== undefined);
  const touch = () => {
    if (touched) return;
    setTouched(true);
    void loadSchema();
  };
  const submitting = form.formState.isSubmitting;
  return (
    <Form
      form={form}
      className={styles.form}
      onSubmit={(values) => onSubmit({ ...values, lang: locale })}
      onFocusCapture={touch}
      onPointerDownCapture={touch}
    >
      <fieldset className={`${card.panel} ${styles.fieldset}`}>
        <legend className={styles.legend}>{t('form.what')}</legend>
        <AmountField />
        <BoatField load={touched} />
      </fieldset>
      <fieldset className={`${card.panel} ${styles.fieldset}`}>
        <legend className={styles.legend}>{t('form.recipient')}</legend>
        <FormField name="recipient.name" label={t('form.recipientName')} autoComplete="off" />
        <FormField
          name="recipient.email"
          label={t('form.recipientEmail')}
          hint={t('form.recipientEmailHint')}
          type="email"
          autoComplete="off"
        />
        <FormField name="recipient.language" label={t('form.language')} as="select">
          {LANGUAGES.map((lng) => (
            <option key={lng} value={lng} lang={lng}>
              {languageName(lng)}
            </option>
          ))}
        </FormField>
        <FormField
          name="recipient.message"
          label={t('form.message')}
          hint={t('form.messageHint')}
          as="textarea"
          rows={4}
          maxLength={1000}
        />
      </fieldset>
      <fieldset className={`${card.panel} ${styles.fieldset}`}>
        <legend className={styles.legend}>{t('form.purchaser')}</legend>
        <FormField name="purchaser.name" label={t('form.purchaserName')} autoComplete="name" />
        <FormField
          name="purchaser.email"
          label={t('form.purchaserEmail')}
          type="email"
          autoComplete="email"
        />
      </fieldset>
      <FormError />
      <button type="submit" className={`${button.primary} ${styles.wide}`} disabled={submitting}>
        {submitting ? t('form.sending') : t('form.continue')}
      </button>
    </Form>
  );
}

/** The presets as buttons and "Other amount" in euros, both setting `amount` in cents. */
function AmountField() {
  const { t } = useTranslation('gift');
  const locale = useLanguage();
  const id = useId();
  const {
    field: { value, onChange, onBlur, ref },
  } = useController<GiftVoucherPurchaseInput, 'amount'>({ name: 'amount' });
  const preset = (VOUCHER_PRESET_CENTS as readonly number[]).includes(value) ? value : null;
  const [typed, setTyped] = useState(() =>
    preset === null && Number.isFinite(value) ? String(value / 100) : '',
  );
  const { error, errorId, controlProps } = useFieldA11y('amount', `${id}-other`, true);
  const limits = { min: formatMoney(VOUCHER_MIN_CENTS, locale), max: formatMoney(VOUCHER_MAX_CENTS, locale) };
  return (
    <div className={field.field}>
      <span className={field.label} id={`${id}-label`}>
        {t('form.amount')}
      </span>
      <div className={styles.presets} role="group" aria-labelledby={`${id}-label`}>
        {VOUCHER_PRESET_CENTS.map((cents) => (
          <button
            key={cents}
            type="button"
            className={preset === cents && typed === '' ? styles.presetActive : styles.preset}
            aria-pressed={preset === cents && typed === ''}
            onClick={() => {
              setTyped('');
              onChange(cents);
            }}
          >
            {formatMoney(cents, locale, { decimals: false })}
          </button>
        ))}
      </div>
      <label htmlFor={controlProps.id} className={field.label}>
        {t('form.otherAmount')}
      </label>
      <input
        {...controlProps}
        ref={ref}
        className={field.control}
        inputMode="decimal"
        autoComplete="off"
        value={typed}
        onBlur={onBlur}
        onChange={(e) => {
          setTyped(e.target.value);
          onChange(e.target.value.trim() === '' ? Number.NaN : typedEurosToCents(e.target.value));
        }}
      />
      <p id={`${id}-other-hint`} className={field.hint}>
        {t('form.amountHint', limits)}
      </p>
      <FieldErrorText id={errorId} message={error ? t(error, { ns: 'common', ...limits }) : undefined} />
    </div>
  );
}

/** "A trip on {boat}": the catalogue's boats (asked for once `load`), or none (any trip). */
function BoatField({ load }: { load: boolean }) {
  const { t } = useTranslation('gift');
  const locale = useLanguage();
  const { data: boats } = useQuery({ ...boatsQueryOptions(), enabled: load });
  const {
    field: { value, onChange, onBlur, ref },
  } = useController<GiftVoucherPurchaseInput, 'boatId'>({ name: 'boatId' });
  const { controlProps } = useFieldA11y('boatId', undefined, true);
  return (
    <div className={field.field}>
      <label htmlFor={controlProps.id} className={field.label}>
        {t('form.boat')}
      </label>
      <select
        {...controlProps}
        ref={ref}
        className={field.control}
        value={value ?? ''}
        onBlur={onBlur}
        onChange={(e) => onChange(e.target.value || undefined)}
      >
        <option value="">{t('form.anyBoat')}</option>
        {(boats ?? []).map((boat) => (
          <option key={boat._id} value={boat._id}>
            {localized(boat.titleI18n, boat.title, locale)}
          </option>
        ))}
      </select>
      <p id={`${controlProps.id}-hint`} className={field.hint}>
        {t('form.boatHint')}
      </p>
    </div>
  );
}
