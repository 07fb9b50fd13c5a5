// A link may name its language (`?lng=es`, as the e-mails' links do), and that parameter wins
// over the visitor's stored choice when the page loads. So when the visitor picks another
// language here, the address follows: a reload then keeps the language they chose.
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';

export function useLanguageInAddress(): void {
  const { i18n } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    const follow = (lng: string) => {
      const params = new URLSearchParams(location.search);
      const named = params.get('lng');
      const chosen = lng.slice(0, 2);
      if (named === null || named === chosen) return;
      params.set('lng', chosen);
      void navigate(
        { search: `?${params.toString()}`, hash: location.hash },
        { replace: true, state: location.state as unknown },
      );
    };
    i18n.on('languageChanged', follow);
    return () => i18n.off('languageChanged', follow);
  }, [i18n, location, navigate]);
}
