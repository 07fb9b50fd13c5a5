// The sitemap (sitemaps.org, with Google's xhtml:link language alternates): every public page
// and every boat on the public site, each in every language, each entry naming all its
// languages and the x-default. Unpublished, suspended and archived boats are not in the
// catalogue, so they are not here either.
import { LANGUAGES } from '@boats/domain/languages';
import { boatPath, INDEXED_PATHS } from '@boats/domain/public-paths';
import { languageAlternates, pageUrl } from './page-urls';

const escapeXml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

export function sitemapXml(publicUrl: string, boatIds: string[]): string {
  const paths = [...INDEXED_PATHS, ...boatIds.map(boatPath)];
  const entries = paths.flatMap((path) => {
    const links = languageAlternates(publicUrl, path)
      .map(
        ({ hreflang, href }) =>
          `    <xhtml:link rel="alternate" hreflang="${hreflang}" href="${escapeXml(href)}"/>`,
      )
      .join('\n');
    return LANGUAGES.map(
      (lng) => `  <url>\n    <loc>${escapeXml(pageUrl(publicUrl, path, lng))}</loc>\n${links}\n  </url>`,
    );
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...entries,
    '</urlset>',
    '',
  ].join('\n');
}

/** robots.txt: the back office is no search result; the sitemap's address. */
export function robotsTxt(publicUrl: string): string {
  return ['User-agent: *', 'Disallow: /admin/', '', `Sitemap: ${publicUrl}/sitemap.xml`, ''].join('\n');
}
