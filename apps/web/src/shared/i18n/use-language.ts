// The reader's language from the i18n context: a component that formats dates, money or a
// boat's texts asks for it here instead of being handed a `locale` prop, and shows the new
// language as soon as the visitor switches (useTranslation re-renders on the change).
import { useTranslation } from 'react-i18next';
import { languageOf, type LanguageCode } from '@boats/domain/languages';

export function useLanguage(): LanguageCode {
  const { i18n } = useTranslation();
  return languageOf(i18n.resolvedLanguage ?? i18n.language);
}
