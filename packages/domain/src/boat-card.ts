// A boat as the visitor reads it: texts in their language and the fleet card of spec §3. Kept
// apart from the schemas so the landing page can build cards without loading zod.
import type { LanguageCode } from './schemas/common';
import type { Boat, BoatListItem, LocalizedText } from './schemas/boat';

export function localized(text: LocalizedText | undefined, fallback: string, lang: LanguageCode): string {
  return text?.[lang] || text?.en || fallback;
}

/**
 * Fleet card for a boat. priceFrom is the charter per-hour price (the whole boat): the
 * shared seat price is per person, a different unit, so it is not mixed into "from".
 */
export function toBoatListItem(boat: Boat, lang: LanguageCode): BoatListItem {
  return {
    id: boat._id,
    title: localized(boat.titleI18n, boat.title, lang),
    licenseNote: boat.requiresLicense ? 'required' : 'notRequired',
    description: localized(boat.descriptionI18n, boat.description, lang),
    image: boat.images[0] ?? '',
    images: boat.images,
    location: boat.port.name,
    priceFrom: boat.pricing.perHour,
    currency: '€',
  };
}
