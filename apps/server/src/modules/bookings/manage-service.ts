// Manage my booking: the customer finds their booking by number and e-mail (or follows the
// e-mail's link), then reads what cancelling would refund under the boat's policy.
import {
  cancellationQuote,
  effectivePolicy,
  type CancellationPolicy,
} from '@boats/domain/cancellation-policy';
import { centsToEuros } from '@boats/domain/money';
import type { BookingLookupResponse, CancellationQuoteWire } from '@boats/domain/schemas/manage-booking';
import type { AppContext } from '../../context';
import { DomainError, notFound } from '../../http/errors';
import type { BoatRow } from '../boats/boat-repository';
import { boatOfBooking, findBooking, findBookingByReference, type BookingRow } from './booking-repository';
import { signManageToken, verifyManageToken } from './manage-token';
import { loadPublicBooking } from './public-booking';

/** Statuses a customer may still cancel. */
const CANCELLABLE = new Set(['paid', 'confirmed']);

/** One answer for a wrong number and a wrong e-mail, so the lookup tells nothing about either. */
const NOT_FOUND_MESSAGE = 'No booking matches this number and e-mail.';

export async function lookupBooking(
  ctx: AppContext,
  reference: string,
  email: string,
): Promise<BookingLookupResponse> {
  const row = await findBookingByReference(ctx.db, reference, email);
  if (!row) throw new DomainError(404, 'not_found', NOT_FOUND_MESSAGE);
  const { booking } = await loadPublicBooking(ctx, row);
  return { booking, token: signManageToken(row.id, ctx.config.jwtSecret) };
}

/** The booking a manage token opens; 404 for an unknown id, 403 for a token of another booking. */
export async function bookingForToken(ctx: AppContext, id: string, token: string): Promise<BookingRow> {
  const row = await findBooking(ctx.db, id);
  if (!row) throw notFound('Booking');
  if (!verifyManageToken(id, token, ctx.config.jwtSecret)) {
    throw new DomainError(403, 'invalid_manage_token', 'This link does not open this booking.');
  }
  return row;
}

export async function boatOfRow(ctx: AppContext, row: BookingRow): Promise<BoatRow> {
  const boat = await boatOfBooking(ctx.db, row.boatId);
  if (!boat) throw notFound('Booking');
  return boat;
}

/** What the customer has paid and not had back, in cents. */
export function netPaidCents(row: BookingRow): number {
  return Math.max(0, row.amountReceivedCents - row.amountRefundedCents);
}

export interface CancellationTerms {
  policy: CancellationPolicy;
  cancellable: boolean;
  refundPercent: number;
  paidCents: number;
  refundCents: number;
  deadline: Date | null;
}

export function cancellationTerms(row: BookingRow, boat: BoatRow, now: Date): CancellationTerms {
  const paidCents = netPaidCents(row);
  const started = row.startsAt.getTime() <= now.getTime();
  const cancellable = CANCELLABLE.has(row.status) && !started;
  const policy = effectivePolicy(boat.cancellationPolicy);
  const quote = cancellationQuote(policy, row.startsAt, now, paidCents);
  if (!cancellable) return { policy, cancellable, paidCents, refundPercent: 0, refundCents: 0, deadline: null };
  return {
    policy,
    cancellable,
    paidCents,
    refundPercent: quote.refundPercent,
    refundCents: quote.refundCents,
    deadline: quote.nextDeadline,
  };
}

export function toCancellationQuoteWire(terms: CancellationTerms): CancellationQuoteWire {
  return {
    cancellable: terms.cancellable,
    refundPercent: terms.refundPercent,
    paid: centsToEuros(terms.paidCents),
    refund: centsToEuros(terms.refundCents),
    deadline: terms.deadline?.toISOString() ?? null,
    policy: terms.policy.map((rule) => ({ ...rule })),
  };
}
