// A customer's right of access (GDPR art. 15, docs/security.md#customers-data): everything the
// site holds about the e-mail address a manage link proves, as one JSON document. The link opens
// one booking; the address on it is the customer's, so the export covers every booking, message,
// waitlist entry, review and gift voucher under that address (in any letter case). Money is
// given as the ledger recorded it (payments and refunds), never recomputed.
import { inArray, or, sql, type AnyColumn } from 'drizzle-orm';
import { bookingReference } from '@boats/domain/booking-reference';
import type { AppContext } from '../../context';
import {
  bookings,
  contactMessages,
  giftVouchers,
  payments,
  refunds,
  reviews,
  tickets,
  waitlistEntries,
} from '../../db/schema';
import { bookingForToken } from './manage-service';

const sameAddress = (column: AnyColumn, email: string) =>
  sql`lower(${column}) = ${email.trim().toLowerCase()}`;

export async function personalDataOf(ctx: AppContext, bookingId: string, token: string) {
  const opened = await bookingForToken(ctx, bookingId, token);
  const email = opened.customerEmail;
  const theirBookings = email
    ? await ctx.db.select().from(bookings).where(sameAddress(bookings.customerEmail, email))
    : [opened];
  const ids = theirBookings.map((b) => b.id);
  const [theirTickets, theirPayments, theirRefunds, theirReviews, messages, waitlist, vouchers] =
    await Promise.all([
      ctx.db.select().from(tickets).where(inArray(tickets.bookingId, ids)),
      ctx.db.select().from(payments).where(inArray(payments.bookingId, ids)),
      ctx.db.select().from(refunds).where(inArray(refunds.bookingId, ids)),
      ctx.db.select().from(reviews).where(inArray(reviews.bookingId, ids)),
      email ? ctx.db.select().from(contactMessages).where(sameAddress(contactMessages.email, email)) : [],
      email ? ctx.db.select().from(waitlistEntries).where(sameAddress(waitlistEntries.email, email)) : [],
      email
        ? ctx.db
            .select()
            .from(giftVouchers)
            .where(
              or(
                sameAddress(giftVouchers.purchaserEmail, email),
                sameAddress(giftVouchers.recipientEmail, email),
              ),
            )
        : [],
    ]);
  return {
    email,
    exportedAt: ctx.now().toISOString(),
    bookings: theirBookings.map((booking) => ({
      id: booking.id,
      reference: bookingReference(booking.id),
      type: booking.type,
      status: booking.status,
      startsAt: booking.startsAt.toISOString(),
      endsAt: booking.endsAt.toISOString(),
      customer: { name: booking.customerName, email: booking.customerEmail, phone: booking.customerPhone },
      language: booking.language,
      party: { adults: booking.adults, children50: booking.children50, kidsFree: booking.kidsFree },
      amountCents: booking.amountGrossCents,
      currency: booking.currency,
      extras: booking.extras,
      promoCode: booking.promoCode,
      clientAddress: booking.clientIp,
      createdAt: booking.createdAt.toISOString(),
      tickets: theirTickets
        .filter((t) => t.bookingId === booking.id)
        .map((t) => ({ code: t.code, kind: t.kind, seatNo: t.seatNo, passengerType: t.passengerType })),
      payments: theirPayments
        .filter((p) => p.bookingId === booking.id)
        .map((p) => ({
          amountCents: p.amountCents,
          status: p.status,
          method: p.method,
          createdAt: p.createdAt,
        })),
      refunds: theirRefunds
        .filter((r) => r.bookingId === booking.id)
        .map((r) => ({
          amountCents: r.amountCents,
          status: r.status,
          reason: r.reason,
          createdAt: r.createdAt,
        })),
      review:
        theirReviews
          .filter((r) => r.bookingId === booking.id)
          .map((r) => ({ stars: r.stars, text: r.text, firstName: r.firstName, country: r.country }))[0] ??
        null,
    })),
    messages: messages.map((m) => ({
      createdAt: m.createdAt.toISOString(),
      name: m.name,
      email: m.email,
      phone: m.phone,
      message: m.message,
      clientAddress: m.ip,
      userAgent: m.userAgent,
    })),
    waitlist: waitlist.map((w) => ({
      tripId: w.slotId,
      seats: w.seats,
      email: w.email,
      createdAt: w.createdAt.toISOString(),
    })),
    giftVouchers: vouchers.map((v) => ({
      code: v.code,
      amountCents: v.amountCents,
      purchaser: { name: v.purchaserName, email: v.purchaserEmail },
      recipient: { name: v.recipientName, email: v.recipientEmail },
      message: v.message,
      createdAt: v.createdAt.toISOString(),
    })),
  };
}
