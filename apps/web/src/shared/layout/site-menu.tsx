// The top bar with the hamburger and the slide-in side menu (docs/product.md §2). The menu is a native
// modal <dialog>: the browser traps focus inside, Escape closes it, focus returns to the
// hamburger. Admin links appear only for the admin role, the desk's for an agent; /#login only for visitors signed out.
import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useAuth } from '../auth/auth-context';
import { useStepAside } from '../ui/use-step-aside';
import button from '../ui/button.module.css';
import styles from './site-menu.module.css';
import { paths } from '../paths';

export type SiteMenuProps = {
  /** Where the top-bar "book now" goes. */
  bookHref?: string;
  /** 'overlay': the landing page's fixed bar over the hero; 'inline': only the menu button, for the site header. */
  placement?: 'overlay' | 'inline';
};

const SECTIONS = ['home', 'fleet', 'why', 'contact'] as const;

export function SiteMenu({ bookHref = '#book', placement = 'overlay' }: SiteMenuProps) {
  const { t } = useTranslation();
  const { user, isAdmin, signingOut, signOut } = useAuth();
  const [open, setOpen] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  // Fixed over the page (the landing's overlay): it steps aside over the contact form and the footer.
  const fixedButton = useRef<HTMLButtonElement>(null);
  const aside = useStepAside(fixedButton);
  const signedIn = Boolean(user?.email);

  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);

  const close = () => setOpen(false);
  // Anchor links: let the browser scroll, then close so the page is visible.
  const onLink = () => close();
  const onBackdrop = (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target === dialog.current) close();
  };

  const menuButton = (
    <button
      ref={placement === 'overlay' ? fixedButton : undefined}
      type="button"
      className={styles.hamburger}
      data-aside={aside || undefined}
      aria-label={t('menu.open')}
      aria-expanded={open}
      aria-controls="site-menu"
      onClick={() => setOpen(true)}
    >
      <span aria-hidden="true" />
      <span aria-hidden="true" />
      <span aria-hidden="true" />
    </button>
  );

  return (
    <>
      {placement === 'inline' ? (
        menuButton
      ) : (
        <header className={styles.bar}>
          {menuButton}
          <a href={bookHref} className={`${button.primary} ${styles.barBook}`} data-placement="top-bar">
            {t('actions.bookNow')}
          </a>
        </header>
      )}

      <dialog
        ref={dialog}
        id="site-menu"
        className={styles.drawer}
        aria-label={t('menu.title')}
        onCancel={(event) => {
          event.preventDefault();
          close();
        }}
        onClick={onBackdrop}
      >
        <div className={styles.panel}>
          <div className={styles.head}>
            <span className={styles.brand}>{t('brand.name')}</span>
            <button type="button" className={styles.close} aria-label={t('menu.close')} onClick={close}>
              ×
            </button>
          </div>
          <nav aria-label={t('menu.title')}>
            <ul className={styles.links}>
              {SECTIONS.map((section) => (
                <li key={section}>
                  <a href={paths.home.getHref(section)} onClick={onLink}>
                    {t(`menu.${section}`)}
                  </a>
                </li>
              ))}
              <li>
                {/* A customer's way back to their booking: no account, the number and e-mail. */}
                <Link to={paths.manageBooking.getHref()} onClick={onLink}>
                  {t('menu.myBooking')}
                </Link>
              </li>
              <li>
                <Link to={paths.gift.getHref()} onClick={onLink}>
                  {t('menu.gift')}
                </Link>
              </li>
              <li>
                <Link to={paths.listYourBoat.getHref()} onClick={onLink}>
                  {t('menu.listYourBoat')}
                </Link>
              </li>
              {!signedIn && (
                <li>
                  <a href={paths.home.getHref('login')} onClick={onLink}>
                    {t('menu.login')}
                  </a>
                </li>
              )}
            </ul>
          </nav>
          {isAdmin && (
            <nav aria-label={t('menu.admin.title')} className={styles.admin}>
              <h2 className={styles.adminTitle}>{t('menu.admin.title')}</h2>
              <ul className={styles.links}>
                <li>
                  <Link to={paths.admin.boats.getHref()} onClick={onLink}>
                    {t('menu.admin.boats')}
                  </Link>
                </li>
                <li>
                  <Link to={paths.admin.bookings.getHref()} onClick={onLink}>
                    {t('menu.admin.bookings')}
                  </Link>
                </li>
                <li>
                  <Link to={paths.admin.messages.getHref()} onClick={onLink}>
                    {t('menu.admin.messages')}
                  </Link>
                </li>
              </ul>
            </nav>
          )}
          {user?.role === 'agent' && (
            <nav aria-label={t('menu.admin.title')} className={styles.admin}>
              <h2 className={styles.adminTitle}>{t('menu.admin.title')}</h2>
              <ul className={styles.links}>
                <li>
                  <Link to={paths.admin.agentDesk.getHref()} onClick={onLink}>
                    {t('menu.admin.desk')}
                  </Link>
                </li>
              </ul>
            </nav>
          )}
          {signedIn && (
            <div className={styles.account}>
              <p className={styles.who}>{t('menu.signedInAs', { email: user?.email })}</p>
              <button
                type="button"
                className={button.light}
                disabled={signingOut}
                // The menu stays open while the call runs, so the pending state is seen.
                onClick={() => void signOut().finally(close)}
              >
                {signingOut ? t('menu.signingOut') : t('menu.logout')}
              </button>
            </div>
          )}
        </div>
      </dialog>
    </>
  );
}
