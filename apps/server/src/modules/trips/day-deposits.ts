// The security deposits staff hold at the harbour, on the day's trips screen beside the takings
// (docs/back-office.md): a deposit taken in cash is in the till at the end of the day but is the
// customer's money, handed back after the return or kept for documented damage (decision 38), so
// it is counted apart and never in the takings.
import { centsToEuros } from '@boats/domain/money';
import type { DayDeposits } from '@boats/domain/schemas/operator-booking';
import { and, eq, gte, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bookings, deposits } from '../../db/schema';
import { boatIdInScope, type OwnerScope } from '../owner-scope/owner-scope';

/**
 * Per harbour method, in [start, end): the deposits taken then (held in hand), and of any day's
 * deposits what was handed back then (released: all of it; kept in part: the rest) and kept then.
 */
export async function harbourDepositsBetween(
  db: Db,
  scope: OwnerScope,
  range: { start: Date; end: Date },
): Promise<DayDeposits[]> {
  const within = (column: typeof deposits.authorisedAt): SQL =>
    and(gte(column, range.start), lt(column, range.end)) ?? sql`false`;
  const taken = within(deposits.authorisedAt);
  const decided = within(deposits.decidedAt);
  const rows = await db
    .select({
      method: deposits.method,
      takenCents: sql<number>`coalesce(sum(${deposits.amountCents}) filter (where ${taken}), 0)::int`,
      deposits: sql<number>`(count(*) filter (where ${taken}))::int`,
      handedBackCents: sql<number>`coalesce(sum(${deposits.amountCents} - ${deposits.capturedCents})
        filter (where ${decided} and ${deposits.status} in ('released', 'captured')), 0)::int`,
      keptCents: sql<number>`coalesce(sum(${deposits.capturedCents})
        filter (where ${decided} and ${deposits.status} = 'captured'), 0)::int`,
    })
    .from(deposits)
    .innerJoin(bookings, eq(bookings.id, deposits.bookingId))
    .where(and(ne(deposits.method, 'card'), boatIdInScope(scope, bookings.boatId), or(taken, decided)))
    .groupBy(deposits.method)
    .orderBy(deposits.method);
  return rows.flatMap((row) =>
    row.method === 'card'
      ? []
      : [
          {
            method: row.method,
            taken: centsToEuros(Number(row.takenCents)),
            deposits: Number(row.deposits),
            handedBack: centsToEuros(Number(row.handedBackCents)),
            kept: centsToEuros(Number(row.keptCents)),
          },
        ],
  );
}
