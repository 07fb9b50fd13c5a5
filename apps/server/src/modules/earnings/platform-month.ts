// The admin's platform month (docs/payments.md#the-platform-month): the whole marketplace's money
// of a Canary month, from the same earning lines the owners' statements add up, so the month's
// net, fees, the commission's IGIC and shares are the sums of every owner's statement for it, to
// the cent.
import { canaryPeriodRange } from '@boats/domain/canary-time';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ownerEarningLines } from '../../db/schema';
import { paymentHoldsSql } from '../payments/ledger';
import { commissionIgicSql, lineGrossCents } from './earnings';

export type PlatformMonthCents = {
  grossCents: number;
  netCents: number;
  feeCents: number;
  /** The commission's IGIC withheld from owners by the documents issued in the month. */
  igicCents: number;
  shareCents: number;
  paidOutCents: number;
  owedCents: number;
  /** The platform's cover of moves to other owners' dearer trips, on the trips completed in the month. */
  coveredCents: number;
  owners: {
    ownerId: string;
    displayName: string;
    netCents: number;
    feeCents: number;
    igicCents: number;
    shareCents: number;
  }[];
};

type Row = Record<string, string | number | null>;
const rowsOf = (result: unknown) => (result as { rows: Row[] }).rows;

/**
 * `period` ('YYYY-MM'): the lines earned in it (by owner) with their gross (earnings.ts
 * lineGrossCents: what customers paid for the trips completed in it; refunds = gross − net), the
 * payouts paid in it, and what the platform owed owners at its end: their shares earned by then
 * minus what was paid by then (the platform's own boats' shares stay with the platform and are
 * never owed); and what the platform covered of moves to other owners' dearer trips (its
 * 'platform' payments, less what came back to it) on the trips completed in the month: a cost of
 * the platform within the gross sales.
 */
export async function platformMonth(db: Db, period: string): Promise<PlatformMonthCents> {
  const range = canaryPeriodRange(period);
  const start = range.start.toISOString();
  const end = new Date(range.end.getTime() + 1).toISOString();
  // One after another: an embedded database answers one query at a time anyway.
  const owners = rowsOf(
    await db.execute(sql`
      select o.id as owner_id, o.display_name, sum(${lineGrossCents})::int as gross,
        sum(${ownerEarningLines.netCents})::int as net, sum(${ownerEarningLines.feeCents})::int as fee,
        sum(${commissionIgicSql})::int as igic, sum(${ownerEarningLines.ownerCents})::int as share
      from ${ownerEarningLines} join owners o on o.id = ${ownerEarningLines.ownerId}
      where ${ownerEarningLines.earnedAt} >= ${start} and ${ownerEarningLines.earnedAt} < ${end}
      group by o.id, o.display_name, o.is_platform
      order by o.is_platform desc, o.display_name`),
  );
  const [money] = rowsOf(
    await db.execute(sql`
      select
        coalesce((select sum(p.amount_cents) from payouts p where p.state = 'paid'
          and p.settled_at >= ${start} and p.settled_at < ${end}), 0)::int as paid_out,
        (coalesce((select sum(l.owner_cents) from owner_earning_lines l join owners o on o.id = l.owner_id
          where not o.is_platform and l.earned_at < ${end}), 0)
         - coalesce((select sum(p.amount_cents) from payouts p where p.state = 'paid'
          and p.settled_at < ${end}), 0))::int as owed,
        coalesce((select sum(${paymentHoldsSql(sql.raw('p'))})
          from payments p join owner_earning_lines l on l.booking_id = p.booking_id and l.kind = 'trip'
          where p.method = 'platform' and p.status = 'succeeded'
            and l.earned_at >= ${start} and l.earned_at < ${end}), 0)::int as covered`),
  );
  const sum = (key: string) => owners.reduce((s, r) => s + Number(r[key]), 0);
  return {
    grossCents: sum('gross'),
    netCents: sum('net'),
    feeCents: sum('fee'),
    igicCents: sum('igic'),
    shareCents: sum('share'),
    paidOutCents: Number(money?.paid_out ?? 0),
    owedCents: Number(money?.owed ?? 0),
    coveredCents: Number(money?.covered ?? 0),
    owners: owners.map((r) => ({
      ownerId: String(r.owner_id),
      displayName: String(r.display_name),
      netCents: Number(r.net),
      feeCents: Number(r.fee),
      igicCents: Number(r.igic),
      shareCents: Number(r.share),
    })),
  };
}
