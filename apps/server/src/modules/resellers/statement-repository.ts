// Queries of a reseller's account (docs/channels.md#statements): its sales on account (the
// `reseller` payments), the refunds credited back, and the settlements it paid. No rules here.
import { eq, sql } from 'drizzle-orm';
import type { LocalizedText } from '@boats/domain/schemas/boat';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { channelNetSql } from '../payments/ledger';
import { resellers, resellerSettlements } from './schema';

export type AccountLineRow = {
  kind: 'sale' | 'cancellation' | 'settlement';
  at: string | Date;
  /** A settlement's day of receipt, 'YYYY-MM-DD'. */
  received_on: string | null;
  booking_id: string | null;
  reseller_reference: string | null;
  boat_title: LocalizedText | null;
  starts_at: string | Date | null;
  retail_cents: number | string;
  amount_cents: number | string;
  note: string | null;
};

/**
 * The reseller's account lines of a Canary month: each sale's on-account payment (retail, net)
 * and each refund of one recorded in [start, end], and each settlement received on a day of the
 * month (`days`: its first day and the next month's); oldest first.
 */
export async function accountLines(
  db: Db,
  resellerId: string,
  range: { start: Date; end: Date },
  days: { first: string; next: string },
): Promise<AccountLineRow[]> {
  const result = await db.execute(sql`
    select * from (
      select 'sale' as kind, p.created_at as at, b.id as booking_id,
        null::text as received_on, rb.reseller_reference, bt.title as boat_title, b.starts_at,
        b.amount_gross_cents as retail_cents, p.amount_cents, null as note
      from payments p
      join reseller_bookings rb on rb.booking_id = p.booking_id
      join bookings b on b.id = p.booking_id
      join boats bt on bt.id = b.boat_id
      where rb.reseller_id = ${resellerId} and p.method = 'reseller' and p.status = 'succeeded'
        and p.created_at between ${range.start.toISOString()} and ${range.end.toISOString()}
      union all
      select 'cancellation', r.created_at, b.id, null, rb.reseller_reference, bt.title, b.starts_at,
        0, -r.amount_cents, null
      from refunds r
      join payments p on p.id = r.payment_id
      join reseller_bookings rb on rb.booking_id = p.booking_id
      join bookings b on b.id = p.booking_id
      join boats bt on bt.id = b.boat_id
      where rb.reseller_id = ${resellerId} and p.method = 'reseller' and r.status = 'succeeded'
        and r.created_at between ${range.start.toISOString()} and ${range.end.toISOString()}
      union all
      select 'settlement', s.created_at, null, s.received_on::text, null, null, null, 0,
        -s.amount_cents, s.note
      from reseller_settlements s
      where s.reseller_id = ${resellerId}
        and s.received_on >= ${days.first} and s.received_on < ${days.next}
    ) lines order by at, kind`);
  return rowsOf<AccountLineRow>(result);
}

/**
 * What the reseller owed before a month: its sales' net and refunds recorded before `start`, less
 * the settlements received before the month's first day (cents).
 */
export async function balanceBefore(
  db: Db,
  resellerId: string,
  start: Date,
  firstDay: string,
): Promise<number> {
  return balanceAt(db, resellerId, { start, firstDay });
}

/** What the reseller owes now (cents). */
export async function balanceNow(db: Db, resellerId: string): Promise<number> {
  return balanceAt(db, resellerId);
}

/** The ledger's net of the reseller's sales on account, less its settlements; before a month when given. */
async function balanceAt(
  db: Db,
  resellerId: string,
  before?: { start: Date; firstDay: string },
): Promise<number> {
  const net = channelNetSql({
    method: 'reseller',
    bookingIds: sql`(select rb.booking_id from reseller_bookings rb where rb.reseller_id = ${resellerId})`,
    ...(before ? { before: before.start } : {}),
  });
  const result = await db.execute(sql`
    select ${net} - coalesce((select sum(s.amount_cents) from reseller_settlements s
        where s.reseller_id = ${resellerId} ${before ? sql`and s.received_on < ${before.firstDay}` : sql``}), 0) as owed`);
  return Number(rowsOf<{ owed: number | string }>(result)[0]?.owed ?? 0);
}

/** Locks the reseller's row: two settlements at once cannot both pass the balance check. */
export async function lockReseller(
  tx: Db,
  resellerId: string,
): Promise<{ id: string; createdAt: Date } | undefined> {
  const [row] = await tx
    .select({ id: resellers.id, createdAt: resellers.createdAt })
    .from(resellers)
    .where(eq(resellers.id, resellerId))
    .for('update');
  return row;
}

export async function insertSettlement(
  tx: Db,
  values: {
    resellerId: string;
    amountCents: number;
    note: string;
    recordedBy: string;
    at: Date;
    receivedOn: string;
  },
): Promise<string> {
  const [row] = await tx
    .insert(resellerSettlements)
    .values({
      resellerId: values.resellerId,
      amountCents: values.amountCents,
      note: values.note,
      recordedBy: values.recordedBy,
      createdAt: values.at,
      receivedOn: values.receivedOn,
    })
    .returning({ id: resellerSettlements.id });
  if (!row) throw new Error('settlement insert returned nothing');
  return row.id;
}
