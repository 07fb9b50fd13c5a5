// The payments ledger: one `payments` row per provider intent, one `refunds` row per refund.
// What a booking received, refunded and still holds is always summed from these rows.
import { randomUUID } from 'node:crypto';
import { and, asc, eq, gt, inArray, or, sql, type SQL } from 'drizzle-orm';
import {
  IN_PERSON_METHODS,
  type InPersonMethod,
  type PaymentMethod,
} from '@boats/domain/schemas/operator-booking';
import type { Db } from '../../db/client';
import { preparedStatement } from '../../db/prepared';
import type { PAYMENT_STATUSES } from '@boats/domain/schemas/booking';
import { payments, refunds } from '../../db/schema';
import { boatIdInScope, type OwnerScope } from '../owner-scope/owner-scope';
import type { ProviderIntent } from './payment-provider';

export type PaymentRow = typeof payments.$inferSelect;
export type RefundRow = typeof refunds.$inferSelect;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export type Ledger = {
  receivedCents: number;
  /** Refunds the provider confirmed. */
  refundedCents: number;
  /** Refunds asked of the provider and not answered yet. */
  pendingRefundCents: number;
  /** Received minus refunded: what the business holds. */
  netCents: number;
  /** What may still be refunded: net minus refunds already on their way. */
  refundableCents: number;
};

/**
 * The ledger status of a provider intent. An intent waiting for the card (or for 3-D Secure) is
 * requires_action; one whose last attempt was refused is failed until the customer retries.
 */
export function paymentStatusOf(intent: Pick<ProviderIntent, 'status' | 'lastError'>): PaymentStatus {
  switch (intent.status) {
    case 'succeeded':
    case 'requires_capture':
    case 'processing':
    case 'canceled':
      return intent.status;
    default:
      return intent.lastError ? 'failed' : 'requires_action';
  }
}

/** Records (or updates) the payment row of an intent; answers the row. */
export async function recordPayment(
  tx: Db,
  input: {
    bookingId: string;
    provider: string;
    intent: Pick<ProviderIntent, 'id' | 'amountCents' | 'currency' | 'status' | 'lastError'>;
  },
): Promise<PaymentRow> {
  const [row] = await upsertPayment(tx, {
    bookingId: input.bookingId,
    provider: input.provider,
    providerId: input.intent.id,
    amountCents: input.intent.amountCents,
    currency: input.intent.currency.toUpperCase(),
    status: paymentStatusOf(input.intent),
  });
  if (!row) throw new Error('payment upsert returned nothing');
  return row;
}

// Prepared (db/prepared.ts): every confirmation of a checkout runs it.
const upsertPayment = preparedStatement<
  { execute: PaymentRow[]; all: unknown; values: unknown },
  Pick<PaymentRow, 'bookingId' | 'provider' | 'providerId' | 'amountCents' | 'currency' | 'status'>
>('payment_upsert', (db, name) =>
  db
    .insert(payments)
    .values({
      bookingId: sql.placeholder('bookingId'),
      provider: sql.placeholder('provider'),
      providerId: sql.placeholder('providerId'),
      amountCents: sql.placeholder('amountCents'),
      currency: sql.placeholder('currency'),
      status: sql.placeholder('status'),
    })
    .onConflictDoUpdate({
      target: payments.providerId,
      // A succeeded payment stays succeeded: the provider never takes a capture back (refunds
      // are their own rows).
      set: {
        status: sql`case when ${payments.status} = 'succeeded' then 'succeeded' else ${sql.placeholder('status')} end`,
        updatedAt: sql`now()`,
      },
    })
    .returning()
    .prepare(name),
);

/**
 * Puts the payment row of an intent on another booking: the card attempt of a change-of-date hold
 * is recorded on the hold until it succeeds, and its money then belongs to the booking it moved
 * (bookings/reschedule-payment.ts). Only a row not yet succeeded is ever moved.
 */
export async function assignPaymentToBooking(tx: Db, providerId: string, bookingId: string): Promise<void> {
  await tx
    .update(payments)
    .set({ bookingId, updatedAt: sql`now()` })
    .where(eq(payments.providerId, providerId));
}

/**
 * The provider name of money a staff member took in person (cash, card terminal, bank
 * transfer): nobody is asked about it, and its refunds are handed back by a person.
 */
export const IN_PERSON_PROVIDER = 'operator';

