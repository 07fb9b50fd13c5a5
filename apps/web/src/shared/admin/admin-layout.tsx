// The frame of every back-office page: navigation between the areas and sign-out. The page
// content renders only for an admin, or for staff (admin or crew) on the crew's pages (the
// day's trips, manifests, check-in); anyone else gets the sign-in dialog instead, so a
// back-office URL never shows data (the server refuses the calls anyway).
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useNavigate } from 'react-router-dom';
import { useAuth } from '../auth/auth-context';
import { LanguageSelect } from '../i18n/language-select';
import { SubmitErrorTextContext } from '../ui/form';
import { AdminGuard } from './admin-guard';
import { useAdminErrorText } from './admin-error-text';
import { SignOutButton } from './sign-out-button';
import styles from './admin-layout.module.css';

export type AdminLayoutProps = {
  /** The page heading (already translated). */
  title: ReactNode;
  children: ReactNode;
  /** 'staff' opens the page to crew as well as admins. */
  access?: 'admin' | 'staff';
};

export function AdminLayout({ title, children, access = 'admin' }: AdminLayoutProps) {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const errorText = useAdminErrorText();
  const { user } = useAuth();
  const crew = user?.role === 'crew';
  const linkClass = ({ isActive }: { isActive: boolean }) =>
    isActive ? `${styles.link} ${styles.active}` : styles.link;
  return (
    <div className={styles.shell}>
      <header className={styles.bar}>
        <nav aria-label={t('layout.navLabel')} className={styles.nav}>
          <span className={styles.brand}>{t('layout.brand')}</span>
          <NavLink to="/admin/trips" className={linkClass}>
            {t('layout.trips')}
          </NavLink>
          {!crew && (
            <>
              <NavLink to="/admin/boats" className={linkClass}>
                {t('layout.boats')}
              </NavLink>
              <NavLink to="/admin/schedule" className={linkClass}>
                {t('layout.schedule')}
              </NavLink>
              <NavLink to="/admin/bookings" className={linkClass}>
                {t('layout.bookings')}
              </NavLink>
              <NavLink to="/admin/messages" className={linkClass}>
                {t('layout.messages')}
              </NavLink>
              <NavLink to="/admin/staff" className={linkClass}>
                {t('layout.staff')}
              </NavLink>
              <NavLink to="/admin/owner-applications" className={linkClass}>
                {t('layout.applications')}
              </NavLink>
            </>
          )}
        </nav>
        <div className={styles.tools}>
          <LanguageSelect className={styles.language} />
          <SignOutButton onSignedOut={() => void navigate('/')} />
        </div>
      </header>
      <main className={styles.main}>
        <SubmitErrorTextContext.Provider value={errorText}>
          <AdminGuard access={access}>
            <h1 className={styles.title}>{title}</h1>
            {children}
          </AdminGuard>
        </SubmitErrorTextContext.Provider>
      </main>
    </div>
  );
}
