/**
 * Building blocks shared by the payload schemas. Validation messages are i18n keys
 * ('validation.*'): the web app translates them, the server returns them as they are.
 */

import { z } from './zod';
import { isDateKey } from '../canary-time';
import { LANGUAGES } from '../languages';
import { hasWholeCents } from '../money';

/**
 * The id of every row the server stores: a random UUID made by the database, so a booking link
 * cannot be guessed. The one id schema: route parameters and bodies use it, and `isUuid` asks it.
 */
export const uuid = z.uuid();

/**
 * Whether a string can be an id at all. A service that answers 404 for any id it cannot find
 * asks this first, so a malformed id is an unknown one and never reaches the database as a uuid.
 */
export function isUuid(value: string): boolean {
  return uuid.safeParse(value).success;
}

/** An instant on the wire: ISO 8601 with seconds and an offset or Z, a real calendar date. */
export const isoInstant = z.iso.datetime({ offset: true });

/** A Canary calendar day, 'YYYY-MM-DD'. */
export const dateKey = z.string().refine(isDateKey, 'validation.date');

/** One of the site's languages (languages.ts). */
export const languageCode = z.enum(LANGUAGES);

/**
 * `?lang=` of a file the operator takes away (CSV, calendar feed): written in that language,
 * English when absent, since a calendar app or a plain link sends no language of its own.
 */
export const exportLanguageQuery = z.object({ lang: languageCode.default('en') });

/** Euros on the wire: not negative, whole cents. */
export const euroAmount = z
  .number()

  .min(0, 'validation.nonNegative')
  .refine(hasWholeCents, 'validation.cents');

/** Whole number ≥ 0 with an i18n message. */
export const count = z.number().int('validation.integer').min(0, 'validation.nonNegative');

/** Treats '' and whitespace as "not given", so an empty form field is the same as a missing one. */
export function blankToUndefined(value: unknown): unknown {
  return typeof value === 'string' && value.trim() === '' ? undefined : value;
}

/**
 * For query-string numbers: '20' → 20, '' or absent → undefined (so an inner .default() applies),
 * anything else unchanged. Wrap the number schema: z.preprocess(fromQueryNumber, z.number()…).
 */
export function fromQueryNumber(value: unknown): unknown {
  const v = blankToUndefined(value);
  return typeof v === 'string' ? Number(v) : v;
}

/** Optional trimmed text from a query string or form; blank becomes undefined. */
export function optionalText(max = 500) {
  return z.preprocess(blankToUndefined, z.string().trim().max(max).optional());
}