/** Records money taken in person: a succeeded payment with its method and who took it. */
export async function recordInPersonPayment(
  tx: Db,
  input: { bookingId: string; method: InPersonMethod; amountCents: number; recordedBy: string; at: Date },
): Promise<PaymentRow> {
  const [row] = await tx
    .insert(payments)
    .values({
      bookingId: input.bookingId,
      provider: IN_PERSON_PROVIDER,
      providerId: `${IN_PERSON_PROVIDER}:${randomUUID()}`,
      amountCents: input.amountCents,
      currency: 'EUR',
      status: 'succeeded',
      method: input.method,
      recordedBy: input.recordedBy,
      // The app's clock: the day's takings are counted by it.
      createdAt: input.at,
      updatedAt: input.at,
    })
    .returning();
  if (!row) throw new Error('payment insert returned nothing');
  return row;
}

/**
 * The provider name of a reseller's on-account payment (docs/channels.md#money): the reseller
 * collected from its customer and owes the net; nobody is asked, and a refund is credited back
 * to its account at once.
 */
export const RESELLER_PROVIDER = 'reseller';

/** Records a reseller's confirmed sale on its account: a succeeded payment of method 'reseller'. */
export async function recordResellerPayment(
  tx: Db,
  input: { bookingId: string; amountCents: number; reseller: string; at: Date },
): Promise<PaymentRow> {
  const [row] = await tx
    .insert(payments)
    .values({
      bookingId: input.bookingId,
      provider: RESELLER_PROVIDER,
      // One sale per booking: a confirmation repeated finds this row taken.
      providerId: `${RESELLER_PROVIDER}:${input.bookingId}`,
      amountCents: input.amountCents,
      currency: 'EUR',
      status: 'succeeded',
      method: 'reseller',
      recordedBy: input.reseller,
      createdAt: input.at,
      updatedAt: input.at,
    })
    .returning();
  if (!row) throw new Error('payment insert returned nothing');
  return row;
}

/**
 * The provider name of the platform's own money on a booking (method 'platform'): what the platform
 * covers of a move to another owner's dearer trip (docs/payments.md#another-owners-boat), so the
 * booking holds the new trip's price and its owner earns their share of it. Nobody is asked; it
 * is never the customer's, so no refund to the customer is drawn from it (bookings/refunds.ts).
 */
const PLATFORM_PROVIDER = 'platform';

/** Records the platform's cover of a move: a succeeded payment of method 'platform'. */
export async function recordPlatformCover(
  tx: Db,
  input: { bookingId: string; amountCents: number; reason: string; at: Date },
): Promise<PaymentRow> {
  const [row] = await tx
    .insert(payments)
    .values({
      bookingId: input.bookingId,
      provider: PLATFORM_PROVIDER,
      // One cover per move: the key names it, so a repeat finds it taken.
      providerId: `${PLATFORM_PROVIDER}:${input.reason}`,
      amountCents: input.amountCents,
      currency: 'EUR',
      status: 'succeeded',
      method: 'platform',
      recordedBy: null,
      createdAt: input.at,
      updatedAt: input.at,
    })
    .returning();
  if (!row) throw new Error('payment insert returned nothing');
  return row;
}

/**
 * The provider name of cash an agent took from its customer (docs/channels.md#agents): the agent
 * holds it and owes the net to the operator until a settlement; nobody is asked, and a refund
 * is handed back by the agent at once, lowering what it owes.
 */
export const AGENT_PROVIDER = 'agent';

/**
 * SQL: cents of the booking's retail price (`grossCents`) its agent kept as commission, at the rate
 * recorded with the sale (agent_bookings: a link sale's is 0), rounded once as the domain's
 * shareAtBps rounds (half away from zero); null for a booking no agent sold. One rule for the
 * statement, the channel report (bookings/channel.ts) and the commission invoice's agents' line.
 */
export function agentCommissionCentsSql(bookingId: unknown, grossCents: unknown): SQL<number | null> {
  return sql<number | null>`(select round(${grossCents}::numeric * ab.commission_bps / 10000)::int
    from agent_bookings ab where ab.booking_id = ${bookingId})`;
}

/**
 * A booking an agent sold for cash on commission: its sale (the agent's net, the commission it
 * kept) and the booking's net now (succeeded payments − succeeded refunds), from which the domain's
 * agentCommissionAtNet says what commission the booking still bears (decision 36); null for any
 * other booking.
 */
export async function agentSaleOf(
  db: Db,
  bookingId: string,
): Promise<{ sale: { netCents: number; commissionCents: number }; netCents: number } | null> {
  const result = await db.execute<{ commission: number | null; sale: number; net: number }>(sql`
    select ${agentCommissionCentsSql(sql`b.id`, sql`b.amount_gross_cents`)} as commission,
      ${receivedCentsSql(sql`b.id`, 'agent_cash')} as sale,
      (${receivedCentsSql(sql`b.id`)} - ${refundedCentsSql(sql`b.id`)})::int as net
    from bookings b where b.id = ${bookingId}`);
  const [row] = (result as { rows: { commission: number | null; sale: number; net: number }[] }).rows;
  if (!row || row.commission === null) return null;
  return {
    sale: { netCents: Number(row.sale), commissionCents: Number(row.commission) },
    netCents: Number(row.net),
  };
}

