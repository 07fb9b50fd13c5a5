// A boat as the visitor reads it: texts in their language and the fleet card of docs/product.md §3. Kept
// apart from the schemas so the landing page can build cards without loading zod.
import type { LanguageCode } from './languages';
import { centsToEuros, eurosToCents } from './money';
import { charterPrice, charterRatesOf, type CharterRate } from './pricing';
import type { Boat, BoatListItem, LocalizedText } from './schemas/boat';

export function localized(text: LocalizedText | undefined, fallback: string, lang: LanguageCode): string {
  return text?.[lang] || text?.en || fallback;
}

/**
 * Whether the boat can be chartered whole: it has an hourly price and, when the answer says,
 * charter slots ahead; a boat whose answer does not say is assumed to have them.
 */
export function offersCharter(boat: Boat): boolean {
  return boat.pricing.perHour > 0 && (boat.offers?.charter ?? true);
}

/**
 * What one adult's seat on a shared trip costs, for the shortest open trip ahead: "€60 per
 * adult, 3 h" says what can be bought, where "€20 per seat per hour" of a fixed 3-hour trip did not.
 */
export function sharedSeatOffer(boat: Boat): { euros: number; hours: number } | undefined {
  const perHour = sharedPriceFrom(boat);
  const hours = boat.offers?.sharedHours;
  if (perHour === undefined || hours === undefined) return undefined;
  return { euros: centsToEuros(Math.round(eurosToCents(perHour) * hours)), hours };
}

/** The seat price per hour when the boat runs shared trips, else undefined. */
export function sharedPriceFrom(boat: Boat): number | undefined {
  const runsShared = boat.offers?.shared ?? true;
  return runsShared && boat.shared.pricing.perHour > 0 ? boat.shared.pricing.perHour : undefined;
}

/**
 * Fleet card for a boat. priceFrom is the charter per-hour price (the whole boat), or 0 when
 * the boat cannot be chartered now, so the card shows only what can be bought (the seat price,
 * a different unit, is shown from sharedPriceFrom and never mixed into "from").
 */
export function toBoatListItem(boat: Boat, lang: LanguageCode): BoatListItem {
  return {
    id: boat._id,
    title: localized(boat.titleI18n, boat.title, lang),
    licenseNote: boat.requiresLicense ? 'required' : 'notRequired',
    description: localized(boat.descriptionI18n, boat.description, lang),
    image: boat.images[0] ?? '',
    images: boat.images,
    location: localized(boat.harbourI18n?.name, boat.port.name, lang),
    priceFrom: offersCharter(boat) ? boat.pricing.perHour : 0,
    currency: '€',
  };
}

export interface DayPrice {
  rate: Exclude<CharterRate, 'hourly'>;
  /** The published price, in euros. */
  euros: number;
  /** The hours it covers. */
  hours: number;
}

/**
 * The half-day and full-day prices a charter of this boat is charged at their lengths, for the
 * card and the booking screen. A published price the hourly price undercuts at its own length
 * is never charged (domain charterPrice), so it is not shown either.
 */
export function dayPrices(boat: Pick<Boat, 'pricing'>): DayPrice[] {
  const rates = charterRatesOf(boat.pricing);
  const lengths = [
    ['halfDay', rates.halfDayHours],
    ['fullDay', rates.fullDayHours],
  ] as const;
  return lengths.flatMap(([rate, hours]) => {
    const price = charterPrice(rates, hours);
    return price.rate === rate ? [{ rate, euros: centsToEuros(price.amountCents), hours }] : [];
  });
}
