// Payout runs at PAYOUT_SCHEDULE (Canary time). The run of a scheduled instant is claimed by its
// payout_runs row, so one instance runs it however many are up; a run missed while the server
// was down runs at the next start. Payouts a killed run left pending are sent again after
// RESUME_AFTER_MS (the provider's idempotency key makes that safe).
import { latestScheduledRun } from '@boats/domain/payout-schedule';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { payoutRuns } from '../../db/schema';
import { runPayouts, sendPendingPayouts } from '../payouts/payout-service';

const RESUME_AFTER_MS = 10 * 60_000;

export async function runScheduledPayouts(ctx: AppContext): Promise<void> {
  const now = ctx.now();
  const due = latestScheduledRun(ctx.config.PAYOUT_SCHEDULE, now);
  if (due) {
    const claimed = await ctx.db
      .insert(payoutRuns)
      .values({ scheduledFor: due, startedAt: now })
      .onConflictDoNothing()
      .returning();
    if (claimed.length > 0) {
      await runPayouts(ctx, 'schedule');
      await ctx.db.update(payoutRuns).set({ finishedAt: ctx.now() }).where(eq(payoutRuns.scheduledFor, due));
      return;
    }
  }
  await sendPendingPayouts(ctx, new Date(now.getTime() - RESUME_AFTER_MS));
}

/** A new installation's schedule starts now: the runs before it had nothing to pay. */
export async function markScheduledRunsDone(ctx: Pick<AppContext, 'db' | 'now' | 'config'>): Promise<void> {
  const due = latestScheduledRun(ctx.config.PAYOUT_SCHEDULE, ctx.now());
  if (!due) return;
  await ctx.db
    .insert(payoutRuns)
    .values({ scheduledFor: due, startedAt: ctx.now(), finishedAt: ctx.now() })
    .onConflictDoNothing();
}
