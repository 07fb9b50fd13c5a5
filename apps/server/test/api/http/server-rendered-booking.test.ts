// /booking is drawn on request by the web app's own code (its Vite build for Node), in the
// visitor's language, with the fleet of the catalogue cache: the HTML holds every boat's title
// and the first photo's <img>, and a committed change to a boat shows on the next answer. A
// renderer that fails leaves the build-time page to answer (docs/performance.md#the-booking-page-drawn-on-the-server).
// The legal pages are drawn by it too, with the operator's identity their texts name. The same
// renderer draws the build's pages of text and forms (apps/web/scripts/prerender.ts): each in its
// language, none of it in English on another language's page.
import { execFileSync } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { LANGUAGES, type LanguageCode } from '@boats/domain/languages';
import { boats } from '../../../src/db/schema';
import { buildTestApp } from '../../helpers/test-app';
import { createBoat } from '../../helpers/checkout-fixtures';

const WEB_DIR = fileURLToPath(new URL('../../../../web/', import.meta.url));

/** The build-time page's shape (apps/web/scripts/prerender.ts): #root, then the texts. */
const builtPage = (lng: string) =>
  `<!doctype html><html lang="${lng}"><head><title>t</title></head><body>` +
  `<div id="root"><p>built ${lng}</p></div>\n    <script type="application/json" id="prerendered-texts">{}</script>` +
  `</body></html>`;

/** A web build: index.html, the build-time booking pages, the texts. */
async function webBuild(): Promise<string> {
  const dist = await mkdtemp(join(tmpdir(), 'boats-dist-'));
  await writeFile(join(dist, 'index.html'), builtPage('en'));
  await mkdir(join(dist, 'pages'));
  for (const lng of LANGUAGES) {
    await writeFile(join(dist, 'pages', `booking.${lng}.html`), builtPage(lng));
    await writeFile(join(dist, 'pages', `legal-privacy.${lng}.html`), builtPage(lng));
    await writeFile(join(dist, 'pages', `test-bookings.${lng}.html`), `<div id="test-bookings">${lng}</div>`);
  }
  await cp(join(WEB_DIR, 'public', 'locales'), join(dist, 'locales'), { recursive: true });
  return dist;
}

/** The web app's server build, as `vite build` makes it beside the browser's (apps/web/vite.config.ts). */
function buildRenderer(outDir: string): void {
  const script = `import { build } from 'vite';
await build({ logLevel: 'error', build: { ssr: 'src/entry-server.tsx', outDir: ${JSON.stringify(outDir)}, emptyOutDir: true, manifest: false, copyPublicDir: false } });`;
  execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: WEB_DIR, stdio: 'pipe' });
}

type Texts = Record<string, Record<string, Record<string, unknown>>>;

/** Every language's texts as the build ships them (public/locales/{lng}/{ns}.json). */
async function webTexts(): Promise<Texts> {
  const texts: Texts = {};
  for (const lng of LANGUAGES) {
    texts[lng] = {};
    const dir = join(WEB_DIR, 'public', 'locales', lng);
    for (const file of await readdir(dir)) {
      texts[lng][file.replace(/\.json$/, '')] = JSON.parse(await readFile(join(dir, file), 'utf8')) as Record<
        string,
        unknown
      >;
    }
  }
  return texts;
}

/** A text as React writes it into HTML. */
const inHtml = (text: string) =>
  text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#x27;');

