// Boarding by crew. A code names a seat ticket, or a charter's boarding pass (a ticket row on
// a private booking, which boards the whole party). Answers, in this order of precedence:
// canceled (the booking no longer travels), not_today (its trip is another Canary day),
// wrong_trip (another trip today than the one being boarded), already (scanned before: when
// and by whom), boarded. Two scans racing each other board once (markBoarded is conditional).
// A code voided by a move to another trip answers replaced, with the trip it moved to.
import { isRevenueStatus } from '@boats/domain/booking-status';
import { canaryDateKey } from '@boats/domain/canary-time';
import type { CheckinResponse, CheckinResult } from '@boats/domain/schemas/trips';
import type { AppContext } from '../../context';
import { DomainError } from '../../http/errors';
import type { TokenUser } from '../auth/access-token';
import { scopeOf } from '../owner-scope/owner-scope';
import { bookingReference } from '@boats/domain/booking-reference';
import {
  findReplacedTicket,
  findTicket,
  findTicketByCode,
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
  };
}

export async function checkIn(
  ctx: AppContext,
  input: { code: string; slotId?: string | undefined },
  crew: TokenUser,
): Promise<CheckinResponse> {
  // A code of another owner's boat is, for this crew, no ticket at all.
  const scanned = await findTicketByCode(ctx.db, scopeOf(crew), input.code);
  if (!scanned) {
    const replaced = await replacedAnswer(ctx, crew, input.code);
    if (replaced) return replaced;
    throw new DomainError(404, 'unknown_code', `No ticket has the code ${input.code}`);
  }
  const { ticket, booking } = scanned;
  const now = ctx.now();

  if (!isRevenueStatus(booking.status)) return answer(scanned, 'canceled');
  if (canaryDateKey(booking.startsAt) !== canaryDateKey(now)) return answer(scanned, 'not_today');
  if (input.slotId && !scanned.slotIds.includes(input.slotId)) return answer(scanned, 'wrong_trip');
  if (ticket.checkedInAt) return answer(scanned, 'already', ticket.checkedInAt, ticket.checkedInBy);

  const boarded = await markBoarded(ctx.db, ticket.id, now, crew.email);
  if (boarded) return answer(scanned, 'boarded', boarded.checkedInAt, boarded.checkedInBy);
  // Another scan of the same code won the race a moment ago.
  const first = await findTicket(ctx.db, ticket.id);
  return answer(scanned, 'already', first?.checkedInAt ?? null, first?.checkedInBy ?? null);
}
