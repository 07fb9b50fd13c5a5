import { useTranslation } from 'react-i18next';

// Frame only: the public-site work fills this page.
export function LandingPage() {
  const { t } = useTranslation();
  return (
    <main>
      <h1>{t('brand.name')}</h1>
    </main>
  );
}
