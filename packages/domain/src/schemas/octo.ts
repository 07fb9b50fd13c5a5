/**
 * The OCTO API's requests (docs/channels.md), as OCTO's specification names them. Ids are
 * strings, not UUIDs, on purpose: a wrong id is OCTO's INVALID_PRODUCT_ID (…) naming it, not a
 * validation error. Answers are built by the server's octo module in OCTO's shapes; the contract
 * tests check them against OCTO's own published schemas (`@octocloud/types`).
 */
import { z } from './zod';
import { dateKey } from './common';
import { optionalEmailAddress } from './email-address';
import { OCTO_WEBHOOK_EVENTS, webhookUrl } from './resellers';

const id = z.string().min(1).max(200);
const text = (max: number) => z.string().trim().max(max);

export const octoContactSchema = z.object({
  fullName: text(200).nullish(),
  firstName: text(100).nullish(),
  lastName: text(100).nullish(),
  // The one address rule of every field that takes one: a list, a display name or a line break
  // would let a reseller's request send the confirmation to others (docs/security.md#e-mail-addresses).
  emailAddress: z.preprocess((v) => (v === null ? undefined : v), optionalEmailAddress),
  phoneNumber: text(40).nullish(),
  locales: z.array(z.string().max(35)).max(20).optional(),
  country: text(80).nullish(),
  postalCode: text(20).nullish(),
  notes: text(1000).nullish(),
});
export type OctoContact = z.infer<typeof octoContactSchema>;

/** OCTO's booking and unit item uuids are UUIDs (the reseller's idempotency keys). */
const octoUuid = z.uuid();

export const octoUnitItemSchema = z.object({
  uuid: octoUuid.optional(),
  unitId: id,
  resellerReference: text(200).optional(),
  contact: octoContactSchema.optional(),
});

/** POST /octo/availability/calendar. */
export const octoCalendarRequestSchema = z.object({
  productId: id,
  optionId: id,
  localDateStart: dateKey,
  localDateEnd: dateKey,
  units: z.array(z.object({ id, quantity: z.number().int().min(0).max(1000) })).optional(),
  currency: z.string().nullish(),
});

/** POST /octo/availability: a range of local dates, or the ids of the availabilities. */
export const octoAvailabilityRequestSchema = z
  .object({
    productId: id,
    optionId: id,
    localDateStart: dateKey.optional(),
    localDateEnd: dateKey.optional(),
    availabilityIds: z.array(id).min(1).max(100).optional(),
    units: z.array(z.object({ id, quantity: z.number().int().min(0).max(1000) })).optional(),
    currency: z.string().nullish(),
  })
  .refine((b) => b.availabilityIds !== undefined || (b.localDateStart && b.localDateEnd), {
    message: 'either localDateStart and localDateEnd, or availabilityIds is required',
    path: ['localDateStart'],
  })
  // OCTO asks for one or the other: dates and ids together are a malformed request.
  .refine((b) => b.availabilityIds === undefined || (!b.localDateStart && !b.localDateEnd), {
    message: 'localDateStart and localDateEnd, or availabilityIds: not both',
    path: ['availabilityIds'],
  });
export type OctoAvailabilityRequest = z.infer<typeof octoAvailabilityRequestSchema>;

/** POST /octo/bookings: a reservation (a hold until confirmed or expired). */
export const octoReservationSchema = z.object({
  uuid: octoUuid.optional(),
  productId: id,
  optionId: id,
  availabilityId: id,
  expirationMinutes: z.number().int().min(1).max(1440).optional(),
  notes: text(1000).nullish(),
  unitItems: z.array(octoUnitItemSchema).min(1).max(1000),
  resellerReference: text(200).optional(),
  contact: octoContactSchema.optional(),
  currency: z.string().nullish(),
});
export type OctoReservation = z.infer<typeof octoReservationSchema>;

/** PATCH /octo/bookings/{uuid}: what a reseller changes on its booking. */
export const octoBookingUpdateSchema = z.object({
  resellerReference: text(200).optional(),
  expirationMinutes: z.number().int().min(1).max(1440).optional(),
  notes: text(1000).nullish(),
  unitItems: z.array(octoUnitItemSchema).min(1).max(1000).optional(),
  contact: octoContactSchema.optional(),
});
export type OctoBookingUpdate = z.infer<typeof octoBookingUpdateSchema>;

export const octoConfirmationSchema = z.object({
  resellerReference: text(200).optional(),
  contact: octoContactSchema,
  unitItems: z.array(octoUnitItemSchema).min(1).max(1000).optional(),
  emailReceipt: z.boolean().optional(),
});
export type OctoConfirmation = z.infer<typeof octoConfirmationSchema>;

export const octoExtendSchema = z.object({
  expirationMinutes: z.number().int().min(1).max(1440).optional(),
});

export const octoCancellationSchema = z.object({
  reason: text(500).nullish(),
  force: z.boolean().optional(),
});

export const octoBookingsQuerySchema = z.object({
  resellerReference: text(200).optional(),
  supplierReference: text(40).optional(),
  localDate: dateKey.optional(),
});

/** POST /octo/webhooks: OCTO's webhook request. */
export const octoWebhookRequestSchema = z.object({
  url: webhookUrl,
  event: z.enum(OCTO_WEBHOOK_EVENTS),
  retryOnError: z.boolean().optional(),
  useContactLanguage: z.boolean().optional(),
});
export type OctoWebhookRequest = z.infer<typeof octoWebhookRequestSchema>;
