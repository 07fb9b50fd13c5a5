// Domain events: facts about bookings and money, inserted in the transaction that makes them
// true (the outbox pattern), consumed later by jobs (customer e-mails: event-emails.ts).
// A crash between the change and the consumer only delays the consumer, never loses the fact.
import { sql } from 'drizzle-orm';
import type { BookingStatus } from '@boats/domain/booking-status';
import type { HistoryCode } from '@boats/domain/booking-history';
import type { ListingRequirement } from '@boats/domain/listing-state';
import type { Db } from '../../db/client';
import { domainEvents } from '../../db/schema';

/** Why money went back: decides the e-mail wording and who may trigger it. */
export type RefundCause = 'late_payment' | 'released' | 'operator' | 'goodwill' | 'provider' | (string & {});

export type DomainEvent =
  | {
      kind: 'booking.status_changed';
      bookingId: string;
      payload: {
        from: BookingStatus | null;
        to: BookingStatus;
        code: HistoryCode | (string & {});
        params: Record<string, string | number>;
        actor: string;
        reason: string | null;
        /** The customer's invoices the change issued, which its e-mail carries. */
        invoiceIds?: string[];
      };
    }
  | {
      kind: 'refund.requested' | 'refund.succeeded' | 'refund.failed';
      bookingId: string;
      payload: {
        refundId: string;
        amountCents: number;
        cause: RefundCause;
        reason: string;
        actor: string;
        /** A gift voucher's share: back on the voucher, not to a card. */
        toVoucher?: boolean;
      };
    }
  | {
      // The customer asked for the confirmation again (manage my booking); the reminder is due;
      // the minimum's cutoff came and the shared trip runs (minimum-cutoff.ts).
      kind: 'booking.confirmation_requested' | 'booking.reminder_due' | 'booking.trip_runs';
      bookingId: string;
      payload: Record<string, never>;
    }
  | {
      // A customer's invoice issued on its own (a company's full invoice, asked for on manage my
      // booking): it goes to the booking's address in an e-mail of its own.
      kind: 'booking.invoice_issued';
      bookingId: string;
      payload: { invoiceIds: string[] };
    }
  | {
      // The security deposit (docs/payments.md#the-security-deposit): the card refused its
      // authorisation (the customer and the owner are told at once), it was given back in full,
      // or part of it was kept for damage (the customer is told how much and why). The owner's
      // e-mail of a refusal is its own event (one e-mail per event).
      kind:
        | 'booking.deposit_failed'
        | 'booking.deposit_failed_owner'
        | 'booking.deposit_released'
        | 'booking.deposit_captured'
        // A damage claim against it (docs/decisions/0040): the customer told of the claim, the
        // operator of the customer's dispute (the admin decides it), the owner of its outcome
        // (payload: amountCents kept, 0 released).
        | 'booking.deposit_claimed'
        | 'booking.deposit_claim_disputed'
        | 'booking.deposit_claim_outcome_owner';
      bookingId: string;
      payload: { code?: string; amountCents?: number; reason?: string };
    }
  | {
      // A request-to-book arrived (the card authorized): its boat's owner gets an e-mail.
      kind: 'booking.request_received';
      bookingId: string;
      payload: { decideBy: string };
    }
  | {
      // A contact message arrived: the sender gets an acknowledgement in their language
      // (contact.received), the operator a notice in the platform owner's (contact.to_operator).
      kind: 'contact.received' | 'contact.to_operator';
      bookingId: null;
      payload: { messageId: string };
    }
  | {
      // An admin deleted a slot (one with no paid booking and no checkout in progress): what it
      // was, why, and who, kept as the record of the deletion.
      kind: 'slot.deleted';
      bookingId: null;
      payload: {
        slotId: string;
        boatId: string;
        type: string;
        start: string;
        end: string;
        reason: string;
        actor: string;
      };
    }
  | {
      // A gift voucher's sale was paid: its e-mails go out once (docs/payments.md#gift-vouchers),
      // one per event: the voucher to its recipient or purchaser (sold), the receipt (receipt).
      kind: 'gift_voucher.sold' | 'gift_voucher.receipt';
      bookingId: null;
      payload: { giftVoucherId: string };
    }
  | {
      // The operator answered a contact message, in the language they chose.
      kind: 'message.replied';
      bookingId: null;
      payload: { messageId: string; language: string; subject: string; body: string };
    }
  | {
      // Someone asked for a password reset link. The link carries the only copy of the token
      // (the database keeps its hash), as the e-mail it becomes does; it works once, for minutes.
      kind: 'account.password_reset_requested';
      bookingId: null;
      payload: { email: string; language: string; link: string; minutes: number };
    }
  | {
      // Someone asked for a link to download or erase what is held under an address that holds
      // something (modules/data-rights). The link carries the only copy of its token.
      kind: 'personal_data.link_requested';
      bookingId: null;
      payload: {
        email: string;
        language: string;
        link: string;
        minutes: number;
        purpose: 'export' | 'erasure';
      };
    }
  | {
      // A browser that never signed in to the account did (docs/security.md#sessions): the
      // account's address is told which browser on which system (or which program, for a client
      // that is no browser), from which country (ISO code) or the local network, and when.
      // Events from before `os`, `program` and `local` carry the browser joined in English.
      kind: 'account.new_device_sign_in';
      bookingId: null;
      payload: {
        email: string;
        language: string;
        browser: string | null;
        os?: string | null;
        program?: string | null;
        country: string | null;
        local?: boolean;
        at: string;
      };
    }
  | {
      // The platform approved a submitted boat or sent it back (docs/back-office.md#listings):
      // its owner is told, with what it still needs and the platform's note.
      kind: 'boat.listing_decided';
      bookingId: null;
      payload: {
        boatId: string;
        decision: 'approved' | 'sent_back';
        missing: ListingRequirement[];
        note: string | null;
        editorUrl: string;
      };
    }
  | {
      // An account's sign-in address was changed: the old address is told, with the new one.
      kind: 'account.email_changed';
      bookingId: null;
      payload: { email: string; newEmail: string; language: string };
    }
  | {
      // An owner's payout details are being given or changed on the provider's page: the owner's
      // address on file is told (a stolen password must not move the money unseen), with the
      // time their payouts wait until (PAYOUT_HOLD_AFTER_CHANGE_HOURS).
      kind: 'owner.payout_details_changed';
      bookingId: null;
      payload: { email: string; language: string; heldUntil: string; by: string };
    }
  | {
      // "List your boat": the applicant gets an acknowledgement; a decline tells them why.
      kind: 'owner_application.received' | 'owner_application.declined';
      bookingId: null;
      payload: { applicationId: string };
    }
  | {
      // A visitor joined a trip's waitlist: the e-mail asks them to confirm the address.
      kind: 'waitlist.joined';
      bookingId: null;
      payload: { entryId: string };
    }
  | {
      // Freed seats of a full trip are held for a waitlisted visitor (bookingId: the hold);
      // the offer e-mail links to its payment step.
      kind: 'waitlist.offered';
      bookingId: string;
      payload: { entryId: string };
    }
  | {
      // Staff booked a customer and sent (or sent again) the link to pay for the held seats:
      // the e-mail carries the signed link (payment-links/payment-link-token.ts).
      kind: 'booking.payment_link_sent';
      bookingId: string;
      payload: { resent: boolean };
    }
  | {
      // Approved: the new owner account's set-password link (the database keeps only its hash).
      kind: 'owner_application.approved';
      bookingId: null;
      payload: { applicationId: string; link: string; hours: number };
    };

