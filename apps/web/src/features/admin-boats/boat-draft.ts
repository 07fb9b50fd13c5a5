// The editor keeps every field as the text the admin typed; boatInputSchema (the server's own
// schema) turns the draft into a boat or into per-field error keys.
import type { BookingMode } from '@boats/domain/request-to-book';
import type { FieldErrors, Resolver } from 'react-hook-form';
import { DEFAULT_CANCELLATION_POLICY } from '@boats/domain/cancellation-policy';
import { DEFAULT_RESCHEDULE_POLICY, reschedulePolicyWire } from '@boats/domain/reschedule-policy';
import type { ExtraPricing, ExtraProvider } from '@boats/domain/extras';
import type { PriceRuleKind } from '@boats/domain/price-rules';
import {
  LANGUAGES,
  TRANSLATED_LANGUAGES,
  type LanguageCode,
  type TranslatedLanguage,
} from '@boats/domain/languages';
import { typedInclusionIn } from '@boats/domain/boat-card';
import {
  boatInputSchema,
  newBoatDefaults,
  type Boat,
  type BoatInput,
  type InclusionTranslations,
} from '@boats/domain/schemas/boat';
import { DEFAULT_CUTOFF_HOURS } from '@boats/domain/trip-state';
import { DEFAULT_BOAT_LICENCE, type BoatLicence } from '@boats/domain/licences';
import type { AgreementTerms } from '@boats/domain/schemas/agreement';
import type { CheckKind } from '@boats/domain/condition-checklist';
import { DEFAULT_CLAIM_WINDOW_HOURS } from '@boats/domain/deposit-claims';

/** One cancellation rule as typed. */
type PolicyRuleDraft = { hoursBefore: string; refundPercent: string };

/** A boat's texts in one language other than English; a blank one shows the English. */
export type TranslationDraft = {
  title: string;
  description: string;
  portName: string;
  portAddress: string;
  geoNote: string;
};

/** One extra as typed: its name and description in every language, numbers as text. */
export type ExtraDraft = {
  /** '' for a new one: the server gives it its id. */
  id: string;
  name: Record<LanguageCode, string>;
  description: Record<LanguageCode, string>;
  price: string;
  per: ExtraPricing;
  maxQuantity: string;
  noticeHours: string;
  provider: ExtraProvider;
};

const perLanguage = (text: Partial<Record<LanguageCode, string>> | undefined) =>
  Object.fromEntries(LANGUAGES.map((lng) => [lng, text?.[lng] ?? ''])) as Record<LanguageCode, string>;

export const newExtraDraft = (): ExtraDraft => ({
  id: '',
  name: perLanguage(undefined),
  description: perLanguage(undefined),
  price: '',
  per: 'booking',
  maxQuantity: '1',
  noticeHours: '0',
  provider: 'owner',
});

/** One price rule as typed (docs/payments.md#pricing): numbers and dates as text. */
export type PriceRuleDraft = {
  /** '' for a new one: the server gives it its id. */
  id: string;
  kind: PriceRuleKind;
  /** A date range's first and last day, or a time rule's start times ('HH:mm'). */
  from: string;
  to: string;
  /** ISO weekdays ticked, as the checkboxes' values ('1' = Monday). */
  days: string[];
  change: 'percent' | 'fixed';
  percent: string;
  perHour: string;
  halfDay: string;
  fullDay: string;
  seatPerHour: string;
};

export const newPriceRuleDraft = (kind: PriceRuleKind): PriceRuleDraft => ({
  id: '',
  kind,
  from: kind === 'times' ? '18:00' : '',
  to: kind === 'times' ? '21:00' : '',
  days: kind === 'weekdays' ? ['6', '7'] : [],
  change: 'percent',
  percent: '',
  perHour: '',
  halfDay: '',
  fullDay: '',
  seatPerHour: '',
});

