/**
 * Customer e-mails rendered from domain events, run as a job: each event is read once, the
 * rules below say which e-mail (if any) it means, and the e-mail is queued in the outbox with
 * the event's id (one e-mail per event, however often this runs).
 *
 * To add a kind (reminder, weather cancellation …): write its renderer in mail/booking-emails.ts
 * with texts in apps/web/public/locales/{en,es,ru}/email.json, and add one rule here. E-mails
 * about no booking (contact, replies, accounts) are in NON_BOOKING_EMAILS.
 */
import { LISTING_REQUIREMENTS, type ListingRequirement } from '@boats/domain/listing-state';
import { eurosToCents } from '@boats/domain/money';
import { tripCancelReasonCode } from '@boats/domain/schemas/trip-cancellation';
import { requestDeclineReasonOf } from '@boats/domain/schemas/request-to-book';
import { OWNER_SUSPENDED_CAUSE } from '@boats/domain/schemas/upcoming-bookings';
import { ADMIN_PATHS, REQUESTED_BOOKINGS_PATH } from '@boats/domain/public-paths';
import { claimOf, depositOf } from '../deposits/deposit-service';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { eq } from 'drizzle-orm';
import { boats, emailOutbox, owners } from '../../db/schema';
import { findGiftVoucher } from '../gift-vouchers/gift-voucher-repository';
import { giftVoucherUrl } from '../gift-vouchers/gift-voucher-token';
import {
  giftVoucherEmail,
  giftVoucherReceiptEmail,
  type GiftVoucherEmailInput,
} from '../mail/gift-voucher-emails';
import { findBookingWithBoatById } from '../bookings/booking-repository';
import { bookingMinimum } from '../bookings/booking-mapper';
import { customerInvoiceAttachment } from '../invoices/customer-invoice-pdf';
import { invoicesOfEvent } from './event-invoices';
import { dispatchEvents, type StoredEvent } from '../events/domain-events';
import { manageBookingUrl } from '../manage-booking/manage-token';
import { reviewUrl } from '../reviews/review-token';
import { CUSTOMER_POLICY_CAUSE } from '../manage-booking/customer-cancellation';
import { findContactMessage } from '../messages/contact-repository';
import {
  confirmationEmail,
  customerCancellationEmail,
  operatorCancellationEmail,
  refundEmail,
  type CustomerRefund,
  tripCanceledEmail,
  tripMovedEmail,
  reminderEmail,
  tripRunsEmail,
  reviewRequestEmail,
  requestReceivedEmail,
  requestClosedEmail,
  rescheduledEmail,
  ownerRequestEmail,
  invoicesEmail,
  depositEmail,
  claimDisputedEmail,
  depositClaimEmail,
  ownerClaimOutcomeEmail,
  licenceRefusedEmail,
  ownerDepositFailedEmail,
  type BookingEmailInput,
} from '../mail/booking-emails';
import {
  emailChangedEmail,
  newDeviceSignInEmail,
  passwordResetEmail,
  personalDataLinkEmail,
  payoutDetailsChangedEmail,
} from '../mail/account-emails';
import { boatListingEmail } from '../mail/boat-listing-emails';
import { contactAcknowledgementEmail, contactOperatorNotice } from '../mail/contact-emails';
import { messageReplyEmail } from '../mail/message-emails';
import { findApplication } from '../owner-applications/application-repository';
import {
  applicationApprovedEmail,
  applicationDeclinedEmail,
  applicationReceivedEmail,
} from '../mail/owner-application-emails';
import type { OutgoingEmail } from '../mail/outbox';
import { markedAsTestBooking } from '../mail/test-booking-mark';
import { agentSaleOf, ledgerOf } from '../payments/ledger';
import { agentCommissionAtNet } from '@boats/domain/commission-invoice';
import { paymentLinkEmail, waitlistOfferEmail } from '../mail/booking-emails';
import { waitlistConfirmEmail } from '../mail/waitlist-emails';
import { paymentLinkUrl } from '../payment-links/payment-link-token';
import { entryWithTrip, findEntry } from '../waitlist/waitlist-repository';
import { waitlistConfirmUrl, waitlistOfferUrl } from '../waitlist/waitlist-token';
import { offerOnTrips, tripFreedBy } from '../waitlist/waitlist-offers';
import { notifyOwnerOf } from '../owner-notifications/owner-notifications';
import { queueResellerWebhooks } from '../octo/octo-webhooks';

