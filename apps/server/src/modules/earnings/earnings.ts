/**
 * Owners' earnings, derived from the ledger (docs/payments.md#from-a-card-to-an-owners-bank).
 *
 * A completed booking's lines say what its owner earned: the first when the lifecycle completes
 * it, then one each time its net changes, written in the transaction that changes it (a refund
 * after the trip: a negative line, by the refund's completion, bookings/refunds.ts; a payment
 * arriving on it: by its settlement, bookings/payment-confirmation.ts). Nothing repairs the
 * lines afterwards: a crash loses the line with the money's move. Every line is the domain's
 * nextEarningLine: the booking's split now minus its lines so far, so a booking's lines always
 * add up to one split of its net, and running it twice writes nothing the second time.
 */
import { nextEarningLine } from '@boats/domain/earnings';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { boats, bookings, ownerEarningLines } from '../../db/schema';
import { ledgerOf, netReceivedPerBookingSql, receivedCentsSql } from '../payments/ledger';

/**
 * A line's gross, for the statements (docs/payments.md#the-owners-statement): derived from the
 * ledger, never stored. A booking's trip line carries what the customer paid for it (its succeeded
 * payments); a later line (a refund after the trip) paid nothing new, so its gross is 0. Its
 * refunds are gross − net (lineRefundsCents): the refunds before the trip on a trip line, the
 * refund itself on a later one. So gross − refunds = net on every line, and a booking's lines add
 * up to what its ledger received and refunded. A captured deposit's line (kind deposit) carries what
 * was kept as its gross, with no refunds: deposits are not in the booking's ledger
 * (docs/payments.md#the-security-deposit). SQL over `owner_earning_lines` (by its table name).
 */
export const lineGrossCents = sql<number>`(case when ${ownerEarningLines.kind} = 'trip'
  then ${receivedCentsSql(ownerEarningLines.bookingId)}
  when ${ownerEarningLines.kind} = 'deposit' then ${ownerEarningLines.netCents} else 0 end)::int`;

/**
 * Of a line's gross, what the platform paid: its cover of a move to another owner's dearer trip
 * (docs/payments.md#another-owners-boat: a payment of method 'platform'), which the customer's
 * invoice does not include. A trip line's; 0 on any other. SQL over `owner_earning_lines`.
 */
export const lineCoverCents = sql<number>`(case when ${ownerEarningLines.kind} = 'trip'
  then ${receivedCentsSql(ownerEarningLines.bookingId, 'platform')} else 0 end)::int`;

/** What a line, or a sum of lines, gave back: gross − net (see lineGrossCents). */
export const lineRefundsCents = (line: { grossCents: number; netCents: number }): number =>
  line.grossCents - line.netCents;

/**
 * The commission's IGIC a line withholds, derived: an IGIC line's share is minus its document's
 * quota; a booking's line withholds none. So fee + IGIC + share = net on every line. SQL over
 * `owner_earning_lines`, for the statements' lines and the platform month alike.
 */
export const commissionIgicSql = sql<number>`(case when ${ownerEarningLines.kind} = 'commission_igic'
  then -${ownerEarningLines.ownerCents} else 0 end)`;

type Booking = Pick<typeof bookings.$inferSelect, 'id' | 'boatId' | 'status' | 'endsAt' | 'commissionBps'>;

const DAY_MS = 86_400_000;

/** What earnings need of the app: its database, clock and payout delay (the seed has no more). */
export type EarningsContext = Pick<AppContext, 'db' | 'now'> & { config: Pick<Config, 'PAYOUT_DELAY_DAYS'> };

/**
 * Brings a completed booking's lines to what the ledger says. The caller has locked the booking
 * row in `tx` (lifecycle, refunds), so two writers never add the same line.
 */