/** Records an agent's cash sale: a succeeded payment of method 'agent_cash' for the net it owes. */
export async function recordAgentCashPayment(
  tx: Db,
  input: { bookingId: string; amountCents: number; agentEmail: string; at: Date },
): Promise<PaymentRow> {
  const [row] = await tx
    .insert(payments)
    .values({
      bookingId: input.bookingId,
      provider: AGENT_PROVIDER,
      // One sale per booking.
      providerId: `${AGENT_PROVIDER}:${input.bookingId}`,
      amountCents: input.amountCents,
      currency: 'EUR',
      status: 'succeeded',
      method: 'agent_cash',
      recordedBy: input.agentEmail,
      createdAt: input.at,
      updatedAt: input.at,
    })
    .returning();
  if (!row) throw new Error('payment insert returned nothing');
  return row;
}

export type Taking = { method: InPersonMethod; amountCents: number; payments: number };

/**
 * Money taken in person in [start, end) on the scope's boats, per method: succeeded payments
 * recorded then, less the refunds of in-person payments handed back then (the till's net).
 */
export async function takingsBetween(
  db: Db,
  scope: OwnerScope,
  range: { start: Date; end: Date },
): Promise<Taking[]> {
  const start = range.start.toISOString();
  const end = range.end.toISOString();
  const ofScope = boatIdInScope(scope, sql`(select b.boat_id from bookings b where b.id = p.booking_id)`);
  const result = await db.execute<{ method: InPersonMethod; amount_cents: number; payments: number }>(sql`
    select m.method,
      (coalesce((select sum(p.amount_cents) from payments p where p.method = m.method
          and p.status = 'succeeded' and p.created_at >= ${start} and p.created_at < ${end} and ${ofScope}), 0)
       - coalesce((select sum(r.amount_cents) from refunds r join payments p on p.id = r.payment_id
          where p.method = m.method and r.status = 'succeeded'
            and r.updated_at >= ${start} and r.updated_at < ${end} and ${ofScope}), 0))::int as amount_cents,
      (select count(*) from payments p where p.method = m.method and p.status = 'succeeded'
          and p.created_at >= ${start} and p.created_at < ${end} and ${ofScope})::int as payments
    from (values ${sql.join(
      IN_PERSON_METHODS.map((method) => sql`(${method})`),
      sql`, `,
    )}) as m(method)`);
  return (result as { rows: { method: InPersonMethod; amount_cents: number; payments: number }[] }).rows.map(
    (r) => ({
      method: r.method,
      amountCents: Number(r.amount_cents),
      payments: Number(r.payments),
    }),
  );
}

export async function findPaymentByProviderId(db: Db, providerId: string): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.providerId, providerId));
  return row;
}

export async function paymentsOf(db: Db, bookingId: string): Promise<PaymentRow[]> {
  return db.select().from(payments).where(eq(payments.bookingId, bookingId)).orderBy(asc(payments.createdAt));
}

export async function refundsOf(db: Db, bookingId: string): Promise<RefundRow[]> {
  return db.select().from(refunds).where(eq(refunds.bookingId, bookingId)).orderBy(asc(refunds.createdAt));
}

/** The refunds of many bookings at once (a page of the back office's list), oldest first. */
export async function refundsOfBookings(db: Db, bookingIds: string[]): Promise<RefundRow[]> {
  if (bookingIds.length === 0) return [];
  return db
    .select()
    .from(refunds)
    .where(inArray(refunds.bookingId, bookingIds))
    .orderBy(asc(refunds.createdAt));
}

export function ledgerFrom(paymentRows: PaymentRow[], refundRows: RefundRow[]): Ledger {
  const sum = (rows: { amountCents: number }[]) => rows.reduce((n, r) => n + r.amountCents, 0);
  const receivedCents = sum(paymentRows.filter((p) => p.status === 'succeeded'));
  const refundedCents = sum(refundRows.filter((r) => r.status === 'succeeded'));
  const pendingRefundCents = sum(refundRows.filter((r) => r.status === 'pending'));
  const netCents = receivedCents - refundedCents;
  return {
    receivedCents,
    refundedCents,
    pendingRefundCents,
    netCents,
    refundableCents: Math.max(0, netCents - pendingRefundCents),
  };
}

