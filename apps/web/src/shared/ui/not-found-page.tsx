import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '../paths';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <main className="page-narrow">
      <h1>{t('notFound.title')}</h1>
      <p>{t('notFound.text')}</p>
      <Link to={paths.home.getHref()}>{t('notFound.home')}</Link>
    </main>
  );
}