describe('the booking page drawn on the server', async () => {
  const dist = await webBuild();
  const broken = await webBuild();
  afterAll(async () => {
    for (const dir of [dist, `${dist}-server`, broken, `${broken}-server`])
      await rm(dir, { recursive: true, force: true });
  });
  buildRenderer(`${dist}-server`);
  await mkdir(`${broken}-server`);
  await writeFile(
    join(`${broken}-server`, 'entry-server.js'),
    'export async function renderPage() { throw new Error("the renderer broke"); }\n',
  );

  const t = await buildTestApp({ env: { WEB_DIST_DIR: dist } });
  const first = await createBoat(t.ctx.db, {
    sortOrder: 1,
    title: { en: 'Morning Star', es: 'Estrella de la Mañana' },
    images: ['/media/boats/first-1-960.webp'],
  });
  await createBoat(t.ctx.db, {
    sortOrder: 2,
    title: { en: 'Blue Whale', es: 'Ballena Azul' },
    images: ['/media/boats/second-1-960.webp'],
  });
  const page = async (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ url, headers: { accept: 'text/html', ...headers } });
  // The renderer itself, as the build calls it (scripts/prerender.ts), and the texts it draws with.
  const { renderPage } = (await import(pathToFileURL(join(`${dist}-server`, 'entry-server.js')).href)) as {
    renderPage: (url: string, lng: LanguageCode, resources: Texts) => Promise<{ html: string }>;
  };
  const texts = await webTexts();
  const text = (lng: LanguageCode, ns: string, key: string) =>
    key
      .split('.')
      .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], texts[lng]?.[ns]) as string;

  it("holds every boat's title in the visitor's language and the first photo's <img>", async () => {
    const english = await page('/booking');
    expect(english.statusCode).toBe(200);
    expect(english.body).not.toContain('built en');
    expect(english.body).toContain('Morning Star');
    expect(english.body).toContain('Blue Whale');
    expect(english.body).toMatch(
      /<img src="\/media\/boats\/first-1-960\.webp"[^>]*loading="eager" fetchPriority="high"/,
    );
    expect(english.body).toContain(
      'srcSet="/media/boats/first-1-480.avif 480w, /media/boats/first-1-960.avif 960w" sizes="(max-width: 575.98px) 100vw, 300px"',
    );
    // The fleet it was drawn with travels inside it, so the browser does not ask again.
    expect(english.body).toContain('<script type="application/json" id="page-data">{"boats":{"items":[');
    expect(english.body).not.toContain('href="/api/boats" as="fetch"');

    const spanish = await page('/booking', { 'accept-language': 'es-ES,es;q=0.9' });
    expect(spanish.body).toContain('<html lang="es"');
    expect(spanish.body).toContain('Estrella de la Mañana');
    expect(spanish.body).toContain('Ballena Azul');
    expect(spanish.body).not.toContain('>Morning Star<');
    expect(spanish.body).toMatch(/<img src="\/media\/boats\/first-1-960\.webp"[^>]*fetchPriority="high"/);
    expect(String(spanish.headers.vary)).toMatch(/accept-language/);
    expect(spanish.headers['cache-control']).toBe('no-cache');
  });

  it('shows a changed title on the very next answer', async () => {
    expect((await page('/booking?lng=es')).body).toContain('Estrella de la Mañana');
    await t.ctx.db
      .update(boats)
      .set({ title: { en: 'Evening Star', es: 'Estrella de la Tarde' } })
      .where(eq(boats.id, first.id));
    const after = (await page('/booking?lng=es')).body;
    expect(after).toContain('Estrella de la Tarde');
    expect(after).not.toContain('Estrella de la Mañana');
    expect((await page('/booking')).body).toContain('Evening Star');
  });

  it('draws /booking?mode=tickets, and leaves a booking link to the browser', async () => {
    const tickets = await page('/booking?mode=tickets&lng=es');
    expect(tickets.body).toContain('Ballena Azul');
    const link = await page('/booking?booking=7d4c1a52-3e3b-4b8e-9f57-111111111111');
    expect(link.body).not.toContain('page-data');
  });

  it('carries the test-bookings banner under PAYMENTS=sandbox, first inside #root, in its language', async () => {
    expect((await page('/booking?lng=es')).body).not.toContain('test-bookings');
    const sandbox = await buildTestApp({ env: { WEB_DIST_DIR: dist, PAYMENTS: 'sandbox' } });
    await createBoat(sandbox.ctx.db, { title: { en: 'Sea Breeze', es: 'Brisa' } });
    const drawn = await sandbox.app.inject({ url: '/booking?lng=es', headers: { accept: 'text/html' } });
    expect(drawn.body).toMatch(/<div id="root"><div id="test-bookings">es<\/div><[^]*>Brisa</);
  });

  it("draws a boat's page whole in every language, nothing left for an inline script to reveal", async () => {
    // Past 12,800 bytes (the Russian page) React sent a boundary's content hidden, with an inline
    // script to move it in place, which the Content-Security-Policy blocks: the visitor saw the
    // loading spinner until the app had started, and React reported error 419.
    for (const lng of LANGUAGES) {
      const drawn = await page(`/boats/${first.id}?lng=${lng}`);
      expect(drawn.body).toContain(`<html lang="${lng}"`);
      expect(drawn.body).toContain(`>${inHtml(text(lng, 'booking', 'dialog.titleOne'))}</h1>`);
      // The boat's gallery, drawn in place.
      expect(drawn.body).toMatch(/<img src="\/media\/boats\/first-1-960\.webp"/);
      expect(drawn.body).not.toContain('<template id="B:');
      expect(drawn.body).not.toContain('<div hidden id="S:');
      expect(drawn.body).not.toMatch(/<script>/);
    }
  });

  it('answers the build-time page when the renderer fails, never an error', async () => {
    const other = await buildTestApp({ env: { WEB_DIST_DIR: broken } });
    await createBoat(other.ctx.db, { images: ['/media/boats/first-1-960.webp'] });
    const answer = await other.app.inject({ url: '/booking?lng=ru', headers: { accept: 'text/html' } });
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toContain('built ru');
  });

  it("draws a legal page with the operator's identity, in every language, and carries it", async () => {
    const operator = (await t.app.inject({ url: '/api/operator' })).json<{ legalName: string }>();
    for (const lng of LANGUAGES) {
      const drawn = await page(`/legal/privacy?lng=${lng}`);
      expect(drawn.body).toContain(`<html lang="${lng}"`);
      expect(drawn.body).not.toContain(`built ${lng}`);
      expect(drawn.body).toContain(`>${inHtml(text(lng, 'legal', 'privacy.title'))}</h1>`);
      expect(drawn.body).toContain(inHtml(text(lng, 'legal', 'privacy.intro')));
      // The texts filled with the operator's name, not a loading placeholder.
      expect(drawn.body).toContain(
        `>${inHtml(text(lng, 'legal', 'privacy.sections.controller.heading'))}</h2>`,
      );
      expect(drawn.body).toContain(inHtml(operator.legalName));
      if (lng !== 'en') expect(drawn.body).not.toContain(inHtml(text('en', 'legal', 'privacy.intro')));
    }
    expect((await page('/legal/privacy/', { cookie: 'lng=es' })).body).toContain(
      `<script type="application/json" id="page-data">${JSON.stringify({ operator }).replaceAll('<', '\\u003c')}</script>`,
    );
    // A page the build has no template for, or an address with a query of its own, is not drawn.
    expect((await page('/legal/privacy?document=x&lng=de')).body).not.toContain('page-data');
  });

  it("draws the gift page's heading and introduction in every language, the form with them", async () => {
    for (const lng of LANGUAGES) {
      const { html } = await renderPage('/gift', lng, texts);
      expect(html).toContain(`>${inHtml(text(lng, 'gift', 'title'))}</h1>`);
      expect(html).toContain(inHtml(text(lng, 'gift', 'intro')));
      expect(html).toContain(inHtml(text(lng, 'gift', 'form.recipient')));
      if (lng !== 'en') {
        expect(html).not.toContain(inHtml(text('en', 'gift', 'title')));
        expect(html).not.toContain(inHtml(text('en', 'gift', 'intro')));
      }
    }
  });
});
