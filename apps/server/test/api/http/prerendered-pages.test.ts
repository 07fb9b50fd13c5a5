// `/`, `/booking` and the public pages of text and forms answer with the page prerendered at build
// time in the visitor's language (apps/web/scripts/prerender.ts, a page named after its path);
// addresses the prerender did not cover get the plain shell. Under PAYMENTS=sandbox every page
// carries the test-bookings banner in its language, first inside #root.
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LANGUAGES, type LanguageCode } from '@boats/domain/languages';
import { buildTestApp } from '../../helpers/test-app';
import { createBoat } from '../../helpers/checkout-fixtures';

const page = (body: string) =>
  `<!doctype html><html><head><title>t</title></head><body>${body}</body></html>`;
const SHELL = page('<div id="root"></div>');
const LOCALES = new URL('../../../../web/public/locales/', import.meta.url);

/** The banner's title in a language, from the web app's texts. */
async function testBookingsTitle(lng: LanguageCode): Promise<string> {
  const common = JSON.parse(await readFile(new URL(`${lng}/common.json`, LOCALES), 'utf8')) as {
    testBookings: { title: string };
  };
  return common.testBookings.title;
}
/** The banner as the build draws it (apps/web/scripts/prerender.ts), reduced to its title. */
const testBookingsBanner = async (lng: LanguageCode) =>
  `<div id="test-bookings">${await testBookingsTitle(lng)}</div>`;

async function webBuild(): Promise<string> {
  const dist = await mkdtemp(join(tmpdir(), 'boats-dist-'));
  await writeFile(join(dist, 'index.html'), SHELL);
  await mkdir(join(dist, 'pages'));
  for (const lng of LANGUAGES) {
    await writeFile(join(dist, 'pages', `index.${lng}.html`), page(`<div id="root">landing ${lng}</div>`));
    await writeFile(join(dist, 'pages', `booking.${lng}.html`), page(`<div id="root">booking ${lng}</div>`));
    await writeFile(join(dist, 'pages', `legal-terms.${lng}.html`), page(`terms ${lng}`));
    await writeFile(join(dist, 'pages', `booking-manage.${lng}.html`), page(`manage ${lng}`));
    await writeFile(join(dist, 'pages', `test-bookings.${lng}.html`), await testBookingsBanner(lng));
  }
  return dist;
}

