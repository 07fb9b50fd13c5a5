// OCTO's webhooks (docs/channels.md#webhooks): a reseller registers a URL and is told of the
// changes made on our side to the bookings it sold (a trip canceled for weather or its minimum,
// the operator's cancellation, a move, a refund). The event consumer queues one delivery per
// event and webhook in the transaction that reads the event; a job sends them, signed with the
// reseller's secret, retried with backoff, never on the request path of the change.
import { createHmac } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { languageOf } from '@boats/domain/languages';
import { DELIVERY_BACKOFF } from '@boats/domain/retry-backoff';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import type { StoredEvent } from '../events/domain-events';
import { deliverDue } from '../outbox/retrying-outbox';
import { findReseller, type ResellerRow } from '../resellers/reseller-repository';
import type { WebhookChange } from '../resellers/schema';
import {
  publicOnlyLookup,
  systemResolve,
  undeliverableUrl,
  type Resolve,
} from '../resellers/webhook-address';
import { bookingByUuid } from './octo-bookings';
import type { Capabilities } from './octo-catalogue';
import {
  leasedDeliveries,
  pruneDeliveries,
  queueDeliveries,
  webhooksOfBooking,
  type LeasedDelivery,
} from '../resellers/webhook-repository';

/** The header carrying `sha256=` and the hex HMAC-SHA256 of the raw body under the reseller's secret. */
const SIGNATURE_HEADER = 'octo-webhook-signature';
/** The delivery's id: the same on every retry, so a receiver can drop a repeat. */
const DELIVERY_HEADER = 'octo-webhook-delivery';

/** How long a sent or abandoned delivery is kept (what was told, for a reseller's question). */
const KEEP_MS = 30 * 86_400_000;
const TIMEOUT_MS = 10_000;

function signatureOf(secret: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

/** The status changes made on our side that a reseller is told of (its own calls are not). */
const OUR_SIDE = new Set(['trip_canceled', 'operator_canceled', 'trip_moved', 'rescheduled']);

function changeOf(event: StoredEvent): WebhookChange | null {
  const p = event.payload;
  if (event.kind === 'booking.status_changed' && typeof p.code === 'string' && OUR_SIDE.has(p.code)) {
    const cause = (p.params as Record<string, unknown> | undefined)?.cause;
    return { kind: p.code, ...(typeof cause === 'string' ? { cause } : {}) };
  }
  // A refund the reseller's own cancellation made is in that call's answer.
  if (event.kind === 'refund.succeeded' && p.cause !== 'reseller') {
    return { kind: 'refund', amountCents: Number(p.amountCents) };
  }
  return null;
}

/** The event consumer's part (jobs/event-emails.ts): a delivery per webhook of the booking's reseller. */
export async function queueResellerWebhooks(ctx: AppContext, tx: Db, event: StoredEvent): Promise<void> {
  if (!event.bookingId) return;
  const change = changeOf(event);
  if (!change) return;
  const webhooks = await webhooksOfBooking(tx, event.bookingId);
  const bookingId = event.bookingId;
  await queueDeliveries(
    tx,
    webhooks.map((w) => ({ webhookId: w.id, eventId: Number(event.id), bookingId, change, at: ctx.now() })),
  );
}

/** The body as sent: the webhook, what changed, and the booking as OCTO's Booking now. */
async function bodyOf(ctx: AppContext, reseller: ResellerRow, d: LeasedDelivery): Promise<string> {
  const { webhook } = d;
  const caps: Capabilities = {
    pricing: webhook.capabilities.includes('octo/pricing'),
    content: webhook.capabilities.includes('octo/content'),
    language: webhook.useContactLanguage ? languageOf(d.language) : 'en',
  };
  return JSON.stringify({
    event: webhook.event,
    webhook: {
      id: webhook.id,
      event: webhook.event,
      url: webhook.url,
      capabilities: webhook.capabilities,
      retryOnError: webhook.retryOnError,
      useContactLanguage: webhook.useContactLanguage,
    },
    change: d.change,
    utcCreatedAt: d.createdAt.toISOString(),
    booking: await bookingByUuid(ctx, reseller, d.uuid, caps),
  });
}

async function send(ctx: AppContext, d: LeasedDelivery): Promise<void> {
  const reseller = await findReseller(ctx.db, d.webhook.resellerId);
  if (!reseller?.webhookSecret) throw new Error('the reseller has no webhook secret');
  const body = await bodyOf(ctx, reseller, d);
  await postWebhook(d.webhook.url, body, {
    headers: { [SIGNATURE_HEADER]: signatureOf(reseller.webhookSecret, body), [DELIVERY_HEADER]: d.id },
    // In production only https to a public address (resellers/webhook-address.ts); the demo and
    // the tests deliver to their own machine.
    publicOnly: ctx.config.NODE_ENV === 'production',
    resolve: systemResolve,
  });
}

/**
 * POSTs a webhook's body and settles when it answered 2xx. A public-only delivery goes over https
 * to the address its name resolves to now, each address checked as it is dialled, and follows
 * no redirect (a 3xx is a failure, as any answer outside 2xx).
 */
export function postWebhook(
  url: string,
  body: string,
  options: { headers: Record<string, string>; publicOnly: boolean; resolve: Resolve },
): Promise<void> {
  const target = new URL(url);
  const refused = options.publicOnly ? undeliverableUrl(target) : undefined;
  if (refused) return Promise.reject(new Error(refused));
  const request = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = request(
      target,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...options.headers },
        signal: AbortSignal.timeout(TIMEOUT_MS),
        ...(options.publicOnly ? { lookup: publicOnlyLookup(options.resolve) } : {}),
      },
      (res) => {
        res.resume();
        const status = res.statusCode ?? 0;
        if (status >= 200 && status < 300) resolve();
        else reject(new Error(`answered HTTP ${status}`));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * The job: sends the due deliveries through the one retrying outbox (outbox/retrying-outbox.ts).
 * A failure (refused, timed out, not 2xx) is tried again after 1, 2, 4 … minutes, at most an
 * hour apart, 10 times, once only for a webhook registered without `retryOnError`.
 */
export async function deliverResellerWebhooks(ctx: AppContext): Promise<{ sent: number; failed: number }> {
  const now = ctx.now();
  const result = await deliverDue(
    ctx.db,
    {
      table: 'reseller_webhook_deliveries',
      backoff: DELIVERY_BACKOFF,
      maxAttempts: 10,
      load: (ids) => leasedDeliveries(ctx.db, ids),
      send: (delivery) => send(ctx, delivery),
      final: (delivery) => !delivery.webhook.retryOnError,
    },
    now,
  );
  await pruneDeliveries(ctx.db, new Date(now.getTime() - KEEP_MS));
  return result;
}
