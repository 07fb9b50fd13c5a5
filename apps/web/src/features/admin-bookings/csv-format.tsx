// How a spreadsheet export is written: its language (headers, statuses) and its separator and
// decimal mark, which follow the language's spreadsheets until changed. The bookings list's
// export and the channel report's share both.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CSV_SEPARATORS, defaultCsvSeparator, type CsvSeparator } from '@boats/domain/csv';
import type { LanguageCode } from '@boats/domain/languages';
import { ExportLanguageSelect } from '../../shared/i18n/export-language-select';
import field from '../../shared/ui/form-field.module.css';

export type CsvFormat = { language: LanguageCode; separator: CsvSeparator };

/** The export's format, starting from `language`; choosing a language brings its separator. */
export function useCsvFormat(language: LanguageCode) {
  const [format, setFormat] = useState<CsvFormat>(() => ({
    language,
    separator: defaultCsvSeparator(language),
  }));
  return {
    format,
    chooseLanguage: (lang: LanguageCode) =>
      setFormat({ language: lang, separator: defaultCsvSeparator(lang) }),
    chooseSeparator: (separator: CsvSeparator) => setFormat((f) => ({ ...f, separator })),
  };
}

/** The two choices, as fields of an export bar. */
export function CsvFormatFields({
  format,
  chooseLanguage,
  chooseSeparator,
}: ReturnType<typeof useCsvFormat>) {
  const { t } = useTranslation('admin-bookings');
  return (
    <>
      <ExportLanguageSelect label={t('export.language')} value={format.language} onChange={chooseLanguage} />
      <label className={`${field.field} ${field.compact}`}>
        <span className={field.label}>{t('export.format')}</span>
        <select
          className={field.control}
          value={format.separator}
          onChange={(event) => chooseSeparator(event.target.value as CsvSeparator)}
        >
          {CSV_SEPARATORS.map((s) => (
            <option key={s} value={s}>
              {t(`export.${s}`)}
            </option>
          ))}
        </select>
      </label>
    </>
  );
}
