// Blanking a customer's personal data, shared by the two reasons to do it: the retention job
// (bookings whose trip ended RETENTION_YEARS ago, jobs/data-retention.ts) and erasure on the
// customer's request (erasure-service.ts). What adds up money (amounts, the ledger, payouts,
// earnings) and what tax law keeps (tickets' codes, invoices with their recipients, billing
// records) is never touched here (docs/privacy.md#erasure).
import { and, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  bookingHistory,
  bookings,
  conditionReports,
  depositClaims,
  contactMessages,
  domainEvents,
  emailOutbox,
  giftVouchers,
  refunds,
  resellerBookings,
  reviews,
  skipperLicences,
  waitlistEntries,
} from '../../db/schema';

/**
 * The bookings' customer (name, e-mail, phone, postal address, client address), the free texts written about
 * them (their review's name and text with the answer to it and the moderator's note, the
 * history's, the refunds' and the events' reasons, a reseller's notes and the contact it gave) and the e-mails sent
 * about them, and a self-drive booking's skipper's licence and signatures. The
 * review keeps its stars, the bookings their amounts, party, status and tickets.
 */
export async function blankBookings(tx: Db, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .update(bookings)
    .set({ customerName: '', customerEmail: '', customerPhone: '', customerAddress: '', clientIp: null })
    .where(inArray(bookings.id, ids));
  await tx
    .update(reviews)
    // An answered review stays answered (its moment is kept), with nothing said.
    .set({
      firstName: '',
      text: '',
      ownerReply: sql`case when ${reviews.ownerReply} is null then null else '' end`,
      hiddenNote: null,
    })
    .where(inArray(reviews.bookingId, ids));
  await tx
    .update(bookingHistory)
    .set({ reason: null })
    .where(and(inArray(bookingHistory.bookingId, ids), isNotNull(bookingHistory.reason)));
  // A status change's or a refund's reason was typed by a person and may name the customer;
  // the events were consumed long ago (an undispatched one still sends its e-mail, blank reason).
  await tx
    .update(domainEvents)
    .set({ payload: sql`jsonb_set(${domainEvents.payload}, '{reason}', '""')` })
    .where(and(inArray(domainEvents.bookingId, ids), sql`${domainEvents.payload} ? 'reason'`));
  await tx.update(refunds).set({ reason: '' }).where(inArray(refunds.bookingId, ids));
  await tx
    .update(resellerBookings)
    .set({ notes: null, contact: null })
    .where(inArray(resellerBookings.bookingId, ids));
  await tx.delete(emailOutbox).where(inArray(emailOutbox.bookingId, ids));
  // A self-drive booking's skipper and their licence, and the customer's signature and name on
  // the boat's condition (decision 39): blanked; the photos are no longer named, so no route
  // serves them. Whether the licence was checked, and the answers of the checklist, stay.
  await tx
    .update(skipperLicences)
    .set({ skipperName: '', licenceNumber: '', issuingCountry: '', photo: null, refusalReason: null })
    .where(inArray(skipperLicences.bookingId, ids));
  await tx
    .update(conditionReports)
    .set({ signature: '', signedBy: '', photos: [] })
    .where(inArray(conditionReports.bookingId, ids));
  // A damage claim's photos and the customer's written answer (decision 40): the amounts, the
  // owner's note and the decision stay with the deposit they settled.
  await tx
    .update(depositClaims)
    .set({ photos: [], answer: null })
    .where(inArray(depositClaims.bookingId, ids));
}

const sameAddress = (column: Parameters<typeof sql>[1], email: string) => sql`lower(${column}) = ${email}`;

/**
 * Everything else held under an address (lower case): its contact messages (and the replies
 * sent to them), waitlist entries and the events of the links sent to prove it are deleted, a gift voucher's buyer or recipient is
 * blanked (the voucher, its code and its balance stay), and every e-mail to it or naming it
 * leaves the outbox (the operator's copy of a contact message names the sender's address).
 */
export async function eraseAddress(tx: Db, email: string): Promise<void> {
  const messages = await tx
    .delete(contactMessages)
    .where(sameAddress(contactMessages.email, email))
    .returning({ id: contactMessages.id });
  if (messages.length > 0) {
    await tx.delete(domainEvents).where(
      and(
        inArray(domainEvents.kind, ['message.replied', 'contact.received', 'contact.to_operator']),
        inArray(
          sql`${domainEvents.payload} ->> 'messageId'`,
          messages.map((m) => m.id),
        ),
      ),
    );
  }
  await tx.delete(waitlistEntries).where(sameAddress(waitlistEntries.email, email));
  // The links that proved the address (modules/data-rights) name it in their events.
  await tx
    .delete(domainEvents)
    .where(
      and(
        eq(domainEvents.kind, 'personal_data.link_requested'),
        sql`lower(${domainEvents.payload} ->> 'email') = ${email}`,
      ),
    );
  await tx
    .update(giftVouchers)
    .set({ purchaserName: '', purchaserEmail: '', message: null })
    .where(sameAddress(giftVouchers.purchaserEmail, email));
  await tx
    .update(giftVouchers)
    .set({ recipientName: '', recipientEmail: null, message: null })
    .where(sameAddress(giftVouchers.recipientEmail, email));
  await tx
    .delete(emailOutbox)
    .where(
      or(
        sameAddress(emailOutbox.toAddress, email),
        sql`strpos(lower(${emailOutbox.textBody}), ${email}) > 0`,
        sql`strpos(lower(coalesce(${emailOutbox.htmlBody}, '')), ${email}) > 0`,
      ),
    );
}
