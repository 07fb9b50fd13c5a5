// Queries of promo codes and of their uses. The rules (refusals, the discount) are the domain's
// promo-codes.ts; the back office's queries take an OwnerScope, so an owner's call never reads or
// changes another owner's code.
import { and, asc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { OCCUPYING_STATUSES } from '@boats/domain/booking-status';
import type { Db } from '../../db/client';
import { boats, bookings, promoCodes } from '../../db/schema';
import { isLiveHold } from '../occupancy/live-hold';
import { boatsInScope, type OwnerScope } from '../owner-scope/owner-scope';

export type PromoCodeRow = typeof promoCodes.$inferSelect;
export type NewPromoCodeRow = typeof promoCodes.$inferInsert;
export type PromoReport = { sold: number; held: number; discountCents: number };

/** The scope's codes: every code for the admin, an owner's own for an owner. */
function codesInScope(scope: OwnerScope): SQL {
  return scope.all ? sql`true` : sql`${promoCodes.ownerId} = ${scope.ownerId}`;
}

const statusList = sql.raw(OCCUPYING_STATUSES.map((s) => `'${s}'`).join(', '));

/**
 * SQL: the booking holds a use of its code: it was paid (even if refunded later), waits for its
 * owner's answer, or is an unpaid hold still live. A released or lapsed hold holds none, so it
 * gives its use back by the live-hold rule itself, before any sweep.
 */
function holdsUse(now: Date): SQL {
  return sql`(${bookings.paidAt} is not null or ${bookings.status} in (${statusList}) or ${isLiveHold(now)})`;
}

export async function listPromoCodes(
  db: Db,
  scope: OwnerScope,
  now: Date,
): Promise<(PromoCodeRow & { report: PromoReport })[]> {
  const rows = await db
    .select({
      code: promoCodes,
      sold: sql<number>`count(${bookings.id}) filter (where ${bookings.paidAt} is not null)::int`,
      held: sql<number>`count(${bookings.id}) filter (where ${bookings.paidAt} is null and ${holdsUse(now)})::int`,
      discountCents: sql<number>`coalesce(sum(${bookings.discountCents}) filter (where ${bookings.paidAt} is not null), 0)::int`,
    })
    .from(promoCodes)
    .leftJoin(bookings, eq(bookings.promoCodeId, promoCodes.id))
    .where(codesInScope(scope))
    .groupBy(promoCodes.id)
    .orderBy(asc(promoCodes.code));
  return rows.map((r) => ({
    ...r.code,
    report: { sold: Number(r.sold), held: Number(r.held), discountCents: Number(r.discountCents) },
  }));
}

export async function findPromoCode(
  db: Db,
  scope: OwnerScope,
  id: string,
): Promise<PromoCodeRow | undefined> {
  const [row] = await db
    .select()
    .from(promoCodes)
    .where(and(eq(promoCodes.id, id), codesInScope(scope)));
  return row;
}

/** Inserts a code; undefined when the code is taken (the unique code). */
export async function insertPromoCode(db: Db, values: NewPromoCodeRow): Promise<PromoCodeRow | undefined> {
  const [row] = await db.insert(promoCodes).values(values).onConflictDoNothing().returning();
  return row;
}

export async function updatePromoCode(
  db: Db,
  scope: OwnerScope,
  id: string,
  values: Partial<NewPromoCodeRow>,
): Promise<PromoCodeRow | undefined> {
  const [row] = await db
    .update(promoCodes)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(promoCodes.id, id), codesInScope(scope)))
    .returning();
  return row;
}

/** Whether another code already has this text (the unique index would refuse it). */
export async function promoCodeTaken(db: Db, code: string, exceptId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: promoCodes.id })
    .from(promoCodes)
    .where(and(eq(promoCodes.code, code), ne(promoCodes.id, exceptId)));
  return Boolean(row);
}

/** How many of these boats are in the scope (an owner may name only their own). */
export async function boatsInScopeCount(
  db: Db,
  scope: OwnerScope,
  boatIds: readonly string[],
): Promise<number> {
  if (boatIds.length === 0) return 0;
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(boats)
    .where(and(inArray(boats.id, [...boatIds]), boatsInScope(scope)));
  return Number(row?.n ?? 0);
}

export async function findPromoCodeByCode(db: Db, code: string): Promise<PromoCodeRow | undefined> {
  const [row] = await db.select().from(promoCodes).where(eq(promoCodes.code, code));
  return row;
}

/**
 * Locks a code's row (by its text, or by id) for counting its uses: checkouts of one code queue
 * here, so the count and the new booking are one step (bookings/lock-order.ts).
 */
export async function lockPromoCode(
  tx: Db,
  by: { code: string } | { id: string },
): Promise<PromoCodeRow | undefined> {
  const [row] = await tx
    .select()
    .from(promoCodes)
    .where('code' in by ? eq(promoCodes.code, by.code) : eq(promoCodes.id, by.id))
    .for('update');
  return row;
}

/**
 * The code's uses now, and, for an e-mail, that e-mail's uses of it and its paid bookings (any
 * boat): one fresh statement, read under the code's lock. `except`: the booking being checked.
 */
export async function promoUses(
  tx: Db,
  codeId: string,
  now: Date,
  options: { email?: string | undefined; except?: string | undefined } = {},
): Promise<{ uses: number; email?: { uses: number; paidBookings: number } }> {
  const email = options.email?.trim();
  const except = options.except ? sql`and ${bookings.id} <> ${options.except}` : sql``;
  // One customer however the address is typed (name+tag@, Gmail's dots): migration 0036.
  const sameEmail = sql`canonical_email(${bookings.customerEmail}) = canonical_email(${email ?? ''})`;
  const [row] = await tx
    .select({
      uses: sql<number>`count(*) filter (where ${bookings.promoCodeId} = ${codeId} and ${holdsUse(now)} ${except})::int`,
      emailUses: sql<number>`count(*) filter (where ${bookings.promoCodeId} = ${codeId} and ${sameEmail} and ${holdsUse(now)} ${except})::int`,
      paidBookings: sql<number>`count(*) filter (where ${sameEmail} and ${bookings.paidAt} is not null ${except})::int`,
    })
    .from(bookings)
    .where(
      email ? sql`(${bookings.promoCodeId} = ${codeId} or ${sameEmail})` : eq(bookings.promoCodeId, codeId),
    );
  const uses = Number(row?.uses ?? 0);
  if (!email) return { uses };
  return { uses, email: { uses: Number(row?.emailUses ?? 0), paidBookings: Number(row?.paidBookings ?? 0) } };
}