export async function emitEvent(tx: Db, event: DomainEvent): Promise<void> {
  await tx.insert(domainEvents).values({
    kind: event.kind,
    bookingId: event.bookingId,
    payload: event.payload as Record<string, unknown>,
  });
}

export type StoredEvent = typeof domainEvents.$inferSelect;

/**
 * Leases up to `batch` undispatched events (FOR UPDATE SKIP LOCKED, so instances never take
 * the same event), hands each to `handle` inside that transaction, in order and with the batch
 * it came in (so a consumer can read two facts of one batch together: a cancellation and the
 * refunds settled before its e-mail is written), and marks them dispatched: the consumers'
 * writes and the marks commit together (a failing handler rolls the whole batch back, so marking
 * the batch in one statement at the end changes nothing but the round trips).
 */
export async function dispatchEvents(
  db: Db,
  handle: (tx: Db, event: StoredEvent, batch: readonly StoredEvent[]) => Promise<void>,
  batch = 50,
): Promise<number> {
  return db.transaction(async (tx) => {
    const due = await tx.execute<StoredEvent>(sql`
      select id, kind, booking_id as "bookingId", payload, created_at as "createdAt"
      from domain_events where dispatched_at is null
      order by id limit ${batch} for update skip locked`);
    const rows = (due as { rows: StoredEvent[] }).rows;
    for (const event of rows) await handle(tx, event, rows);
    const ids = rows.map((event) => Number(event.id));
    if (ids.length > 0) {
      await tx.execute(sql`update domain_events set dispatched_at = now()
        where id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`);
    }
    return rows.length;
  });
}
