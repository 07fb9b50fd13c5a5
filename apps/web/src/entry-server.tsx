// The build-time renderer (scripts/prerender.ts calls it once per page and language): the same
// app as the browser's, in a router fixed to one address, rendered to HTML once every split-out
// part it shows has loaded. Nothing here runs in the browser.
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import type { Resource } from 'i18next';
import { AppRoutes } from './app/app';
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

type UsedNamespaces = { usedNamespaces: Record<string, boolean> };

export async function renderPage(
  url: string,
  lng: LanguageCode,
  resources: Resource,
): Promise<PrerenderedPage> {
  const i18n = initI18nForPrerender(lng, resources);
  // react-i18next records every namespace a component asks for; start each page afresh.
  const report = (i18n as unknown as { reportNamespaces?: UsedNamespaces }).reportNamespaces;
  if (report) report.usedNamespaces = {};
  const errors: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <StaticRouter location={url}>
        <AppRoutes />
      </StaticRouter>
    </StrictMode>,
    { onError: (error) => void errors.push(error) },
  );
  let html = '';
  for await (const chunk of prelude) html += String(chunk);
  if (errors.length > 0) throw new Error(`prerendering ${url} (${lng}) failed: ${String(errors[0])}`);
  return {
    html,
    namespaces: ['common', ...Object.keys(report?.usedNamespaces ?? {}).filter((ns) => ns !== 'common')],
    title: i18n.t('meta.title'),
    description: i18n.t('meta.description'),
  };
}
