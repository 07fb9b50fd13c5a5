/**
 * A self-drive boat's condition out and back (docs/back-office.md#the-boats-condition-out-and-back):
 * the owner's checklist, and crew's record at departure and at return, each signed by the
 * customer on the crew's phone. Recorded without signal too: `recordedAt` is the phone's time.
 */
import { z } from './zod';
import { isoInstant } from './common';
import { CHECK_KINDS } from '../condition-checklist';
import { evidencePhoto } from './evidence';

export const CONDITION_PHASES = ['departure', 'return'] as const;
export type ConditionPhase = (typeof CONDITION_PHASES)[number];

const checklistItemSchema = z.object({
  /** Unique in the list: lower case, digits and underscores (the platform's items are named by it). */
  key: z.string().regex(/^[a-z0-9_]{1,40}$/, 'validation.required'),
  kind: z.enum(CHECK_KINDS),
  /** The owner's words for it; none for the platform's own items, named in the reader's language. */
  label: z.string().trim().max(80, 'validation.maxChars60').optional(),
});

/** A boat's checklist as the owner writes it (none or empty: the platform's, domain DEFAULT_CHECKLIST). */
export const conditionChecklistSchema = z
  .array(checklistItemSchema)
  .max(40)
  .refine((items) => new Set(items.map((i) => i.key)).size === items.length, 'validation.duplicateExtra');

const conditionValue = z.union([z.number(), z.boolean(), z.string().max(1000)]);

/**
 * A drawn signature as an SVG path in a 300 × 100 box ("M12 40 L13 41 …"): stored as drawn, shown
 * as drawn, small enough to wait on a phone without signal.
 */
export const signaturePath = z
  .string()
  .max(40_000)
  .regex(/^[ML][0-9 .,MLml-]*$/, 'validation.required')
  .refine((path) => (path.match(/L/g) ?? []).length >= 5, 'validation.required');

/** PUT /api/crew/bookings/{id}/self-drive/condition/{phase}: what crew recorded and the customer signed. */
export const conditionReportInputSchema = z.object({
  values: z.record(z.string(), conditionValue),
  photos: z.array(evidencePhoto).max(20),
  signature: signaturePath,
  /** Who signed: the customer's name as they give it. */
  signedBy: z.string().trim().min(2, 'validation.minChars2').max(120),
  /** When it was recorded on the phone (without signal, it is sent later). */
  recordedAt: isoInstant,
});
export type ConditionReportInput = z.input<typeof conditionReportInputSchema>;

export const conditionReportSchema = conditionReportInputSchema.extend({
  /** The staff member who recorded it (back office only; null for the customer). */
  recordedBy: z.string().nullable(),
});
export type ConditionReport = z.infer<typeof conditionReportSchema>;

/** A self-drive booking's condition: the boat's checklist and the two records so far. */
export const bookingConditionSchema = z.object({
  checklist: conditionChecklistSchema,
  departure: conditionReportSchema.nullable(),
  return: conditionReportSchema.nullable(),
});
export type BookingCondition = z.infer<typeof bookingConditionSchema>;
