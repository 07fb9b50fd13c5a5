// The server renderer: the same app as the browser's, in a router fixed to one address, rendered
// to HTML once every split-out part it shows has loaded. scripts/prerender.ts calls it at build
// time (the landing page and the /booking shell, without data); the server loads its build
// (dist-server/entry-server.js) at start and draws the booking pages with it on request, with
// the fleet of its catalogue cache, and the legal pages with the operator's identity
// (apps/server/src/http/server-rendered-pages.ts,
// docs/performance.md#the-booking-page-drawn-on-the-server). The prerender also draws the
// test-bookings banner alone, which the server writes into its pages under PAYMENTS=sandbox
// (app/test-bookings-banner.tsx). Nothing here runs in the browser.
import { StrictMode, type ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import type { Resource } from 'i18next';
import type { Boat } from '@boats/domain/schemas/boat';
import type { OperatorIdentity } from '@boats/domain/schemas/operator';
import { AppRoutes } from './app/app';
import { seededQueryClient } from './app/page-data';
import { TestBookingsBanner } from './app/test-bookings-banner';
import type { LanguageCode } from '@boats/domain/languages';
import { initI18nForPrerender } from './shared/i18n/i18n';

export type PrerenderedPage = {
  /** The inside of #root. */
  html: string;
  /** The translation namespaces the page used, to ship inside it for hydration. */
  namespaces: string[];
  title: string;
  description: string;
};

/** What the page is drawn with, as the browser's queries will hold it (app/page-data.ts). */
export type PageData = {
  /** The fleet, as GET /api/boats answers it. */
  boats?: { items: Boat[] };
  /** Who runs the site, as GET /api/operator answers it: the legal pages name it. */
  operator?: OperatorIdentity;
};

type UsedNamespaces = { usedNamespaces: Record<string, boolean> };

// i18next is one instance with one current language (currentLanguage() reads it), and a render
// yields between its slices: two renders at once would draw each other's language. One at a time.
let previous: Promise<unknown> = Promise.resolve();

function inTurn<T>(work: () => Promise<T>): Promise<T> {
  const turn = previous.then(work, work);
  previous = turn.catch(() => undefined);
  return turn;
}

export function renderPage(
  url: string,
  lng: LanguageCode,
  resources: Resource,
  data: PageData = {},
): Promise<PrerenderedPage> {
  return inTurn(() => render(url, lng, resources, data));
}

/** The test-bookings banner in one language: the HTML the app draws first inside #root. */
export function renderTestBookingsBanner(lng: LanguageCode, resources: Resource): Promise<string> {
  return inTurn(async () => {
    initI18nForPrerender(lng, resources);
    return htmlOf(<TestBookingsBanner />);
  });
}

async function render(
  url: string,
  lng: LanguageCode,
  resources: Resource,
  data: PageData,
): Promise<PrerenderedPage> {
  const i18n = initI18nForPrerender(lng, resources);
  // react-i18next records every namespace a component asks for; start each page afresh.
  const report = (i18n as unknown as { reportNamespaces?: UsedNamespaces }).reportNamespaces;
  if (report) report.usedNamespaces = {};
  // Descriptions are HTML the browser sanitises (shared/api/get-boats.ts) and no page
  // drawn here shows: they are left out rather than drawn unsanitised by mistake.
  const boats = data.boats?.items.map(({ descriptionI18n: _html, ...boat }) => boat);
  const queryClient = seededQueryClient({ boats, operator: data.operator });
  let html: string;
  try {
    html = await htmlOf(
      <StrictMode>
        <StaticRouter location={url}>
          <AppRoutes queryClient={queryClient} />
        </StaticRouter>
      </StrictMode>,
    );
  } catch (error) {
    throw new Error(`rendering ${url} (${lng}) failed: ${String(error)}`, { cause: error });
  } finally {
    queryClient.clear();
  }
  return {
    html,
    namespaces: ['common', ...Object.keys(report?.usedNamespaces ?? {}).filter((ns) => ns !== 'common')],
    title: i18n.t('meta.title'),
    description: i18n.t('meta.description'),
  };
}

/** The element's HTML once every split-out part it shows has loaded; the first error throws. */
async function htmlOf(element: ReactNode): Promise<string> {
  const errors: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(element, {
    // Past this many bytes React sends a boundary's content hidden with an inline script that
    // moves it in place; the pages' Content-Security-Policy blocks inline scripts, so a long page
    // (a boat's in Russian) showed its loading state until the app started. Everything in place.
    progressiveChunkSize: Number.POSITIVE_INFINITY,
    onError: (error) => void errors.push(error),
  });
  let html = '';
  for await (const chunk of prelude) html += String(chunk);
  if (errors.length > 0) throw errors[0];
  return html;
}