/**
 * What a payment still holds: its amount less its refunds that are done or on their way. A
 * pending refund is money already leaving the payment (the provider has been asked, or a voucher's
 * share is going back on it), so it counts against the payment at once; only a failed refund gives
 * nothing back. Every reader of a payment's remainder uses this rule, on rows or in SQL
 * (paymentHoldsSql): the refund split, the reconciliation, a booking's voucher part, a voucher's
 * balance and redemptions (docs/payments.md#ledger).
 */
export function paymentHoldsCents(
  payment: Pick<PaymentRow, 'id' | 'amountCents'>,
  refundRows: Pick<RefundRow, 'paymentId' | 'status' | 'amountCents'>[],
): number {
  return payment.amountCents - refundedOrLeavingCents(payment, refundRows);
}

/** A payment's refunds that are done or on their way (paymentHoldsCents). */
export function refundedOrLeavingCents(
  payment: Pick<PaymentRow, 'id'>,
  refundRows: Pick<RefundRow, 'paymentId' | 'status' | 'amountCents'>[],
): number {
  return refundRows
    .filter((r) => r.paymentId === payment.id && r.status !== 'failed')
    .reduce((n, r) => n + r.amountCents, 0);
}

/** SQL: paymentHoldsCents of the payments row `p` (an alias as raw SQL, e.g. sql.raw('p'), or the table). */
export function paymentHoldsSql(p: SQL): SQL<number> {
  return sql<number>`(${p}.amount_cents - coalesce((select sum(r.amount_cents) from refunds r
    where r.payment_id = ${p}.id and r.status <> 'failed'), 0))`;
}

export async function ledgerOf(db: Db, bookingId: string): Promise<Ledger> {
  const [p, r] = await Promise.all([paymentsOf(db, bookingId), refundsOf(db, bookingId)]);
  return ledgerFrom(p, r);
}

/** SQL: cents received by a booking (its succeeded payments, of one method when given), for list queries. */
export function receivedCentsSql(bookingId: unknown, method?: PaymentMethod) {
  return sql<number>`(select coalesce(sum(p.amount_cents), 0)::int from payments p
    where p.booking_id = ${bookingId} and p.status = 'succeeded'${method ? sql` and p.method = ${method}` : sql``})`;
}

/**
 * A channel's money in the ledger: its payments of one method (a reseller's sales on account, an
 * agent's cash) on the bookings `bookingIds` selects (a subquery), and, when `before` is given,
 * only the payments and refunds recorded before it: the channel's balance at that date.
 */
export type ChannelLedger = { method: PaymentMethod; bookingIds: SQL; before?: Date };

/** SQL: cents a channel's succeeded payments brought in (ChannelLedger). */
export function channelReceivedSql(channel: ChannelLedger): SQL<number> {
  return sql<number>`coalesce((select sum(p.amount_cents) from payments p
    where p.method = ${channel.method} and p.status = 'succeeded' and p.booking_id in ${channel.bookingIds}
      ${recordedBefore(sql.raw('p'), channel.before)}), 0)::bigint`;
}

/** SQL: cents the succeeded refunds of a channel's payments gave back (ChannelLedger). */
export function channelRefundedSql(channel: ChannelLedger): SQL<number> {
  return sql<number>`coalesce((select sum(r.amount_cents) from refunds r join payments p on p.id = r.payment_id
    where p.method = ${channel.method} and r.status = 'succeeded' and p.booking_id in ${channel.bookingIds}
      ${recordedBefore(sql.raw('r'), channel.before)}), 0)::bigint`;
}

/** SQL: what a channel's payments still hold in the ledger: received less refunded (ChannelLedger). */
export function channelNetSql(channel: ChannelLedger): SQL<number> {
  return sql<number>`(${channelReceivedSql(channel)} - ${channelRefundedSql(channel)})`;
}

function recordedBefore(row: SQL, before: Date | undefined): SQL {
  return before ? sql`and ${row}.created_at < ${before.toISOString()}` : sql``;
}

/** SQL: cents refunded to a booking's customer (succeeded refunds), for list queries. */
export function refundedCentsSql(bookingId: unknown) {
  return refundsSumSql(bookingId, 'succeeded');
}

/**
 * SQL: cents a booking's customer paid: its succeeded payments but the platform's own cover of a
 * move to a dearer trip (method 'platform', docs/payments.md#another-owners-boat), which is never
 * the customer's money. An agent's or reseller's sale is here at its net (paid on account).
 */
