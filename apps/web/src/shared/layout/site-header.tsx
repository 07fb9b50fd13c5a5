// The header of every page but the landing page (/booking, manage my booking, legal pages):
// the logo back home, the language switch and the side menu. On a phone the languages are a
// drop-down naming each in itself (six codes side by side leave no room for the logo); from
// 480 px they are buttons.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { LanguageSelect } from '../i18n/language-select';
import { LanguageSwitch } from '../ui/language-switch';
import { SiteMenu } from './site-menu';
import { useLanguageInAddress } from './use-language-in-address';
import styles from './site-header.module.css';
import { paths } from '../paths';

export function SiteHeader() {
  const { t } = useTranslation();
  useLanguageInAddress();
  return (
    <header className={styles.header}>
      <Link to={paths.home.getHref()} className={styles.home} aria-label={t('brand.name')}>
        <img src="/media/brand/logo.svg" alt="" width={40} height={40} />
        <span>{t('brand.name')}</span>
      </Link>
      <div className={styles.tools}>
        <div className={styles.languageButtons}>
          <LanguageSwitch />
        </div>
        <LanguageSelect className={styles.languageSelect} />
        <SiteMenu placement="inline" />
      </div>
    </header>
  );
}
