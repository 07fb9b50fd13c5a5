// How long a checkout holds (issue 12.6): short until the customer gives contact details on the
// payment step, then HOLD_MINUTES counted from the checkout's start. Holds that nobody follows
// up (a visitor gone, a script holding seats) lapse after HOLD_MINUTES_BEFORE_CONTACT; saving
// the details again never renews a hold, and a lapsed hold is never revived.
import { and, asc, eq, isNull } from 'drizzle-orm';
import { invoiceNamesRecipient } from '@boats/domain/customer-invoice';
import type { LanguageCode } from '@boats/domain/languages';
import { onlineBookingContactSchema, type OnlineBookingContact } from '@boats/domain/schemas/contact';
import type { Config } from '../../config';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { bookingHistory } from '../../db/schema';
import { conflict, invalidField, notFound } from '../../http/errors';
import { updateBookingRow } from '../bookings/booking-repository';
import { holdIsLive } from '../occupancy/live-hold';
import { lockBookingWithTrip } from '../bookings/lock-order';

const MINUTE_MS = 60_000;

/** Minutes a new checkout holds: the full time only when it already names its customer. */
export function firstHoldMinutes(
  config: Pick<Config, 'HOLD_MINUTES' | 'HOLD_MINUTES_BEFORE_CONTACT'>,
  customer: unknown,
) {
  if (onlineBookingContactSchema.safeParse(customer).success) return config.HOLD_MINUTES;
  return Math.min(config.HOLD_MINUTES_BEFORE_CONTACT, config.HOLD_MINUTES);
}

/** When the checkout started: its first history row, written in the transaction that held. */
async function checkoutStart(tx: Db, bookingId: string): Promise<{ at: Date; code: string } | undefined> {
  const [row] = await tx
    .select({ at: bookingHistory.at, code: bookingHistory.code })
    .from(bookingHistory)
    .where(and(eq(bookingHistory.bookingId, bookingId), isNull(bookingHistory.fromStatus)))
    .orderBy(asc(bookingHistory.at))
    .limit(1);
  return row;
}

/**
 * Saves the customer's contact details and language on an unpaid checkout and, while its hold
 * is live, lengthens the hold to HOLD_MINUTES from the start. The trip's row is locked first
 * (as a new checkout for it does), so nobody counts the seats between the check and the new
 * expiry.
 */
export async function saveCheckoutContact(
  ctx: AppContext,
  bookingId: string,
  input: { customer: OnlineBookingContact; lang?: LanguageCode | undefined },
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    // The trip's row, then the booking's (lock-order.ts).
    const row = await lockBookingWithTrip(tx, bookingId);
    if (!row) throw notFound('Booking');
    if (row.status !== 'pending') {
      throw conflict('not_pending', 'Contact details can only be changed before payment.');
    }
    const now = ctx.now();
    let holdExpiresAt = row.holdExpiresAt;
    if (holdIsLive(row, now)) {
      const started = await checkoutStart(tx, row.id);
      // A staff member's payment link holds for the time they chose, never longer.
      const full =
        started &&
        started.code !== 'payment_link_sent' &&
        new Date(started.at.getTime() + ctx.config.HOLD_MINUTES * MINUTE_MS);
      if (full && full > row.holdExpiresAt) holdExpiresAt = full;
    }
    const { customer, lang } = input;
    if (invoiceNamesRecipient(row.amountGrossCents) && !customer.address) {
      throw invalidField('body.customer.address', 'address_required', 'validation.invoiceAddress');
    }
    // A promo code's e-mail rules are not asked here but at the sale (promoUseKept), so this
    // answer is the same whether or not the address has booked (issue 53).
    await updateBookingRow(tx, row.id, {
      customerName: customer.name,
      customerEmail: customer.email ?? '',
      customerPhone: customer.phone ?? '',
      customerAddress: customer.address ?? '',
      holdExpiresAt,
      ...(lang ? { language: lang } : {}),
    });
  });
}
