/**
 * A self-drive booking's handover (docs/public-site.md#the-skippers-licence): the skipper's
 * licence, recorded by the customer on manage my booking or by crew at the harbour, confirmed by
 * crew against the document or refused with a reason (docs/decisions/0039).
 */
import { z } from './zod';
import { isoInstant } from './common';
import { BOAT_LICENCES, LICENCE_CHECK_STATUSES, SKIPPER_LICENCE_TYPES } from '../licences';
import { manageTokenSchema } from './manage-booking';
import { evidencePhoto } from './evidence';

/** Answer of a private photo's upload: its name, to put in the licence or the checklist. */
export const evidencePhotoUploadSchema = z.object({ photo: evidencePhoto });

/** The skipper's licence as typed (the same form on manage my booking and on the crew's phone). */
export const skipperLicenceInputSchema = z.object({
  skipperName: z.string().trim().min(2, 'validation.minChars2').max(120, 'validation.maxChars300'),
  licenceType: z.enum(SKIPPER_LICENCE_TYPES, 'validation.required'),
  licenceNumber: z.string().trim().min(2, 'validation.minChars2').max(40, 'validation.maxChars40'),
  /** ISO 3166 two letters (ES, GB, DE); the pages name it in the reader's language. */
  issuingCountry: z
    .string()
    .trim()
    .transform((c) => c.toUpperCase())
    .pipe(z.string().regex(/^[A-Z]{2}$/, 'validation.country')),
  photo: evidencePhoto,
});
export type SkipperLicenceInput = z.input<typeof skipperLicenceInputSchema>;

/**
 * PUT /api/crew/bookings/{id}/self-drive/licence: crew's, at the harbour. `recordedAt` is the
 * phone's time when it was typed without signal and sent later (up to
 * OFFLINE_CHECKIN_MAX_AGE_HOURS, as a check-in); absent, it is now.
 */
export const crewLicenceInputSchema = skipperLicenceInputSchema.extend({ recordedAt: isoInstant.optional() });
export type CrewLicenceInput = z.input<typeof crewLicenceInputSchema>;

/**
 * POST /api/crew/bookings/{id}/self-drive/licence/confirm, its body optional: when crew held the
 * document (a phone without signal sends it later), and which record they held it against (its
 * `recordedAt`: another one recorded meanwhile is 409 licence_changed).
 */
export const licenceConfirmSchema = z.object({
  checkedAt: isoInstant.optional(),
  licenceRecordedAt: isoInstant.optional(),
});
export type LicenceConfirm = z.input<typeof licenceConfirmSchema>;

/** PUT /api/bookings/{id}/self-drive/licence: the customer's, with the booking's manage token. */
export const customerLicenceRequestSchema = skipperLicenceInputSchema.extend({ token: manageTokenSchema });

/** POST /api/crew/bookings/{id}/self-drive/licence/refuse: the departure refused, and why. */
export const licenceRefusalSchema = z.object({
  reason: z.string().trim().min(5, 'validation.minChars5').max(300, 'validation.maxChars300'),
});
export type LicenceRefusal = z.input<typeof licenceRefusalSchema>;

/** A recorded licence, as its customer, the owner's staff and the platform see it. */
export const skipperLicenceSchema = z.object({
  skipperName: z.string(),
  /** null (and the details blank) when crew refused a skipper who showed no licence at all. */
  licenceType: z.enum(SKIPPER_LICENCE_TYPES).nullable(),
  licenceNumber: z.string(),
  issuingCountry: z.string(),
  /** The photo's stored name (EVIDENCE_PHOTO_PATTERN); read it from the caller's photo route. */
  photo: z.string().nullable(),
  status: z.enum(LICENCE_CHECK_STATUSES),
  recordedBy: z.enum(['customer', 'crew']),
  recordedAt: isoInstant,
  /** When crew confirmed or refused it, and who (a name for the back office, null for customers). */
  checkedAt: isoInstant.nullable(),
  checkedBy: z.string().nullable(),
  refusalReason: z.string().nullable(),
});
export type SkipperLicence = z.infer<typeof skipperLicenceSchema>;

/** A booking's licence state: what its boat requires and what was recorded (null: nothing yet). */
export const bookingLicenceSchema = z.object({
  /** The licence the boat requires; null: the boat needs none (the rest is then empty). */
  required: z.enum(BOAT_LICENCES).nullable(),
  /** The owner accepts a foreign licence as equivalent (the crew judge it against the document). */
  foreignAccepted: z.boolean(),
  /** The licence may still be recorded or changed here (an upcoming booking, not yet confirmed or refused). */
  editable: z.boolean(),
  licence: skipperLicenceSchema.nullable(),
});
export type BookingLicence = z.infer<typeof bookingLicenceSchema>;
