// The boat's condition out and back (docs/decisions/0039): crew record the owner's checklist at
// departure and at return, with photos, and the customer signs each on the crew's phone. A record
// made without signal arrives later with the phone's time; sent twice (its first answer lost with
// the signal), the same record is taken once. A record is final: a correction is a new booking
// note, never an edit of what the customer signed.
import {
  checklistOf,
  validConditionValue,
  type ChecklistItem,
  type ConditionValue,
} from '@boats/domain/condition-checklist';
import { requiredLicence } from '@boats/domain/licences';
import type {
  BookingCondition,
  ConditionPhase,
  ConditionReport,
  ConditionReportInput,
} from '@boats/domain/schemas/condition';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { conflict, invalidField, notFound } from '../../http/errors';
import type { TokenUser } from '../auth/access-token';
import { boatOfBooking, type BookingRow } from '../bookings/booking-repository';
import { noteInHistory } from '../bookings/lifecycle';
import { lockBookingWithTrip } from '../bookings/lock-order';
import type { EvidencePhotos } from '../media/evidence-photos';
import {
  conditionsOfBookings,
  findCondition,
  insertCondition,
  type ConditionWithRecorder,
} from './condition-repository';
import { staffBooking } from './licence-service';
import { phoneTime } from './phone-time';
import { agreementEmail } from './agreement';
import { enqueueEmail } from '../mail/outbox';
import { noteAudit } from '../audit/audit-trail';

/** The statuses a record is taken in: sold, or completed meanwhile (a return sent after the trip). */
const RECORDABLE = new Set(['paid', 'confirmed', 'completed']);

function toConditionReport(row: ConditionWithRecorder, showRecorder: boolean): ConditionReport {
  return {
    values: row.values,
    photos: row.photos,
    signature: row.signature,
    signedBy: row.signedBy,
    recordedAt: row.recordedAt.toISOString(),
    recordedBy: showRecorder ? row.recordedByEmail : null,
  };
}

/** The checklist and the records of a self-drive booking, as a reader may see them. */
export function toBookingCondition(
  checklist: ChecklistItem[],
  rows: readonly ConditionWithRecorder[],
  showRecorder: boolean,
): BookingCondition {
  const of = (phase: ConditionPhase) => {
    const row = rows.find((r) => r.phase === phase);
    return row ? toConditionReport(row, showRecorder) : null;
  };
  return { checklist, departure: of('departure'), return: of('return') };
}

async function selfDriveChecklist(db: Db, booking: BookingRow): Promise<ChecklistItem[] | null> {
  const boat = await boatOfBooking(db, booking.boatId);
  if (!boat) throw notFound('Booking');
  return requiredLicence(boat) === null ? null : checklistOf(boat);
}

/** A booking's condition for its customer or staff; null for a boat with its skipper. */
export async function bookingCondition(
  ctx: AppContext,
  booking: BookingRow,
  showRecorder: boolean,
): Promise<BookingCondition | null> {
  const checklist = await selfDriveChecklist(ctx.db, booking);
  if (!checklist) return null;
  const rows = (await conditionsOfBookings(ctx.db, [booking.id])).get(booking.id) ?? [];
  return toBookingCondition(checklist, rows, showRecorder);
}

/** Every item answered as its kind asks, nothing else (a 400 naming the first item wrong). */
function checkValues(checklist: readonly ChecklistItem[], values: Record<string, ConditionValue>): void {
  for (const item of checklist) {
    if (!validConditionValue(item.kind, values[item.key]))
      throw invalidField(`body.values.${item.key}`, 'condition_value', `Answer "${item.label ?? item.key}".`);
  }
  const unknown = Object.keys(values).find((key) => !checklist.some((item) => item.key === key));
  if (unknown)
    throw invalidField(
      `body.values.${unknown}`,
      'condition_value',
      `"${unknown}" is not on this boat's checklist.`,
    );
}

const sameRecord = (row: { recordedAt: Date; signature: string }, input: ConditionReportInput) =>
  row.recordedAt.getTime() === Date.parse(input.recordedAt) && row.signature === input.signature;

/** Crew record the boat's condition at departure or return, signed by the customer. */
export async function recordCondition(
  ctx: AppContext,
  photos: EvidencePhotos,
  user: TokenUser,
  bookingId: string,
  phase: ConditionPhase,
  input: ConditionReportInput,
): Promise<void> {
  await staffBooking(ctx, user, bookingId);
  const recordedAt = phoneTime(input.recordedAt, ctx.now(), 'body.recordedAt', 'condition_too_old');
  for (const photo of input.photos)
    if (!(await photos.stored(photo)))
      throw invalidField('body.photos', 'photo_missing', 'Upload each photo first.');
  await ctx.db.transaction(async (tx) => {
    const booking = await lockBookingWithTrip(tx, bookingId);
    if (!booking) throw notFound('Booking');
    const checklist = await selfDriveChecklist(tx, booking);
    if (!checklist)
      throw conflict('condition_not_required', 'This boat comes with its skipper: crew record no handover.');
    const existing = await findCondition(tx, booking.id, phase);
    // The same record sent again (its answer lost with the signal): taken once.
    if (existing && sameRecord(existing, input)) return;
    if (existing)
      throw conflict('condition_recorded', `The ${phase} has already been recorded and signed.`, { phase });
    if (!RECORDABLE.has(booking.status))
      throw conflict('condition_closed', 'This booking does not sail: nothing to record.', {
        status: booking.status,
      });
    if (phase === 'return' && !(await findCondition(tx, booking.id, 'departure')))
      throw conflict('departure_missing', 'Record the departure before the return.');
    checkValues(checklist, input.values);
    await insertCondition(tx, {
      bookingId: booking.id,
      phase,
      values: input.values,
      photos: input.photos,
      signature: input.signature,
      signedBy: input.signedBy,
      recordedAt,
      recordedByUserId: user.id,
    });
    await noteInHistory(
      ctx,
      tx,
      booking,
      { actor: user.email, actorUserId: user.id, code: 'condition_recorded', params: { phase } },
      recordedAt,
    );
    noteAudit({ changes: { recordedAt: { before: null, after: recordedAt.toISOString() } } });
    // The departure signed the agreement too: the customer gets it as signed, once.
    if (phase === 'departure') {
      const email = await agreementEmail(ctx, tx, booking);
      if (email) await enqueueEmail(tx, email);
    }
  });
}
