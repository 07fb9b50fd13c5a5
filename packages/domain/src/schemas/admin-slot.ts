import { z } from './zod';
import { count, uuid, isoInstant } from './common';
import { slotInputSchema, slotSchema } from './slot';
import { TRIP_CANCEL_CAUSES } from './trips';

/**
 * A slot in the admin availability panel: the public shape plus what the operator must not
 * undercut — seats sold (paid bookings) and seats held by checkouts in progress.
 */
export const adminSlotSchema = slotSchema.extend({
  seatsSold: count,
  seatsHeld: count,
  /**
   * The trip was canceled (weather, or the minimum-to-depart cutoff): final, the row cannot
   * open it again. `reason` is the operator's or the cutoff's words.
   */
  canceled: z
    .object({ at: isoInstant, cause: z.enum(TRIP_CANCEL_CAUSES).nullable(), reason: z.string() })
    .nullable(),
  /** When the minimum-to-depart cutoff decides this shared trip; null when it has none. */
  cutoffAt: isoInstant.nullable(),
  /** Scheduled after its own cutoff: it runs whatever the number of paid seats. */
  lastMinute: z.boolean(),
});
export type AdminSlot = z.infer<typeof adminSlotSchema>;

/** Query of GET /api/admin/boats/{id}/slots: slots starting in [start, end]. */
export const adminSlotsQuerySchema = z
  .object({ start: isoInstant, end: isoInstant })
  .refine((q) => Date.parse(q.end) > Date.parse(q.start), {
    path: ['end'],
    message: 'end must be after start',
  })
  .refine((q) => Date.parse(q.end) - Date.parse(q.start) <= 62 * 86_400_000, {
    path: ['end'],
    message: 'the range may cover at most 62 days',
  });

/** Answer of GET /api/admin/boats/{id}/slots?start&end. */
export const adminSlotsResponseSchema = z.object({ items: z.array(adminSlotSchema) });

/** POST /api/boats/slots/{boatId}: with `_id` it updates that slot, without it creates one. */
export const adminSlotSaveSchema = slotInputSchema.extend({ _id: uuid.optional() });
export type AdminSlotSave = z.infer<typeof adminSlotSaveSchema>;

/**
 * Body of DELETE /api/admin/boats/{id}/slots/{slotId}: why the slot goes, recorded with who
 * deleted it (the `slot.deleted` event). A slot with paid bookings or a checkout in progress is
 * not deleted at all (409): its bookings are canceled first, through the trip cancellation.
 */
export const SLOT_DELETE_REASON_MAX = 300;
export const adminSlotDeleteSchema = z.object({
  reason: z
    .string('validation.required')
    .trim()
    .min(2, 'validation.minChars2')
    .max(SLOT_DELETE_REASON_MAX, 'validation.maxChars300'),
});
export type AdminSlotDelete = z.infer<typeof adminSlotDeleteSchema>;

/** Answer of DELETE /api/admin/boats/{id}/slots/{slotId}. */
export const adminSlotDeletedSchema = z.object({ success: z.literal(true), _id: uuid });
