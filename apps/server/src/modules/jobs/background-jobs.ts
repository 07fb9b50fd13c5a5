// The periodic work of one server process: hold sweep, lapsed requests-to-book, payment
// reconciliation, trip completion, owners' payouts at PAYOUT_SCHEDULE, the commission invoices on
// the first of each month,
// the minimum-to-depart cutoff and unfinished trip cancellations, the operator's summary of a
// canceled trip's choices, trip reminders,
// e-mails from domain events, e-mail outbox. Every
// job is safe to run on several instances at once (row locks with SKIP LOCKED), and a failing
// job is logged and retried on the next tick without stopping the others.
import type { AppContext } from '../../context';
import { createMailTransport } from '../mail/mail-transport';
import { queueEventEmails } from './event-emails';
import { deliverDueEmails } from '../mail/outbox-worker';
import { expireLapsedHolds } from './hold-expiry';
import { expireRequests } from '../bookings/request-decision';
import { reconcilePayments } from './payment-reconciliation';
import { completeEndedTrips } from './trip-completion';
import { cancelTripsBelowMinimum } from '../trip-cancellation/minimum-cutoff';
import { resumeTripCancellations } from '../trip-cancellation/trip-cancellation-service';
import { sendChoiceSummaries } from '../trip-cancellation/operator-notices';
import { sendTripReminders } from './trip-reminders';
import { runScheduledPayouts } from './payout-schedule';
import { issueMonthlyInvoices } from './monthly-invoices';
import { tendWaitlists } from '../waitlist/waitlist-offers';

type Log = { info(obj: object, msg: string): void; error(obj: object, msg: string): void };

export function startBackgroundJobs(ctx: AppContext, log: Log): { stop(): Promise<void> } {
  const transport = createMailTransport({ smtpUrl: ctx.config.SMTP_URL, from: ctx.config.MAIL_FROM, log });
  const jobs: [string, () => Promise<unknown>][] = [
    ['hold-expiry', () => expireLapsedHolds(ctx)],
    ['request-expiry', () => expireRequests(ctx)],
    ['payment-reconciliation', () => reconcilePayments(ctx)],
    ['trip-completion', () => completeEndedTrips(ctx)],
    ['payouts', () => runScheduledPayouts(ctx)],
    ['monthly-invoices', () => issueMonthlyInvoices(ctx)],
    ['minimum-cutoff', () => cancelTripsBelowMinimum(ctx)],
    ['trip-cancellation-resume', () => resumeTripCancellations(ctx)],
    ['trip-choice-summaries', () => sendChoiceSummaries(ctx)],
    ['trip-reminders', () => sendTripReminders(ctx)],
    ['waitlist', () => tendWaitlists(ctx)],
    ['event-emails', () => queueEventEmails(ctx)],
    ['email-outbox', () => deliverDueEmails(ctx.db, transport, ctx.now())],
  ];
  let running: Promise<void> | null = null;
  const tick = () => {
    if (running) return; // the previous run is still busy: skip rather than pile up
    running = (async () => {
      for (const [name, job] of jobs) {
        try {
          await job();
        } catch (err) {
          log.error({ err, job: name }, 'background job failed');
        }
      }
    })().finally(() => {
      running = null;
    });
  };
  const timer = setInterval(tick, ctx.config.JOBS_INTERVAL_SECONDS * 1000);
  timer.unref();
  setTimeout(tick, 1000).unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
      transport.close();
    },
  };
}
