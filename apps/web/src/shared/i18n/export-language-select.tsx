// The language a spreadsheet is written in (headers, statuses, decimal mark), chosen apart from
// the page's: an accountant may want the file in Spanish while the owner reads the site in
// English. Each language is named in itself, as in the language switch.
import { isLanguage, languageName, LANGUAGES, type LanguageCode } from '@boats/domain/languages';
import type { CsvTexts } from '@boats/domain/csv';
import i18n from 'i18next';
import field from '../ui/form-field.module.css';

export function ExportLanguageSelect({
  label,
  value,
  onChange,
}: {
  label: string;
  value: LanguageCode;
  onChange: (lang: LanguageCode) => void;
}) {
  return (
    <label className={`${field.field} ${field.compact}`}>
      <span className={field.label}>{label}</span>
      <select
        className={field.control}
        value={value}
        onChange={(event) => {
          if (isLanguage(event.target.value)) onChange(event.target.value);
        }}
      >
        {LANGUAGES.map((lng) => (
          <option key={lng} value={lng} lang={lng}>
            {languageName(lng)}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The spreadsheet texts (csv.json) of any language, loaded first when the page has not yet. */
export async function csvTextsOf(lang: LanguageCode): Promise<CsvTexts> {
  if (!i18n.hasResourceBundle(lang, 'csv')) await i18n.reloadResources([lang], ['csv']);
  return i18n.getResourceBundle(lang, 'csv') as CsvTexts;
}
