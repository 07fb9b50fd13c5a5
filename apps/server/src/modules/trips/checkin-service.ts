// Boarding by crew. A code names a seat ticket, or a charter's boarding pass (a ticket row on
// a private booking, which boards the whole party). The answer is the domain's checkinVerdict
// (canceled — with when and by whom —, not_today, wrong_trip, already — when and by whom —, or
// boarded). Two scans racing each other board once (markBoarded is conditional). A code voided
// by a move to another trip answers replaced, with the trip it moved to. A check-in a phone
// recorded without signal comes with its `scannedAt` and boards at that time; the same phone
// sending it again (its first answer lost with the signal) gets "boarded" again, not "already".
import { isRevenueStatus } from '@boats/domain/booking-status';
import { checkinTime, checkinVerdict, OFFLINE_CHECKIN_MAX_AGE_HOURS } from '@boats/domain/checkin-verdict';
import type { CheckinResponse, CheckinResult } from '@boats/domain/schemas/trips';
import type { AppContext } from '../../context';
import { DomainError, invalidField } from '../../http/errors';
import type { TokenUser } from '../auth/access-token';
import { scopeOf } from '../owner-scope/owner-scope';
import { bookingReference } from '@boats/domain/booking-reference';
import {
  findReplacedTicket,
  findTicket,
  findTicketByCode,
  lastCancellation,
  markBoarded,
  type ScannedTicket,
} from './trips-repository';

function answer(
  scanned: ScannedTicket,
  result: CheckinResult,
  boardedAt: Date | null = null,
  boardedBy: string | null = null,
): CheckinResponse {
  const { ticket, booking } = scanned;
  return {
    result,
    code: ticket.code,
    passengerType: ticket.passengerType,
    seatNo: ticket.seatNo,
    people: booking.type === 'private' ? booking.adults + booking.children50 + booking.kidsFree : 1,
    booking: bookingOf(scanned),
    checkedInAt: boardedAt?.toISOString() ?? null,
    checkedInBy: boardedBy,
    canceledAt: null,
    canceledBy: null,
  };
}

function bookingOf({ booking, boatTitle }: Pick<ScannedTicket, 'booking' | 'boatTitle'>) {
  return {
    ref: bookingReference(booking.id),
    customerName: booking.customerName,
    boatTitle: boatTitle.en,
    boatTitleI18n: boatTitle,
    slotId: booking.slotId,
    start: booking.startsAt.toISOString(),
  };
}

/** An old ticket of a booking that moved to another trip: not "unknown", but where it went. */
async function replacedAnswer(
  ctx: AppContext,
  crew: TokenUser,
  code: string,
): Promise<CheckinResponse | undefined> {
  const moved = await findReplacedTicket(ctx.db, scopeOf(crew), code);
  if (!moved) return undefined;
  return {
    result: 'replaced',
    code,
    passengerType: null,
    seatNo: 0,
    people: moved.booking.seats,
    booking: bookingOf(moved),
    checkedInAt: null,
    checkedInBy: null,
    canceledAt: null,
    canceledBy: null,
  };
}

export async function checkIn(
  ctx: AppContext,
  input: { code: string; slotId?: string | undefined; scannedAt?: string | undefined },
  crew: TokenUser,
): Promise<CheckinResponse> {
  const at = checkinTime(input.scannedAt ? new Date(input.scannedAt) : undefined, ctx.now());
  if (!at) {
    throw invalidField(
      'body.scannedAt',
      'checkin_too_old',
      `A check-in recorded more than ${OFFLINE_CHECKIN_MAX_AGE_HOURS} hours ago is not taken`,
    );
  }
  // A code of another owner's boat is, for this crew, no ticket at all.
  const scanned = await findTicketByCode(ctx.db, scopeOf(crew), input.code);
  if (!scanned) {
    const replaced = await replacedAnswer(ctx, crew, input.code);
    if (replaced) return replaced;
    throw new DomainError(404, 'unknown_code', `No ticket has the code ${input.code}`);
  }
  const { ticket, booking } = scanned;
  const verdict = checkinVerdict(
    {
      travels: isRevenueStatus(booking.status),
      start: booking.startsAt,
      slotIds: scanned.slotIds,
      boarded: ticket.checkedInAt !== null,
    },
    { at, slotId: input.slotId },
  );
  if (verdict === 'canceled') {
    const canceled = await lastCancellation(ctx.db, booking.id);
    return {
      ...answer(scanned, 'canceled'),
      canceledAt: canceled?.at.toISOString() ?? null,
      canceledBy: canceled?.actor ?? null,
    };
  }
  // Only a check-in recorded on the phone (with its scan time) can be a resend of itself.
  const resend = input.scannedAt ? { at, by: crew.email } : null;
  if (verdict === 'already') return alreadyOrResent(scanned, ticket.checkedInAt, ticket.checkedInBy, resend);
  if (verdict !== 'board') return answer(scanned, verdict);

  const boarded = await markBoarded(ctx.db, ticket.id, at, crew.email);
  if (boarded) return answer(scanned, 'boarded', boarded.checkedInAt, boarded.checkedInBy);
  // Another scan of the same code won the race a moment ago.
  const first = await findTicket(ctx.db, ticket.id);
  return alreadyOrResent(scanned, first?.checkedInAt ?? null, first?.checkedInBy ?? null, resend);
}

/**
 * "Already", unless the boarding on record is this very check-in: the same account at the same
 * scan time, sent again because its answer was lost. That one answers "boarded" as the first did.
 */
function alreadyOrResent(
  scanned: ScannedTicket,
  boardedAt: Date | null,
  boardedBy: string | null,
  resend: { at: Date; by: string } | null,
): CheckinResponse {
  const resent = resend !== null && boardedBy === resend.by && boardedAt?.getTime() === resend.at.getTime();
  return answer(scanned, resent ? 'boarded' : 'already', boardedAt, boardedBy);
}
