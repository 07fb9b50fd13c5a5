// The demo's documents, as the running app would have issued them (issue 56): the seed writes its
// past sales directly, so each sale's invoice to its customer, each refund's rectifying invoice
// and each ended month's commission invoices to the owners are issued afterwards through the
// app's own functions, in the order they happened, with the context's clock at each instant. So
// the numbers, the VERI*FACTU chains and their hashes are those of a real history, and an
// accountant finds every demo sale, statement and AEAT record backed by its document.
import { and, asc, eq, gt, isNotNull } from 'drizzle-orm';
import { addMonths, canaryPeriodRange, canaryYearMonth, lastEndedMonth } from '@boats/domain/canary-time';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { bookings, refunds } from '../db/schema';
import { invoiceRefund, invoiceSale } from '../modules/invoices/customer-invoices';
import { issueInvoices } from '../modules/invoices/invoice-service';
import { invoiceRuns } from '../modules/invoices/schema';

/** When the monthly job issues a month's commission invoices: early on the next month's first day. */
const MONTHLY_RUN_AFTER_MS = 5 * 60_000;

/** A document issued at `at`: a customer's inside the caller's transaction, or a month's run. */
type Issue =
  | { at: Date; inTx: (ctx: AppContext, tx: Db) => Promise<unknown> }
  | { at: Date; run: (ctx: AppContext) => Promise<unknown> };

/**
 * Issues the seeded history's documents, oldest first: a paid booking's invoice at its payment
 * (none for an owner who invoices their customers themselves: invoiceSale decides), a refund's
 * rectifying invoice at the refund, and the commission invoices of every month that has ended
 * since the first seeded sale, at the start of the month after, as the monthly job would (its run
 * recorded as done, so the job does not take it up again).
 */
export async function seedDemoInvoices(ctx: AppContext): Promise<void> {
  const now = ctx.now();
  const sold = await ctx.db
    .select()
    .from(bookings)
    .where(and(isNotNull(bookings.paidAt), gt(bookings.amountGrossCents, 0)))
    .orderBy(asc(bookings.paidAt));
  const refunded = await ctx.db
    .select({
      id: refunds.id,
      bookingId: refunds.bookingId,
      cents: refunds.amountCents,
      cause: refunds.cause,
      at: refunds.createdAt,
    })
    .from(refunds)
    .where(eq(refunds.status, 'succeeded'));

  const issues: Issue[] = [
    ...sold.map((booking) => ({
      at: booking.paidAt as Date,
      inTx: (at: AppContext, tx: Db) => invoiceSale(at, tx, booking),
    })),
    ...refunded.map((refund) => ({
      at: refund.at,
      inTx: (at: AppContext, tx: Db) => invoiceRefund(at, tx, refund.bookingId, refund.cents, refund),
    })),
  ];
  // From the month of the first payment: no trip of the demo ended before it.
  const first = sold[0]?.paidAt;
  if (first) {
    const last = lastEndedMonth(now);
    const start = canaryYearMonth(first);
    for (let k = 0; ; k++) {
      const { year, month } = addMonths(start.year, start.month, k);
      const period = `${String(year)}-${String(month).padStart(2, '0')}`;
      if (period > last) break;
      const at = new Date(canaryPeriodRange(period).end.getTime() + 1 + MONTHLY_RUN_AFTER_MS);
      issues.push({
        at,
        run: async (atCtx) => {
          await issueInvoices(atCtx, { period, actor: 'schedule' });
          await atCtx.db.insert(invoiceRuns).values({ period, startedAt: at, finishedAt: at });
        },
      });
    }
  }
  // Sorted stably: a refund never precedes its sale, nor a month's run the sales before it.
  issues.sort((a, b) => a.at.getTime() - b.at.getTime());
  // The customers' documents between two monthly runs go in one transaction: the same numbers and
  // chains as one each, without a commit per document (the demo starts on a loaded laptop too).
  let batch: Extract<Issue, { inTx: unknown }>[] = [];
  const flush = async () => {
    const documents = batch;
    batch = [];
    if (documents.length === 0) return;
    await ctx.db.transaction(async (tx) => {
      for (const issue of documents) await issue.inTx({ ...ctx, now: () => issue.at }, tx);
    });
  };
  for (const issue of issues) {
    if (issue.at > now) continue;
    if ('inTx' in issue) {
      batch.push(issue);
      continue;
    }
    await flush();
    await issue.run({ ...ctx, now: () => issue.at });
  }
  await flush();
}