export type BoatDraft = {
  title: string;
  description: string;
  images: string;
  portName: string;
  portAddress: string;
  /** The meeting-point note (geoNote) in English; the translations fall back to it. */
  geoNote: string;
  /** The texts above in every other language of the site (field names `translations.de.title`…). */
  translations: Record<TranslatedLanguage, TranslationDraft>;
  /** False: the boat follows the site's default cancellation policy. */
  policyOwn: boolean;
  policy: PolicyRuleDraft[];
  /** False: the boat follows the site's default reschedule policy. */
  rescheduleOwn: boolean;
  rescheduleAllowed: boolean;
  rescheduleHours: string;
  rescheduleTimes: string;
  /** Euros. */
  rescheduleFee: string;
  capacity: string;
  minDurationHours: string;
  maxDurationHours: string;
  verified: boolean;
  requiresLicense: boolean;
  /** Which licence (domain licences), asked when requiresLicense. */
  licence: BoatLicence;
  /** The security deposit in euros; blank or 0: none (docs/payments.md#the-security-deposit). */
  securityDeposit: string;
  /** Hours after the return the owner may claim against the deposit (decision 40); blank: 48. */
  claimWindowHours: string;
  /** A skipper may show an equivalent licence of another country (the ICC), asked when requiresLicense. */
  foreignLicenceAccepted: boolean;
  /** The owner's rental agreement in English ('' : the platform's template; decision 39). */
  agreementTerms: string;
  /** Its other languages as stored (written through the boat's payload), kept as they are. */
  agreementTermsI18n: AgreementTerms;
  /** False: the platform's condition checklist (domain DEFAULT_CHECKLIST). */
  checklistOwn: boolean;
  /** The owner's items; a blank label keeps a platform item's name in every language. */
  checklist: { key: string; kind: CheckKind; label: string }[];
  perHour: string;
  halfDay: string;
  halfDayHours: string;
  perDay: string;
  fullDayHours: string;
  sharedPerHour: string;
  minSeatsToDepart: string;
  /** Hours before departure the minimum is checked; 0 = no cutoff. */
  cutoffHours: string;
  /** Instant booking or request-to-book (docs/payments.md#request-to-book). */
  bookingMode: BookingMode;
  /** The platform admin forced instant booking: the owner's choice waits (shown, not sent). */
  instantForced: boolean;
  /** Not edited here, kept so a save does not wipe them. */
  inclusions: string[];
  /**
   * Each inclusion in every other language, in the order of `inclusions` (field names
   * `inclusionTranslations.de.0`…); the editor asks only for those the site does not translate.
   */
  inclusionTranslations: Record<TranslatedLanguage, string[]>;
  extras: ExtraDraft[];
  priceRules: PriceRuleDraft[];
};

/** A schema path → the form field its errors show on. */
const DRAFT_PATHS: Record<string, string> = {
  title: 'title',
  description: 'description',
  images: 'images',
  'port.name': 'portName',
  'port.address': 'portAddress',
  geoNote: 'geoNote',
  ...Object.fromEntries(
    TRANSLATED_LANGUAGES.flatMap((lng) => [
      [`titleI18n.${lng}`, `translations.${lng}.title`],
      [`descriptionI18n.${lng}`, `translations.${lng}.description`],
      [`harbourI18n.name.${lng}`, `translations.${lng}.portName`],
      [`harbourI18n.address.${lng}`, `translations.${lng}.portAddress`],
      [`harbourI18n.note.${lng}`, `translations.${lng}.geoNote`],
    ]),
  ),
  capacity: 'capacity',
  minDurationHours: 'minDurationHours',
  maxDurationHours: 'maxDurationHours',
  'pricing.perHour': 'perHour',
  'pricing.halfDay': 'halfDay',
  'pricing.perDay': 'perDay',
  'pricing.halfDayHours': 'halfDayHours',
  'pricing.fullDayHours': 'fullDayHours',
  'shared.pricing.perHour': 'sharedPerHour',
  'shared.minSeatsToDepart': 'minSeatsToDepart',
  'shared.cutoffHours': 'cutoffHours',
  'reschedulePolicy.hoursBefore': 'rescheduleHours',
  'reschedulePolicy.maxTimes': 'rescheduleTimes',
  'reschedulePolicy.fee': 'rescheduleFee',
};

/** The images field holds one URL per line; blank lines do not count. */
export function imageLines(images: string): string[] {
  return images
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
}

const text = (n: number | null | undefined) => (n == null ? '' : String(n));

function translationsOf(boat: Boat | BoatInput): BoatDraft['translations'] {
  const harbour = 'harbourI18n' in boat ? boat.harbourI18n : undefined;
  const of = (lng: TranslatedLanguage): TranslationDraft => ({
    title: boat.titleI18n?.[lng] ?? '',
    description: boat.descriptionI18n?.[lng] ?? '',
    portName: harbour?.name[lng] ?? '',
    portAddress: harbour?.address[lng] ?? '',
    geoNote: harbour?.note[lng] ?? '',
  });
  return Object.fromEntries(TRANSLATED_LANGUAGES.map((lng) => [lng, of(lng)])) as BoatDraft['translations'];
}

