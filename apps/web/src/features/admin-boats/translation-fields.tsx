// The boat's texts in every language of the site other than English, one group per language.
// The public pages and e-mails show the visitor's language and fall back to English where a
// translation is blank. The inclusions the owner typed (not the items the site translates itself)
// get a field each; one left blank shows in English, marked as such.
import { useTranslation } from 'react-i18next';
import { useFormContext, useWatch } from 'react-hook-form';
import { intlLocale, TRANSLATED_LANGUAGES, type LanguageCode } from '@boats/domain/languages';
import { currentLanguage } from '../../shared/i18n/i18n';
import { FormField } from '../../shared/ui/form';
import type { BoatDraft, TranslationDraft } from './boat-draft';
import styles from './boat-form.module.css';

const FIELDS: { field: keyof TranslationDraft; max: number; textarea?: boolean }[] = [
  { field: 'title', max: 200 },
  { field: 'description', max: 20_000, textarea: true },
  { field: 'portName', max: 200 },
  { field: 'portAddress', max: 500 },
  { field: 'geoNote', max: 500 },
];

/** A language named in the admin's own language ('German', 'alemán', 'немецкий'). */
function nameIn(lng: LanguageCode, ui: LanguageCode): string {
  return new Intl.DisplayNames([intlLocale(ui)], { type: 'language' }).of(lng) ?? lng;
}

export function TranslationFields() {
  // The booking texts name the known inclusions, which need no translation from the owner.
  const { t, i18n } = useTranslation(['admin', 'booking']);
  const ui = currentLanguage();
  const { control } = useFormContext<BoatDraft>();
  const inclusions = useWatch({ control, name: 'inclusions' });
  const typed = inclusions
    .map((item, index) => ({ item, index }))
    .filter(({ item }) => !i18n.exists(`inclusions.${item}`, { ns: 'booking' }));
  return (
    <>
      <p className={styles.hint}>{t('editor.translationsHint')}</p>
      {TRANSLATED_LANGUAGES.map((lng) => {
        const language = nameIn(lng, ui);
        return (
          <fieldset key={lng} className={styles.translation}>
            <legend className={styles.translationLegend}>{language}</legend>
            {FIELDS.map(({ field, max, textarea }) => {
              const props = {
                label: t(`editor.translated.${field}`, { language }),
                name: `translations.${lng}.${field}`,
                maxLength: max,
                lang: lng,
              };
              return textarea ? (
                <FormField key={field} as="textarea" rows={3} {...props} />
              ) : (
                <FormField key={field} {...props} />
              );
            })}
            {typed.map(({ item, index }) => (
              <FormField
                key={`inclusion-${index}`}
                label={t('editor.translated.inclusion', { item, language })}
                name={`inclusionTranslations.${lng}.${index}`}
                maxLength={500}
                lang={lng}
              />
            ))}
          </fieldset>
        );
      })}
    </>
  );
}
