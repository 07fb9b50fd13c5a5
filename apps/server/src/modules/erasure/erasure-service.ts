// The right to erasure (GDPR art. 17, docs/privacy.md#erasure). A customer asks for a link to
// their address and opens it (modules/data-rights: that proves the address); the request is
// recorded and, when nothing is
// pending under the address (no upcoming trip, no refund on its way), carried out at once. Else
// it waits in the admin's queue, due a month after it was made (art. 12(3)), and the admin
// carries it out. Carrying it out blanks everything held under the address (anonymise.ts) and
// keeps what adds up money and what tax law requires (invoices keep their recipient).
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { ErasureAnswer, ErasureQueueEntry, ErasureWaitsFor } from '@boats/domain/schemas/erasure';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { bookings, erasureRequests, personalDataLinks } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import { insertAuditRow } from '../audit/audit-repository';
import { blankBookings, eraseAddress } from './anonymise';

/** Who carries out a request the customer's own call carried out at once. */
const CUSTOMER = 'customer';
/** The audit trail's actor for a customer's own call: no account, and no personal value kept. */
const CUSTOMER_ACTOR = {
  actorUserId: '00000000-0000-0000-0000-000000000000',
  actorEmail: CUSTOMER,
  actorRole: 'user',
} as const;

function monthAfter(at: Date): Date {
  const due = new Date(at);
  due.setUTCMonth(due.getUTCMonth() + 1);
  return due;
}

/** What under the address still needs its details: a trip not yet over, money on its way back. */
async function pendingFor(db: Db, email: string, now: Date): Promise<ErasureWaitsFor[]> {
  const result = await db.execute<{ upcoming: boolean; refund: boolean }>(sql`
    select
      exists (select 1 from bookings b
              where lower(b.customer_email) = ${email}
                and b.status in ('pending', 'requested', 'paid', 'confirmed')
                and b.ends_at > ${now.toISOString()}::timestamptz) as upcoming,
      exists (select 1 from refunds r join bookings b on b.id = r.booking_id
              where lower(b.customer_email) = ${email} and r.status = 'pending')
      or exists (select 1 from trip_cancellation_bookings t join bookings b on b.id = t.booking_id
                 where lower(b.customer_email) = ${email} and t.state in ('offered', 'to_refund')) as refund`);
  const row = (result as { rows: { upcoming: boolean; refund: boolean }[] }).rows[0]!;
  const waits: ErasureWaitsFor[] = [];
  if (row.upcoming) waits.push('upcoming_trip');
  if (row.refund) waits.push('open_refund');
  return waits;
}

/** Blanks everything held under the request's address and closes the request. */
async function carryOut(
  tx: Db,
  request: { id: string; email: string },
  by: string,
  now: Date,
): Promise<void> {
  const theirs = await tx
    .select({ id: bookings.id })
    .from(bookings)
    .where(sql`lower(${bookings.customerEmail}) = ${request.email}`);
  await blankBookings(
    tx,
    theirs.map((b) => b.id),
  );
  await eraseAddress(tx, request.email);
  await tx.update(personalDataLinks).set({ email: '' }).where(eq(personalDataLinks.email, request.email));
  await tx
    .update(erasureRequests)
    .set({ email: '', carriedOutAt: now, carriedOutBy: by })
    .where(eq(erasureRequests.id, request.id));
}

/** The customer's request, once a link sent to the address was opened (data-rights-service.ts). */
export async function requestErasure(ctx: AppContext, address: string): Promise<ErasureAnswer> {
  const email = address.trim().toLowerCase();
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const [open] = await tx
      .select()
      .from(erasureRequests)
      .where(and(eq(erasureRequests.email, email), isNull(erasureRequests.carriedOutAt)))
      .for('update');
    const waitingFor = await pendingFor(tx, email, now);
    if (open) return { status: 'queued', dueAt: open.dueAt.toISOString(), waitingFor };
    const [request] = await tx
      .insert(erasureRequests)
      .values({ bookingId: null, email, requestedAt: now, dueAt: monthAfter(now), waitedFor: waitingFor })
      // A second call at the same moment made the request first and carries it out or queues it.
      .onConflictDoNothing()
      .returning();
    if (!request)
      return waitingFor.length > 0
        ? { status: 'queued', dueAt: monthAfter(now).toISOString(), waitingFor }
        : { status: 'done' };
    const audit = {
      ...CUSTOMER_ACTOR,
      at: now,
      objectType: 'erasure',
      objectId: request.id,
      bookingId: null,
      boatId: null,
      slotId: null,
      ownerId: null,
      actorOwnerId: null,
      ip: '',
    } as const;
    await insertAuditRow(tx, {
      ...audit,
      action: 'erasure.request',
      changes: waitingFor.length > 0 ? { waitingFor: { before: null, after: waitingFor } } : null,
    });
    if (waitingFor.length > 0) return { status: 'queued', dueAt: request.dueAt.toISOString(), waitingFor };
    await carryOut(tx, request, CUSTOMER, now);
    await insertAuditRow(tx, { ...audit, action: 'erasure.carry_out', changes: null });
    return { status: 'done' };
  });
}

/** The requests still waiting, soonest due first, with what is pending now. */
export async function erasureQueue(ctx: AppContext): Promise<ErasureQueueEntry[]> {
  const open = await ctx.db
    .select()
    .from(erasureRequests)
    .where(isNull(erasureRequests.carriedOutAt))
    .orderBy(asc(erasureRequests.dueAt));
  const now = ctx.now();
  return Promise.all(
    open.map(async (request) => ({
      _id: request.id,
      bookingId: request.bookingId,
      email: request.email,
      requestedAt: request.requestedAt.toISOString(),
      dueAt: request.dueAt.toISOString(),
      waitingFor: await pendingFor(ctx.db, request.email, now),
    })),
  );
}

/**
 * The admin carries a waiting request out (the audit row is the route's). Whatever is still
 * pending, the admin decides: the law's month runs out whether or not the trip has sailed.
 */
export async function carryOutErasure(ctx: AppContext, requestId: string, by: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [request] = await tx
      .select()
      .from(erasureRequests)
      .where(eq(erasureRequests.id, requestId))
      .for('update');
    if (!request) throw notFound('Erasure request');
    if (request.carriedOutAt) throw conflict('already_carried_out', 'This request was carried out already.');
    await carryOut(tx, request, by, ctx.now());
  });
}
