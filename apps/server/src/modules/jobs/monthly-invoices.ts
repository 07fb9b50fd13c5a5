// The commission invoices of the month that has just ended, issued on the first day of the next
// (Canary time; docs/payments.md#commission-invoices). The month's run is claimed by its
// invoice_runs row, so one instance issues it however many are up; a run a crash left unfinished
// is taken up again after RESUME_AFTER_MS, which is safe: issuing finds the lines already
// invoiced and issues only what is left.
import { eq, isNull, and, lt } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { invoiceRuns } from '../invoices/schema';
import { lastEndedMonth } from '@boats/domain/canary-time';
import { issueInvoices } from '../invoices/invoice-service';

const RESUME_AFTER_MS = 10 * 60_000;

export async function issueMonthlyInvoices(ctx: AppContext): Promise<void> {
  const now = ctx.now();
  const period = lastEndedMonth(now);
  const claimed = await ctx.db
    .insert(invoiceRuns)
    .values({ period, startedAt: now })
    .onConflictDoNothing()
    .returning();
  const stalled =
    claimed.length > 0
      ? claimed
      : await ctx.db
          .update(invoiceRuns)
          .set({ startedAt: now })
          .where(
            and(
              eq(invoiceRuns.period, period),
              isNull(invoiceRuns.finishedAt),
              lt(invoiceRuns.startedAt, new Date(now.getTime() - RESUME_AFTER_MS)),
            ),
          )
          .returning();
  if (stalled.length === 0) return;
  await issueInvoices(ctx, { period, actor: 'schedule' });
  await ctx.db.update(invoiceRuns).set({ finishedAt: ctx.now() }).where(eq(invoiceRuns.period, period));
}