export function customerReceivedCentsSql(bookingId: unknown): SQL<number> {
  return sql<number>`(select coalesce(sum(p.amount_cents), 0)::int from payments p
    where p.booking_id = ${bookingId} and p.status = 'succeeded' and p.method <> 'platform')`;
}

/** SQL: cents that went back to a booking's customer: its succeeded refunds but the cover's return. */
export function customerRefundedCentsSql(bookingId: unknown): SQL<number> {
  return sql<number>`(select coalesce(sum(r.amount_cents), 0)::int from refunds r
    where r.booking_id = ${bookingId} and r.status = 'succeeded' and not exists (select 1 from payments p
      where p.id = r.payment_id and p.method = 'platform'))`;
}

/**
 * SQL: a booking's revenue, the one definition (docs/back-office.md#what-revenue-means): what the
 * platform keeps of what its customer paid, received − refunded of the customer's money, which is
 * the retail price they were charged less the channel's commission (an agent's or reseller's sale
 * is paid on account at its net) less the refunds. The platform's cover of a move is its own money,
 * not revenue. The bookings page's tiles and the channel report read it.
 */
export function revenueCentsSql(bookingId: unknown): SQL<number> {
  return sql<number>`(${customerReceivedCentsSql(bookingId)} - ${customerRefundedCentsSql(bookingId)})`;
}

/** SQL: cents of a booking's refunds asked of the provider and not answered yet, for list queries. */
export function pendingRefundCentsSql(bookingId: unknown) {
  return refundsSumSql(bookingId, 'pending');
}

function refundsSumSql(bookingId: unknown, status: 'succeeded' | 'pending') {
  return sql<number>`(select coalesce(sum(r.amount_cents), 0)::int from refunds r
    where r.booking_id = ${bookingId} and r.status = ${status})`;
}

/**
 * SQL: a derived table of every booking's net received (`booking_id`, `net_cents`: succeeded
 * payments less succeeded refunds, as ledgerFrom's netCents), each table summed once; for a join
 * over many bookings, where a subquery per booking (receivedCentsSql, refundedCentsSql) costs more.
 */
export const netReceivedPerBookingSql = sql`(select booking_id, sum(cents) as net_cents from (
    select booking_id, amount_cents as cents from payments where status = 'succeeded' and booking_id is not null
    union all
    select booking_id, -amount_cents from refunds where status = 'succeeded') money
  group by booking_id)`;

export async function insertRefund(tx: Db, values: typeof refunds.$inferInsert): Promise<RefundRow> {
  const [row] = await tx.insert(refunds).values(values).returning();
  if (!row) throw new Error('refund insert returned nothing');
  return row;
}

/**
 * Step-up's count (modules/auth/step-up.ts): what was refunded (or is on its way) on the booking,
 * by anyone and at any time, and what the account asked to refund on any booking since `since`;
 * a refund in both counts once. The platform's own cover of a move is not the customer's money.
 */
export async function refundsCountedForStepUpCents(
  tx: Db,
  of: { bookingId: string; userId: string; since: Date },
): Promise<number> {
  const [row] = await tx
    .select({ cents: sql<number>`coalesce(sum(${refunds.amountCents}), 0)::int` })
    .from(refunds)
    .where(
      and(
        sql`${refunds.status} <> 'failed'`,
        sql`${refunds.cause} <> 'platform_cover'`,
        or(
          eq(refunds.bookingId, of.bookingId),
          and(eq(refunds.requestedBy, of.userId), gt(refunds.createdAt, of.since)),
        ),
      ),
    );
  return row?.cents ?? 0;
}

/** One account's refunds queue here, inside their transactions, so step-up's count is exact. */
export async function lockAccountRefunds(tx: Db, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`refunds-of:${userId}`}, 0))`);
}

export async function findRefund(db: Db, id: string): Promise<RefundRow | undefined> {
  const [row] = await db.select().from(refunds).where(eq(refunds.id, id));
  return row;
}

export async function findRefundByKey(db: Db, key: string): Promise<RefundRow | undefined> {
  const [row] = await db.select().from(refunds).where(eq(refunds.idempotencyKey, key));
  return row;
}

export async function settleRefundRow(
  tx: Db,
  id: string,
  outcome: { status: 'succeeded'; providerId: string } | { status: 'failed' },
  at: Date,
): Promise<RefundRow | undefined> {
  const [row] = await tx
    .update(refunds)
    .set({
      status: outcome.status,
      ...(outcome.status === 'succeeded' ? { providerId: outcome.providerId } : {}),
      // When the money went back, by the app's clock (the day's takings count handed-back cash by it).
      updatedAt: at,
    })
    .where(and(eq(refunds.id, id), eq(refunds.status, 'pending')))
    .returning();
  return row;
}