type Payload = Record<string, unknown>;
type Rule = (event: StoredEvent, payload: Payload) => ((input: BookingEmailInput) => OutgoingEmail) | null;

const RULES: Rule[] = [
  (e, p) => (e.kind === 'booking.status_changed' && p.code === 'rescheduled' ? rescheduledEmail : null),
  (e, p) =>
    e.kind === 'booking.status_changed' && p.to === 'paid' && p.code !== 'rescheduled'
      ? p.code === 'trip_moved'
        ? tripMovedEmail
        : confirmationEmail
      : null,
  (e) => (e.kind === 'booking.confirmation_requested' ? confirmationEmail : null),
  // Request-to-book (docs/payments.md#request-to-book): sent, declined, lapsed.
  (e, p) => (e.kind === 'booking.status_changed' && p.to === 'requested' ? requestReceivedEmail : null),
  (e, p) =>
    e.kind === 'booking.status_changed' &&
    p.to === 'canceled' &&
    (p.code === 'request_declined' || p.code === 'request_expired')
      ? (input) =>
          requestClosedEmail(
            input,
            p.code === 'request_declined' ? 'declined' : 'expired',
            // The code only: the decliner's note is staff's words, not the customer's language.
            requestDeclineReasonOf(((p.params ?? {}) as Record<string, unknown>).reasonCode),
          )
      : null,
  (e) => (e.kind === 'booking.reminder_due' ? reminderEmail : null),
  // The security deposit (docs/payments.md#the-security-deposit): refused by the card, released, kept.
  (e) => (e.kind === 'booking.deposit_failed' ? (input) => depositEmail(input, 'failed') : null),
  (e, p) =>
    e.kind === 'booking.deposit_released'
      ? (input) => depositEmail(input, p.code === 'claim_decided' ? 'released_after_claim' : 'released')
      : null,
  (e, p) =>
    e.kind === 'booking.deposit_captured'
      ? (input) =>
          depositEmail(input, 'captured', {
            amountCents: typeof p.amountCents === 'number' ? p.amountCents : 0,
            reason: typeof p.reason === 'string' ? p.reason : '',
          })
      : null,
  (e) => (e.kind === 'booking.trip_runs' ? tripRunsEmail : null),
  // The trip took place: one request for a review (canceled and refunded bookings never complete).
  (e, p) => (e.kind === 'booking.status_changed' && p.to === 'completed' ? reviewRequestEmail : null),
  (e, p) =>
    e.kind === 'booking.status_changed' && p.to === 'canceled' && p.code === 'customer_canceled'
      ? (input) => customerCancellationEmail(input, customerRefund(p))
      : null,
  (e, p) =>
    e.kind === 'booking.status_changed' && p.to === 'canceled' && p.code === 'operator_canceled'
      ? (input) =>
          operatorCancellationEmail(
            input,
            operatorMessage(p),
            ((p.params ?? {}) as Record<string, unknown>).cause === OWNER_SUSPENDED_CAUSE,
          )
      : null,
  // Crew refused the departure (decision 39): crew's reason is written to the customer.
  (e, p) =>
    e.kind === 'booking.status_changed' && p.to === 'canceled' && p.code === 'licence_refused'
      ? (input) => licenceRefusedEmail(input, text(p.reason))
      : null,
  (e, p) =>
    // A reservation released with its trip was never paid: nobody to tell by e-mail.
    e.kind === 'booking.status_changed' &&
    p.to === 'canceled' &&
    p.code === 'trip_canceled' &&
    p.from !== 'pending'
      ? (input) => {
          const params = (p.params ?? {}) as Record<string, unknown>;
          return tripCanceledEmail(input, {
            reasonCode: tripCancelReasonCode(params.reasonCode),
            message: operatorMessage(p),
            cause: typeof params.cause === 'string' ? params.cause : 'weather',
            deadline: typeof params.deadline === 'string' ? params.deadline : null,
            // A request-to-book canceled with its trip: its card was only authorized.
            notCharged: p.from === 'requested',
          });
        }
      : null,
  (e, p) =>
    e.kind === 'refund.succeeded' && p.cause !== CUSTOMER_POLICY_CAUSE
      ? (input) =>
          refundEmail(
            input,
            // With an agent's sale, what the agent handed back of its commission with it.
            Number(p.amountCents) + Number(p.agentCommissionCents ?? 0),
            p.cause === 'late_payment',
            p.toVoucher === true,
            text(p.cause),
            text(p.reason),
          )
      : null,
];

