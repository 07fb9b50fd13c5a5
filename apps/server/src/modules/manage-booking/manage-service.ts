// Manage my booking: the customer finds their booking by number and e-mail (or follows the
// e-mail's link), then reads what cancelling would refund under the boat's policy.
import {
  cancellationQuote,
  effectivePolicy,
  type CancellationPolicy,
} from '@boats/domain/cancellation-policy';
import { isUpcomingStatus } from '@boats/domain/booking-status';
import { centsToEuros } from '@boats/domain/money';
import { normalizeTaxId } from '@boats/domain/spanish-tax-id';
import type { BookingLookupResponse, CancellationQuoteWire } from '@boats/domain/schemas/manage-booking';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { resellerBookings, resellers } from '../../db/schema';
import { conflict, DomainError, notFound } from '../../http/errors';
import { emitEvent } from '../events/domain-events';
import type { BoatRow } from '../boats/boat-repository';
import { ledgerFrom, paymentsOf, refundsOf } from '../payments/ledger';
import { refundSplit } from '../bookings/refunds';
import { bookingMinimum, toPublicBooking } from '../bookings/booking-mapper';
import {
  boatOfBooking,
  findBooking,
  findBookingWithBoatByReference,
  lockBookingRow,
  type BookingRow,
} from '../bookings/booking-repository';
import { replaceSimplified } from '../invoices/customer-invoices';
import { checkManageToken, signManageToken } from './manage-token';

/** Statuses a customer may still cancel. */

/** One answer for a wrong number and a wrong e-mail, so the lookup tells nothing about either. */
const NOT_FOUND_MESSAGE = 'No booking matches this number and e-mail.';

export async function lookupBooking(
  ctx: AppContext,
  reference: string,
  email: string,
): Promise<BookingLookupResponse> {
  const found = await findBookingWithBoatByReference(ctx.db, reference, email);
  if (!found) throw new DomainError(404, 'not_found', NOT_FOUND_MESSAGE);
  return {
    booking: toPublicBooking(found, bookingMinimum(found, ctx.now())),
    token: signManageToken(found.row, ctx.config.jwtSecret, ctx.now()),
  };
}

/**
 * The booking a manage token opens; 404 for an unknown id, 403 for a token of another booking
 * (or of the booking's former address, or of an erased booking) and for a lapsed one.
 */
export async function bookingForToken(ctx: AppContext, id: string, token: string): Promise<BookingRow> {
  const row = await findBooking(ctx.db, id);
  if (!row) throw notFound('Booking');
  const check = checkManageToken(row, token, ctx.config.jwtSecret, ctx.now());
  if (check === 'expired') {
    throw new DomainError(
      403,
      'manage_link_expired',
      'This link has expired. Find your booking by its number and e-mail for a new one.',
    );
  }
  if (check === 'invalid') {
    throw new DomainError(403, 'invalid_manage_token', 'This link does not open this booking.');
  }
  return row;
}

async function boatOfRow(ctx: AppContext, row: BookingRow): Promise<BoatRow> {
  const boat = await boatOfBooking(ctx.db, row.boatId);
  if (!boat) throw notFound('Booking');
  return boat;
}

export interface CancellationTerms {
  policy: CancellationPolicy;
  cancellable: boolean;
  refundPercent: number;
  paidCents: number;
  refundCents: number;
  /** The part of refundCents that goes back on a gift voucher (refunds.ts refundSplit). */
  refundToVoucherCents?: number;
  deadline: Date | null;
  /** The reseller that sold it: the customer cancels with them, not here. */
  soldBy: string | null;
}

