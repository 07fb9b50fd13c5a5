/**
 * The admin slot form (the new-slot modal and each slot row of a day): times typed as HH:mm on
 * a Canary day, seats and price as typed. One schema per form, built for its day and boat, that
 * checks the shape and then the same newSlotProblems the server runs, each problem on its field,
 * and turns the fields into the save request.
 */
import { z } from './zod';
import { canaryDateKey, canaryInstant, canaryTimeLabel } from '../canary-time';
import type { AdminSlotSave } from './admin-slot';
import {
  newSlotProblems,
  slotType,
  type SlotContext,
  type SlotField,
  type SlotProblemCode,
  type SlotType,
} from './slot';

export const TIME_RE = /^([01]\d|2[0-3]):[0-5]\d$/;

const time = z.string().trim().regex(TIME_RE, 'validation.time');
/** A number field as typed: empty is 0 (docs/product.md §5 "Admin slot editor"). */
const typedNumber = z.union([z.string(), z.number()]).transform((v, ctx) => {
  const n = typeof v === 'number' ? v : v.trim() === '' ? 0 : Number(v);
  if (!Number.isFinite(n)) {
    ctx.addIssue({ code: 'custom', message: 'validation.number' });
    return z.NEVER;
  }
  return n;
});

export type SlotFormFields = {
  type: SlotType;
  start: string;
  end: string;
  isOpen: boolean;
  seatPrice: string | number;
  seatsTotal: string | number;
  seatsTaken: number;
};

export type SlotFormContext = Omit<SlotContext, 'ignoreSlotId' | 'allowPast'> & {
  /** The Canary day the times are on. */
  day: string;
  /** The slot being edited; absent for a new one. */
  existing?: { _id: string; type: SlotType; start: string; end: string };
};

/** An end that was on a later day (a trip past midnight) stays there while its time is kept. */
function endOn(day: string, endTime: string, original?: string): string {
  if (original && canaryTimeLabel(original) === endTime && canaryDateKey(original) > day) return original;
  return canaryInstant(day, endTime).toISOString();
}

/**
 * `message` words a rule's problem for the reader (the web passes its translation); without it
 * the issue's message is the problem code.
 */
export function slotFormSchema(
  ctx: SlotFormContext,
  message: (field: SlotField, code: SlotProblemCode) => string = (_f, code) => code,
) {
  return z
    .object({
      type: slotType,
      start: time,
      end: time,
      isOpen: z.boolean(),
      seatPrice: typedNumber,
      seatsTotal: typedNumber,
      seatsTaken: z.number().int().min(0),
    })
    .transform((f, issues): AdminSlotSave => {
      const shared = f.type === 'shared';
      const slot = {
        ...(ctx.existing ? { _id: ctx.existing._id } : {}),
        type: f.type,
        start: canaryInstant(ctx.day, f.start).toISOString(),
        end: endOn(ctx.day, f.end, ctx.existing?.end),
        isOpen: f.isOpen,
        seatPrice: shared ? f.seatPrice : 0,
        seatsTotal: shared ? Math.floor(f.seatsTotal) : 0,
        seatsTaken: shared ? Math.min(f.seatsTaken, Math.floor(f.seatsTotal)) : 0,
      };
      const e = ctx.existing;
      const moved = !e || e.start !== slot.start || e.end !== slot.end || e.type !== slot.type;
      // As the server: a moved or new slot obeys every rule; one whose times stay only the seat
      // rules, so a started slot can still be closed or corrected.
      const problems = newSlotProblems(
        { ...slot, seatsTotal: f.seatsTotal, seatPrice: f.seatPrice },
        moved ? { ...ctx, ...(e ? { ignoreSlotId: e._id } : {}) } : { ...ctx, daySlots: [], allowPast: true },
      );
      if (!moved) {
        delete problems.start;
        delete problems.end;
      }
      for (const [field, code] of Object.entries(problems) as [SlotField, SlotProblemCode][]) {
        issues.addIssue({ code: 'custom', path: [field], message: message(field, code) });
      }
      return slot;
    });
}