/**
 * The operator's message to the customer, as written (params.message). The status change's
 * `reason` is the operator's internal note and is never e-mailed.
 */
function operatorMessage(payload: Payload): string | null {
  const message = ((payload.params ?? {}) as Record<string, unknown>).message;
  return typeof message === 'string' && message.trim() !== '' ? message : null;
}

/**
 * What the cancellation refunded, from the status change's params (euros), and what the booking
 * held then (absent on cancellations recorded before it was: then nothing was refunded before).
 */
function customerRefund(payload: Payload): CustomerRefund {
  const params = (payload.params ?? {}) as Record<string, unknown>;
  return {
    cents: eurosToCents(Number(params.refund ?? 0)),
    percent: Number(params.refundPercent ?? 0),
    toVoucherCents: eurosToCents(Number(params.refundToVoucher ?? 0)),
    ...(params.held !== undefined ? { heldCents: eurosToCents(Number(params.held)) } : {}),
    refundedBeforeCents: eurosToCents(Number(params.refundedBefore ?? 0)),
  };
}

async function insertEmail(tx: Db, eventId: number, email: OutgoingEmail): Promise<void> {
  await tx
    .insert(emailOutbox)
    .values({
      kind: email.kind,
      eventId,
      bookingId: email.bookingId ?? null,
      toAddress: email.to,
      subject: email.subject,
      textBody: email.text,
      htmlBody: email.html ?? null,
      attachments: email.attachments ?? [],
    })
    .onConflictDoNothing();
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const isListingRequirement = (value: unknown): value is ListingRequirement =>
  LISTING_REQUIREMENTS.some((r) => r === value);

/** Events about no booking, each to at most one e-mail. */
const NON_BOOKING_EMAILS: Record<string, (tx: Db, payload: Payload) => Promise<OutgoingEmail | null>> = {
  'contact.received': async (tx, p) => {
    const message = await findContactMessage(tx, text(p.messageId));
    return message?.email ? contactAcknowledgementEmail(message) : null;
  },
  'message.replied': async (tx, p) => {
    const message = await findContactMessage(tx, text(p.messageId));
    return message?.email
      ? messageReplyEmail(message, {
          language: text(p.language),
          subject: text(p.subject),
          body: text(p.body),
        })
      : null;
  },
  'owner_application.received': async (tx, p) => {
    const application = await findApplication(tx, text(p.applicationId));
    return application ? applicationReceivedEmail(application) : null;
  },
  'owner_application.approved': async (tx, p) => {
    const application = await findApplication(tx, text(p.applicationId));
    return application ? applicationApprovedEmail(application, text(p.link), Number(p.hours)) : null;
  },
  'owner_application.declined': async (tx, p) => {
    const application = await findApplication(tx, text(p.applicationId));
    return application ? applicationDeclinedEmail(application) : null;
  },
  'owner.payout_details_changed': async (_tx, p) =>
    payoutDetailsChangedEmail({
      to: text(p.email),
      language: text(p.language),
      heldUntil: new Date(text(p.heldUntil)),
      by: text(p.by),
    }),
  'account.new_device_sign_in': async (_tx, p) =>
    newDeviceSignInEmail({
      to: text(p.email),
      language: text(p.language),
      browser: typeof p.browser === 'string' ? p.browser : null,
      os: typeof p.os === 'string' ? p.os : null,
      program: typeof p.program === 'string' ? p.program : null,
      country: typeof p.country === 'string' ? p.country : null,
      local: p.local === true,
      at: new Date(text(p.at)),
    }),
  'boat.listing_decided': async (tx, p) => {
    const [found] = await tx
      .select({ boat: boats, owner: owners })
      .from(boats)
      .innerJoin(owners, eq(owners.id, boats.ownerId))
      .where(eq(boats.id, text(p.boatId)));
    // The platform's own boats have no one to tell (its row has no e-mail).
    if (!found?.owner.email || found.owner.isPlatform) return null;
    return boatListingEmail({
      owner: found.owner,
      boat: found.boat,
      decision: p.decision === 'approved' ? 'approved' : 'sent_back',
      missing: Array.isArray(p.missing) ? p.missing.filter(isListingRequirement) : [],
      note: typeof p.note === 'string' && p.note ? p.note : null,
      editorUrl: text(p.editorUrl),
    });
  },
  'account.email_changed': async (_tx, p) =>
    emailChangedEmail({ to: text(p.email), language: text(p.language), newEmail: text(p.newEmail) }),
  'personal_data.link_requested': async (_tx, p) =>
    personalDataLinkEmail({
      to: text(p.email),
      link: text(p.link),
      minutes: Number(p.minutes),
      language: text(p.language),
      purpose: p.purpose === 'erasure' ? 'erasure' : 'export',
    }),
  'account.password_reset_requested': async (_tx, p) =>
    passwordResetEmail({
      to: text(p.email),
      link: text(p.link),
      minutes: Number(p.minutes),
      language: text(p.language),
    }),
};

async function emailsOf(
  ctx: AppContext,
  tx: Db,
  event: StoredEvent,
  batch: readonly StoredEvent[],
): Promise<void> {
  const payload = event.payload;
  const queue = (email: OutgoingEmail) =>
    insertEmail(tx, Number(event.id), ctx.config.testBookings ? markedAsTestBooking(email) : email);
  const nonBooking = NON_BOOKING_EMAILS[event.kind];
  if (nonBooking) {
    const email = await nonBooking(tx, payload);
    if (email) await queue(email);
    return;
  }
  if (event.kind === 'gift_voucher.sold' || event.kind === 'gift_voucher.receipt') {
    const input = await giftVoucherEmailInput(ctx, tx, text(payload.giftVoucherId));
    if (!input) return;
    await queue(
      event.kind === 'gift_voucher.sold' ? await giftVoucherEmail(input) : giftVoucherReceiptEmail(input),
    );
    return;
  }
  if (event.kind === 'waitlist.joined') {
    const found = await entryWithTrip(tx, text(payload.entryId));
    if (!found) return;
    await queue(
      waitlistConfirmEmail({
        to: found.entry.email,
        language: found.entry.language,
        boatTitle: found.boatTitle,
        startsAt: found.startsAt,
        seats: found.entry.seats,
        link: waitlistConfirmUrl(ctx.config.publicUrl, found.entry.id, ctx.config.jwtSecret),
      }),
    );
    return;
  }
  if (event.kind === 'contact.to_operator') {
    const email = await operatorNoticeOf(ctx, tx, text(payload.messageId));
    if (email) await queue(email);
    return;
  }
  if (event.kind === 'booking.request_received' && event.bookingId) {
    const email = await ownerRequestEmailOf(ctx, tx, event.bookingId);
    if (email) await queue(email);
    return;
  }
  // The owner is told at once too, in their language (the customer by booking.deposit_failed).
  if (event.kind === 'booking.deposit_failed_owner' && event.bookingId) {
    const email = await ownerDepositFailedEmailOf(ctx, tx, event.bookingId);
    if (email) await queue(email);
    return;
  }
  // A damage claim disputed: the operator hears it waits for the admin's decision.
  if (event.kind === 'booking.deposit_claim_disputed' && event.bookingId) {
    const email = await claimDisputedEmailOf(ctx, tx, event.bookingId);
    if (email) await queue(email);
    return;
  }
  // A damage claim settled: the owner hears how much was captured (the customer by the capture's
  // or the release's own e-mail).
  if (event.kind === 'booking.deposit_claim_outcome_owner' && event.bookingId) {
    const email = await ownerClaimOutcomeEmailOf(ctx, tx, event.bookingId, payload);
    if (email) await queue(email);
    return;
  }
  const renderers = RULES.map((rule) => rule(event, payload)).filter((r) => r !== null);
  // A damage claim filed: the customer reads it with the deadline to answer.
  if (event.kind === 'booking.deposit_claimed' && event.bookingId) {
    const claim = await claimOf(tx, event.bookingId);
    if (claim) {
      const answerBy = claim.answerBy;
      renderers.push((input) =>
        depositClaimEmail(input, { amountCents: claim.amountCents, note: claim.note, answerBy }),
      );
    }
  }
  if (event.kind === 'waitlist.offered') {
    const entry = await findEntry(tx, text(payload.entryId));
    if (!entry) return;
    const offerUrl = waitlistOfferUrl(ctx.config.publicUrl, entry.id, ctx.config.jwtSecret);
    renderers.push((input) => waitlistOfferEmail(input, offerUrl));
  }
  if (event.kind === 'booking.payment_link_sent' && event.bookingId) {
    const payUrl = paymentLinkUrl(ctx.config.publicUrl, event.bookingId, ctx.config.jwtSecret);
    renderers.push((input) => paymentLinkEmail(input, payUrl));
  }
  if (!event.bookingId) return;
  // The customer's invoices the event issued (event-invoices.ts); where the event sends no e-mail
  // of its own, a short one carries them.
  const invoices = await invoicesOfEvent(tx, event, batch);
  if (renderers.length === 0 && invoices.length > 0) renderers.push(invoicesEmail);
  if (renderers.length === 0) return;
  // The booking, its boat and its tickets in one prepared statement (a confirmation per checkout).
  const found = await findBookingWithBoatById(tx, event.bookingId);
  if (!found?.row.customerEmail) return;
  const { row: booking, boat, tickets } = found;
  const attached: NonNullable<BookingEmailInput['invoices']> = [];
  for (const invoice of invoices) {
    attached.push({ number: invoice.number, pdf: await customerInvoiceAttachment(tx, ctx.config, invoice) });
  }
  const input = {
    booking,
    boat,
    tickets,
    voucherCents: found.voucherCents,
    coverCents: found.coverCents,
    minimum: bookingMinimum(found, ctx.now()),
    publicUrl: ctx.config.publicUrl,
    manageUrl: manageBookingUrl(ctx.config.publicUrl, booking, ctx.config.jwtSecret, ctx.now()),
    reviewUrl: reviewUrl(ctx.config.publicUrl, booking.id, ctx.now(), ctx.config.jwtSecret),
    now: ctx.now(),
    deposit: await depositOfEmail(tx, booking.id),
    // A refund's e-mail says what the booking keeps once its refunds are out (the ledger's).
    ...(event.kind === 'refund.succeeded' && {
      keptCents:
        Math.max((await ledgerOf(tx, booking.id)).refundableCents, 0) + (await agentPartKept(tx, booking.id)),
    }),
  };
  // The event's first e-mail carries its invoices, and says so; no other e-mail of it repeats them.
  for (const [index, render] of renderers.entries()) {
    await queue(render(index === 0 ? { ...input, invoices: attached } : input));
  }
}

/** A sold voucher with its printable link and the boat it names. */
async function giftVoucherEmailInput(
  ctx: AppContext,
  tx: Db,
  id: string,
): Promise<GiftVoucherEmailInput | null> {
  const voucher = await findGiftVoucher(tx, id);
  if (!voucher) return null;
  const [boat] = voucher.boatId
    ? await tx.select({ title: boats.title }).from(boats).where(eq(boats.id, voucher.boatId))
    : [];
  return {
    voucher,
    url: giftVoucherUrl(ctx.config.publicUrl, voucher.id, ctx.config.jwtSecret),
    boatTitle: boat ? boat.title : null,
  };
}

/** The platform's operator as an e-mail's reader: OPERATOR_EMAIL, in the platform owner's language. */
async function operatorOf(ctx: AppContext, tx: Db) {
  const [platform] = await tx
    .select({ language: owners.language })
    .from(owners)
    .where(eq(owners.isPlatform, true));
  return { email: ctx.config.OPERATOR_EMAIL, language: platform?.language ?? 'en' };
}

/** The operator's notice of a contact request. */
async function operatorNoticeOf(ctx: AppContext, tx: Db, messageId: string): Promise<OutgoingEmail | null> {
  const message = await findContactMessage(tx, messageId);
  if (!message) return null;
  return contactOperatorNotice(message, await operatorOf(ctx, tx));
}

/** The booking's security deposit as its e-mails state it; null: none. */
async function depositOfEmail(tx: Db, bookingId: string): Promise<BookingEmailInput['deposit']> {
  const deposit = await depositOf(tx, bookingId);
  return deposit ? { amountCents: deposit.amountCents, holdAt: deposit.authoriseAt } : null;
}

/**
 * A booking with its boat and who hears of it as its owner, in the owner's language: the owner's
 * address, or for the platform's own boats OPERATOR_EMAIL; null when nobody does.
 */
async function bookingForItsOwner(ctx: AppContext, tx: Db, bookingId: string) {
  const found = await findBookingWithBoatById(tx, bookingId);
  if (!found) return null;
  const [owner] = await tx.select().from(owners).where(eq(owners.id, found.boat.ownerId));
  if (!owner) return null;
  const email = owner.isPlatform ? ctx.config.OPERATOR_EMAIL : owner.email;
  if (!email) return null;
  const to = { email, language: owner.language, name: owner.isPlatform ? '' : owner.displayName };
  return { found, to };
}

/**
 * What an owner's e-mail about a booking's deposit is written from: the booking with its boat and
 * deposit, the owner to write to, and the link to the back office's bookings; null when nobody is.
 */
async function ownerDepositNotice(ctx: AppContext, tx: Db, bookingId: string) {
  const known = await bookingForItsOwner(ctx, tx, bookingId);
  if (!known) return null;
  return { ...(await depositNoticeOf(ctx, tx, known.found, bookingId)), to: known.to };
}

/** A staff e-mail about a booking's deposit: the booking with its boat and deposit, and the bookings' link. */
async function depositNoticeOf(
  ctx: AppContext,
  tx: Db,
  found: NonNullable<Awaited<ReturnType<typeof findBookingWithBoatById>>>,
  bookingId: string,
) {
  const link = `${ctx.config.publicUrl}${ADMIN_PATHS.bookings}`;
  const input = {
    booking: found.row,
    boat: found.boat,
    tickets: [],
    publicUrl: ctx.config.publicUrl,
    manageUrl: link,
    reviewUrl: '',
    now: ctx.now(),
    deposit: await depositOfEmail(tx, bookingId),
  };
  return { input, link };
}

/** The operator's e-mail about a disputed damage claim, while it waits for the admin's decision. */
async function claimDisputedEmailOf(
  ctx: AppContext,
  tx: Db,
  bookingId: string,
): Promise<OutgoingEmail | null> {
  const found = await findBookingWithBoatById(tx, bookingId);
  const claim = await claimOf(tx, bookingId);
  const deposit = await depositOf(tx, bookingId);
  if (!found || claim?.status !== 'disputed' || !deposit) return null;
  const notice = await depositNoticeOf(ctx, tx, found, bookingId);
  return claimDisputedEmail(notice.input, await operatorOf(ctx, tx), notice.link, {
    amountCents: claim.amountCents,
    note: claim.note,
    answer: claim.answer ?? '',
    decideBy: deposit.method === 'card' ? deposit.lapsesAt : null,
  });
}

/** The owner's e-mail about a deposit the customer's card refused, with the bookings' link. */
async function ownerDepositFailedEmailOf(
  ctx: AppContext,
  tx: Db,
  bookingId: string,
): Promise<OutgoingEmail | null> {
  const notice = await ownerDepositNotice(ctx, tx, bookingId);
  return notice ? ownerDepositFailedEmail(notice.input, notice.to, notice.link) : null;
}

/** The owner's e-mail about their damage claim's outcome, with the bookings' link. */
async function ownerClaimOutcomeEmailOf(
  ctx: AppContext,
  tx: Db,
  bookingId: string,
  payload: Payload,
): Promise<OutgoingEmail | null> {
  const notice = await ownerDepositNotice(ctx, tx, bookingId);
  if (!notice) return null;
  const how = payload.code === 'decided' || payload.code === 'expired' ? payload.code : 'accepted';
  return ownerClaimOutcomeEmail(notice.input, notice.to, notice.link, {
    keptCents: typeof payload.amountCents === 'number' ? payload.amountCents : 0,
    reason: typeof payload.reason === 'string' ? payload.reason : '',
    how,
  });
}

/** The owner's e-mail about a new request, with the link to the back office's requests. */
async function ownerRequestEmailOf(
  ctx: AppContext,
  tx: Db,
  bookingId: string,
): Promise<OutgoingEmail | null> {
  const known = await bookingForItsOwner(ctx, tx, bookingId);
  if (!known) return null;
  return ownerRequestEmail(
    {
      booking: known.found.row,
      boat: known.found.boat,
      tickets: [],
      publicUrl: ctx.config.publicUrl,
      manageUrl: `${ctx.config.publicUrl}${REQUESTED_BOOKINGS_PATH}`,
      reviewUrl: '',
      now: ctx.now(),
    },
    known.to,
  );
}

/**
 * The job: queues the e-mails of every undispatched event; answers how many events it read.
 * Trips whose seats an event freed are offered to their waitlist after each batch (the offers'
 * e-mails are events of the next batch).
 */
export async function queueEventEmails(ctx: AppContext): Promise<number> {
  let total = 0;
  for (;;) {
    const freed = new Set<string>();
    const n = await dispatchEvents(ctx.db, async (tx, event, batch) => {
      await emailsOf(ctx, tx, event, batch);
      await notifyOwnerOf(ctx, tx, event);
      await queueResellerWebhooks(ctx, tx, event);
      const trip = await tripFreedBy(tx, event);
      if (trip) freed.add(trip);
    });
    await offerOnTrips(ctx, freed);
    total += n;
    if (n === 0) return total;
  }
}

/**
 * Of an agent's cash sale, the part of the agent's commission the customer's price still carries
 * (decision 36): what they paid the agent beyond the net the booking keeps. 0 for any other sale.
 */
async function agentPartKept(tx: Db, bookingId: string): Promise<number> {
  const agent = await agentSaleOf(tx, bookingId);
  return agent ? agentCommissionAtNet(agent.sale, agent.netCents) : 0;
}
