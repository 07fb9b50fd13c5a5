// Every field of the admin boat form (docs/product.md §2). The form only edits the draft; checking and
// saving belong to the editor page.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import type { BoatInput } from '@boats/domain/schemas/boat';
import { MAX_CUTOFF_HOURS } from '@boats/domain/trip-state';
import { BOOKING_MODES } from '@boats/domain/request-to-book';
import { BOAT_LICENCES } from '@boats/domain/licences';
import { Form, FormField } from '../../shared/ui/form';
import button from '../../shared/ui/button.module.css';
import { draftField, imageLines, type BoatDraft } from './boat-draft';
import { CancellationPolicyFields } from './cancellation-policy-fields';
import { ChecklistFields } from './checklist-fields';
import { ReschedulePolicyFields } from './reschedule-policy-fields';
import { ExtrasFields } from './extras-fields';
import { PriceRulesFields } from './price-rules-fields';
import { DescriptionPreview } from './description-preview';
import { PhotoUploader } from './photo-uploader';
import { TranslationFields } from './translation-fields';
import styles from './boat-form.module.css';

export type BoatFormProps = {
  form: UseFormReturn<BoatDraft, unknown, BoatInput>;
  onSubmit: (boat: BoatInput) => Promise<void>;
  onError: (err: unknown) => void;
  onInvalid: () => void;
  /** The platform admin: only the platform says a boat is verified, so only its form offers it. */
  isAdmin: boolean;
};

type FlagKey = 'verified' | 'requiresLicense' | 'foreignLicenceAccepted';

