// PAYMENTS=sandbox: the operator runs the site with the sandbox card provider on purpose, so
// every page says at the top that bookings are tests (issue 23.5).
//
// The page arrives with the banner: the server writes it first thing inside #root of every page
// it sends while it runs with PAYMENTS=sandbox (apps/server/src/http/web-app.ts), in the page's
// language, as this component drew it at build time (entry-server.tsx, scripts/prerender.ts:
// dist/pages/test-bookings.{lng}.html). Nothing moves when the app starts, and no script asks the
// server for its payments config (which brought zod into the landing page's scripts). The app
// learns of it from the page itself (main.tsx) and draws it in the same place, so hydration finds
// what the server sent. Inside #root rather than beside it, because then React owns it: a change
// of language, or a page drawn afresh in a language kept in the browser, redraws it in that
// language with the rest of the page.
import { useTranslation } from 'react-i18next';
import { Banner } from '../shared/ui/banner';
import styles from './test-bookings-banner.module.css';

/** The banner's id: its presence in the page is how the browser learns the bookings are tests. */
const TEST_BOOKINGS_BANNER_ID = 'test-bookings';

export function TestBookingsBanner() {
  const { t } = useTranslation();
  return (
    <div id={TEST_BOOKINGS_BANNER_ID} className={styles.strip}>
      <Banner tone="error" title={t('testBookings.title')}>
        {t('testBookings.banner')}
      </Banner>
    </div>
  );
}

/** The server sent the page with the banner: it runs with PAYMENTS=sandbox. */
export function pageHasTestBookingsBanner(): boolean {
  return document.getElementById(TEST_BOOKINGS_BANNER_ID) !== null;
}
