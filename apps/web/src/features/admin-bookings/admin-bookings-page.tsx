import { useTranslation } from 'react-i18next';

// Frame only: filled by the feature's own work.
export default function Page() {
  const { t } = useTranslation();
  return (
    <main className="page-narrow">
      <h1>{t('brand.name')}</h1>
    </main>
  );
}
