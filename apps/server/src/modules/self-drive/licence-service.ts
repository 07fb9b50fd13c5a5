// The skipper's licence of a self-drive booking (docs/decisions/0039): recorded by the customer
// on manage my booking or by crew at the harbour, then held against the document by crew, who
// confirm it or refuse the departure. A refusal cancels the booking under the published policy
// (LICENCE_REFUSAL_REFUND_PERCENT: nothing back), written in one transaction with its history.
import { isUpcomingStatus } from '@boats/domain/booking-status';
import { crewMayReadManifest } from '@boats/domain/crew-window';
import {
  LICENCE_REFUSAL_REFUND_PERCENT,
  licenceCovers,
  requiredLicence,
  type BoatLicence,
} from '@boats/domain/licences';
import type {
  BookingLicence,
  CrewLicenceInput,
  LicenceConfirm,
  SkipperLicence,
} from '@boats/domain/schemas/self-drive';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { conflict, forbidden, invalidField, notFound } from '../../http/errors';
import type { TokenUser } from '../auth/access-token';
import { boatOfBooking, findBookingInScope, type BookingRow } from '../bookings/booking-repository';
import { noteInHistory, transition } from '../bookings/lifecycle';
import { lockBookingWithTrip } from '../bookings/lock-order';
import type { EvidencePhotos } from '../media/evidence-photos';
import { scopeOf } from '../owner-scope/owner-scope';
import { noteAudit } from '../audit/audit-trail';
import { phoneTime } from './phone-time';
import { findLicence, markLicenceChecked, saveLicence, type LicenceWithChecker } from './licence-repository';

/** Who records a licence: the customer (manage token), or a staff member at the harbour. */
export type LicenceRecorder = { kind: 'customer' } | { kind: 'crew'; user: TokenUser };

/** The licence as the wire carries it; `showChecker` false for the customer (no staff e-mail). */
export function toSkipperLicence(row: LicenceWithChecker, showChecker: boolean): SkipperLicence {
  return {
    skipperName: row.skipperName,
    licenceType: row.licenceType,
    licenceNumber: row.licenceNumber,
    issuingCountry: row.issuingCountry,
    photo: row.photo,
    status: row.status,
    recordedBy: row.recordedBy,
    recordedAt: row.recordedAt.toISOString(),
    checkedAt: row.checkedAt?.toISOString() ?? null,
    checkedBy: showChecker ? row.checkedByEmail : null,
    refusalReason: row.refusalReason,
  };
}

type BoatLicenceTerms = { required: BoatLicence | null; foreignAccepted: boolean };

async function termsOf(db: Db, booking: BookingRow): Promise<BoatLicenceTerms> {
  const boat = await boatOfBooking(db, booking.boatId);
  if (!boat) throw notFound('Booking');
  return { required: requiredLicence(boat), foreignAccepted: boat.foreignLicenceAccepted };
}

const editable = (booking: BookingRow, terms: BoatLicenceTerms, row: LicenceWithChecker | undefined) =>
  terms.required !== null && isUpcomingStatus(booking.status) && (!row || row.status === 'recorded');

/** What the boat requires and what was recorded, for the booking's customer or its staff. */
export async function bookingLicence(
  ctx: AppContext,
  booking: BookingRow,
  showChecker: boolean,
): Promise<BookingLicence> {
  const [terms, row] = await Promise.all([termsOf(ctx.db, booking), findLicence(ctx.db, booking.id)]);
  return {
    ...terms,
    editable: editable(booking, terms, row),
    licence: terms.required !== null && row ? toSkipperLicence(row, showChecker) : null,
  };
}

/**
 * A staff member's booking: in their scope, and for crew within the days their manifests show
 * (crew-window.ts). Anything else is not found or forbidden, as for the manifest.
 */