/** `paidCents`: what the ledger says may still be refunded (received, minus refunds made or on their way). */
export function cancellationTerms(
  row: BookingRow,
  boat: BoatRow,
  paidCents: number,
  now: Date,
  soldBy: string | null,
): CancellationTerms {
  const started = row.startsAt.getTime() <= now.getTime();
  // A reseller's customer paid the reseller, not us: what they get back is the reseller's to say.
  const cancellable = isUpcomingStatus(row.status) && !started && soldBy === null;
  const policy = effectivePolicy(boat.cancellationPolicy);
  const quote = cancellationQuote(policy, row.startsAt, now, paidCents);
  if (!cancellable)
    return { policy, cancellable, paidCents, refundPercent: 0, refundCents: 0, deadline: null, soldBy };
  return {
    policy,
    cancellable,
    paidCents,
    refundPercent: quote.refundPercent,
    refundCents: quote.refundCents,
    deadline: quote.nextDeadline,
    soldBy,
  };
}

/** The name of the reseller that sold the booking (OCTO), or null for every other channel. */
export async function resellerOfBooking(db: Db, bookingId: string): Promise<string | null> {
  const [row] = await db
    .select({ name: resellers.name })
    .from(resellerBookings)
    .innerJoin(resellers, eq(resellers.id, resellerBookings.resellerId))
    .where(eq(resellerBookings.bookingId, bookingId));
  return row?.name ?? null;
}

export function toCancellationQuoteWire(terms: CancellationTerms): CancellationQuoteWire {
  return {
    cancellable: terms.cancellable,
    refundPercent: terms.refundPercent,
    paid: centsToEuros(terms.paidCents),
    refund: centsToEuros(terms.refundCents),
    refundToVoucher: centsToEuros(terms.refundToVoucherCents ?? 0),
    refundToCard: centsToEuros(terms.refundCents - (terms.refundToVoucherCents ?? 0)),
    deadline: terms.deadline?.toISOString() ?? null,
    policy: terms.policy.map((rule) => ({ ...rule })),
    soldBy: terms.soldBy,
  };
}

/** The terms of a booking as they stand now, money read from the ledger. */
export async function currentCancellationTerms(ctx: AppContext, row: BookingRow): Promise<CancellationTerms> {
  const [boat, paymentRows, refundRows, soldBy] = await Promise.all([
    boatOfRow(ctx, row),
    paymentsOf(ctx.db, row.id),
    refundsOf(ctx.db, row.id),
    resellerOfBooking(ctx.db, row.id),
  ]);
  const ledger = ledgerFrom(paymentRows, refundRows);
  const terms = cancellationTerms(row, boat, ledger.refundableCents, ctx.now(), soldBy);
  return {
    ...terms,
    refundToVoucherCents: refundSplit(paymentRows, refundRows, terms.refundCents).toVoucherCents,
  };
}

/**
 * The confirmation e-mail again: an event the e-mail job renders like the first one (same
 * texts, tickets and calendar file). Only for a booking that is still on.
 */
export async function requestConfirmationAgain(ctx: AppContext, row: BookingRow): Promise<void> {
  if (!isUpcomingStatus(row.status) || !row.customerEmail) {
    throw conflict('not_resendable', 'There is no confirmation to send for this booking.', {
      status: row.status,
    });
  }
  await emitEvent(ctx.db, { kind: 'booking.confirmation_requested', bookingId: row.id, payload: {} });
}

/**
 * A company's full invoice in place of the booking's simplified one, under the booking's row lock
 * (then the issuer's series and chain head, as every document: docs/invoicing.md#the-chain),
 * e-mailed to the booking's address in an e-mail of its own (the event's).
 */
export async function requestFullInvoice(
  ctx: AppContext,
  bookingId: string,
  company: { name: string; taxId: string; address: string },
) {
  return ctx.db.transaction(async (tx) => {
    const row = await lockBookingRow(tx, bookingId);
    if (!row) throw notFound('Booking');
    const issued = await replaceSimplified(ctx, tx, row.id, {
      ...company,
      taxId: normalizeTaxId(company.taxId),
    });
    await emitEvent(tx, {
      kind: 'booking.invoice_issued',
      bookingId: row.id,
      payload: { invoiceIds: [issued.invoice.id] },
    });
    return issued;
  });
}
