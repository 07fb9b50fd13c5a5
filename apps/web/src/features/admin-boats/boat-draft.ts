// The editor keeps every field as the text the admin typed; boatInputSchema (the server's own
// schema) turns the draft into a boat or into per-field error keys.
import type { FieldErrors, Resolver } from 'react-hook-form';
import { boatInputSchema, newBoatDefaults, type Boat, type BoatInput } from '@boats/domain/schemas/boat';

export type BoatDraft = {
  title: string;
  titleEs: string;
  titleRu: string;
  description: string;
  descriptionEs: string;
  descriptionRu: string;
  images: string;
  portName: string;
  portAddress: string;
  capacity: string;
  minDurationHours: string;
  maxDurationHours: string;
  verified: boolean;
  isActive: boolean;
  requiresLicense: boolean;
  perHour: string;
  halfDay: string;
  perDay: string;
  sharedPerHour: string;
  minSeatsToDepart: string;
  /** Not edited here, kept so a save does not wipe them. */
  geoNote: string;
  inclusions: string[];
};

/** Form field name → the schema path its errors come from. */
export const DRAFT_PATHS: Record<string, keyof BoatDraft> = {
  title: 'title',
  description: 'description',
  images: 'images',
  'port.name': 'portName',
  'port.address': 'portAddress',
  capacity: 'capacity',
  minDurationHours: 'minDurationHours',
  maxDurationHours: 'maxDurationHours',
  'pricing.perHour': 'perHour',
  'pricing.halfDay': 'halfDay',
  'pricing.perDay': 'perDay',
  'shared.pricing.perHour': 'sharedPerHour',
  'shared.minSeatsToDepart': 'minSeatsToDepart',
};

const text = (n: number | null | undefined) => (n == null ? '' : String(n));

export function draftFromBoat(boat: Boat | BoatInput): BoatDraft {
  return {
    title: boat.titleI18n?.en || boat.title,
    titleEs: boat.titleI18n?.es ?? '',
    titleRu: boat.titleI18n?.ru ?? '',
    description: boat.descriptionI18n?.en ?? boat.description,
    descriptionEs: boat.descriptionI18n?.es ?? '',
    descriptionRu: boat.descriptionI18n?.ru ?? '',
    images: boat.images.join('\n'),
    portName: boat.port.name,
    portAddress: boat.port.address,
    capacity: text(boat.capacity),
    minDurationHours: text(boat.minDurationHours),
    maxDurationHours: text(boat.maxDurationHours),
    verified: boat.verified,
    isActive: boat.isActive,
    requiresLicense: boat.requiresLicense,
    perHour: text(boat.pricing.perHour),
    halfDay: text(boat.pricing.halfDay),
    perDay: text(boat.pricing.perDay),
    sharedPerHour: text(boat.shared.pricing.perHour),
    minSeatsToDepart: text(boat.shared.minSeatsToDepart),
    geoNote: boat.geoNote,
    inclusions: boat.inclusions,
  };
}

export const newBoatDraft = (): BoatDraft => draftFromBoat(newBoatDefaults);

/** '' → NaN so the schema reports "enter a number"; otherwise the number typed (comma allowed). */
const num = (value: string) => (value.trim() === '' ? Number.NaN : Number(value.replace(',', '.')));
const optionalNum = (value: string) => (value.trim() === '' ? null : num(value));

export type DraftResult =
  { ok: true; boat: BoatInput } | { ok: false; errors: Partial<Record<keyof BoatDraft, string>> };

export function parseDraft(draft: BoatDraft): DraftResult {
  const candidate = {
    title: draft.title,
    description: draft.description,
    titleI18n: { en: draft.title, es: draft.titleEs, ru: draft.titleRu },
    descriptionI18n: { en: draft.description, es: draft.descriptionEs, ru: draft.descriptionRu },
    images: draft.images
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean),
    port: { name: draft.portName, address: draft.portAddress },
    capacity: num(draft.capacity),
    minDurationHours: num(draft.minDurationHours),
    maxDurationHours: num(draft.maxDurationHours),
    verified: draft.verified,
    isActive: draft.isActive,
    requiresLicense: draft.requiresLicense,
    geoNote: draft.geoNote,
    inclusions: draft.inclusions,
    pricing: {
      perHour: num(draft.perHour),
      halfDay: optionalNum(draft.halfDay),
      perDay: optionalNum(draft.perDay),
    },
    shared: { pricing: { perHour: num(draft.sharedPerHour) }, minSeatsToDepart: num(draft.minSeatsToDepart) },
  };
  const parsed = boatInputSchema.safeParse(candidate);
  if (parsed.success) return { ok: true, boat: parsed.data };
  const errors: Partial<Record<keyof BoatDraft, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = draftField(issue.path.map(String).join('.'));
    if (field && !errors[field]) errors[field] = issue.message;
  }
  // zod skips the schema's cross-field checks while any field is invalid; show them at once.
  const [min, max] = [candidate.minDurationHours, candidate.maxDurationHours];
  if (!errors.maxDurationHours && !errors.minDurationHours && min > max)
    errors.maxDurationHours = 'validation.maxBelowMin';
  return { ok: false, errors };
}

/** The draft field a schema path's error belongs to (`images.2` → images). */
export function draftField(schemaPath: string): keyof BoatDraft | undefined {
  return DRAFT_PATHS[schemaPath.startsWith('images.') ? 'images' : schemaPath];
}

/** React Hook Form's resolver for the boat form: boatInputSchema through parseDraft. */
export const boatDraftResolver: Resolver<BoatDraft, unknown, BoatInput> = (draft) => {
  const parsed = parseDraft(draft);
  if (parsed.ok) return { values: parsed.boat, errors: {} };
  const errors: FieldErrors<BoatDraft> = {};
  for (const [field, message] of Object.entries(parsed.errors)) {
    errors[field as keyof BoatDraft] = { type: 'validation', message };
  }
  return { values: {}, errors };
};
