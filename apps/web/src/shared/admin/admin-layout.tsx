// The frame of every back-office page: navigation between the areas and sign-out. The page
// content renders only for the roles it is for (admin-guard.tsx): the platform admin's pages,
// the back office of the admin and the boat owners (an owner sees their own boats only: the
// server scopes every call), and the crew's pages (the day's trips, manifests, check-in);
// anyone else gets the sign-in dialog instead, so a back-office URL never shows data (the
// server refuses the calls anyway). The navigation shows each role what it may open.
import { Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useNavigate } from 'react-router-dom';
import { useAuth } from '../auth/auth-context';
import { LanguageSelect } from '../i18n/language-select';
import { SubmitErrorTextContext } from '../ui/form';
import { PageLoading } from '../ui/page-loading';
import { AdminGuard, type AdminAccess } from './admin-guard';
import { useAdminErrorText } from './admin-error-text';
import { SignOutButton } from './sign-out-button';
import { StepUpDialog } from '../auth/second-factor';
import styles from './admin-layout.module.css';
import { paths } from '../paths';

export type AdminLayoutProps = {
  /** The page heading (already translated). */
  title: ReactNode;
  children: ReactNode;
  /**
   * Who the page is for: 'admin' only, 'office' admin and owners (default), 'staff' crew too,
   * 'agent' the agents alone (their desk), 'account' every back-office account (Security).
   */
  access?: AdminAccess;
};

export function AdminLayout({ title, children, access = 'office' }: AdminLayoutProps) {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const errorText = useAdminErrorText();
  const { user } = useAuth();
  const crew = user?.role === 'crew';
  const owner = user?.role === 'owner';
  const agent = user?.role === 'agent';
  const linkClass = ({ isActive }: { isActive: boolean }) =>
    isActive ? `${styles.link} ${styles.active}` : styles.link;
  return (
    <div className={styles.shell}>
      <header className={styles.bar}>
        <nav aria-label={t('layout.navLabel')} className={styles.nav}>
          <span className={styles.brand}>{t('layout.brand')}</span>
          {/* Signed out, the menu is the brand alone: the pages' names are for those who may open them. */}
          {user && (
            <>
              {agent ? (
                <NavLink to={paths.admin.agentDesk.getHref()} className={linkClass}>
                  {t('layout.desk')}
                </NavLink>
              ) : (
                <NavLink to={paths.admin.trips.getHref()} className={linkClass}>
                  {t('layout.trips')}
                </NavLink>
              )}
              {!crew && !agent && (
                <>
                  <NavLink to={paths.admin.boats.getHref()} className={linkClass}>
                    {t('layout.boats')}
                  </NavLink>
                  <NavLink to={paths.admin.schedule.getHref()} className={linkClass}>
                    {t('layout.schedule')}
                  </NavLink>
                  <NavLink to={paths.admin.bookings.getHref()} className={linkClass}>
                    {t('layout.bookings')}
                  </NavLink>
                  <NavLink to={paths.admin.messages.getHref()} className={linkClass}>
                    {t('layout.messages')}
                  </NavLink>
                  <NavLink to={paths.admin.reviews.getHref()} className={linkClass}>
                    {t('layout.reviews')}
                  </NavLink>
                  <NavLink to={paths.admin.earnings.getHref()} className={linkClass}>
                    {t('layout.earnings')}
                  </NavLink>
                  <NavLink to={paths.admin.promoCodes.getHref()} className={linkClass}>
                    {t('layout.promoCodes')}
                  </NavLink>
                  <NavLink to={paths.admin.staff.getHref()} className={linkClass}>
                    {owner ? t('layout.crew') : t('layout.staff')}
                  </NavLink>
                  <NavLink to={paths.admin.audit.getHref()} className={linkClass}>
                    {t('layout.audit')}
                  </NavLink>
                  {!owner && (
                    <>
                      <NavLink to={paths.admin.owners.getHref()} className={linkClass}>
                        {t('layout.owners')}
                      </NavLink>
                      <NavLink to={paths.admin.ownerApplications.getHref()} className={linkClass}>
                        {t('layout.applications')}
                      </NavLink>
                      <NavLink to={paths.admin.giftVouchers.getHref()} className={linkClass}>
                        {t('layout.giftVouchers')}
                      </NavLink>
                      <NavLink to={paths.admin.erasureRequests.getHref()} className={linkClass}>
                        {t('layout.erasureRequests')}
                      </NavLink>
                      <NavLink to={paths.admin.resellers.getHref()} className={linkClass}>
                        {t('layout.resellers')}
                      </NavLink>
                      <NavLink to={paths.admin.agents.getHref()} className={linkClass}>
                        {t('layout.agents')}
                      </NavLink>
                      <NavLink to={paths.admin.invoicing.getHref()} className={linkClass}>
                        {t('layout.invoicing')}
                      </NavLink>
                      <NavLink to={paths.admin.system.getHref()} className={linkClass}>
                        {t('layout.system')}
                      </NavLink>
                    </>
                  )}
                </>
              )}
              <NavLink to={paths.admin.security.getHref()} className={linkClass}>
                {t('layout.security')}
              </NavLink>
            </>
          )}
        </nav>
        <div className={styles.tools}>
          <LanguageSelect className={styles.language} />
          <SignOutButton onSignedOut={() => void navigate(paths.home.getHref())} />
        </div>
      </header>
      <main className={styles.main}>
        <SubmitErrorTextContext.Provider value={errorText}>
          <AdminGuard access={access}>
            <h1 className={styles.title}>{title}</h1>
            {/* The page's own boundary: the code and texts a page loads once signed in would
                otherwise hide the whole frame, the sign-in dialog with it, and show them again
                under a dialog still open, the page inert (text typed then went nowhere). */}
            <Suspense fallback={<PageLoading />}>{children}</Suspense>
          </AdminGuard>
        </SubmitErrorTextContext.Provider>
      </main>
      <StepUpDialog />
    </div>
  );
}