function inclusionTranslationsOf(boat: Boat | BoatInput): BoatDraft['inclusionTranslations'] {
  const of = (lng: TranslatedLanguage) =>
    boat.inclusions.map((item) => typedInclusionIn(boat.inclusionsI18n, item, lng) ?? '');
  return Object.fromEntries(
    TRANSLATED_LANGUAGES.map((lng) => [lng, of(lng)]),
  ) as BoatDraft['inclusionTranslations'];
}

/** The typed inclusions' translations by their English text (blank ones the server drops). */
function inclusionsI18nOf(draft: BoatDraft): InclusionTranslations {
  const of = (i: number) =>
    Object.fromEntries(TRANSLATED_LANGUAGES.map((lng) => [lng, draft.inclusionTranslations[lng][i] ?? '']));
  return Object.fromEntries(draft.inclusions.map((item, i) => [item, of(i)]));
}

/** One text of the draft in the languages other than English (English is its main field). */
function translated(draft: BoatDraft, field: keyof TranslationDraft): Record<TranslatedLanguage, string> {
  return Object.fromEntries(
    TRANSLATED_LANGUAGES.map((lng) => [lng, draft.translations[lng][field]]),
  ) as Record<TranslatedLanguage, string>;
}

export function draftFromBoat(boat: Boat | BoatInput): BoatDraft {
  const own = 'cancellationPolicyIsDefault' in boat && boat.cancellationPolicyIsDefault === false;
  const rules = (own ? boat.cancellationPolicy : undefined) ?? DEFAULT_CANCELLATION_POLICY;
  return {
    title: boat.titleI18n?.en || boat.title,
    description: boat.descriptionI18n?.en ?? boat.description,
    images: boat.images.join('\n'),
    portName: boat.port.name,
    portAddress: boat.port.address,
    geoNote: boat.geoNote,
    translations: translationsOf(boat),
    policyOwn: own,
    policy: rules.map((r) => ({ hoursBefore: text(r.hoursBefore), refundPercent: text(r.refundPercent) })),
    ...rescheduleDraft(boat),
    capacity: text(boat.capacity),
    minDurationHours: text(boat.minDurationHours),
    maxDurationHours: text(boat.maxDurationHours),
    verified: boat.verified,
    requiresLicense: boat.requiresLicense,
    licence: boat.licence ?? DEFAULT_BOAT_LICENCE,
    securityDeposit: boat.securityDeposit ? text(boat.securityDeposit) : '',
    claimWindowHours: boat.claimWindowHours ? text(boat.claimWindowHours) : '',
    foreignLicenceAccepted: boat.foreignLicenceAccepted ?? true,
    agreementTerms: boat.agreementTerms?.en ?? '',
    agreementTermsI18n: boat.agreementTerms ?? {},
    checklistOwn: Boolean(boat.conditionChecklist?.length),
    checklist: (boat.conditionChecklist ?? []).map((item) => ({ ...item, label: item.label ?? '' })),
    perHour: text(boat.pricing.perHour),
    halfDay: text(boat.pricing.halfDay),
    halfDayHours: text(boat.pricing.halfDayHours),
    perDay: text(boat.pricing.perDay),
    fullDayHours: text(boat.pricing.fullDayHours),
    sharedPerHour: text(boat.shared.pricing.perHour),
    minSeatsToDepart: text(boat.shared.minSeatsToDepart),
    cutoffHours: text(boat.shared.cutoffHours ?? DEFAULT_CUTOFF_HOURS),
    bookingMode: boat.bookingMode ?? 'instant',
    instantForced: 'instantForced' in boat ? (boat.instantForced ?? false) : false,
    inclusions: boat.inclusions,
    inclusionTranslations: inclusionTranslationsOf(boat),
    extras: (boat.extras ?? []).map((e) => ({
      id: e.id ?? '',
      name: perLanguage(e.name),
      description: perLanguage(e.description),
      price: text(e.price),
      per: e.per,
      maxQuantity: text(e.maxQuantity),
      noticeHours: text(e.noticeHours),
      provider: e.provider,
    })),
    priceRules: ('priceRules' in boat ? (boat.priceRules ?? []) : []).map((r) => ({
      id: r.id ?? '',
      kind: r.kind,
      from: r.from,
      to: r.to,
      days: r.days.map(String),
      change: r.change,
      percent: text(r.percent),
      perHour: text(r.perHour),
      halfDay: text(r.halfDay),
      fullDay: text(r.fullDay),
      seatPerHour: text(r.seatPerHour),
    })),
  };
}

