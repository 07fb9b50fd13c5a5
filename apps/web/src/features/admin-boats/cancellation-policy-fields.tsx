// The boat's own cancellation rules, or the site default (domain cancellation-policy). The
// rules are rows of "up to N hours before departure: P % back"; the server sorts them and
// stores rules equal to the default as "follows the default".
import { useTranslation } from 'react-i18next';
import { useFieldArray, useFormContext, useFormState, useWatch } from 'react-hook-form';
import { DEFAULT_CANCELLATION_POLICY } from '@boats/domain/cancellation-policy';
import { FieldErrorText, FormField, useErrorText } from '../../shared/ui/form';
import button from '../../shared/ui/button.module.css';
import type { BoatDraft } from './boat-draft';
import styles from './boat-form.module.css';

const defaultText = (t: (key: string, options?: Record<string, unknown>) => string) =>
  DEFAULT_CANCELLATION_POLICY.map((r) =>
    t('editor.policyRule', { hours: r.hoursBefore, percent: r.refundPercent }),
  ).join('; ');

export function CancellationPolicyFields() {
  const { t } = useTranslation('admin');
  const errorText = useErrorText();
  const { control, register } = useFormContext<BoatDraft>();
  const own = useWatch({ control, name: 'policyOwn' });
  const rules = useFieldArray({ control, name: 'policy' });
  const { errors } = useFormState({ control, name: 'policy' });
  const setError = errorText(errors.policy?.root?.message);

  return (
    <>
      <label className={styles.check}>
        <input type="checkbox" {...register('policyOwn')} />
        {t('editor.policyOwn')}
      </label>
      {!own ? (
        <p className={styles.hint}>{t('editor.policyDefault', { rules: defaultText(t) })}</p>
      ) : (
        <>
          <p className={styles.hint}>{t('editor.policyHint')}</p>
          <ul className={styles.rules} aria-label={t('editor.policyRules')}>
            {rules.fields.map((field, index) => (
              <li key={field.id} className={styles.ruleRow}>
                <FormField
                  label={t('editor.policyHours')}
                  name={`policy.${index}.hoursBefore`}
                  type="number"
                  inputMode="numeric"
                  min={0}
                  step={1}
                />
                <FormField
                  label={t('editor.policyPercent')}
                  name={`policy.${index}.refundPercent`}
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={100}
                  step={1}
                />
                <button
                  type="button"
                  className={button.outline}
                  aria-label={t('editor.policyRemove', { n: index + 1 })}
                  onClick={() => rules.remove(index)}
                >
                  {t('editor.remove')}
                </button>
              </li>
            ))}
          </ul>
          <FieldErrorText id="policy-error" message={setError} />
          <div>
            <button
              type="button"
              className={button.outline}
              disabled={rules.fields.length >= 10}
              onClick={() => rules.append({ hoursBefore: '', refundPercent: '' })}
            >
              {t('editor.policyAdd')}
            </button>
          </div>
          <p className={styles.hint}>{t('editor.policyAfter')}</p>
        </>
      )}
    </>
  );
}
