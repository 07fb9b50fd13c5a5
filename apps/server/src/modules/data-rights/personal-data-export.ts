// A customer's right of access (GDPR art. 15, docs/privacy.md#proof-of-address): everything the site holds
// under an e-mail address, as one document, once a link sent to that address was opened
// (data-rights-service.ts). Every booking, message, waitlist entry, review and gift voucher under
// the address (in any letter case), the invoices issued for those bookings (with the recipient
// they name) and the e-mails sent to it. Money is given as the ledger recorded it (payments and
// refunds), never recomputed. The web page /my-data shows it by kind, with why it is held and
// for how long, in the customer's language.
import { and, asc, eq, inArray, or, sql, type AnyColumn } from 'drizzle-orm';
import { bookingReference } from '@boats/domain/booking-reference';
import type { AppContext } from '../../context';
import {
  bookings,
  contactMessages,
  customerInvoices,
  emailOutbox,
  giftVouchers,
  payments,
  refunds,
  resellerBookings,
  reviews,
  tickets,
  waitlistEntries,
} from '../../db/schema';

const sameAddress = (column: AnyColumn, email: string) =>
  sql`lower(${column}) = ${email.trim().toLowerCase()}`;

export type PersonalData = Awaited<ReturnType<typeof personalDataOf>>;

/** Everything held under `email` (already proved by a link sent to it). */
export async function personalDataOf(ctx: AppContext, email: string) {
  const theirBookings = await ctx.db
    .select()
    .from(bookings)
    .where(sameAddress(bookings.customerEmail, email));
  const ids = theirBookings.map((b) => b.id);
  const [
    theirTickets,
    theirPayments,
    theirRefunds,
    theirReviews,
    messages,
    waitlist,
    vouchers,
    invoices,
    emails,
    resellerContacts,
  ] = await Promise.all([
    ctx.db.select().from(tickets).where(inArray(tickets.bookingId, ids)),
    ctx.db.select().from(payments).where(inArray(payments.bookingId, ids)),
    ctx.db.select().from(refunds).where(inArray(refunds.bookingId, ids)),
    ctx.db.select().from(reviews).where(inArray(reviews.bookingId, ids)),
    ctx.db.select().from(contactMessages).where(sameAddress(contactMessages.email, email)),
    ctx.db.select().from(waitlistEntries).where(sameAddress(waitlistEntries.email, email)),
    ctx.db
      .select()
      .from(giftVouchers)
      .where(
        or(sameAddress(giftVouchers.purchaserEmail, email), sameAddress(giftVouchers.recipientEmail, email)),
      ),
    ctx.db
      .select()
      .from(customerInvoices)
      .where(and(inArray(customerInvoices.bookingId, ids), eq(customerInvoices.byRecipient, false)))
      .orderBy(asc(customerInvoices.issuedAt), asc(customerInvoices.number)),
    ctx.db
      .select()
      .from(emailOutbox)
      .where(sameAddress(emailOutbox.toAddress, email))
      .orderBy(asc(emailOutbox.createdAt)),
    ctx.db
      .select({
        bookingId: resellerBookings.bookingId,
        contact: resellerBookings.contact,
        notes: resellerBookings.notes,
      })
      .from(resellerBookings)
      .where(inArray(resellerBookings.bookingId, ids)),
  ]);
  return {
    email: email.trim().toLowerCase(),
    exportedAt: ctx.now().toISOString(),
    bookings: theirBookings.map((booking) => ({
      id: booking.id,
      reference: bookingReference(booking.id),
      type: booking.type,
      status: booking.status,
      startsAt: booking.startsAt.toISOString(),
      endsAt: booking.endsAt.toISOString(),
      customer: {
        name: booking.customerName,
        email: booking.customerEmail,
        phone: booking.customerPhone,
        address: booking.customerAddress,
      },
      language: booking.language,
      party: { adults: booking.adults, children50: booking.children50, kidsFree: booking.kidsFree },
      amountCents: booking.amountGrossCents,
      currency: booking.currency,
      extras: booking.extras,
      promoCode: booking.promoCode,
      // A reseller's booking carries the reseller's key, not the customer's address.
      clientAddress: booking.provider === 'reseller' ? null : booking.clientIp,
      // A reseller's booking: the contact and notes the reseller gave us (OCTO), as given.
      reseller:
        resellerContacts
          .filter((r) => r.bookingId === booking.id)
          .map((r) => ({ contact: r.contact, notes: r.notes }))[0] ?? null,
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
    invoices: invoices.map((i) => ({
      number: i.number,
      invoiceType: i.invoiceType,
      bookingReference: bookingReference(i.bookingId),
      issuer: i.issuer.name,
      recipient: i.recipient,
      totalCents: i.totalCents,
      issuedAt: i.issuedAt.toISOString(),
    })),
    emails: emails.map((e) => ({
      subject: e.subject,
      kind: e.kind,
      bookingReference: e.bookingId ? bookingReference(e.bookingId) : null,
      status: e.status,
      createdAt: e.createdAt.toISOString(),
      sentAt: e.sentAt?.toISOString() ?? null,
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
