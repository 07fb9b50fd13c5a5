/**
 * "List your boat" (docs/back-office.md#owner-applications): a boat owner applies from the public
 * site; the platform admin approves (owner, draft boat and owner account made) or declines with
 * a reason. One schema for the form in the browser and for the server's route. Messages are
 * i18n keys.
 */
import { z } from './zod';
import { uuid, isoInstant, languageCode } from './common';
import { ownerDetailsSchema } from './owner';

export const OWNER_KINDS = ['person', 'company'] as const;
export const ownerKind = z.enum(OWNER_KINDS);
export type OwnerKind = z.infer<typeof ownerKind>;

export const BOAT_TYPES = ['motorboat', 'sailboat', 'catamaran', 'rib', 'yacht', 'other'] as const;
export const boatType = z.enum(BOAT_TYPES);
export type BoatType = z.infer<typeof boatType>;

/** Photos an application may carry. */
export const APPLICATION_MAX_PHOTOS = 4;

/** A photo uploaded through POST /api/owner-applications/photos (the site's own upload URL). */
export const UPLOADED_PHOTO_URL_RE =
  /^\/media\/uploads\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}-960\.webp$/;
export const uploadedPhotoUrl = z.string().regex(UPLOADED_PHOTO_URL_RE, 'validation.photo');

const decimalNumber = z.preprocess(
  (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : Number(v.replace(',', '.'))) : v),
  z.number('validation.number'),
);
const wholeNumber = z.preprocess(
  (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : Number(v)) : v),
  z.number('validation.number').int('validation.integer'),
);

export const applicationBoatSchema = z.object({
  type: boatType,
  name: z.string().trim().min(2, 'validation.minChars2').max(120),
  /** Length overall in metres, one decimal. */
  lengthMeters: decimalNumber.pipe(z.number().min(2, 'validation.length').max(60, 'validation.length')),
  /** Passengers the boat is licensed for. */
  capacity: wholeNumber.pipe(z.number().min(1, 'validation.min1').max(150, 'validation.capacity')),
  harbour: z.string().trim().min(2, 'validation.minChars2').max(200),
  included: z.string().trim().max(2000, 'validation.maxChars2000').default(''),
  photos: z.array(uploadedPhotoUrl).max(APPLICATION_MAX_PHOTOS, 'validation.photosMax').default([]),
});
export type ApplicationBoat = z.infer<typeof applicationBoatSchema>;

/** POST /api/owner-applications. */
export const ownerApplicationInputSchema = ownerDetailsSchema.omit({ displayName: true }).extend({
  kind: ownerKind,
  /** The name customers see; the legal name when left blank. */
  displayName: z.string().trim().max(120).default(''),
  boat: applicationBoatSchema,
  termsAccepted: z.literal(true, 'validation.termsRequired'),
  /** Honeypot: hidden from people; bots fill it and are dropped. */
  website: z.string().max(200).optional(),
});
export type OwnerApplicationInput = z.input<typeof ownerApplicationInputSchema>;
export type OwnerApplicationRequest = z.infer<typeof ownerApplicationInputSchema>;

export const ownerApplicationCreatedSchema = z.object({ id: uuid });

export const APPLICATION_STATUSES = ['pending', 'approved', 'declined'] as const;
export const applicationStatus = z.enum(APPLICATION_STATUSES);
export type ApplicationStatus = z.infer<typeof applicationStatus>;

/** An application as the platform admin sees it. */
export const ownerApplicationSchema = z.object({
  _id: uuid,
  status: applicationStatus,
  kind: ownerKind,
  displayName: z.string(),
  legalName: z.string(),
  taxId: z.string(),
  address: z.string(),
  phone: z.string(),
  email: z.string(),
  language: languageCode,
  boat: z.object({
    type: boatType,
    name: z.string(),
    lengthMeters: z.number(),
    capacity: z.number().int(),
    harbour: z.string(),
    included: z.string(),
    photos: z.array(z.string()),
  }),
  createdAt: isoInstant,
  decidedAt: isoInstant.nullable(),
  declineReason: z.string().nullable(),
  /** Set on approval: the owner and the draft boat it made. */
  ownerId: uuid.nullable(),
  boatId: uuid.nullable(),
});
export type OwnerApplication = z.infer<typeof ownerApplicationSchema>;

export const ownerApplicationListQuerySchema = z.object({ status: applicationStatus.optional() });
export const ownerApplicationListSchema = z.object({ items: z.array(ownerApplicationSchema) });
export const ownerApplicationResponseSchema = z.object({ application: ownerApplicationSchema });

/** POST /api/admin/owner-applications/{id}/decline. */
export const declineApplicationSchema = z.object({
  reason: z.string().trim().min(5, 'validation.minChars5').max(2000, 'validation.maxChars2000'),
});
export type DeclineApplication = z.infer<typeof declineApplicationSchema>;
