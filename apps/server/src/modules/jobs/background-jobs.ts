// The background jobs, one line each: name, period, timeout, what it runs. Each runs on its own
// schedule and timeout (job-scheduler.ts), so a slow payout run or a stuck mail server delays no
// other job; a job runs on one instance at a time, and each run is recorded for the admin's system
// page (docs/operating.md#background-jobs). Every job is also safe to run again after a crash:
// its rows are claimed in the transaction that does the work (docs/architecture.md#jobs-and-their-exactly-once-guarantees).
//
// To add a job: one line in `backgroundJobs` below, and a row in the table of docs/operating.md.
import type { AppContext } from '../../context';
import { createMailTransport, type MailTransport } from '../mail/mail-transport';
import { queueEventEmails } from './event-emails';
import { sendOwnerDigests } from '../owner-notifications/owner-digest';
import { deliverDueEmails } from '../mail/outbox-worker';
import { expireLapsedHolds } from './hold-expiry';
import { expireRequests } from '../booking-requests/request-decision';
import { reconcilePayments } from './payment-reconciliation';
import { tendDeposits } from '../deposits/deposit-service';
import { tendClaims } from '../deposits/claim-service';
import { completeEndedTrips } from './trip-completion';
import { cancelTripsBelowMinimum } from '../trip-cancellation/minimum-cutoff';
import { resumeTripCancellations } from '../trip-cancellation/trip-cancellation-service';
import { sendChoiceSummaries } from '../trip-cancellation/operator-notices';
import { sendTripReminders } from './trip-reminders';
import { runScheduledPayouts } from './payout-schedule';
import { issueMonthlyInvoices } from './monthly-invoices';
import { applyDataRetention } from './data-retention';
import { tendWaitlists } from '../waitlist/waitlist-offers';
import { sendDueRecords } from '../verifactu/aeat-sender';
import { issueLastMonthResellerInvoices } from '../invoices/reseller-invoices';
import { deliverResellerWebhooks } from '../octo/octo-webhooks';
import type { TaxAuthority } from '../verifactu/tax-authority';
import {
  JobScheduler,
  pruneJobRuns,
  runScheduler,
  type JobDefinition,
  type JobRunReport,
} from './job-scheduler';

const MINUTE = 60;

/** A job: its name, period and timeout in seconds, and what it runs. */
function job(
  name: string,
  everySeconds: number,
  timeoutSeconds: number,
  run: JobDefinition['run'],
): JobDefinition {
  return { name, everySeconds, timeoutSeconds, run };
}

/**
 * Every background job. `often` is JOBS_INTERVAL_SECONDS (30 s by default). Without a tax authority
 * (production without the AEAT's certificate: test bookings) no record is sent.
 */
export function backgroundJobs(
  ctx: AppContext,
  transport: MailTransport,
  taxAuthority: TaxAuthority | null,
): JobDefinition[] {
  const often = ctx.config.JOBS_INTERVAL_SECONDS;
  return [
    job('hold-expiry', often, 2 * MINUTE, () => expireLapsedHolds(ctx)),
    job('request-expiry', often, 5 * MINUTE, () => expireRequests(ctx)),
    job('payment-reconciliation', often, 5 * MINUTE, () => reconcilePayments(ctx)),
    job('trip-completion', often, 5 * MINUTE, () => completeEndedTrips(ctx)),
    // Damage claims after the deposits' own steps: unanswered claims captured, decided ones
    // settled, deposits whose claim window closed without a claim released (decision 40).
    job('deposits', often, 5 * MINUTE, async () => ({
      ...(await tendDeposits(ctx)),
      ...(await tendClaims(ctx)),
    })),
    job('payouts', MINUTE, 30 * MINUTE, () => runScheduledPayouts(ctx)),
    job('monthly-invoices', MINUTE, 30 * MINUTE, () => issueMonthlyInvoices(ctx)),
    job('reseller-invoices', 10 * MINUTE, 30 * MINUTE, () => issueLastMonthResellerInvoices(ctx)),
    job('minimum-cutoff', often, 10 * MINUTE, () => cancelTripsBelowMinimum(ctx)),
    job('trip-cancellation-resume', often, 10 * MINUTE, () => resumeTripCancellations(ctx)),
    job('trip-choice-summaries', often, 5 * MINUTE, () => sendChoiceSummaries(ctx)),
    job('trip-reminders', often, 5 * MINUTE, () => sendTripReminders(ctx)),
    job('waitlist', often, 5 * MINUTE, () => tendWaitlists(ctx)),
    job('event-emails', often, 5 * MINUTE, () => queueEventEmails(ctx)),
    job('reseller-webhooks', often, 5 * MINUTE, () => deliverResellerWebhooks(ctx)),
    job('owner-digests', MINUTE, 5 * MINUTE, () => sendOwnerDigests(ctx)),
    job('email-outbox', often, 10 * MINUTE, () => deliverDueEmails(ctx.db, transport, ctx.now())),
    ...(taxAuthority
      ? [job('aeat-submission', often, 10 * MINUTE, () => sendDueRecords(ctx, taxAuthority))]
      : []),
    job('job-runs-cleanup', 60 * MINUTE, 5 * MINUTE, () => pruneJobRuns(ctx.db, ctx.now())),
    job('data-retention', 24 * 60 * MINUTE, 30 * MINUTE, () => applyDataRetention(ctx)),
  ];
}

type Log = {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
};

/** Starts the jobs of a server process; `onRunEnd` sees each run's outcome (the metrics). */
export function startBackgroundJobs(
  ctx: AppContext,
  log: Log,
  taxAuthority: TaxAuthority | null,
  onRunEnd?: (report: JobRunReport) => void,
): { scheduler: JobScheduler; stop(): Promise<void> } {
  const transport = createMailTransport({ smtpUrl: ctx.config.SMTP_URL, from: ctx.config.MAIL_FROM, log });
  const scheduler = new JobScheduler(
    ctx.db,
    ctx.now,
    backgroundJobs(ctx, transport, taxAuthority),
    log,
    onRunEnd,
  );
  const running = runScheduler(scheduler);
  return {
    scheduler,
    async stop() {
      await running.stop();
      transport.close();
    },
  };
}