export function BoatForm({ form, onSubmit, onError, onInvalid, isAdmin }: BoatFormProps) {
  const { t } = useTranslation(['admin', 'pricing']);
  const saving = form.formState.isSubmitting;
  const description = useWatch({ control: form.control, name: 'description' });
  const images = useWatch({ control: form.control, name: 'images' });
  const instantForced = useWatch({ control: form.control, name: 'instantForced' });
  const requiresLicense = useWatch({ control: form.control, name: 'requiresLicense' });
  const number = (min: number, step = '1') => ({
    type: 'number',
    inputMode: step === '1' ? ('numeric' as const) : ('decimal' as const),
    min,
    step,
  });
  const flag = (key: FlagKey, label: string) => (
    <label className={styles.check}>
      <input type="checkbox" {...form.register(key)} />
      {label}
    </label>
  );

  return (
    <Form
      form={form}
      onSubmit={onSubmit}
      onError={onError}
      onInvalid={onInvalid}
      serverPathToField={draftField}
      className={styles.form}
    >
      <Section title={t('editor.sections.texts')}>
        <FormField label={t('editor.title')} required maxLength={200} name="title" />
        <FormField label={t('editor.description')} as="textarea" rows={5} name="description" />
        <DescriptionPreview html={description} />
        <PhotoUploader
          images={imageLines(images)}
          onChange={(next) =>
            form.setValue('images', next.join('\n'), { shouldDirty: true, shouldValidate: true })
          }
        />
        <FormField
          label={t('editor.images')}
          hint={t('editor.imagesHint')}
          as="textarea"
          rows={4}
          name="images"
        />
      </Section>

      <Section title={t('editor.sections.port')}>
        <div className={styles.row}>
          <FormField label={t('editor.portName')} name="portName" maxLength={200} />
          <FormField label={t('editor.portAddress')} name="portAddress" maxLength={500} />
          <FormField label={t('editor.geoNote')} name="geoNote" maxLength={500} />
        </div>
      </Section>

      <Section title={t('editor.sections.translations')}>
        <TranslationFields />
      </Section>

      <Section title={t('editor.sections.boat')}>
        <div className={styles.row}>
          <FormField label={t('editor.capacity')} required name="capacity" {...number(1)} />
          <FormField label={t('editor.minHours')} required name="minDurationHours" {...number(1)} />
          <FormField label={t('editor.maxHours')} required name="maxDurationHours" {...number(1)} />
        </div>
        <div className={styles.checks}>
          {isAdmin && flag('verified', t('editor.verified'))}
          {flag('requiresLicense', t('editor.requiresLicense'))}
        </div>
        {requiresLicense && (
          <>
            <FormField label={t('editor.licence')} name="licence" as="select">
              {BOAT_LICENCES.map((licence) => (
                <option key={licence} value={licence}>
                  {t(`licences.${licence}`, { ns: 'common' })}
                </option>
              ))}
            </FormField>
            <div className={styles.checks}>
              {flag('foreignLicenceAccepted', t('editor.foreignLicenceAccepted'))}
            </div>
            <FormField
              label={t('editor.agreementTerms')}
              hint={t('editor.agreementTermsHint')}
              name="agreementTerms"
              as="textarea"
              rows={8}
              maxLength={8000}
            />
            <ChecklistFields />
          </>
        )}
        <FormField
          label={t('editor.securityDeposit')}
          name="securityDeposit"
          hint={t('editor.securityDepositHint')}
          {...number(0, '0.01')}
        />
        <FormField
          label={t('editor.claimWindow')}
          name="claimWindowHours"
          hint={t('editor.claimWindowHint')}
          {...number(1, '1')}
        />
      </Section>

      <Section title={t('editor.sections.booking')}>
        <FormField
          label={t('editor.bookingMode')}
          name="bookingMode"
          as="select"
          hint={t('editor.bookingModeHint')}
        >
          {BOOKING_MODES.map((mode) => (
            <option key={mode} value={mode}>
              {t(`editor.bookingModeOption.${mode}`)}
            </option>
          ))}
        </FormField>
        {instantForced && <p className={styles.hint}>{t('editor.instantForced')}</p>}
      </Section>

      <Section title={t('editor.sections.prices')}>
        <div className={styles.row}>
          <FormField label={t('editor.perHour')} required name="perHour" {...number(0, '0.01')} />
        </div>
        <div className={styles.row}>
          <FormField
            label={t('editor.halfDay')}
            hint={t('editor.optionalPrice')}
            name="halfDay"
            {...number(0, '0.01')}
          />
          <FormField
            label={t('editor.halfDayHours')}
            hint={t('editor.dayHoursHint')}
            required
            name="halfDayHours"
            {...number(1)}
          />
        </div>
        <div className={styles.row}>
          <FormField
            label={t('editor.perDay')}
            hint={t('editor.optionalPrice')}
            name="perDay"
            {...number(0, '0.01')}
          />
          <FormField
            label={t('editor.fullDayHours')}
            hint={t('editor.dayHoursHint')}
            required
            name="fullDayHours"
            {...number(1)}
          />
        </div>
        <div className={styles.row}>
          <FormField label={t('editor.sharedPerHour')} required name="sharedPerHour" {...number(0, '0.01')} />
          <FormField label={t('editor.minSeatsToDepart')} required name="minSeatsToDepart" {...number(0)} />
          <FormField
            label={t('editor.cutoffHours')}
            hint={t('editor.cutoffHoursHint')}
            required
            name="cutoffHours"
            {...number(0)}
            max={MAX_CUTOFF_HOURS}
          />
        </div>
      </Section>

      <Section title={t('pricing:editor.legend')}>
        <PriceRulesFields />
      </Section>

      <Section title={t('editor.sections.extras')}>
        <ExtrasFields />
      </Section>

      <Section title={t('editor.sections.policy')}>
        <CancellationPolicyFields />
      </Section>

      <Section title={t('editor.sections.reschedule')}>
        <ReschedulePolicyFields />
      </Section>

      <div className={styles.actions}>
        <button type="submit" className={button.primary} disabled={saving}>
          {saving ? t('editor.saving') : t('editor.save')}
        </button>
      </div>
    </Form>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className={styles.section}>
      <legend className={styles.legend}>{title}</legend>
      {children}
    </fieldset>
  );
}
