// Every field of the admin boat form (spec §2). The form only edits the draft; checking and
// saving belong to the editor page.
import type { ChangeEvent, FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../shared/ui/form-field';
import button from '../../shared/ui/button.module.css';
import type { BoatDraft } from './boat-draft';
import { DescriptionPreview } from './description-preview';
import styles from './boat-form.module.css';

export type BoatFormProps = {
  draft: BoatDraft;
  errors: Partial<Record<keyof BoatDraft, string>>;
  saving: boolean;
  onChange: (draft: BoatDraft) => void;
  onSubmit: () => void;
};

type TextKey = { [K in keyof BoatDraft]: BoatDraft[K] extends string ? K : never }[keyof BoatDraft];
type FlagKey = 'verified' | 'isActive' | 'requiresLicense';

export function BoatForm({ draft, errors, saving, onChange, onSubmit }: BoatFormProps) {
  const { t } = useTranslation('admin');
  const { t: tc } = useTranslation();
  const error = (key: keyof BoatDraft) => (errors[key] ? tc(errors[key]) : undefined);
  const text = (key: TextKey) => ({
    name: key,
    value: draft[key],
    error: error(key),
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      onChange({ ...draft, [key]: e.target.value }),
  });
  const number = (key: TextKey, min: number, step = '1') => ({
    ...text(key),
    type: 'number',
    inputMode: step === '1' ? ('numeric' as const) : ('decimal' as const),
    min,
    step,
  });
  const flag = (key: FlagKey, label: string) => (
    <label className={styles.check}>
      <input
        type="checkbox"
        name={key}
        checked={draft[key]}
        onChange={(e) => onChange({ ...draft, [key]: e.target.checked })}
      />
      {label}
    </label>
  );

  return (
    <form
      className={styles.form}
      noValidate
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      <Section title={t('editor.sections.texts')}>
        <FormField label={t('editor.title')} required maxLength={200} {...text('title')} />
        <FormField label={t('editor.titleEs')} maxLength={200} {...text('titleEs')} />
        <FormField label={t('editor.titleRu')} maxLength={200} {...text('titleRu')} />
        <FormField label={t('editor.description')} multiline rows={5} {...text('description')} />
        <DescriptionPreview html={draft.description} />
        <FormField label={t('editor.descriptionEs')} multiline rows={4} {...text('descriptionEs')} />
        <FormField label={t('editor.descriptionRu')} multiline rows={4} {...text('descriptionRu')} />
        <FormField
          label={t('editor.images')}
          hint={t('editor.imagesHint')}
          multiline
          rows={4}
          {...text('images')}
        />
      </Section>

      <Section title={t('editor.sections.port')}>
        <div className={styles.row}>
          <FormField label={t('editor.portName')} {...text('portName')} />
          <FormField label={t('editor.portAddress')} {...text('portAddress')} />
        </div>
      </Section>

      <Section title={t('editor.sections.boat')}>
        <div className={styles.row}>
          <FormField label={t('editor.capacity')} required {...number('capacity', 1)} />
          <FormField label={t('editor.minHours')} required {...number('minDurationHours', 1)} />
          <FormField label={t('editor.maxHours')} required {...number('maxDurationHours', 1)} />
        </div>
        <div className={styles.checks}>
          {flag('verified', t('editor.verified'))}
          {flag('isActive', t('editor.isActive'))}
          {flag('requiresLicense', t('editor.requiresLicense'))}
        </div>
      </Section>

      <Section title={t('editor.sections.prices')}>
        <div className={styles.row}>
          <FormField label={t('editor.perHour')} required {...number('perHour', 0, '0.01')} />
          <FormField
            label={t('editor.halfDay')}
            hint={t('editor.optionalPrice')}
            {...number('halfDay', 0, '0.01')}
          />
          <FormField
            label={t('editor.perDay')}
            hint={t('editor.optionalPrice')}
            {...number('perDay', 0, '0.01')}
          />
        </div>
        <div className={styles.row}>
          <FormField label={t('editor.sharedPerHour')} required {...number('sharedPerHour', 0, '0.01')} />
          <FormField label={t('editor.minSeatsToDepart')} required {...number('minSeatsToDepart', 0)} />
        </div>
      </Section>

      <div className={styles.actions}>
        <button type="submit" className={button.primary} disabled={saving}>
          {saving ? t('editor.saving') : t('editor.save')}
        </button>
      </div>
    </form>
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