export async function syncBookingEarnings(ctx: EarningsContext, tx: Db, booking: Booking): Promise<void> {
  if (booking.status !== 'completed') return;
  // One after another: they share the transaction's connection.
  const ledger = await ledgerOf(tx, booking.id);
  const [earned] = await tx
    .select({
      lines: sql<number>`count(*)::int`,
      netCents: sql<number>`coalesce(sum(${ownerEarningLines.netCents}), 0)::int`,
      feeCents: sql<number>`coalesce(sum(${ownerEarningLines.feeCents}), 0)::int`,
      ownerCents: sql<number>`coalesce(sum(${ownerEarningLines.ownerCents}), 0)::int`,
    })
    .from(ownerEarningLines)
    // A captured deposit's line is no part of the booking's split (its own line, no commission).
    .where(and(eq(ownerEarningLines.bookingId, booking.id), ne(ownerEarningLines.kind, 'deposit')));
  const [boat] = await tx.select({ ownerId: boats.ownerId }).from(boats).where(eq(boats.id, booking.boatId));
  if (!earned || !boat) throw new Error('earning lines or boat missing');
  const rate = booking.commissionBps ?? 0;
  const line = nextEarningLine({ netCents: ledger.netCents, commissionBps: rate }, earned);
  if (!line) return;
  const now = ctx.now();
  const first = earned.lines === 0;
  const earnedAt = first ? booking.endsAt : now;
  await tx.insert(ownerEarningLines).values({
    ownerId: boat.ownerId,
    bookingId: booking.id,
    kind: first ? 'trip' : 'adjustment',
    ...line,
    commissionBps: rate,
    earnedAt,
    // The trip's money waits PAYOUT_DELAY_DAYS after the trip; a later change is netted at once.
    payableAt: first ? new Date(booking.endsAt.getTime() + ctx.config.PAYOUT_DELAY_DAYS * DAY_MS) : now,
    createdAt: now,
  });
}

/**
 * The line withholding a commission invoice's or credit note's IGIC from its owner
 * (docs/payments.md#the-commissions-igic), written in the document's issuing transaction and
 * payable at once: minus the quota for an invoice, plus it back for a credit note (whose quota is
 * negative). So what is kept from an owner, the fees of their lines and these, is the totals of
 * the documents they were sent. A substitution replaces an invoice with the same amounts and
 * withholds nothing more.
 */
export async function withholdCommissionIgic(
  tx: Db,
  document: { id: string; ownerId: string; igicCents: number; issuedAt: Date },
): Promise<void> {
  if (document.igicCents === 0) return;
  await tx.insert(ownerEarningLines).values({
    ownerId: document.ownerId,
    ownerInvoiceId: document.id,
    kind: 'commission_igic',
    netCents: 0,
    feeCents: 0,
    ownerCents: -document.igicCents,
    commissionBps: 0,
    earnedAt: document.issuedAt,
    payableAt: document.issuedAt,
    createdAt: document.issuedAt,
  });
}

/**
 * Completed bookings whose lines do not say what their ledger says, each brought up to date
 * under its row lock; rows another transaction holds are left. Answers how many changed. The
 * app never needs it (each line is written with the money's move); the demo seed writes its
 * completed bookings directly and calls it once, and the tests call it to prove it finds nothing.
 */
export async function syncCompletedEarnings(ctx: EarningsContext): Promise<number> {
  // Each side summed once per booking and joined: three sums looked up per completed booking
  // cost twice as much once a marketplace has a hundred thousand of them.
  const result = await ctx.db.execute<{ id: string }>(sql`
    select b.id from bookings b
    left join ${netReceivedPerBookingSql} ledger on ledger.booking_id = b.id
    left join (select booking_id, sum(net_cents) as cents from owner_earning_lines
               where kind <> 'deposit' group by booking_id) earned on earned.booking_id = b.id
    where b.status = 'completed'
      and coalesce(ledger.net_cents, 0) <> coalesce(earned.cents, 0)`);
  const ids = (result as { rows: { id: string }[] }).rows.map((r) => r.id);
  let changed = 0;
  for (const id of ids) {
    const done = await ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(bookings)
        .where(and(eq(bookings.id, id), eq(bookings.status, 'completed')))
        .for('update', { skipLocked: true });
      if (!row) return false;
      await syncBookingEarnings(ctx, tx, row);
      return true;
    });
    if (done) changed += 1;
  }
  return changed;
}
