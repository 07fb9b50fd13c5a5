// The harbour and meeting point in English, Spanish and Russian. The public pages and e-mails
// show the visitor's language and fall back to English where a translation is blank.
import { useTranslation } from 'react-i18next';
import { FormField } from '../../shared/ui/form';
import styles from './boat-form.module.css';

const TEXTS = [
  { en: 'portName', es: 'portNameEs', ru: 'portNameRu', max: 200 },
  { en: 'portAddress', es: 'portAddressEs', ru: 'portAddressRu', max: 500 },
  { en: 'geoNote', es: 'geoNoteEs', ru: 'geoNoteRu', max: 500 },
] as const;

export function HarbourFields() {
  const { t } = useTranslation('admin');
  return (
    <>
      <p className={styles.hint}>{t('editor.harbourHint')}</p>
      {TEXTS.map((text) => (
        <div key={text.en} className={styles.row}>
          {(['en', 'es', 'ru'] as const).map((lang) => (
            <FormField
              key={lang}
              label={t(`editor.${text[lang]}`)}
              name={text[lang]}
              maxLength={text.max}
              lang={lang}
            />
          ))}
        </div>
      ))}
    </>
  );
}
