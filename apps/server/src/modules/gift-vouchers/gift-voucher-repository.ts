// Queries of gift vouchers and of their money (docs/payments.md#gift-vouchers). A voucher's
// balance is read from the ledger every time: its amount, less the 'voucher' payments that hold
// or spent part of it, plus the refunds that gave some back. No query writes a balance.
import { and, desc, eq, ilike, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bookings, giftVouchers, payments } from '../../db/schema';
import type { PaymentRow } from '../payments/ledger';
import type { ProviderIntent } from '../payments/payment-provider';
import { paymentHoldsSql, paymentStatusOf } from '../payments/ledger';

export type GiftVoucherRow = typeof giftVouchers.$inferSelect;
export type NewGiftVoucherRow = typeof giftVouchers.$inferInsert;

/** The provider name of a voucher's redemptions and their refunds: nobody outside is asked. */
export const VOUCHER_PROVIDER = 'voucher';

/**
 * SQL: the cents a voucher has left: its amount less what its redemptions still hold (the
 * ledger's paymentHoldsSql: a refund back on the voucher counts from the moment it is asked). A
 * redemption holds money while it reserves it (a checkout's hold, status requires_capture) and once
 * spent (succeeded); a released or lapsed hold's reservation is canceled by the lifecycle and
 * holds nothing more.
 */
function balanceCentsSql(voucherId: SQL | string): SQL<number> {
  const id = typeof voucherId === 'string' ? sql`${voucherId}::uuid` : voucherId;
  return sql<number>`((select v.amount_cents from gift_vouchers v where v.id = ${id})
    - coalesce((select sum(${paymentHoldsSql(sql.raw('p'))}) from payments p where p.gift_voucher_id = ${id}
        and p.method = 'voucher' and p.status in ('requires_capture', 'succeeded')), 0))::int`;
}

export async function insertGiftVoucher(
  db: Db,
  values: NewGiftVoucherRow,
): Promise<GiftVoucherRow | undefined> {
  // A code already taken (one in ~10^11) answers nothing: the caller draws another.
  const [row] = await db
    .insert(giftVouchers)
    .values(values)
    .onConflictDoNothing({ target: giftVouchers.code })
    .returning();
  return row;
}

export async function findGiftVoucher(db: Db, id: string): Promise<GiftVoucherRow | undefined> {
  const [row] = await db.select().from(giftVouchers).where(eq(giftVouchers.id, id));
  return row;
}

export async function findGiftVoucherByCode(db: Db, code: string): Promise<GiftVoucherRow | undefined> {
  const [row] = await db.select().from(giftVouchers).where(eq(giftVouchers.code, code));
  return row;
}

/**
 * Locks a voucher's row (lock-order.ts: after the trip's rows, the booking and a promo code's
 * row; before payment rows). Every reservation of its balance is counted and written under it.
 */
export async function lockGiftVoucher(
  tx: Db,
  by: { id: string } | { code: string },
): Promise<GiftVoucherRow | undefined> {
  const [row] = await tx
    .select()
    .from(giftVouchers)
    .where('id' in by ? eq(giftVouchers.id, by.id) : eq(giftVouchers.code, by.code))
    .for('update');
  return row;
}

export async function balanceOf(db: Db, voucherId: string): Promise<number> {
  const result = await db.execute<{ cents: number }>(sql`select ${balanceCentsSql(voucherId)} as cents`);
  return Number((result as { rows: { cents: number }[] }).rows[0]?.cents ?? 0);
}

export async function markVoucherPaid(
  tx: Db,
  id: string,
  paidAt: Date,
  expiresAt: Date,
): Promise<GiftVoucherRow | undefined> {
  const [row] = await tx
    .update(giftVouchers)
    .set({ paidAt, expiresAt, updatedAt: paidAt })
    .where(and(eq(giftVouchers.id, id), isNull(giftVouchers.paidAt)))
    .returning();
  return row;
}

/** The sale's card payment: a ledger row on no booking, naming the voucher. */
export async function recordSalePayment(
  tx: Db,
  input: {
    voucherId: string;
    provider: string;
    intent: Pick<ProviderIntent, 'id' | 'amountCents' | 'currency' | 'status' | 'lastError'>;
  },
): Promise<PaymentRow> {
  const status = paymentStatusOf(input.intent);
  const [row] = await tx
    .insert(payments)
    .values({
      bookingId: null,
      giftVoucherId: input.voucherId,
      provider: input.provider,
      providerId: input.intent.id,
      amountCents: input.intent.amountCents,
      currency: input.intent.currency.toUpperCase(),
      status,
      method: 'card',
    })
    .onConflictDoUpdate({
      target: payments.providerId,
      // A succeeded payment stays succeeded (as a booking's: ledger.ts).
      set: {
        status: sql`case when ${payments.status} = 'succeeded' then 'succeeded' else ${status} end`,
        updatedAt: sql`now()`,
      },
    })
    .returning();
  if (!row) throw new Error('payment upsert returned nothing');
  return row;
}

