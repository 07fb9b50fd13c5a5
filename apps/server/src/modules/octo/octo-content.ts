// OCTO's content capability (docs/channels.md#content): a product's, option's and unit's texts in
// the language the reseller asked for by Accept-Language, from the boat's own translations and
// the site's locale files (apps/web/public/locales/{lang}/octo.json, email.json, booking.json).
// OCTO's Location needs coordinates, which a boat does not have: the meeting point goes out as a
// feature (PREARRIVAL_INFORMATION) with the harbour's name, address and note.
import { localized, typedInclusionIn } from '@boats/domain/boat-card';
import { effectivePolicy, sortedRules } from '@boats/domain/cancellation-policy';
import type { LanguageCode } from '@boats/domain/languages';
import type { OctoUnitId } from '@boats/domain/octo';
import type { Feature, FeatureType } from '@octocloud/types';
import { localeTexts } from '../../locale-texts';
import { harbourOf } from '../boats/boat-mapper';
import { emailTexts, labelled } from '../mail/email-i18n';
import type { ResellerRow } from '../resellers/reseller-repository';
import type { BoatRow } from './octo-repository';

const octoTexts = localeTexts('octo');
const bookingTexts = localeTexts('booking');

const feature = (type: `${FeatureType}`, shortDescription: string) => ({ type, shortDescription }) as Feature;

/** The first sentence of a text (OCTO's shortDescription), the whole text when it has one. */
function firstSentence(text: string): string {
  return /^.*?[.!?](?=\s|$)/s.exec(text.trim())?.[0] ?? text.trim();
}

/** Where to meet: the harbour's name, address and note in the language, as one line. */
function meetingPoint(boat: BoatRow, language: LanguageCode): string {
  const harbour = harbourOf(boat);
  const place = [harbour.name, harbour.address, harbour.note]
    .map((text) => localized(text, '', language).trim())
    .filter(Boolean)
    .join(' · ');
  return labelled(language, emailTexts(language)('common.meetingPoint'), place);
}

/** The refund by hours before departure: the boat's policy, or the reseller's full-refund agreement. */
function cancellationTerms(boat: BoatRow, reseller: ResellerRow, language: LanguageCode): string[] {
  if (reseller.cancellation === 'full_refund') return [octoTexts(language)('fullRefund')];
  const t = emailTexts(language);
  return [
    ...sortedRules(effectivePolicy(boat.cancellationPolicy)).map((rule) =>
      t('common.policyRule', { count: rule.hoursBefore, percent: rule.refundPercent }),
    ),
    t('common.policyNone'),
  ];
}

export function productContent(boat: BoatRow, reseller: ResellerRow, language: LanguageCode) {
  const description = localized(boat.description, '', language);
  const inclusions = bookingTexts(language);
  return {
    title: localized(boat.title, '', language),
    shortDescription: firstSentence(description) || null,
    description: description || null,
    features: [
      // A known item in the site's words, a typed one in its owner's translation, else as typed.
      ...boat.inclusions.map((item) =>
        feature(
          'INCLUSION',
          inclusions(`inclusions.${item}`, {
            defaultValue: typedInclusionIn(boat.inclusionsI18n, item, language) ?? item,
          }),
        ),
      ),
      feature('PREARRIVAL_INFORMATION', meetingPoint(boat, language)),
      ...cancellationTerms(boat, reseller, language).map((term) => feature('CANCELLATION_TERM', term)),
    ],
    faqs: [],
    media: [],
    locations: [],
    categoryLabels: ['boat-tours' as const],
  };
}

/** The shared trip's texts, with the boat's minimum to depart and its cutoff where it has one. */
export function sharedOptionContent(boat: BoatRow, language: LanguageCode) {
  const t = octoTexts(language);
  const minimum = boat.sharedMinSeatsToDepart;
  return {
    title: t('options.shared'),
    shortDescription: t('options.sharedDescription'),
    description: null,
    features:
      minimum > 1
        ? [feature('BOOKING_TERM', t('minimumToDepart', { count: minimum, hours: boat.cutoffHours }))]
        : [],
    faqs: [],
    media: [],
    locations: [],
    categoryLabels: ['boat-tours' as const],
  };
}

/** A charter option's texts: the whole boat for so many hours. */
export function charterOptionContent(hours: number, language: LanguageCode) {
  const t = octoTexts(language);
  return {
    title: t('options.charter', { count: hours }),
    shortDescription: t('options.charterDescription'),
    description: null,
    features: [],
    faqs: [],
    media: [],
    locations: [],
    categoryLabels: ['boat-tours' as const, 'private-tours' as const],
  };
}

export function unitContent(unitId: OctoUnitId, language: LanguageCode) {
  const t = octoTexts(language);
  return { title: t(`units.${unitId}`), shortDescription: t(`units.${unitId}Note`) };
}
