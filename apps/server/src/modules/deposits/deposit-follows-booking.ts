// A card deposit follows its booking moved later (docs/payments.md#the-security-deposit): a change
// of date or an operator's move after the card was authorised may put the new return, and the
// time a claim needs after it, past the authorisation's lapse. The authorisation is let go at the
// provider and the deposit scheduled again for the new departure, so the `deposits` job holds it
// anew before it; a move within the window keeps it (domain depositRescheduledFor).
import { depositRescheduledFor, DEPOSIT_HELD_AFTER_RETURN_HOURS } from '@boats/domain/deposits';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { bookings, deposits } from '../../db/schema';

const BATCH = 50;

/** The authorised card deposits whose booking moved past their lapse, scheduled again. */
export async function followMovedBookings(ctx: AppContext): Promise<number> {
  const now = ctx.now();
  const hoursBefore = ctx.config.DEPOSIT_HOURS_BEFORE;
  const candidates = await ctx.db
    .select({ deposit: deposits, booking: { startsAt: bookings.startsAt, endsAt: bookings.endsAt } })
    .from(deposits)
    .innerJoin(bookings, eq(bookings.id, deposits.bookingId))
    .where(
      and(
        eq(deposits.status, 'authorised'),
        eq(deposits.method, 'card'),
        inArray(bookings.status, ['paid', 'confirmed']),
        sql`${deposits.lapsesAt} < ${bookings.endsAt} + make_interval(hours => ${DEPOSIT_HELD_AFTER_RETURN_HOURS})`,
        sql`${bookings.startsAt} - make_interval(hours => ${hoursBefore}) > ${now.toISOString()}`,
      ),
    )
    .limit(BATCH);
  let moved = 0;
  for (const { deposit, booking } of candidates) {
    const authoriseAt = depositRescheduledFor(deposit, booking, hoursBefore, now);
    if (!authoriseAt) continue;
    if (deposit.providerIntentId) {
      // Asked again after a crash between here and the update, a canceled intent stays canceled.
      const intent = await ctx.payments.retrieveIntent(deposit.providerIntentId);
      if (intent.status === 'requires_capture') await ctx.payments.cancelIntent?.(intent.id);
    }
    const [row] = await ctx.db
      .update(deposits)
      .set({
        status: 'scheduled',
        authoriseAt,
        providerIntentId: null,
        authorisedAt: null,
        lapsesAt: null,
        decidedBy: null,
        // The next authorisation is a new attempt: its own idempotency key, not the one let go.
        attempts: deposit.attempts + 1,
        updatedAt: now,
      })
      .where(and(eq(deposits.id, deposit.id), eq(deposits.status, 'authorised')))
      .returning({ id: deposits.id });
    if (row) moved += 1;
  }
  return moved;
}
