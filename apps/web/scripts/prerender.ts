// Writes the landing page, the /booking shell and the public pages of text and forms (my booking,
// list your boat, the gift page's form, the legal pages), in every language, as finished HTML into the build
// (dist/pages/{page}.{lng}.html, the page named after its path: /legal/terms is legal-terms), so
// their first screen paints before any JavaScript has loaded; the browser then hydrates it
// (src/main.tsx). The server answers each of those paths with the page of the visitor's language
// (apps/server/src/http/prerendered-pages.ts).
//
// Beside them, the test-bookings banner alone in every language (dist/pages/test-bookings.{lng}.html),
// which the server writes into every page it sends while it runs with PAYMENTS=sandbox
// (src/app/test-bookings-banner.tsx).
//
// Each page gets, beside the rendered app: its language and translated title, the texts it used
// (so hydration needs no request), and the stylesheets and scripts of the split-out parts it
// shows, which the plain index.html does not name. Data from the API is not baked in: the
// fleet shows as loading and is fetched in the browser, so a page never shows a stale price.
import { readdir, readFile, rm, writeFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Resource, ResourceLanguage } from 'i18next';
import { LANGUAGES, type LanguageCode } from '@boats/domain/languages';
import { LEGAL_DOCUMENTS, legalPath, PUBLIC_PATHS } from '@boats/domain/public-paths';
import type {
  PrerenderedPage,
  renderPage as RenderPage,
  renderTestBookingsBanner as RenderTestBookingsBanner,
} from '../src/entry-server';

type Page = {
  name: string;
  url: string;
  lazy: string[];
  heroPreload: boolean;
  /**
   * The app is requested and started only after the page's first paint (public/boot.js): for a
   * page whose first screen is all in its HTML. The booking page's is too: the server draws it
   * with the fleet, the first photo's <img> included (server-rendered-pages.ts), so its largest
   * paint no longer waits for the app, and the app's scripts no longer compete with that photo.
   */
  startAfterFirstPaint: boolean;
};
type ManifestChunk = { file: string; name?: string; isEntry?: boolean; css?: string[]; imports?: string[] };
type Manifest = Record<string, ManifestChunk>;
type Assets = { scripts: string[]; styles: string[] };

/**
 * The pages, and the split-out modules each shows on its first screen (their CSS must be in the
 * page from the start, their scripts are fetched beside the main one): source files, or shared
 * chunks as "chunk:{name}". One missing from the build manifest fails the build.
 */
function pagesOf(): Page[] {
  return [
    { name: 'index', url: PUBLIC_PATHS.home, lazy: [], heroPreload: true, startAfterFirstPaint: true },
    {
      name: 'booking',
      url: PUBLIC_PATHS.booking,
      lazy: [
        'src/features/booking/booking-page.tsx',
        // What reading the fleet the page carries loads (app/page-data.ts): the app hydrates
        // once it is there.
        'chunk:sanitize-rich-text',
      ],
      heroPreload: false,
      startAfterFirstPaint: true,
    },
    // Pages whose first screen is text and a form: drawn here, they paint before the app has run.
    {
      name: 'booking-manage',
      url: PUBLIC_PATHS.manageBooking,
      lazy: ['src/features/manage-booking/manage-booking-page.tsx'],
      heroPreload: false,
      startAfterFirstPaint: true,
    },
    {
      name: 'list-your-boat',
      url: PUBLIC_PATHS.listYourBoat,
      lazy: ['src/features/list-your-boat/list-your-boat-page.tsx'],
      heroPreload: false,
      startAfterFirstPaint: true,
    },
    {
      name: 'gift',
      url: PUBLIC_PATHS.gift,
      lazy: ['src/features/gift-vouchers/gift-page.tsx'],
      heroPreload: false,
      startAfterFirstPaint: true,
    },
    ...LEGAL_DOCUMENTS.map((document) => ({
      name: `legal-${document}`,
      url: legalPath(document),
      lazy: ['src/features/legal/legal-page.tsx'],
      heroPreload: false,
      startAfterFirstPaint: true,
    })),
  ];
}

const escapeHtml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');
// JSON inside <script type="application/json">: no "</script>" or "<!--" can end it early.
const scriptJson = (value: unknown) => JSON.stringify(value).replaceAll('<', '\\u003c');

async function loadResources(outDir: string): Promise<Record<LanguageCode, ResourceLanguage>> {
  const resources: Partial<Record<LanguageCode, ResourceLanguage>> = {};
  for (const lng of LANGUAGES) {
    const texts: ResourceLanguage = {};
    const dir = join(outDir, 'locales', lng);
    for (const file of await readdir(dir)) {
      if (!file.endsWith('.json')) continue;
      texts[file.replace(/\.json$/, '')] = JSON.parse(await readFile(join(dir, file), 'utf8')) as Resource;
    }
    resources[lng] = texts;
  }
  return resources as Record<LanguageCode, ResourceLanguage>;
}

/** A chunk and every chunk it imports statically, by manifest key. */
function closure(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  if (into.has(key)) return into;
  if (!manifest[key])
    throw new Error(`prerender: ${key} is not in the build manifest (renamed or no longer split out?)`);
  into.add(key);
  for (const next of manifest[key]?.imports ?? []) closure(manifest, next, into);
  return into;
}

/**
 * The scripts and stylesheets the split-out modules need beyond what index.html already loads
 * (the main entry and its static imports).
 */
