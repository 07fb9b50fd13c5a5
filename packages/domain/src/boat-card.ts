// A boat as the visitor reads it: texts in their language and the fleet card of docs/product.md §3. Kept
// apart from the schemas so the landing page can build cards without loading zod.
import type { LanguageCode } from './languages';
import { centsToEuros, eurosToCents } from './money';
import { hoursBetween } from './canary-time';
import { priceRuleOf, seasonalRates, type SeasonalRates } from './price-rules';
import { charterPrice, charterRatesOf, sharedFaresCents, type CharterRate } from './pricing';
import type { Boat, BoatListItem, InclusionTranslations, LocalizedText } from './schemas/boat';

export function localized(text: LocalizedText | undefined, fallback: string, lang: LanguageCode): string {
  return text?.[lang] || text?.en || fallback;
}

/**
 * An inclusion its owner typed (not one the site translates itself) in the language: as typed
 * on the English page, its owner's translation elsewhere, undefined while they have none (the
 * page then shows the English, marked as such).
 */
export function typedInclusionIn(
  translations: InclusionTranslations | undefined,
  item: string,
  lang: LanguageCode,
): string | undefined {
  if (lang === 'en') return item;
  const own = translations && Object.hasOwn(translations, item) ? translations[item] : undefined;
  return own?.[lang]?.trim() || undefined;
}

/**
 * Whether the boat can be chartered whole: it has an hourly price and, when the answer says,
 * charter slots ahead; a boat whose answer does not say is assumed to have them.
 */
export function offersCharter(boat: Boat): boolean {
  return boat.pricing.perHour > 0 && (boat.offers?.charter ?? true);
}

/**
 * What one adult's seat on a shared trip costs, for the shortest open trip ahead at the lowest
 * seat price of the weeks ahead (the boat's price rules applied): "€60 per adult, 3 h" says
 * what can be bought, where "€20 per seat per hour" of a fixed 3-hour trip did not.
 */
export function sharedSeatOffer(boat: Boat): { euros: number; hours: number } | undefined {
  const perHour = sharedPriceFrom(boat);
  const hours = boat.offers?.sharedHours;
  if (perHour === undefined || hours === undefined) return undefined;
  return { euros: centsToEuros(Math.round(eurosToCents(perHour) * hours)), hours };
}

/**
 * The seat price per hour when the boat runs shared trips, else undefined: the lowest of the
 * open trips in the weeks ahead when the answer says (offers.seatFromPerHour), else the boat's.
 */
export function sharedPriceFrom(boat: Boat): number | undefined {
  const runsShared = boat.offers?.shared ?? true;
  const perHour = boat.offers?.seatFromPerHour ?? boat.shared.pricing.perHour;
  return runsShared && perHour > 0 ? perHour : undefined;
}

/**
 * The charter prices the card shows: the cheapest of the open charters in the weeks ahead with
 * the boat's price rules applied (offers.charterFrom), else the published ones.
 */
export function charterPricingFrom(boat: Pick<Boat, 'pricing' | 'offers'>): Boat['pricing'] {
  return boat.offers?.charterFrom ?? boat.pricing;
}

/**
 * The prices of a trip of this boat starting at `startsAt` (docs/payments.md#pricing): the
 * boat's charter rates and the slot's seat price (euros) with the boat's price rules applied.
 */
export function tripRatesAt(
  boat: Pick<Boat, 'pricing' | 'priceRules'>,
  seatPrice: number,
  startsAt: Date,
): SeasonalRates {
  return seasonalRates(
    { charter: charterRatesOf(boat.pricing), seatPerHourCents: eurosToCents(seatPrice) },
    (boat.priceRules ?? []).map(priceRuleOf),
    startsAt,
  );
}

/**
 * What a start costs in the calendar, in cents: one adult's seat for a shared trip, one hour of
 * a charter, at the rules' price for that start.
 */
export function startPriceCents(
  boat: Pick<Boat, 'pricing' | 'priceRules'>,
  mode: 'private' | 'shared',
  slot: { start: string; end: string; seatPrice: number },
): number {
  const rates = tripRatesAt(boat, slot.seatPrice, new Date(slot.start));
  if (mode === 'private') return rates.charter.perHourCents;
  return sharedFaresCents(rates.seatPerHourCents, hoursBetween(slot.start, slot.end)).adultCents;
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
    priceFrom: offersCharter(boat) ? charterPricingFrom(boat).perHour : 0,
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
 * card and the booking screen (from the cheapest charter ahead when the answer says). A published price the hourly price undercuts at its own length
 * is never charged (domain charterPrice), so it is not shown either.
 */
export function dayPrices(boat: Pick<Boat, 'pricing' | 'offers'>): DayPrice[] {
  const rates = charterRatesOf(charterPricingFrom(boat));
  const lengths = [
    ['halfDay', rates.halfDayHours],
    ['fullDay', rates.fullDayHours],
  ] as const;
  return lengths.flatMap(([rate, hours]) => {
    const price = charterPrice(rates, hours);
    return price.rate === rate ? [{ rate, euros: centsToEuros(price.amountCents), hours }] : [];
  });
}
