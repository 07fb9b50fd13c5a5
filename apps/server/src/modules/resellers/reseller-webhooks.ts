// A reseller's webhooks (OCTO's octo/webhooks; docs/channels.md#webhooks): registered by the
// reseller through /octo/webhooks or by the admin on the reseller's card, and the secret that
// signs them, made with the first webhook and shown once. Delivery: octo/octo-webhooks.ts.
import { randomBytes } from 'node:crypto';
import type { OctoWebhookRequest } from '@boats/domain/schemas/octo';
import type { AppContext } from '../../context';
import { invalidField, notFound } from '../../http/errors';
import { undeliverableUrl } from './webhook-address';
import {
  deleteWebhook,
  insertWebhook,
  replaceSecret,
  setSecretIfNone,
  webhooksOfReseller,
  type WebhookRow,
} from './webhook-repository';

/** A new signing secret: 32 random bytes, shown once. */
function newSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

/** OCTO's webhook object. */
export function webhookWire(row: WebhookRow) {
  return {
    id: row.id,
    event: row.event,
    url: row.url,
    capabilities: row.capabilities,
    retryOnError: row.retryOnError,
    useContactLanguage: row.useContactLanguage,
  };
}

/**
 * In production a webhook goes out over https to a public address: not to this machine or its
 * private network, which a reseller has no business reaching through us. A name is resolved and
 * checked again at each delivery (webhook-address.ts); here the obvious ones are refused at once.
 */
function assertDeliverable(ctx: AppContext, url: string): void {
  if (ctx.config.NODE_ENV !== 'production') return;
  if (undeliverableUrl(new URL(url))) {
    throw invalidField('body.url', 'invalid_input', 'A webhook URL must be https and reach a public address');
  }
}

/**
 * Registers a webhook for the reseller. Its first one also makes its signing secret, answered
 * this once (`secret`); later ones answer none (the admin can rotate it).
 */
export async function registerWebhook(
  ctx: AppContext,
  resellerId: string,
  body: OctoWebhookRequest,
  capabilities: string[],
): Promise<{ webhook: WebhookRow; secret: string | null }> {
  assertDeliverable(ctx, body.url);
  return ctx.db.transaction(async (tx) => {
    const secret = newSecret();
    const made = await setSecretIfNone(tx, resellerId, secret);
    const webhook = await insertWebhook(tx, {
      resellerId,
      event: body.event,
      url: body.url,
      capabilities,
      retryOnError: body.retryOnError ?? true,
      useContactLanguage: body.useContactLanguage ?? false,
      createdAt: ctx.now(),
    });
    return { webhook, secret: made ? secret : null };
  });
}

export async function webhooksOf(ctx: AppContext, resellerId: string): Promise<WebhookRow[]> {
  return webhooksOfReseller(ctx.db, resellerId);
}

/**
 * Removes one of the reseller's webhooks (undefined: it has none of that id); its undelivered
 * messages go with it.
 */
export async function removeWebhook(
  ctx: AppContext,
  resellerId: string,
  id: string,
): Promise<WebhookRow | undefined> {
  return deleteWebhook(ctx.db, resellerId, id);
}

/** A new signing secret for the reseller, answered this once; the old one signs nothing more. */
export async function rotateWebhookSecret(ctx: AppContext, resellerId: string): Promise<string> {
  const secret = newSecret();
  if (!(await replaceSecret(ctx.db, resellerId, secret))) throw notFound('Reseller');
  return secret;
}
