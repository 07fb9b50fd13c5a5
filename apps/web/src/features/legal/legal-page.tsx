// /legal/privacy, /legal/terms and /legal/notice in the visitor's language.
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { errorText } from '../../shared/api/http';
import { isLegalDocument, LEGAL_DOCUMENTS } from '@boats/domain/public-paths';
import { LEGAL_SECTIONS } from '../../shared/legal/legal-documents';
import { usePageTitle } from '../../shared/i18n/use-page-title';
import { Banner } from '../../shared/ui/banner';
import { NotFoundPage } from '../../shared/ui/not-found-page';
import { PageLoading } from '../../shared/ui/page-loading';
import { SiteFooter, SiteHeader } from '../../shared/layout';
import { useOperator } from '../../shared/api/get-operator';
import { OperatorDetails } from './operator-details';
import styles from './legal-page.module.css';
import { paths } from '../../shared/paths';

export default function LegalPage() {
  const { document: name } = useParams();
  const { t } = useTranslation('legal');
  const { t: tc } = useTranslation();
  const operator = useOperator();
  const title = isLegalDocument(name) ? t(`${name}.title`) : '';

  usePageTitle(title);

  if (!isLegalDocument(name)) return <NotFoundPage />;
  return (
    <>
      <SiteHeader />
      <main className={styles.page}>
        <nav aria-label={tc('legalNav.label')}>
          <ul className={styles.tabs}>
            {LEGAL_DOCUMENTS.map((document) => (
              <li key={document}>
                <Link
                  to={paths.legal.getHref(document)}
                  aria-current={document === name ? 'page' : undefined}
                >
                  {tc(`legalNav.${document}`)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <h1>{title}</h1>
        <p className={styles.updated}>{t('updated')}</p>
        {operator.isPending ? (
          <PageLoading />
        ) : operator.isError ? (
          <Banner tone="error">{errorText(operator.error)}</Banner>
        ) : (
          <>
            {/* The operator's name, company and address fill the texts ({{legalName}}…). */}
            <p className={styles.intro}>{t(`${name}.intro`, operator.data)}</p>
            {LEGAL_SECTIONS[name].map((section) => (
              <section key={section} aria-labelledby={`legal-${section}`}>
                <h2 id={`legal-${section}`}>{t(`${name}.sections.${section}.heading`)}</h2>
                {t(`${name}.sections.${section}.body`, operator.data)
                  .split('\n\n')
                  .map((paragraph) => (
                    <p key={paragraph} className={styles.paragraph}>
                      {paragraph}
                    </p>
                  ))}
                {name === 'notice' && section === 'owner' && <OperatorDetails operator={operator.data} />}
              </section>
            ))}
          </>
        )}
        <p>
          <Link to={paths.home.getHref()}>{t('home')}</Link>
        </p>
      </main>
      <SiteFooter />
    </>
  );
}
