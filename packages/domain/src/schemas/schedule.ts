import { z } from './zod';
import { count, dateKey, uuid, euroAmount, isoInstant } from './common';
import { slotType } from './slot';
import { SCHEDULE_MAX_DAYS, SKIP_REASONS } from '../weekly-schedule';

const dayMs = 86_400_000;
const TIME_RE = /^([01]\d|2[0-3]):[0-5]\d$/;
const time = z.string().regex(TIME_RE, 'validation.time');

/** A weekly pattern for POST /api/admin/boats/{id}/schedule(/preview); seat price in euros. */
export const scheduleInputSchema = z
  .object({
    weekdays: z.array(z.number().int().min(1).max(7)).min(1, 'validation.required').max(7),
    startTimes: z.array(time).min(1, 'validation.required').max(24),
    durationHours: z.number().int('validation.integer').min(1, 'validation.min1').max(24),
    type: slotType,
    seatsTotal: count.default(0),
    seatPrice: euroAmount.default(0),
    from: dateKey,
    to: dateKey,
  })
  .superRefine((v, ctx) => {
    if (v.to < v.from) ctx.addIssue({ code: 'custom', path: ['to'], message: 'validation.dateOrder' });
    else if ((Date.parse(v.to) - Date.parse(v.from)) / dayMs >= SCHEDULE_MAX_DAYS)
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'validation.rangeTooLong' });
    if (v.type === 'shared' && v.seatsTotal < 1)
      ctx.addIssue({ code: 'custom', path: ['seatsTotal'], message: 'validation.min1' });
  });
export type ScheduleInput = z.input<typeof scheduleInputSchema>;

export const plannedSlotSchema = z.object({ start: isoInstant, end: isoInstant });

export const schedulePlanSchema = z.object({
  /** `lastMinute`: created after its own cutoff, so it runs whatever its paid seats. */
  create: z.array(plannedSlotSchema.extend({ lastMinute: z.boolean() })),
  skipped: z.array(plannedSlotSchema.extend({ reason: z.enum(SKIP_REASONS) })),
});
export type SchedulePlanDto = z.infer<typeof schedulePlanSchema>;

/** Answer of the creation: the plan carried out, with the new slots' ids. */
export const scheduleCreatedSchema = schedulePlanSchema.extend({ createdIds: z.array(uuid) });

/** PUT /api/admin/boats/{id}/schedule/days/{date}: open or close every slot of the boat that day. */
export const dayStateParams = z.object({ id: uuid, date: dateKey });
export const dayStateSchema = z.object({ isOpen: z.boolean() });
/** `canceled`: the day's canceled trips, which stay closed (a canceled trip is final). */
export const dayStateResponseSchema = z.object({ updated: count, canceled: count });

/** The boat's calendar feed, for GET and rotate. */
export const calendarFeedSchema = z.object({ url: z.string() });

/**
 * The schedule form's fields as the browser holds them (checkbox values and text inputs are
 * strings), turned into the request and checked by the same scheduleInputSchema as the server.
 */
export const scheduleFormSchema = z
  .object({
    weekdays: z.array(z.string()).transform((days) => days.map(Number)),
    // Checked as text, so the error sits on the one input rather than on an array item.
    startTimes: z
      .string()
      .transform((text) => text.split(/[\s,;]+/).filter(Boolean))
      .refine((times) => times.length > 0, 'validation.required')
      .refine((times) => times.every((t) => TIME_RE.test(t)), 'validation.time'),
    durationHours: z.coerce.number<string>(),
    type: slotType,
    seatsTotal: z.coerce.number<string>(),
    seatPrice: z.coerce.number<string>(),
    from: z.string(),
    to: z.string(),
  })
  .transform((v): ScheduleInput => (v.type === 'shared' ? v : { ...v, seatsTotal: 0, seatPrice: 0 }))
  .pipe(scheduleInputSchema);
export type ScheduleFormValues = z.input<typeof scheduleFormSchema>;