/** The sale payment of a provider intent, when it is a voucher's. */
export async function salePaymentOfIntent(db: Db, intentId: string): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.providerId, intentId), isNull(payments.bookingId)));
  return row?.giftVoucherId ? row : undefined;
}

/** A checkout's reservation of a voucher's balance: a 'voucher' payment on its booking, held. */
export async function insertRedemption(
  tx: Db,
  input: { bookingId: string; voucherId: string; amountCents: number; at: Date },
): Promise<PaymentRow> {
  const [row] = await tx
    .insert(payments)
    .values({
      bookingId: input.bookingId,
      giftVoucherId: input.voucherId,
      provider: VOUCHER_PROVIDER,
      providerId: `${VOUCHER_PROVIDER}:${input.bookingId}`,
      amountCents: input.amountCents,
      currency: 'EUR',
      status: 'requires_capture',
      method: 'voucher',
      createdAt: input.at,
      updatedAt: input.at,
    })
    .returning();
  if (!row) throw new Error('redemption insert returned nothing');
  return row;
}

/** What a booking's vouchers paid, held or not (the split fixed at checkout), in cents. */
export async function voucherPartOf(db: Db, bookingId: string): Promise<number> {
  const [row] = await db
    .select({ cents: sql<number>`coalesce(sum(${payments.amountCents}), 0)::int` })
    .from(payments)
    .where(and(eq(payments.bookingId, bookingId), eq(payments.method, 'voucher')));
  return Number(row?.cents ?? 0);
}

export type AdminVoucherRow = GiftVoucherRow & { balanceCents: number };

/** The admin's list: newest first, by code, buyer or recipient (name or e-mail). */
export async function listGiftVouchers(
  db: Db,
  query: { q?: string | undefined; before?: { createdAt: Date; id: string } | undefined; limit: number },
): Promise<AdminVoucherRow[]> {
  const conditions: SQL[] = [];
  if (query.q) {
    const like = `%${query.q.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
    const match = or(
      ilike(giftVouchers.code, like),
      ilike(giftVouchers.purchaserName, like),
      ilike(giftVouchers.purchaserEmail, like),
      ilike(giftVouchers.recipientName, like),
      ilike(giftVouchers.recipientEmail, like),
    );
    if (match) conditions.push(match);
  }
  if (query.before) {
    const { createdAt, id } = query.before;
    const older = or(
      lt(giftVouchers.createdAt, createdAt),
      and(eq(giftVouchers.createdAt, createdAt), lt(giftVouchers.id, id)),
    );
    if (older) conditions.push(older);
  }
  const rows = await db
    .select({ voucher: giftVouchers, balanceCents: balanceCentsSql(sql`${giftVouchers.id}`) })
    .from(giftVouchers)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(giftVouchers.createdAt), desc(giftVouchers.id))
    .limit(query.limit);
  return rows.map((r) => ({ ...r.voucher, balanceCents: Number(r.balanceCents) }));
}

export type Redemption = { voucherId: string; bookingId: string; amountCents: number; at: Date };

/** The bookings the vouchers paid (held or spent), less what refunds gave back or are giving back, oldest first. */
export async function redemptionsOf(db: Db, voucherIds: string[]): Promise<Redemption[]> {
  if (voucherIds.length === 0) return [];
  const rows = await db
    .select({
      voucherId: payments.giftVoucherId,
      bookingId: payments.bookingId,
      amountCents: sql<number>`${paymentHoldsSql(sql.raw('"payments"'))}::int`,
      at: payments.createdAt,
    })
    .from(payments)
    .innerJoin(bookings, eq(bookings.id, payments.bookingId))
    .where(
      and(
        eq(payments.method, 'voucher'),
        sql`${payments.status} in ('requires_capture', 'succeeded')`,
        sql`${payments.giftVoucherId} in (${sql.join(
          voucherIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`,
      ),
    )
    .orderBy(payments.createdAt);
  return rows.flatMap((r) =>
    r.voucherId && r.bookingId
      ? [{ voucherId: r.voucherId, bookingId: r.bookingId, amountCents: Number(r.amountCents), at: r.at }]
      : [],
  );
}
