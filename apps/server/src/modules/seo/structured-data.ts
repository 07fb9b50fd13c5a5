// What search engines read about the company and each boat (schema.org JSON-LD, the shapes
// Google's rich results ask for): a LocalBusiness with its harbours on the landing page, a
// Product with its Offer on a boat's page. Built from the public catalogue (only boats on the
// site), texts in the page's language; a rating appears only when there are published reviews,
// as the rules forbid a made-up or empty one.
import { localized, offersCharter, sharedSeatOffer } from '@boats/domain/boat-card';
import type { LanguageCode } from '@boats/domain/languages';
import type { Rating } from '@boats/domain/reviews';
import type { Boat } from '@boats/domain/schemas/boat';
import type { OperatorIdentity } from '@boats/domain/schemas/operator';
import { boatPath } from '@boats/domain/public-paths';
import { absoluteUrl, pageUrl, plainText } from './page-urls';

type JsonLd = Record<string, unknown>;

const SCHEMA = 'https://schema.org';
/** The landing page's photo: the business's image. */
export const SITE_IMAGE = '/media/hero/poster-1280.jpg';

/**
 * A JSON-LD block for a page's <head>. Boat texts are written by owners: `<`, `>` and `&` are
 * written as JSON escapes, so no text can close the script element (`</script>`) or open a
 * comment in it, and the JSON still reads the same.
 */
export function jsonLdScript(data: JsonLd): string {
  const json = JSON.stringify(data)
    .replaceAll('<', '\\u003c')
    .replaceAll('>', '\\u003e')
    .replaceAll('&', '\\u0026')
    .replaceAll('\u2028', '\\u2028')
    .replaceAll('\u2029', '\\u2029');
  return `<script type="application/ld+json">${json}</script>`;
}

function aggregateRating(rating: Rating | undefined): JsonLd | undefined {
  if (!rating || rating.count === 0) return undefined;
  return {
    '@type': 'AggregateRating',
    ratingValue: rating.average,
    reviewCount: rating.count,
    bestRating: 5,
    worstRating: 1,
  };
}

/** An address as one line (that is how the operator and the boats' harbours are stored). */
const postalAddress = (street: string, region?: string): JsonLd => ({
  '@type': 'PostalAddress',
  streetAddress: street,
  ...(region ? { addressRegion: region } : {}),
  addressCountry: 'ES',
});

/** The company behind the site, for the landing page. */
export function localBusinessJsonLd(input: {
  operator: OperatorIdentity;
  description: string;
  fleet: Boat[];
  siteRating: Rating;
  lng: LanguageCode;
  publicUrl: string;
}): JsonLd {
  const { operator, fleet, lng, publicUrl } = input;
  // Each harbour once, in the page's language (boats of one harbour share it).
  const harbours = new Map<string, JsonLd>();
  for (const boat of fleet) {
    const key = `${boat.port.name}\n${boat.port.address}`;
    if (!boat.port.name || harbours.has(key)) continue;
    harbours.set(key, {
      '@type': 'Place',
      name: localized(boat.harbourI18n?.name, boat.port.name, lng),
      address: postalAddress(localized(boat.harbourI18n?.address, boat.port.address, lng), 'Tenerife'),
    });
  }
  const rating = aggregateRating(input.siteRating);
  return {
    '@context': SCHEMA,
    '@type': 'LocalBusiness',
    '@id': `${publicUrl}/#business`,
    name: operator.name,
    legalName: operator.legalName,
    description: input.description,
    url: pageUrl(publicUrl, '/', lng),
    image: absoluteUrl(publicUrl, SITE_IMAGE),
    ...(operator.phone ? { telephone: operator.phone } : {}),
    email: operator.email,
    address: postalAddress(operator.address),
    areaServed: { '@type': 'Place', name: 'Tenerife' },
    currenciesAccepted: 'EUR',
    ...(harbours.size > 0 ? { location: [...harbours.values()] } : {}),
    ...(rating ? { aggregateRating: rating } : {}),
  };
}

const AVAILABILITY = {
  inStock: 'https://schema.org/InStock',
  soldOut: 'https://schema.org/SoldOut',
};

/**
 * The boat's offer: the whole boat per hour when it can be chartered (as the fleet card says
 * "from"), else one adult's seat on the shortest shared trip ahead; sold out when nothing is
 * open, at the hourly price it is published at.
 */
function offerOf(boat: Boat, url: string, seller: string): JsonLd {
  const common = {
    '@type': 'Offer',
    url,
    priceCurrency: 'EUR',
    seller: { '@type': 'Organization', name: seller },
  };
  if (offersCharter(boat)) {
    return {
      ...common,
      price: boat.pricing.perHour,
      availability: AVAILABILITY.inStock,
      priceSpecification: {
        '@type': 'UnitPriceSpecification',
        price: boat.pricing.perHour,
        priceCurrency: 'EUR',
        unitCode: 'HUR',
        referenceQuantity: { '@type': 'QuantitativeValue', value: 1, unitCode: 'HUR' },
      },
    };
  }
  const seat = sharedSeatOffer(boat);
  if (seat) return { ...common, price: seat.euros, availability: AVAILABILITY.inStock };
  return {
    ...common,
    price: boat.pricing.perHour > 0 ? boat.pricing.perHour : boat.shared.pricing.perHour,
    availability: AVAILABILITY.soldOut,
  };
}

/** A boat as a product, for its page (/boats/{id}). */
export function productJsonLd(input: {
  boat: Boat;
  lng: LanguageCode;
  publicUrl: string;
  seller: string;
}): JsonLd {
  const { boat, lng, publicUrl } = input;
  const url = pageUrl(publicUrl, boatPath(boat._id), lng);
  const rating = aggregateRating(boat.rating);
  return {
    '@context': SCHEMA,
    '@type': 'Product',
    '@id': `${publicUrl}${boatPath(boat._id)}#boat`,
    sku: boat._id,
    name: localized(boat.titleI18n, boat.title, lng),
    description: plainText(localized(boat.descriptionI18n, boat.description, lng)),
    url,
    ...(boat.images.length > 0 ? { image: boat.images.map((image) => absoluteUrl(publicUrl, image)) } : {}),
    brand: { '@type': 'Brand', name: input.seller },
    offers: offerOf(boat, url, input.seller),
    ...(rating ? { aggregateRating: rating } : {}),
  };
}
