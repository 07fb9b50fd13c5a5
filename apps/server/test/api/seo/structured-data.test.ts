// What search engines and share previews read (issue 30, structured data): the landing page
// and each boat's page carry schema.org JSON-LD in the shape Google's rich results ask for, a
// hreflang alternate per language, an Open Graph preview; /sitemap.xml lists every public page
// and every boat on the site in every language, and nothing else.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { LANGUAGES } from '@boats/domain/languages';
import { bookings, reviews } from '../../../src/db/schema';
import { buildTestApp } from '../../helpers/test-app';
import {
  buyAndConfirm,
  createBoat,
  createSharedTrip,
  createSlot,
  HOUR,
  sharedRequest,
} from '../../helpers/checkout-fixtures';

const SITE = 'https://boats.example';
const NOW = new Date('2027-06-01T09:00:00Z');
const LATER = new Date('2027-06-20T09:00:00Z');
const ATTACK = '</script><script>alert(1)</script>';

// The built index.html's head as far as the server touches it (title, description, preview).
const head = (lang: string, title: string) =>
  `<!doctype html><html lang="${lang}" class="booting"><head><meta charset="UTF-8" /><title>${title}</title>` +
  '<meta name="description" content="The site." />' +
  '<meta property="og:type" content="website" />\n    <meta\n      property="og:title"\n      content="Template title"\n    />' +
  '<meta property="og:image" content="/media/hero/poster-1280.jpg" /></head>';
const SHELL = `${head('en', 'Template')}<body><div id="root"></div></body></html>`;

type Node = Record<string, unknown>;

function jsonLdOf(html: string): Node[] {
  const blocks = [...html.matchAll(/<script type="application\/ld\+json">([^]*?)<\/script>/g)];
  return blocks.map((block) => JSON.parse(block[1]!) as Node);
}

const metaOf = (html: string, property: string) =>
  [...html.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)">/g)]
    .filter((m) => m[1] === property)
    .map((m) =>
      m[2]!
        .replaceAll('&lt;', '<')
        .replaceAll('&gt;', '>')
        .replaceAll('&quot;', '"')
        .replaceAll('&amp;', '&'),
    );

const alternatesOf = (html: string) =>
  Object.fromEntries(
    [...html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)">/g)].map(
      (m): [string, string] => [m[1]!, m[2]!],
    ),
  );

