// The extras the boat sells (docs/payments.md#extras): a name and description in every language
// of the site (English required), a price per booking or per person, the most one booking may
// take, the notice it needs and who provides it. Saved with the boat.
import { useTranslation } from 'react-i18next';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { EXTRA_PRICING, EXTRA_PROVIDERS, MAX_EXTRAS_PER_BOAT } from '@boats/domain/extras';
import { LANGUAGES, intlLocale, type LanguageCode } from '@boats/domain/languages';
import { currentLanguage } from '../../shared/i18n/i18n';
import { FormField } from '../../shared/ui/form';
import button from '../../shared/ui/button.module.css';
import { newExtraDraft, type BoatDraft } from './boat-draft';
import styles from './boat-form.module.css';

function nameIn(lng: LanguageCode, ui: LanguageCode): string {
  return new Intl.DisplayNames([intlLocale(ui)], { type: 'language' }).of(lng) ?? lng;
}

export function ExtrasFields() {
  const { t } = useTranslation('admin');
  const ui = currentLanguage();
  const { control } = useFormContext<BoatDraft>();
  const extras = useFieldArray({ control, name: 'extras', keyName: 'key' });
  return (
    <>
      <p className={styles.hint}>{t('editor.extras.hint')}</p>
      <ul className={styles.rules} aria-label={t('editor.sections.extras')}>
        {extras.fields.map((field, index) => (
          <li key={field.key}>
            <fieldset className={styles.translation}>
              <legend className={styles.translationLegend}>
                {t('editor.extras.legend', { n: index + 1 })}
              </legend>
              <FormField
                label={t('editor.extras.name')}
                required
                name={`extras.${index}.name.en`}
                maxLength={100}
              />
              <FormField
                label={t('editor.extras.description')}
                name={`extras.${index}.description.en`}
                maxLength={500}
              />
              <div className={styles.row}>
                <FormField
                  label={t('editor.extras.price')}
                  required
                  name={`extras.${index}.price`}
                  type="number"
                  inputMode="decimal"
                  min={0}
                  step="0.01"
                />
                <FormField label={t('editor.extras.per')} name={`extras.${index}.per`} as="select">
                  {EXTRA_PRICING.map((per) => (
                    <option key={per} value={per}>
                      {t(`editor.extras.perOption.${per}`)}
                    </option>
                  ))}
                </FormField>
              </div>
              <div className={styles.row}>
                <FormField
                  label={t('editor.extras.maxQuantity')}
                  required
                  name={`extras.${index}.maxQuantity`}
                  type="number"
                  inputMode="numeric"
                  min={1}
                  step={1}
                />
                <FormField
                  label={t('editor.extras.noticeHours')}
                  hint={t('editor.extras.noticeHint')}
                  required
                  name={`extras.${index}.noticeHours`}
                  type="number"
                  inputMode="numeric"
                  min={0}
                  step={1}
                />
                <FormField label={t('editor.extras.provider')} name={`extras.${index}.provider`} as="select">
                  {EXTRA_PROVIDERS.map((provider) => (
                    <option key={provider} value={provider}>
                      {t(`editor.extras.providerOption.${provider}`)}
                    </option>
                  ))}
                </FormField>
              </div>
              <details>
                <summary>{t('editor.extras.translations')}</summary>
                {LANGUAGES.filter((lng) => lng !== 'en').map((lng) => {
                  const language = nameIn(lng, ui);
                  return (
                    <div key={lng} className={styles.row}>
                      <FormField
                        label={t('editor.extras.nameIn', { language })}
                        name={`extras.${index}.name.${lng}`}
                        maxLength={100}
                        lang={lng}
                      />
                      <FormField
                        label={t('editor.extras.descriptionIn', { language })}
                        name={`extras.${index}.description.${lng}`}
                        maxLength={500}
                        lang={lng}
                      />
                    </div>
                  );
                })}
              </details>
              <div>
                <button
                  type="button"
                  className={button.outline}
                  aria-label={t('editor.extras.remove', { n: index + 1 })}
                  onClick={() => extras.remove(index)}
                >
                  {t('editor.remove')}
                </button>
              </div>
            </fieldset>
          </li>
        ))}
      </ul>
      <div>
        <button
          type="button"
          className={button.outline}
          disabled={extras.fields.length >= MAX_EXTRAS_PER_BOAT}
          onClick={() => extras.append(newExtraDraft())}
        >
          {t('editor.extras.add')}
        </button>
      </div>
    </>
  );
}