function rescheduleDraft(boat: Boat | BoatInput) {
  const own = 'reschedulePolicyIsDefault' in boat && boat.reschedulePolicyIsDefault === false;
  const policy = (own ? boat.reschedulePolicy : undefined) ?? reschedulePolicyWire(DEFAULT_RESCHEDULE_POLICY);
  return {
    rescheduleOwn: own,
    rescheduleAllowed: policy.allowed,
    rescheduleHours: text(policy.hoursBefore),
    rescheduleTimes: text(policy.maxTimes),
    rescheduleFee: text(policy.fee),
  };
}

/** A rule as typed, as the schema reads it ('' → NaN or null, so a blank shows as one). */
export function priceRuleCandidate(r: PriceRuleDraft) {
  return {
    ...(r.id ? { id: r.id } : {}),
    kind: r.kind,
    from: r.kind === 'weekdays' ? '' : r.from,
    to: r.kind === 'weekdays' ? '' : r.to,
    days: r.kind === 'weekdays' ? r.days.map(Number) : [],
    change: r.change,
    percent: r.change === 'percent' ? optionalNum(r.percent) : null,
    perHour: r.change === 'fixed' ? optionalNum(r.perHour) : null,
    halfDay: r.change === 'fixed' ? optionalNum(r.halfDay) : null,
    fullDay: r.change === 'fixed' ? optionalNum(r.fullDay) : null,
    seatPerHour: r.change === 'fixed' ? optionalNum(r.seatPerHour) : null,
  };
}

export const newBoatDraft = (): BoatDraft => draftFromBoat(newBoatDefaults);

/** '' → NaN so the schema reports "enter a number"; otherwise the number typed (comma allowed). */
const num = (value: string) => (value.trim() === '' ? Number.NaN : Number(value.replace(',', '.')));
const optionalNum = (value: string) => (value.trim() === '' ? null : num(value));

/** Errors by draft path: a field name, or `policy.0.hoursBefore` / `policy.root` for the rules. */
type DraftErrors = Record<string, string>;
export type DraftResult = { ok: true; boat: BoatInput } | { ok: false; errors: DraftErrors };

