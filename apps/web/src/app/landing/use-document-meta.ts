import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../shared/i18n/i18n';

/** Page title, meta description and <html lang> in the visitor's language. */
export function useDocumentMeta(): void {
  const { t, i18n } = useTranslation();
  useEffect(() => {
    document.documentElement.lang = currentLanguage();
    document.title = t('meta.title');
    let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.append(meta);
    }
    meta.content = t('meta.description');
  }, [t, i18n.language]);
}
