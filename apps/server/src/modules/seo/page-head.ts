// What the server writes into the <head> of the landing page (/) and a boat's page
// (/boats/{id}) for search engines and share previews, in the language the page answers in:
// the JSON-LD (structured-data.ts), a `hreflang` alternate per language plus `x-default`, and
// the Open Graph / Twitter preview. The sitemap's other pages (/booking, /list-your-boat, the
// legal pages) get their `hreflang` alternates. Data from the public catalogue (read from its cache), so an
// unpublished or suspended boat's page carries none of it.
import type { LanguageCode } from '@boats/domain/languages';
import { intlLocale, LANGUAGES } from '@boats/domain/languages';
import { localized } from '@boats/domain/boat-card';
import type { Rating } from '@boats/domain/reviews';
import type { Boat } from '@boats/domain/schemas/boat';
import type { OperatorIdentity } from '@boats/domain/schemas/operator';
import type { CachedAnswer } from '../../http/answer-cache';
import type { PageHead } from '../../http/web-app';
import { localeTexts } from '../../locale-texts';
import { boatPath, INDEXED_PATHS, PUBLIC_PATHS } from '@boats/domain/public-paths';
import { absoluteUrl, languageAlternates, pageUrl, plainText } from './page-urls';
import { jsonLdScript, localBusinessJsonLd, productJsonLd, SITE_IMAGE } from './structured-data';

export type SeoSources = {
  publicUrl: string;
  operator: OperatorIdentity;
  /** The boats on the public site, as the catalogue answers them. */
  fleet: () => Promise<Boat[]>;
  /** Every published review's average and count (the landing page's rating line). */
  siteRating: () => Promise<Rating>;
};

const ratingOfAnswer = new WeakMap<CachedAnswer, Promise<Rating>>();

/**
 * The site's rating, read once per catalogue answer: a review's change renews the catalogue
 * (the reviews trigger), so the figure is as fresh as the fleet it is shown with.
 */
export function siteRatingOf(catalogue: CachedAnswer, read: () => Promise<Rating>): Promise<Rating> {
  let rating = ratingOfAnswer.get(catalogue);
  if (!rating) {
    rating = read();
    ratingOfAnswer.set(catalogue, rating);
    rating.catch(() => ratingOfAnswer.delete(catalogue));
  }
  return rating;
}

const BOAT_PAGE = new RegExp(`^${PUBLIC_PATHS.boats}/([0-9a-f-]{36})/?$`, 'i');
const common = localeTexts('common');

const escapeAttribute = (value: string) =>
  value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** og:locale's form: en_GB. */
const ogLocale = (lng: LanguageCode) => intlLocale(lng).replace('-', '_');

type Preview = { title: string; description: string; image: string; imageAlt: string; url: string };

function previewTags(
  { title, description, image, imageAlt, url }: Preview,
  lng: LanguageCode,
  siteName: string,
) {
  const og = (property: string, content: string) =>
    `<meta property="${property}" content="${escapeAttribute(content)}">`;
  const twitter = (name: string, content: string) =>
    `<meta name="${name}" content="${escapeAttribute(content)}">`;
  return [
    og('og:type', 'website'),
    og('og:site_name', siteName),
    og('og:title', title),
    og('og:description', description),
    og('og:url', url),
    og('og:image', image),
    og('og:image:alt', imageAlt),
    og('og:locale', ogLocale(lng)),
    ...LANGUAGES.filter((other) => other !== lng).map((other) => og('og:locale:alternate', ogLocale(other))),
    twitter('twitter:card', 'summary_large_image'),
    twitter('twitter:title', title),
    twitter('twitter:description', description),
    twitter('twitter:image', image),
    twitter('twitter:image:alt', imageAlt),
  ];
}

function alternateTags(publicUrl: string, path: string): string[] {
  return languageAlternates(publicUrl, path).map(
    ({ hreflang, href }) => `<link rel="alternate" hreflang="${hreflang}" href="${escapeAttribute(href)}">`,
  );
}

/** The head of `path` in `lng`, or undefined for pages it does not concern. */
export async function seoPageHead(
  path: string,
  lng: LanguageCode,
  sources: SeoSources,
): Promise<PageHead | undefined> {
  const { publicUrl, operator } = sources;
  const t = common(lng);
  if (path === '/') {
    const [fleet, siteRating] = await Promise.all([sources.fleet(), sources.siteRating()]);
    const title = t('meta.title');
    const description = t('meta.description');
    const business = localBusinessJsonLd({ operator, description, fleet, siteRating, lng, publicUrl });
    const preview = {
      title,
      description,
      image: absoluteUrl(publicUrl, SITE_IMAGE),
      imageAlt: title,
      url: pageUrl(publicUrl, '/', lng),
    };
    return {
      lng,
      tags: [
        jsonLdScript(business),
        ...alternateTags(publicUrl, '/'),
        ...previewTags(preview, lng, operator.name),
      ].join(''),
    };
  }
  // The other pages of the sitemap: their language alternates (a page's own language and
  // preview come with its prerendered copy).
  const indexed = INDEXED_PATHS.find((page) => page === path || `${page}/` === path);
  if (indexed) return { tags: alternateTags(publicUrl, indexed).join('') };
  const boatId = BOAT_PAGE.exec(path)?.[1]?.toLowerCase();
  if (!boatId) return undefined;
  const boat = (await sources.fleet()).find((candidate) => candidate._id === boatId);
  if (!boat) return undefined;
  const name = localized(boat.titleI18n, boat.title, lng);
  const title = `${name} · ${operator.name}`;
  const description =
    plainText(localized(boat.descriptionI18n, boat.description, lng), 200) || t('meta.description');
  const photo = boat.images[0];
  const preview = {
    title,
    description,
    image: absoluteUrl(publicUrl, photo ?? SITE_IMAGE),
    imageAlt: name,
    url: pageUrl(publicUrl, boatPath(boat._id), lng),
  };
  const product = productJsonLd({ boat, lng, publicUrl, seller: operator.name });
  return {
    lng,
    title,
    description,
    tags: [
      jsonLdScript(product),
      ...alternateTags(publicUrl, boatPath(boat._id)),
      ...previewTags(preview, lng, operator.name),
    ].join(''),
  };
}