describe('prerendered pages', async () => {
  const dist = await webBuild();
  afterAll(() => rm(dist, { recursive: true, force: true }));
  const t = await buildTestApp({ env: { WEB_DIST_DIR: dist } });
  await createBoat(t.ctx.db, { sortOrder: 1, images: ['/media/boats/first-1-960.webp'] });
  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ url, headers: { accept: 'text/html', ...headers } });

  it('answers / in the language the browser asks for, English when it asks for none we have', async () => {
    expect((await get('/')).body).toContain('landing en');
    expect((await get('/', { 'accept-language': 'es-ES,es;q=0.9,en;q=0.8' })).body).toContain('landing es');
    expect((await get('/', { 'accept-language': 'nl-NL, ru;q=0.5, en;q=0.4' })).body).toContain('landing ru');
    expect((await get('/', { 'accept-language': 'nl, sv;q=0.9' })).body).toContain('landing en');
  });

  it('answers a German, French or Italian browser in its language', async () => {
    expect((await get('/', { 'accept-language': 'de-AT,de;q=0.9,en;q=0.5' })).body).toContain('landing de');
    expect((await get('/', { 'accept-language': 'nl, fr-CH;q=0.8, en;q=0.4' })).body).toContain('landing fr');
    expect((await get('/booking', { 'accept-language': 'it-IT' })).body).toContain('booking it');
  });

  it('lets ?lng= win over the cookie, and the cookie over Accept-Language', async () => {
    const headers = { 'accept-language': 'ru', cookie: 'lng=es' };
    expect((await get('/', headers)).body).toContain('landing es');
    expect((await get('/?lng=en', headers)).body).toContain('landing en');
    expect((await get('/booking?lng=ru&utm_source=mail')).body).toContain('booking ru');
  });

  it('says the answer varies with the language headers, and is never cached stale', async () => {
    const answer = await get('/booking', { 'accept-language': 'es' });
    expect(answer.body).toContain('booking es');
    expect(String(answer.headers.vary)).toMatch(/accept-language/);
    expect(String(answer.headers.vary)).toMatch(/cookie/);
    expect(answer.headers['cache-control']).toBe('no-cache');
  });

  it('writes the /booking preloads into the prerendered page', async () => {
    const html = (await get('/booking', { 'accept-language': 'ru' })).body;
    expect(html).toContain('booking ru');
    expect(html).toContain('/media/boats/first-1-480.avif');
  });

  it('gives the plain shell where the prerender does not fit: a chosen boat, a booking link, other pages', async () => {
    expect((await get('/booking?boatId=abc')).body).not.toContain('booking en');
    expect((await get('/booking?booking=7d4c1a52-3e3b-4b8e-9f57-111111111111')).body).not.toContain(
      'booking en',
    );
    // (the landing page's structured data and preview still go into the shell's head)
    const paymentReturn = (await get('/?payment_intent=pi_1&redirect_status=succeeded')).body;
    expect(paymentReturn).not.toContain('landing en');
    expect(paymentReturn).toContain('<body><div id="root"></div></body>');
    // A page the build did not prerender is the shell, with only its language alternates in the head.
    const privacy = (await get('/legal/privacy', { 'accept-language': 'es' })).body;
    expect(privacy).toContain('hreflang="es" href="http://localhost:3000/legal/privacy?lng=es"');
    expect(privacy.replace(/<link rel="alternate"[^>]*>/g, '')).toBe(SHELL);
    // A booking link on "my booking" is the browser's; /index is no address of the landing page.
    expect(
      (await get('/booking/manage?booking=7d4c1a52-3e3b-4b8e-9f57-111111111111&token=t')).body,
    ).not.toContain('manage en');
    expect((await get('/index')).body).not.toContain('landing en');
  });

  it("answers a prerendered page of text in the visitor's language, with its language alternates", async () => {
    const terms = (await get('/legal/terms', { 'accept-language': 'es' })).body;
    expect(terms).toContain('terms es');
    expect(terms).toContain('hreflang="es" href="http://localhost:3000/legal/terms?lng=es"');
    expect((await get('/legal/terms/', { cookie: 'lng=de' })).body).toContain('terms de');
    expect((await get('/booking/manage?lng=ru')).body).toContain('manage ru');
  });
});

describe('PAYMENTS=sandbox: the test-bookings banner in every page', async () => {
  const dist = await webBuild();
  afterAll(() => rm(dist, { recursive: true, force: true }));
  const sandbox = await buildTestApp({ env: { WEB_DIST_DIR: dist, PAYMENTS: 'sandbox' } });
  const plain = await buildTestApp({ env: { WEB_DIST_DIR: dist } });
  const get = (app: typeof plain.app, url: string, headers: Record<string, string> = {}) =>
    app.inject({ url, headers: { accept: 'text/html', ...headers } });

  it("writes it first inside #root of / and /booking, in the visitor's language", async () => {
    for (const lng of LANGUAGES) {
      const banner = `<div id="root">${await testBookingsBanner(lng)}`;
      expect((await get(sandbox.app, '/', { 'accept-language': lng })).body).toContain(
        `${banner}landing ${lng}</div>`,
      );
      expect((await get(sandbox.app, `/booking?lng=${lng}`)).body).toContain(`${banner}booking ${lng}</div>`);
    }
    // The same address answers with another language's banner: caches must key on what chose it.
    expect(String((await get(sandbox.app, '/', { cookie: 'lng=de' })).headers.vary)).toMatch(/cookie/);
  });

  it('writes it into the plain shell too, which the app then draws', async () => {
    const shell = (await get(sandbox.app, '/gift/voucher', { 'accept-language': 'it' })).body;
    expect(shell).toContain(`<div id="root">${await testBookingsBanner('it')}</div>`);
  });

  it('leaves every page without it when the site takes real payments', async () => {
    for (const url of ['/', '/booking', '/gift/voucher']) {
      const html = (await get(plain.app, url, { 'accept-language': 'es' })).body;
      expect(html).not.toContain('test-bookings');
      expect(html).not.toContain(await testBookingsTitle('es'));
    }
  });
});
