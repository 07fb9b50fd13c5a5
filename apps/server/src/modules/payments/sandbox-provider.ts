// The built-in card provider for development, demos and tests: works offline, behaves like
// Stripe (intent statuses, client secrets, test cards, 3-D Secure redirect, signed webhooks).
import { createHash, randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import type { Db } from '../../db/client';
import { DomainError } from '../../http/errors';
import type { IntentStatus, PaymentProvider, ProviderIntent } from './payment-provider';
import { verifiedWebhookEvent } from './provider-event';
import {
  addSandboxRefund,
  findSandboxIntent,
  insertSandboxIntent,
  moveSandboxIntent,
  type SandboxIntentRow,
} from './sandbox-intent-repository';

export function toProviderIntent(row: SandboxIntentRow): ProviderIntent {
  const status = row.status as IntentStatus;
  return {
    id: row.id,
    clientSecret: row.clientSecret,
    status,
    amountCents: row.amountCents,
    amountReceivedCents: status === 'succeeded' ? row.amountCents : 0,
    amountRefundedCents: row.amountRefundedCents,
    currency: row.currency,
    metadata: row.metadata,
    ...(row.lastError ? { lastError: row.lastError } : {}),
  };
}

export function createSandboxProvider(db: Db, webhookSecret: string): PaymentProvider {
  return {
    name: 'sandbox',
    publicConfig: () => ({ provider: 'sandbox' }),

    async createIntent(input) {
      // The id follows from the idempotency key, so a repeated create returns the same intent.
      const id = `pi_sbx_${createHash('sha256').update(input.idempotencyKey).digest('hex').slice(0, 24)}`;
      await insertSandboxIntent(db, {
        id,
        clientSecret: `${id}_secret_${randomBytes(16).toString('hex')}`,
        amountCents: input.amountCents,
        currency: input.currency,
        metadata: input.metadata,
      });
      const row = await findSandboxIntent(db, id);
      if (!row) throw new Error('sandbox intent vanished');
      return toProviderIntent(row);
    },

    async retrieveIntent(id) {
      const row = await findSandboxIntent(db, id);
      if (!row) throw new DomainError(404, 'not_found', `No such payment intent: ${id}`);
      return toProviderIntent(row);
    },

    async cancelIntent(id) {
      const moved = await moveSandboxIntent(db, id, ['requires_payment_method', 'requires_action'], {
        status: 'canceled',
      });
      if (!moved)
        throw new DomainError(409, 'intent_not_cancelable', 'The payment can no longer be canceled');
    },

    async refund(input) {
      const row = await addSandboxRefund(db, input.paymentIntentId, input.amountCents);
      if (!row) throw new DomainError(409, 'refund_failed', 'The payment cannot be refunded for that amount');
      return { id: `re_sbx_${randomBytes(12).toString('hex')}` };
    },

    verifyWebhook(rawBody, signatureHeader) {
      return verifiedWebhookEvent(Stripe.webhooks, rawBody, signatureHeader, webhookSecret);
    },
  };
}