export async function staffBooking(ctx: AppContext, user: TokenUser, bookingId: string): Promise<BookingRow> {
  const booking = await findBookingInScope(ctx.db, scopeOf(user), bookingId);
  if (!booking) throw notFound('Booking');
  if (user.role === 'crew' && !crewMayReadManifest(booking.startsAt, ctx.now()))
    throw forbidden("The crew see the bookings of today's trips and the next days' only.");
  return booking;
}

const actorOf = (recorder: LicenceRecorder) =>
  recorder.kind === 'customer'
    ? { actor: 'customer', actorUserId: null }
    : { actor: recorder.user.email, actorUserId: recorder.user.id };

/**
 * Records (or types again) the skipper's licence while it may still change. Crew's may come late
 * from a phone without signal with the time it was typed (`recordedAt`): the same record sent
 * twice (its first answer lost) is taken once, and one older than the licence the server holds
 * (the customer's, typed meanwhile) is 409 licence_changed.
 */
export async function recordLicence(
  ctx: AppContext,
  photos: EvidencePhotos,
  bookingId: string,
  input: CrewLicenceInput,
  recorder: LicenceRecorder,
): Promise<void> {
  const recordedAt =
    input.recordedAt && recorder.kind === 'crew'
      ? phoneTime(input.recordedAt, ctx.now(), 'body.recordedAt', 'licence_too_old')
      : ctx.now();
  if (!(await photos.stored(input.photo)))
    throw invalidField('body.photo', 'photo_missing', 'Upload the photo of the licence first.');
  await ctx.db.transaction(async (tx) => {
    const { booking, terms, current } = await lockLicensedBooking(tx, bookingId);
    if (input.recordedAt && current && sameRecord(current, input, recordedAt)) return;
    if (!editable(booking, terms, current))
      throw conflict(
        'licence_closed',
        current && current.status !== 'recorded'
          ? 'The crew have already checked this licence.'
          : 'This booking is no longer upcoming: its licence can no longer change.',
        { status: current?.status ?? booking.status },
      );
    if (current && current.recordedAt > recordedAt)
      throw conflict('licence_changed', 'Another licence was recorded after this one.', {
        recordedBy: current.recordedBy,
        recordedAt: current.recordedAt.toISOString(),
      });
    if (!licenceCovers(input.licenceType, terms.required, terms.foreignAccepted))
      throw invalidField(
        'body.licenceType',
        'licence_not_enough',
        `This boat needs a ${terms.required.toUpperCase()} or higher${terms.foreignAccepted ? ', or an equivalent licence of another country' : ''}.`,
      );
    await saveLicence(tx, {
      bookingId: booking.id,
      skipperName: input.skipperName,
      licenceType: input.licenceType,
      licenceNumber: input.licenceNumber,
      issuingCountry: input.issuingCountry,
      photo: input.photo,
      status: 'recorded',
      recordedBy: recorder.kind,
      recordedByUserId: recorder.kind === 'crew' ? recorder.user.id : null,
      recordedAt,
    });
    await noteInHistory(
      ctx,
      tx,
      booking,
      { ...actorOf(recorder), code: 'licence_recorded', params: { licence: input.licenceType } },
      recordedAt,
    );
    noteAudit({ changes: { recordedAt: { before: null, after: recordedAt.toISOString() } } });
  });
}

/** The record a phone sent before (its answer lost with the signal): crew's, of the same time and number. */
const sameRecord = (row: LicenceWithChecker, input: CrewLicenceInput, recordedAt: Date) =>
  row.recordedBy === 'crew' &&
  row.recordedAt.getTime() === recordedAt.getTime() &&
  row.licenceNumber === input.licenceNumber.trim() &&
  row.photo === input.photo;

/**
 * Crew held the document: it matches what was recorded. Without signal the phone sends it later
 * with the time it was done (`checkedAt`) and the record crew held it against
 * (`licenceRecordedAt`); sent twice, it is taken once.
 */
