import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import type { QueryClient } from '@tanstack/react-query';
import type { Resource } from 'i18next';
import { App } from './app/app';
import { pageQueryClient } from './app/page-data';
import { pageHasTestBookingsBanner } from './app/test-bookings-banner';
import { currentLanguage, initI18n } from './shared/i18n/i18n';
import './styles/global.css';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
// Read before React draws into #root, which a fresh render empties.
const testBookings = pageHasTestBookingsBanner();
const app = (queryClient?: QueryClient) => (
  <StrictMode>
    <App queryClient={queryClient} testBookings={testBookings} />
  </StrictMode>
);

// A prerendered page (scripts/prerender.ts) or one the server drew on request carries its
// language and its texts, and the latter the data it was drawn with (app/page-data.ts). It is hydrated
// when the visitor's language is that one; otherwise (a choice the server could not see, such
// as one kept only in this browser's storage) the app renders afresh in the visitor's language.
// Hydration runs as a transition: React then works in slices of a few milliseconds and lets the
// browser in between, instead of one long task (the landing page's blocking time). The page is
// painted already and takes no taps until the app has started (index.html).
const texts = document.getElementById('prerendered-texts');
if (texts?.textContent) {
  const prerendered = JSON.parse(texts.textContent) as { lng: string; resources: Resource };
  void Promise.all([initI18n(prerendered.resources).then(warmUpNumberFormatting), pageQueryClient()]).then(
    ([, queryClient]) => {
      if (currentLanguage() === prerendered.lng)
        startTransition(() => void hydrateRoot(root, app(queryClient)));
      else createRoot(root).render(app(queryClient));
    },
  );
} else {
  void initI18n();
  createRoot(root).render(app());
}

/**
 * The first number format a page makes loads the browser's locale data, some 12 ms on a fast
 * machine and four times that on a phone. Made here, in a task of its own, that wait is not
 * added to the hydration's slice that renders the hero's rating.
 */
function warmUpNumberFormatting(): Promise<void> {
  return new Promise((resolve) =>
    setTimeout(() => {
      new Intl.NumberFormat(currentLanguage()).format(1);
      setTimeout(resolve, 0);
    }, 0),
  );
}