export function parseDraft(draft: BoatDraft): DraftResult {
  const candidate = {
    title: draft.title,
    description: draft.description,
    titleI18n: { en: draft.title, ...translated(draft, 'title') },
    descriptionI18n: { en: draft.description, ...translated(draft, 'description') },
    images: imageLines(draft.images),
    port: { name: draft.portName, address: draft.portAddress },
    capacity: num(draft.capacity),
    minDurationHours: num(draft.minDurationHours),
    maxDurationHours: num(draft.maxDurationHours),
    verified: draft.verified,
    requiresLicense: draft.requiresLicense,
    licence: draft.licence,
    securityDeposit: draft.securityDeposit.trim() === '' ? 0 : num(draft.securityDeposit),
    claimWindowHours:
      draft.claimWindowHours.trim() === '' ? DEFAULT_CLAIM_WINDOW_HOURS : num(draft.claimWindowHours),
    foreignLicenceAccepted: draft.foreignLicenceAccepted,
    agreementTerms: draft.agreementTerms.trim()
      ? { ...draft.agreementTermsI18n, en: draft.agreementTerms.trim() }
      : null,
    conditionChecklist:
      draft.checklistOwn && draft.checklist.length > 0
        ? draft.checklist.map(({ key, kind, label }) => ({
            key,
            kind,
            ...(label.trim() ? { label: label.trim() } : {}),
          }))
        : null,
    geoNote: draft.geoNote,
    harbourI18n: {
      name: translated(draft, 'portName'),
      address: translated(draft, 'portAddress'),
      note: translated(draft, 'geoNote'),
    },
    cancellationPolicy: draft.policyOwn
      ? draft.policy.map((r) => ({ hoursBefore: num(r.hoursBefore), refundPercent: num(r.refundPercent) }))
      : null,
    reschedulePolicy: draft.rescheduleOwn
      ? {
          allowed: draft.rescheduleAllowed,
          hoursBefore: num(draft.rescheduleHours),
          maxTimes: num(draft.rescheduleTimes),
          fee: num(draft.rescheduleFee),
        }
      : null,
    inclusions: draft.inclusions,
    inclusionsI18n: inclusionsI18nOf(draft),
    bookingMode: draft.bookingMode,
    extras: draft.extras.map((e) => ({
      ...(e.id ? { id: e.id } : {}),
      name: e.name,
      description: e.description,
      price: num(e.price),
      per: e.per,
      maxQuantity: num(e.maxQuantity),
      noticeHours: num(e.noticeHours),
      provider: e.provider,
    })),
    priceRules: draft.priceRules.map(priceRuleCandidate),
    pricing: {
      perHour: num(draft.perHour),
      halfDay: optionalNum(draft.halfDay),
      perDay: optionalNum(draft.perDay),
      halfDayHours: num(draft.halfDayHours),
      fullDayHours: num(draft.fullDayHours),
    },
    shared: {
      pricing: { perHour: num(draft.sharedPerHour) },
      minSeatsToDepart: num(draft.minSeatsToDepart),
      cutoffHours: num(draft.cutoffHours),
    },
  };
  const parsed = boatInputSchema.safeParse(candidate);
  if (parsed.success) return { ok: true, boat: parsed.data };
  const errors: DraftErrors = {};
  for (const issue of parsed.error.issues) {
    const field = draftField(issue.path.map(String).join('.'));
    if (field && !errors[field]) errors[field] = issue.message;
  }
  // zod skips the schema's cross-field checks while any field is invalid; show them at once.
  const [min, max] = [candidate.minDurationHours, candidate.maxDurationHours];
  if (!errors.maxDurationHours && !errors.minDurationHours && min > max)
    errors.maxDurationHours = 'validation.maxBelowMin';
  const [half, full] = [candidate.pricing.halfDayHours, candidate.pricing.fullDayHours];
  if (!errors.halfDayHours && !errors.fullDayHours && full <= half)
    errors.fullDayHours = 'validation.fullDayNotLonger';
  return { ok: false, errors };
}

/**
 * The draft field a schema path's error belongs to (`images.2` → images,
 * `cancellationPolicy.1.refundPercent` → policy.1.refundPercent, a rule set's own error → policy.root).
 */
export function draftField(schemaPath: string): string | undefined {
  if (schemaPath === 'cancellationPolicy') return 'policy.root';
  const rule = /^cancellationPolicy\.(\d+)\.(hoursBefore|refundPercent)$/.exec(schemaPath);
  if (rule) return `policy.${rule[1]}.${rule[2]}`;
  const extra = /^extras\.(\d+)\.(name\.\w+|description\.\w+|price|maxQuantity|noticeHours)$/.exec(
    schemaPath,
  );
  if (extra) return `extras.${extra[1]}.${extra[2]}`;
  const priceRule = /^priceRules\.(\d+)\.(from|to|days|percent|perHour|halfDay|fullDay|seatPerHour)$/.exec(
    schemaPath,
  );
  if (priceRule) return `priceRules.${priceRule[1]}.${priceRule[2]}`;
  return DRAFT_PATHS[schemaPath.startsWith('images.') ? 'images' : schemaPath];
}

/** Puts `message` at a dotted path of React Hook Form's nested error object. */
function setError(errors: Record<string, unknown>, path: string, message: string): void {
  const parts = path.split('.');
  let node = errors;
  for (const part of parts.slice(0, -1)) node = (node[part] ??= {}) as Record<string, unknown>;
  node[parts.at(-1)!] = { type: 'validation', message };
}

/** React Hook Form's resolver for the boat form: boatInputSchema through parseDraft. */
export const boatDraftResolver: Resolver<BoatDraft, unknown, BoatInput> = (draft) => {
  const parsed = parseDraft(draft);
  if (parsed.ok) return { values: parsed.boat, errors: {} };
  const errors: Record<string, unknown> = {};
  for (const [path, message] of Object.entries(parsed.errors)) setError(errors, path, message);
  return { values: {}, errors: errors as FieldErrors<BoatDraft> };
};
