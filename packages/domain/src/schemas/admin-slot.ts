import { z } from './zod';
import { count, entityId, isoInstant } from './common';
import { slotInputSchema, slotSchema } from './slot';

/**
 * A slot in the admin availability panel: the public shape plus what the operator must not
 * undercut — seats sold (paid bookings) and seats held by checkouts in progress.
 */
export const adminSlotSchema = slotSchema.extend({ seatsSold: count, seatsHeld: count });
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
export const adminSlotSaveSchema = slotInputSchema.extend({ _id: entityId.optional() });
export type AdminSlotSave = z.infer<typeof adminSlotSaveSchema>;

/** Answer of DELETE /api/admin/boats/{id}/slots/{slotId}. */
export const adminSlotDeletedSchema = z.object({ success: z.literal(true), _id: entityId });