/** Google's Product snippet and merchant listing rules, as far as a rental's page can meet them. */
function expectRichProduct(node: Node, rated: boolean) {
  expect(node['@context']).toBe('https://schema.org');
  expect(node['@type']).toBe('Product');
  expect(typeof node.name).toBe('string');
  expect((node.name as string).length).toBeGreaterThan(0);
  const images = node.image as string[];
  expect(images.length).toBeGreaterThan(0);
  for (const image of images) expect(image).toMatch(/^https:\/\//);
  const offer = node.offers as Node;
  expect(offer['@type']).toBe('Offer');
  expect(typeof offer.price).toBe('number');
  expect(offer.priceCurrency).toBe('EUR');
  expect(offer.availability).toMatch(/^https:\/\/schema\.org\/(InStock|SoldOut)$/);
  if (!rated) {
    expect(node).not.toHaveProperty('aggregateRating');
    return;
  }
  const rating = node.aggregateRating as Node;
  expect(rating['@type']).toBe('AggregateRating');
  expect(rating.ratingValue).toBeGreaterThanOrEqual(1);
  expect(rating.ratingValue).toBeLessThanOrEqual(5);
  expect(rating.reviewCount).toBeGreaterThan(0);
}

/** Google's LocalBusiness rules: name and a postal address; telephone and url recommended. */
function expectRichLocalBusiness(node: Node) {
  expect(node['@context']).toBe('https://schema.org');
  expect(node['@type']).toBe('LocalBusiness');
  expect(typeof node.name).toBe('string');
  const address = node.address as Node;
  expect(address['@type']).toBe('PostalAddress');
  expect(typeof address.streetAddress).toBe('string');
  expect(address.addressCountry).toBe('ES');
  expect(node.url).toMatch(/^https:\/\/boats\.example\//);
}

describe('structured data, language alternates, previews and the sitemap', async () => {
  const dist = await mkdtemp(join(tmpdir(), 'boats-dist-'));
  await writeFile(join(dist, 'index.html'), SHELL);
  await mkdir(join(dist, 'pages'));
  for (const lng of LANGUAGES) {
    await writeFile(
      join(dist, 'pages', `index.${lng}.html`),
      `${head(lng, `Landing ${lng}`)}<body>landing ${lng}</body></html>`,
    );
  }
  afterAll(() => rm(dist, { recursive: true, force: true }));
  const t = await buildTestApp({
    now: NOW,
    env: { WEB_DIST_DIR: dist, PUBLIC_URL: SITE, OPERATOR_PHONE: '+34 922 000 000' },
  });
  const db = t.ctx.db;

  const rated = await createBoat(db, {
    sortOrder: 1,
    title: { en: 'Blue Dolphin', es: 'Delfín Azul', de: 'Blauer Delfin' },
    description: {
      en: '<p>Dolphins &amp; whales, <b>snorkel</b> gear on board.</p>',
      de: '<p>Delfine und Wale.</p>',
    },
    images: ['/media/boats/blue-1-960.webp', '/media/boats/blue-2-960.webp'],
    portName: 'Puerto Colón',
    portAddress: 'Puerto Colón, 38660 Costa Adeje',
    harbourI18n: { name: { es: 'Puerto Colón (ES)' }, address: {}, note: {} },
    pricePerHourCents: 18000,
  });
  const attacked = await createBoat(db, {
    sortOrder: 2,
    title: { en: ATTACK },
    // A description is a little HTML: the attack written as text in it, read back as plain text.
    description: { en: `<p>${ATTACK.replaceAll('<', '&lt;').replaceAll('>', '&gt;')} &amp; more</p>` },
    images: ['https://cdn.example/photo.jpg'],
    portName: 'Los Cristianos',
    portAddress: 'Puerto de Los Cristianos',
  });
  const draft = await createBoat(db, { sortOrder: 3, title: { en: 'Draft boat' }, publishedAt: null });
  const suspended = await createBoat(db, { sortOrder: 4, title: { en: 'Suspended' }, suspendedAt: NOW });
  // The rated boat can be chartered (an open hour ahead); the other has nothing open.
  await createSlot(db, rated.id, { type: 'private', start: new Date(LATER.getTime() + 24 * HOUR) });

  // Three customers went out on the rated boat; two reviews are published, one is hidden.
  const trip = await createSharedTrip(db, rated.id, LATER, { seatsTotal: 12, seatPriceCents: 2000 });
  const pax = { adults: 1, children50: 0, kidsFree: 0 };
  const booked = [];
  for (const [name, email] of [
    ['Ana', 'ana@example.es'],
    ['Ben', 'ben@example.com'],
    ['Carl', 'carl@example.de'],
  ] as const) {
    booked.push(
      (await buyAndConfirm(t.app, sharedRequest(rated.id, trip, pax, { customer: { name, email } })))
        .bookingId,
    );
  }
  for (const id of booked) await db.update(bookings).set({ status: 'completed' }).where(eq(bookings.id, id));
  const review = (bookingId: string, stars: number, hidden = false) => ({
    bookingId,
    boatId: rated.id,
    stars,
    firstName: 'Someone',
    language: 'en',
    tripStartsAt: LATER,
    ...(hidden ? { hiddenAt: NOW, hiddenReason: 'abuse' as const } : {}),
  });
  await db
    .insert(reviews)
    .values([review(booked[0]!, 5), review(booked[1]!, 4), review(booked[2]!, 1, true)]);

  const get = async (url: string, headers: Record<string, string> = {}) => {
    const answer = await t.app.inject({ url, headers: { accept: 'text/html', ...headers } });
    expect(answer.statusCode).toBe(200);
    return answer.body;
  };

  it("describes the company on the landing page, with its harbours and the published reviews' rating", async () => {
    const html = await get('/');
    const [business, ...rest] = jsonLdOf(html);
    expect(rest).toEqual([]);
    expectRichLocalBusiness(business!);
    expect(business).toMatchObject({
      name: 'AD Boat Rental',
      telephone: '+34 922 000 000',
      url: `${SITE}/?lng=en`,
      aggregateRating: { ratingValue: 4.5, reviewCount: 2 },
    });
    const harbours = (business!.location as Node[]).map((place) => place.name);
    expect(harbours).toEqual(['Puerto Colón', 'Los Cristianos']);
    expect(html).not.toContain('Draft boat');
  });

  it('writes the landing page in the language it answers in', async () => {
    const html = await get('/', { 'accept-language': 'es-ES' });
    expect(html).toContain('landing es');
    const [business] = jsonLdOf(html);
    expect((business!.location as Node[])[0]).toMatchObject({ name: 'Puerto Colón (ES)' });
    expect(business!.description).toMatch(/Tenerife/);
    expect(metaOf(html, 'og:locale')).toEqual(['es_ES']);
    expect(metaOf(html, 'og:url')).toEqual([`${SITE}/?lng=es`]);
    expect(metaOf(html, 'og:image')).toEqual([`${SITE}/media/hero/poster-1280.jpg`]);
    // The template's own preview gives way: one og:title, the Spanish one.
    expect(metaOf(html, 'og:title')).toHaveLength(1);
    expect(metaOf(html, 'og:title')[0]).not.toBe('Template title');
  });

  it('names every language of a page and the x-default, in the ?lng= form', async () => {
    const expected = (path: string) => ({
      ...Object.fromEntries(LANGUAGES.map((lng) => [lng, `${SITE}${path}?lng=${lng}`])),
      'x-default': `${SITE}${path}`,
    });
    expect(alternatesOf(await get('/?lng=de'))).toEqual(expected('/'));
    expect(alternatesOf(await get(`/boats/${rated.id}`))).toEqual(expected(`/boats/${rated.id}`));
    for (const path of ['/booking', '/list-your-boat', '/legal/privacy', '/legal/terms', '/legal/notice']) {
      expect(alternatesOf(await get(path)), path).toEqual(expected(path));
      expect(alternatesOf(await get(`${path}?lng=fr`)), path).toEqual(expected(path));
    }
    // A booking's own pages are nobody's search result.
    for (const path of ['/booking/manage', '/review', '/waitlist/offer'])
      expect(alternatesOf(await get(path)), path).toEqual({});
  });

  it("describes a boat as a Product with its offer and rating, in the page's language", async () => {
    const html = await get(`/boats/${rated.id}?lng=de`);
    expect(html).toContain('<html lang="de"');
    const [product, ...rest] = jsonLdOf(html);
    expect(rest).toEqual([]);
    expectRichProduct(product!, true);
    expect(product).toMatchObject({
      name: 'Blauer Delfin',
      description: 'Delfine und Wale.',
      image: [`${SITE}/media/boats/blue-1-960.webp`, `${SITE}/media/boats/blue-2-960.webp`],
      url: `${SITE}/boats/${rated.id}?lng=de`,
      offers: { price: 180, priceCurrency: 'EUR', availability: 'https://schema.org/InStock' },
      aggregateRating: { ratingValue: 4.5, reviewCount: 2, bestRating: 5 },
    });
    expect(metaOf(html, 'og:title')).toEqual(['Blauer Delfin · AD Boat Rental']);
    expect(metaOf(html, 'og:image')).toEqual([`${SITE}/media/boats/blue-1-960.webp`]);
    expect(metaOf(html, 'og:locale')).toEqual(['de_DE']);
    expect(metaOf(html, 'twitter:card')).toEqual(['summary_large_image']);
    expect(html).toContain('<title>Blauer Delfin · AD Boat Rental</title>');

    const english = jsonLdOf(await get(`/boats/${rated.id}`))[0]!;
    expect(english.description).toBe('Dolphins & whales, snorkel gear on board.');
  });

  it('gives no rating to a boat without published reviews, and says when nothing is open', async () => {
    const [product] = jsonLdOf(await get(`/boats/${attacked.id}`));
    expectRichProduct(product!, false);
    expect(product!.offers).toMatchObject({ availability: 'https://schema.org/SoldOut' });
  });

  it("keeps an owner's text inside the JSON-LD and the preview: no </script> breakout", async () => {
    const html = await get(`/boats/${attacked.id}`);
    expect(html).not.toContain('<script>alert(1)</script>');
    // Exactly the one JSON-LD script opens, and it parses back to the owner's words.
    expect(html.match(/<script/g)).toHaveLength(1);
    const [product] = jsonLdOf(html);
    expect(product!.name).toBe(ATTACK);
    expect(product!.description).toBe(`${ATTACK} & more`);
    expect(metaOf(html, 'og:title')).toEqual([`${ATTACK} · AD Boat Rental`]);
    expect(metaOf(html, 'og:image')).toEqual(['https://cdn.example/photo.jpg']);
  });

  it("carries nothing for a boat that is not on the site, and leaves other pages' heads alone", async () => {
    for (const boat of [draft, suspended]) {
      const html = await get(`/boats/${boat.id}`);
      expect(jsonLdOf(html)).toEqual([]);
      expect(html).not.toContain('hreflang');
    }
    expect(await get('/admin/boats')).toBe(SHELL);
  });

  it('lists every public page and every boat on the site in every language in /sitemap.xml', async () => {
    const answer = await t.app.inject('/sitemap.xml');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^application\/xml/);
    const xml = answer.body;
    expect(xml).toContain('xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"');
    expect(xml).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    const entries = [...xml.matchAll(/<url>([^]*?)<\/url>/g)].map((m) => m[1]!);
    const locs = entries.map((entry) => /<loc>([^<]+)<\/loc>/.exec(entry)![1]);
    for (const boat of [rated, attacked]) {
      for (const lng of LANGUAGES) expect(locs).toContain(`${SITE}/boats/${boat.id}?lng=${lng}`);
    }
    for (const lng of LANGUAGES) {
      expect(locs).toContain(`${SITE}/?lng=${lng}`);
      expect(locs).toContain(`${SITE}/legal/terms?lng=${lng}`);
    }
    for (const hidden of [draft, suspended]) expect(xml).not.toContain(hidden.id);
    expect(new Set(locs).size).toBe(locs.length);
    // Each entry names all its languages and the x-default.
    for (const entry of entries) {
      const links = [...entry.matchAll(/<xhtml:link rel="alternate" hreflang="([^"]+)" href="([^"]+)"\/>/g)];
      expect(links.map((m) => m[1])).toEqual([...LANGUAGES, 'x-default']);
    }
  });

  it('names the sitemap in robots.txt', async () => {
    const answer = await t.app.inject('/robots.txt');
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toContain(`Sitemap: ${SITE}/sitemap.xml`);
    expect(answer.body).toContain('Disallow: /admin/');
  });
});
