// The admin form's payload (euros, one title plus translations) to the boat columns (cents,
// one JSON text per field). English is the main `title`/`description`; blank translations are
// dropped so the public site falls back to English instead of showing nothing.
import { randomUUID } from 'node:crypto';
import { DEFAULT_CANCELLATION_POLICY, sortedRules } from '@boats/domain/cancellation-policy';
import { eurosToCents } from '@boats/domain/money';
import { DEFAULT_RESCHEDULE_POLICY } from '@boats/domain/reschedule-policy';
import { TRANSLATED_LANGUAGES } from '@boats/domain/languages';
import type {
  BoatInput,
  HarbourTranslations,
  InclusionTranslations,
  LocalizedText,
  Translations,
} from '@boats/domain/schemas/boat';
import type { BoatExtraInput } from '@boats/domain/schemas/extras';
import { priceRuleOf } from '@boats/domain/price-rules';
import type { BoatExtraRow } from '../../db/schema';
import type { NewBoatRow } from './boat-repository';

/** The translations that say something, each trimmed when `trim` (a title's own spaces are kept). */
function translationsOf(given: Translations | undefined, trim: boolean): Translations {
  const out: Translations = {};
  for (const lng of TRANSLATED_LANGUAGES) {
    const text = given?.[lng];
    if (text?.trim()) out[lng] = trim ? text.trim() : text;
  }
  return out;
}

function texts(main: string, translations: LocalizedText | undefined): LocalizedText {
  return { en: main, ...translationsOf(translations, false) };
}

function harbourTranslations(input: BoatInput['harbourI18n']): HarbourTranslations {
  return {
    name: translationsOf(input?.name, true),
    address: translationsOf(input?.address, true),
    note: translationsOf(input?.note, true),
  };
}

/** The translations of the boat's inclusions that say something; those of removed ones go. */
function inclusionTranslations(
  inclusions: readonly string[],
  given: InclusionTranslations,
): InclusionTranslations {
  const out: InclusionTranslations = {};
  for (const item of inclusions) {
    const texts = translationsOf(Object.hasOwn(given, item) ? given[item] : undefined, true);
    if (Object.keys(texts).length > 0) out[item] = texts;
  }
  return out;
}

/** The boat's own rules, or null when there are none or they say the same as the site default. */
function ownPolicy(rules: BoatInput['cancellationPolicy']): NewBoatRow['cancellationPolicy'] {
  if (!rules?.length) return null;
  const sorted = sortedRules(rules);
  return JSON.stringify(sorted) === JSON.stringify(DEFAULT_CANCELLATION_POLICY) ? null : sorted;
}

/** The boat's reschedule policy in cents, or null when it says the same as the site default. */
function ownReschedulePolicy(input: BoatInput['reschedulePolicy']): NewBoatRow['reschedulePolicy'] {
  if (!input) return null;
  const policy = {
    allowed: input.allowed,
    hoursBefore: input.hoursBefore,
    maxTimes: input.maxTimes,
    feeCents: eurosToCents(input.fee),
  };
  return JSON.stringify(policy) === JSON.stringify(DEFAULT_RESCHEDULE_POLICY) ? null : policy;
}

/** The editor's extras in cents; a new one gets its id here, a kept one keeps its own. */
function extrasOf(input: readonly BoatExtraInput[]): BoatExtraRow[] {
  return input.map((extra) => ({
    id: extra.id ?? randomUUID(),
    name: { ...translationsOf(extra.name, true), en: extra.name.en.trim() },
    description: { ...translationsOf(extra.description, true), en: extra.description.en.trim() },
    priceCents: eurosToCents(extra.price),
    per: extra.per,
    maxQuantity: extra.maxQuantity,
    noticeHours: extra.noticeHours,
    provider: extra.provider,
  }));
}

export function boatInputToRow(input: BoatInput): Omit<NewBoatRow, 'id' | 'slug' | 'sortOrder' | 'ownerId'> {
  return {
    title: texts(input.title, input.titleI18n),
    description: texts(input.description, input.descriptionI18n),
    images: input.images,
    portName: input.port.name,
    portAddress: input.port.address,
    capacity: input.capacity,
    minDurationHours: input.minDurationHours,
    maxDurationHours: input.maxDurationHours,
    verified: input.verified,
    requiresLicense: input.requiresLicense,
    ...(input.licence !== undefined ? { licence: input.licence } : {}),
    ...(input.securityDeposit !== undefined ? { depositCents: eurosToCents(input.securityDeposit) } : {}),
    ...(input.claimWindowHours !== undefined ? { claimWindowHours: input.claimWindowHours } : {}),
    ...(input.foreignLicenceAccepted !== undefined
      ? { foreignLicenceAccepted: input.foreignLicenceAccepted }
      : {}),
    ...(input.conditionChecklist !== undefined ? { conditionChecklist: input.conditionChecklist } : {}),
    ...(input.agreementTerms !== undefined ? { agreementTerms: input.agreementTerms } : {}),
    geoNote: input.geoNote,
    // A form that does not send these fields leaves what is stored as it is.
    ...(input.harbourI18n ? { harbourI18n: harbourTranslations(input.harbourI18n) } : {}),
    ...(input.cancellationPolicy !== undefined
      ? { cancellationPolicy: ownPolicy(input.cancellationPolicy) }
      : {}),
    ...(input.reschedulePolicy !== undefined
      ? { reschedulePolicy: ownReschedulePolicy(input.reschedulePolicy) }
      : {}),
    inclusions: input.inclusions,
    ...(input.inclusionsI18n
      ? { inclusionsI18n: inclusionTranslations(input.inclusions, input.inclusionsI18n) }
      : {}),
    ...(input.extras !== undefined ? { extras: extrasOf(input.extras) } : {}),
    ...(input.bookingMode !== undefined ? { bookingMode: input.bookingMode } : {}),
    // A new rule gets its id here, a kept one keeps its own.
    ...(input.priceRules !== undefined
      ? { priceRules: input.priceRules.map((r) => priceRuleOf({ ...r, id: r.id ?? randomUUID() })) }
      : {}),
    pricePerHourCents: eurosToCents(input.pricing.perHour),
    priceHalfDayCents: input.pricing.halfDay == null ? 0 : eurosToCents(input.pricing.halfDay),
    pricePerDayCents: input.pricing.perDay == null ? 0 : eurosToCents(input.pricing.perDay),
    halfDayHours: input.pricing.halfDayHours,
    fullDayHours: input.pricing.fullDayHours,
    sharedPricePerHourCents: eurosToCents(input.shared.pricing.perHour),
    sharedMinSeatsToDepart: input.shared.minSeatsToDepart,
    // A form that does not send it keeps the stored cutoff.
    ...(input.shared.cutoffHours !== undefined ? { cutoffHours: input.shared.cutoffHours } : {}),
  };
}