export async function confirmLicence(
  ctx: AppContext,
  user: TokenUser,
  bookingId: string,
  input: LicenceConfirm = {},
): Promise<void> {
  await staffBooking(ctx, user, bookingId);
  const checkedAt = input.checkedAt
    ? phoneTime(input.checkedAt, ctx.now(), 'body.checkedAt', 'licence_too_old')
    : ctx.now();
  await ctx.db.transaction(async (tx) => {
    const booking = await lockBookingWithTrip(tx, bookingId);
    if (!booking) throw notFound('Booking');
    const current = await findLicence(tx, booking.id);
    if (
      input.checkedAt &&
      current?.status === 'confirmed' &&
      current.checkedByUserId === user.id &&
      current.checkedAt?.getTime() === checkedAt.getTime()
    )
      return;
    if (!current || current.status !== 'recorded' || !isUpcomingStatus(booking.status))
      throw conflict(
        'licence_not_recorded',
        current && current.status !== 'recorded'
          ? 'This licence has already been checked.'
          : 'Record the skipper’s licence before confirming it.',
        { status: current?.status ?? null },
      );
    if (input.licenceRecordedAt && current.recordedAt.getTime() !== Date.parse(input.licenceRecordedAt))
      throw conflict('licence_changed', 'Another licence was recorded since: check the one recorded now.', {
        recordedBy: current.recordedBy,
        recordedAt: current.recordedAt.toISOString(),
      });
    await markLicenceChecked(tx, booking.id, {
      status: 'confirmed',
      checkedByUserId: user.id,
      checkedAt,
      refusalReason: null,
    });
    await noteInHistory(
      ctx,
      tx,
      booking,
      {
        actor: user.email,
        actorUserId: user.id,
        code: 'licence_confirmed',
        params: { licence: current.licenceType ?? '' },
      },
      checkedAt,
    );
    noteAudit({ changes: { checkedAt: { before: null, after: checkedAt.toISOString() } } });
  });
}

/**
 * Crew refuse the departure: no licence, or not one that covers the boat, or not the skipper's.
 * The booking is canceled with the reason and keeps what was paid (the published policy); a
 * licence never recorded is stored as refused with empty details, so the reason stays.
 */
export async function refuseDeparture(
  ctx: AppContext,
  user: TokenUser,
  bookingId: string,
  reason: string,
): Promise<void> {
  await staffBooking(ctx, user, bookingId);
  await ctx.db.transaction(async (tx) => {
    const { booking, terms, current } = await lockLicensedBooking(tx, bookingId);
    if (!editable(booking, terms, current))
      throw conflict(
        'licence_closed',
        'This licence has already been checked, or the booking is not upcoming.',
        {
          status: current?.status ?? booking.status,
        },
      );
    const checked = {
      status: 'refused' as const,
      checkedByUserId: user.id,
      checkedAt: ctx.now(),
      refusalReason: reason,
    };
    if (current) await markLicenceChecked(tx, booking.id, checked);
    else
      await saveLicence(tx, {
        bookingId: booking.id,
        recordedBy: 'crew',
        recordedByUserId: user.id,
        recordedAt: ctx.now(),
        ...checked,
      });
    await transition(ctx, tx, booking, 'canceled', {
      actor: user.email,
      actorUserId: user.id,
      code: 'licence_refused',
      reason,
      params: { refundPercent: LICENCE_REFUSAL_REFUND_PERCENT },
    });
  });
}

/**
 * A booking whose boat needs a licence, locked (with its trip, decision 15) for a change to its
 * skipper's licence: its terms and the licence recorded so far.
 */
async function lockLicensedBooking(tx: Db, bookingId: string) {
  const booking = await lockBookingWithTrip(tx, bookingId);
  if (!booking) throw notFound('Booking');
  const terms = await termsOf(tx, booking);
  const { required } = terms;
  if (required === null)
    throw conflict('licence_not_required', 'This boat comes with its skipper: no licence is needed.');
  return { booking, terms: { ...terms, required }, current: await findLicence(tx, booking.id) };
}
