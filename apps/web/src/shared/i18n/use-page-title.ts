import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The tab's title in the reader's language, "Give a boat trip · AD Boat Rental": index.html's
 * English title stays only on pages that set none. Nothing while the title is not known yet.
 */
export function usePageTitle(title: string): void {
  const { t } = useTranslation('common');
  const brand = t('brand.name');
  useEffect(() => {
    if (title) window.document.title = `${title} · ${brand}`;
  }, [title, brand]);
}