function assetsOf(manifest: Manifest, sources: string[]): Assets {
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entry) throw new Error('prerender: the build manifest has no entry');
  const loaded = closure(manifest, entry);
  const needed = new Set<string>();
  for (const source of sources) {
    // "chunk:name": a chunk shared by several modules, known by its name, not one source file.
    const name = source.startsWith('chunk:') ? source.slice('chunk:'.length) : undefined;
    const key = name ? Object.keys(manifest).find((k) => manifest[k]?.name === name) : source;
    closure(manifest, key ?? source, needed);
  }
  const chunks = [...needed].filter((key) => !loaded.has(key)).map((key) => manifest[key]!);
  return {
    scripts: chunks.map((chunk) => chunk.file),
    styles: [...new Set(chunks.flatMap((chunk) => chunk.css ?? []))],
  };
}

/**
 * Vite's entry script and its modulepreload links, replaced by public/boot.js naming the same
 * files: as they were, the browser fetches the app beside the stylesheets and runs it before the
 * first frame, so the first paint waits for both. boot.js waits for the first contentful paint
 * (or 3 s, for a tab that does not paint), then adds the modulepreload links (data-preload, so
 * the modules come at once, not one after another) and the entry script (data-entry). It is kept
 * small: the landing page's JavaScript has a size budget.
 */
function startAppAfterFirstPaint(html: string, pageScripts: string[]): string {
  const entry = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(html);
  if (!entry) throw new Error('prerender: the built index.html has no entry <script type="module">');
  const preloads = [...html.matchAll(/\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g)];
  let page = html.replace(entry[0], '');
  for (const preload of preloads) page = page.replace(preload[0], '');
  const pagePreload = pageScripts.map((file) => `/${file}`).join(' ');
  const boot = `<script src="/boot.js" data-entry="${entry[1]}" data-preload="${preloads.map((m) => m[1]).join(' ')}"${pagePreload ? ` data-page-preload="${pagePreload}"` : ''} async></script>`;
  return page.replace('</head>', `  ${boot}\n  </head>`);
}

type PageParts = {
  lng: LanguageCode;
  page: Page;
  rendered: PrerenderedPage;
  resources: Record<LanguageCode, ResourceLanguage>;
  assets: Assets;
};

function pageHtml(template: string, { lng, page, rendered, resources, assets }: PageParts): string {
  let html = template
    .replace(/<html lang="[^"]*"/, `<html lang="${lng}"`)
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(rendered.title)}</title>`)
    .replace(
      /<meta\s+name="description"\s+content="[^"]*"\s*\/>/,
      `<meta name="description" content="${escapeHtml(rendered.description)}" />`,
    )
    // The page carries its texts; index.html's English preloads would be wasted requests.
    // (the comment just before them and the links; `(?:(?!-->)[^])*` keeps to that one comment)
    .replace(
      /\s*<!--(?:(?!-->)[^])*-->\s*(<link rel="preload" href="\/locales\/[^"]+" as="fetch"[^>]*>\s*)+/,
      '\n',
    );
  if (!page.heroPreload) html = html.replace(/\s*<link\s+rel="preload"\s+as="image"[^>]*\/>/, '');
  if (page.startAfterFirstPaint) html = startAppAfterFirstPaint(html, assets.scripts);
  const links = [
    ...assets.styles.map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
    ...(page.startAfterFirstPaint ? [] : assets.scripts).map(
      (file) => `<link rel="modulepreload" crossorigin href="/${file}">`,
    ),
  ].join('\n    ');
  const texts = Object.fromEntries(rendered.namespaces.map((ns) => [ns, resources[lng][ns]]));
  return html
    .replace('</head>', `  ${links}\n  </head>`)
    .replace(
      '<div id="root"></div>',
      `<div id="root">${rendered.html}</div>\n    <script type="application/json" id="prerendered-texts">${scriptJson({ lng, resources: { [lng]: texts } })}</script>`,
    );
}

/**
 * Completes the client build in `outDir` with the prerendered pages, using the server build of
 * src/entry-server.tsx in `ssrDir`. Returns how many pages it wrote.
 */
export async function prerender({ outDir, ssrDir }: { outDir: string; ssrDir: string }): Promise<number> {
  const template = await readFile(join(outDir, 'index.html'), 'utf8');
  const manifestPath = join(outDir, '.vite', 'manifest.json');
  const manifest = JSON.parse(await readFile(manifestPath, 'utf8')) as Manifest;
  const resources = await loadResources(outDir);
  const { renderPage, renderTestBookingsBanner } = (await import(
    pathToFileURL(join(ssrDir, 'entry-server.js')).href
  )) as {
    renderPage: typeof RenderPage;
    renderTestBookingsBanner: typeof RenderTestBookingsBanner;
  };
  const pages = pagesOf();

  await mkdir(join(outDir, 'pages'), { recursive: true });
  for (const page of pages) {
    const assets = assetsOf(manifest, page.lazy);
    for (const lng of LANGUAGES) {
      const rendered = await renderPage(page.url, lng, resources);
      const file = join(outDir, 'pages', `${page.name}.${lng}.html`);
      await writeFile(file, pageHtml(template, { lng, page, rendered, resources, assets }));
    }
  }
  for (const lng of LANGUAGES) {
    const banner = await renderTestBookingsBanner(lng, resources);
    await writeFile(join(outDir, 'pages', `test-bookings.${lng}.html`), banner);
  }
  // The manifest served its purpose and does not belong on the web.
  await rm(join(outDir, '.vite'), { recursive: true, force: true });
  return pages.length * LANGUAGES.length;
}
