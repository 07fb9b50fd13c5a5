// Owners are told of the changes to the bookings on their boats that they did not make
// themselves (docs/back-office.md#owners-notifications). The event-emails job hands every domain
// event here, in the transaction that marks it read: the domain says which events are news to an
// owner (ownerNotificationOf); this records the notice once per owner and change (a unique key)
// and e-mails it at once, or leaves it for the owner's daily digest (owner-digest.ts).
import { eurosToCents } from '@boats/domain/money';
import { ownerNotificationOf } from '@boats/domain/owner-notifications';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { boats, bookings, ownerNotifications, owners, users } from '../../db/schema';
import type { StoredEvent } from '../events/domain-events';
import { enqueueEmail } from '../mail/outbox';
import { ownerNoticeEmail } from '../mail/owner-notification-emails';
import { markedAsTestBooking } from '../mail/test-booking-mark';
import { ledgerOf } from '../payments/ledger';

type Payload = Record<string, unknown>;
const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** Who canceled, as the owner's e-mail says it. */
function canceledBy(code: unknown): string {
  if (code === 'customer_canceled') return 'customer';
  if (code === 'reseller_canceled') return 'reseller';
  return 'operator';
}

/** What the e-mail names besides the booking, from the event (and the ledger for a refund). */
async function paramsOf(
  tx: Db,
  event: StoredEvent,
  kind: string,
  bookingId: string,
): Promise<Record<string, string | number>> {
  const p = event.payload as Payload;
  const params = (p.params ?? {}) as Payload;
  if (kind === 'canceled' && p.code === 'customer_canceled') {
    // Under the cancellation policy: what goes back to the customer and what the booking keeps.
    // What it held then (after any earlier refund), recorded with the cancellation; older ones
    // had no earlier refund, so what was received.
    const refundCents = eurosToCents(Number(params.refund ?? 0));
    const heldCents =
      params.held !== undefined
        ? eurosToCents(Number(params.held))
        : (await ledgerOf(tx, bookingId)).receivedCents;
    return { by: 'customer', refundCents, keptCents: Math.max(heldCents - refundCents, 0) };
  }
  if (kind === 'canceled' && p.code === 'licence_refused') {
    // Crew refused the departure (decision 39): their reason, and nothing refunded.
    return {
      by: 'licence_refused',
      reason: text(p.reason),
      keptCents: Math.max((await ledgerOf(tx, bookingId)).netCents, 0),
    };
  }
  if (kind === 'canceled') return { by: canceledBy(p.code) };
  if (kind === 'trip_canceled')
    return {
      cause: text(params.cause) || 'weather',
      ...(params.reasonCode ? { reasonCode: text(params.reasonCode) } : {}),
    };
  if (kind === 'moved') return { from: text(params.from), to: text(params.to) };
  if (kind === 'refunded') {
    // What the booking keeps once this refund is out: the ledger's net at the time.
    const ledger = await ledgerOf(tx, bookingId);
    return { amountCents: Number(p.amountCents ?? 0), keptCents: Math.max(ledger.netCents, 0) };
  }
  return {};
}

/**
 * The owner of the booking's boat (or of `boatId`, the boat the event names: the one it was on
 * when it happened), with the accounts that act as them (their own changes are not news).
 */
async function ownerOfBooking(tx: Db, bookingId: string, boatId: string | null) {
  const [row] = await tx
    .select({
      booking: {
        id: bookings.id,
        slotId: bookings.slotId,
        startsAt: bookings.startsAt,
        endsAt: bookings.endsAt,
        customerName: bookings.customerName,
        amountGrossCents: bookings.amountGrossCents,
      },
      boatTitle: boats.title,
      owner: {
        id: owners.id,
        isPlatform: owners.isPlatform,
        email: owners.email,
        language: owners.language,
        displayName: owners.displayName,
        off: owners.notificationsOff,
        digest: owners.notificationsDigest,
      },
    })
    .from(bookings)
    .innerJoin(boats, boatId ? eq(boats.id, boatId) : eq(boats.id, bookings.boatId))
    .innerJoin(owners, eq(owners.id, boats.ownerId))
    .where(eq(bookings.id, bookingId));
  return row;
}

/** Did one of the owner's own accounts make the change? */
async function madeByOwner(tx: Db, ownerId: string, actor: string): Promise<boolean> {
  if (!actor.includes('@')) return false;
  const [account] = await tx
    .select({ id: users.id })
    .from(users)
    .where(
      and(eq(users.ownerId, ownerId), eq(users.role, 'owner'), sql`lower(${users.email}) = lower(${actor})`),
    );
  return account !== undefined;
}

/** Records (and e-mails, unless the owner takes the digest) the owner's notice of one event. */
export async function notifyOwnerOf(ctx: AppContext, tx: Db, event: StoredEvent): Promise<void> {
  if (!event.bookingId) return;
  if (event.kind !== 'booking.status_changed' && event.kind !== 'refund.succeeded') return;
  const params = ((event.payload as Payload).params ?? {}) as Payload;
  // A move to another owner's boat (trip-cancellation's cross-owner move) is news to both: the
  // owner it left and the owner it came to.
  const fromBoatId = text(params.fromBoatId);
  if (fromBoatId) {
    await notifyOneOwner(ctx, tx, event, event.bookingId, fromBoatId, { direction: 'away' });
    await notifyOneOwner(ctx, tx, event, event.bookingId, null, { direction: 'in' });
    return;
  }
  // A trip's cancellation names its boat: the booking may have moved to another owner's since.
  await notifyOneOwner(ctx, tx, event, event.bookingId, text(params.boatId) || null, {});
}

async function notifyOneOwner(
  ctx: AppContext,
  tx: Db,
  event: StoredEvent,
  bookingId: string,
  boatId: string | null,
  extra: Record<string, string>,
): Promise<void> {
  const found = await ownerOfBooking(tx, bookingId, boatId);
  // The platform's own boats: the operator runs them in the back office; nothing to e-mail.
  if (!found || found.owner.isPlatform || !found.owner.email) return;
  const eventParams = ((event.payload as Payload).params ?? {}) as Payload;
  const notice = ownerNotificationOf(
    { id: event.id, kind: event.kind, bookingId, payload: event.payload },
    text(eventParams.slotId) || found.booking.slotId,
  );
  if (!notice) return;
  const { owner, booking } = found;
  // A trip canceled by the minimum-to-depart cutoff: its own notice already tells the owner,
  // with the list of customers (trip-cancellation/operator-notices.ts).
  const params = { ...(await paramsOf(tx, event, notice.kind, booking.id)), ...extra };
  if (notice.kind === 'trip_canceled' && params.cause === 'minimum') return;
  if (owner.off.includes(notice.kind)) return;
  if (await madeByOwner(tx, owner.id, notice.actor)) return;
  const now = ctx.now();
  const [recorded] = await tx
    .insert(ownerNotifications)
    .values({
      ownerId: owner.id,
      bookingId: booking.id,
      kind: notice.kind,
      key: notice.key,
      params,
      createdAt: now,
      emailedAt: owner.digest ? null : now,
    })
    .onConflictDoNothing()
    .returning({ id: ownerNotifications.id });
  if (!recorded || owner.digest) return;
  const email = ownerNoticeEmail(
    { email: owner.email, language: owner.language, name: owner.displayName },
    ctx.config.publicUrl,
    { kind: notice.kind, params, bookingId: booking.id, boatTitle: found.boatTitle, ...booking },
  );
  await enqueueEmail(tx, ctx.config.testBookings ? markedAsTestBooking(email) : email);
}
