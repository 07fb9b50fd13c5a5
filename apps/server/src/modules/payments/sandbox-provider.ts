// The built-in card provider for development, demos and tests: works offline, behaves like
// Stripe (intent statuses, client secrets, test cards, 3-D Secure redirect, signed webhooks).
import { createHash, randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import type { Db } from '../../db/client';
import { DomainError } from '../../http/errors';
import type { IntentStatus, PaymentProvider, ProviderIntent } from './payment-provider';
import { verifiedWebhookEvent } from './provider-event';
import { offSessionOutcome } from './sandbox-cards';
import {
  addSandboxRefund,
  findSandboxIntent,
  findSandboxIntentByKey,
  insertSandboxIntent,
  moveSandboxIntent,
  PAYABLE_STATUSES,
  type SandboxIntentRow,
} from './sandbox-intent-repository';

function toProviderIntent(row: SandboxIntentRow): ProviderIntent {
  const status = row.status as IntentStatus;
  return {
    id: row.id,
    clientSecret: row.clientSecret,
    status,
    amountCents: row.amountCents,
    amountReceivedCents: status === 'succeeded' ? (row.amountCapturedCents ?? row.amountCents) : 0,
    amountRefundedCents: row.amountRefundedCents,
    currency: row.currency,
    metadata: row.metadata,
    ...(row.lastError ? { lastError: row.lastError } : {}),
    ...(row.paymentMethod ? { paymentMethodId: row.paymentMethod } : {}),
  };
}

const newSecret = (id: string) => `${id}_secret_${randomBytes(16).toString('hex')}`;

export function createSandboxProvider(db: Db, webhookSecret: string): PaymentProvider {
  return {
    name: 'sandbox',
    publicConfig: () => ({ provider: 'sandbox' }),

    async createIntent(input) {
      // Random ids, as Stripe's: nothing can be guessed from them. A repeated create with the
      // same idempotency key answers the first intent.
      const id = `pi_sbx_${randomBytes(12).toString('hex')}`;
      const inserted = await insertSandboxIntent(db, {
        id,
        idempotencyKey: input.idempotencyKey,
        clientSecret: newSecret(id),
        amountCents: input.amountCents,
        currency: input.currency,
        metadata: input.metadata,
        captureMethod: input.captureMethod ?? 'automatic',
        ...(input.saveCardFor ? { customerId: input.saveCardFor } : {}),
      });
      const row = inserted ?? (await findSandboxIntentByKey(db, input.idempotencyKey));
      if (!row) throw new Error('sandbox intent vanished');
      return toProviderIntent(row);
    },

    async createCustomer(input) {
      // No table: the same key names the same customer, as Stripe's idempotent create.
      return {
        id: `cus_sbx_${createHash('sha256').update(input.idempotencyKey).digest('hex').slice(0, 24)}`,
      };
    },

    async authoriseOffSession(input) {
      // The bank's answer, as Stripe's test cards give it (offSessionOutcome); a repeated key
      // answers the first attempt's intent.
      const earlier = await findSandboxIntentByKey(db, input.idempotencyKey);
      const outcome = offSessionOutcome(input.paymentMethodId);
      const id = `pi_sbx_${randomBytes(12).toString('hex')}`;
      const failure =
        outcome.kind === 'requires_action'
          ? {
              code: 'authentication_required',
              message: 'This payment requires the customer to authenticate.',
            }
          : outcome.kind === 'declined'
            ? { code: 'card_declined', message: outcome.message }
            : null;
      const row =
        earlier ??
        (await insertSandboxIntent(db, {
          id,
          idempotencyKey: input.idempotencyKey,
          clientSecret: newSecret(id),
          amountCents: input.amountCents,
          currency: input.currency,
          metadata: input.metadata,
          captureMethod: 'manual',
          customerId: input.customerId,
          paymentMethod: input.paymentMethodId,
          status: failure ? 'requires_payment_method' : 'requires_capture',
          ...(failure ? { lastError: failure.message } : {}),
        })) ??
        (await findSandboxIntentByKey(db, input.idempotencyKey));
      if (!row) throw new Error('sandbox intent vanished');
      if (row.status === 'requires_capture') return { ok: true, intent: toProviderIntent(row) };
      return {
        ok: false,
        code: failure?.code ?? row.status,
        message: row.lastError ?? 'The authorisation was refused',
        intentId: row.id,
      };
    },

    async retrieveIntent(id) {
      const row = await findSandboxIntent(db, id);
      if (!row) throw new DomainError(404, 'not_found', `No such payment intent: ${id}`);
      return toProviderIntent(row);
    },

    async cancelIntent(id) {
      const moved = await moveSandboxIntent(db, id, [...PAYABLE_STATUSES, 'requires_capture'], {
        status: 'canceled',
      });
      if (moved) return;
      // Canceled already: as Stripe, the second cancel changes nothing.
      if ((await findSandboxIntent(db, id))?.status === 'canceled') return;
      throw new DomainError(409, 'intent_not_cancelable', 'The payment can no longer be canceled');
    },

    async captureIntent(id, _key, amountToCaptureCents) {
      // Idempotent: a second capture of a captured intent answers it unchanged. Part of it: the
      // rest of the authorisation is released, as Stripe's amount_to_capture.
      const row =
        (await moveSandboxIntent(db, id, ['requires_capture'], {
          status: 'succeeded',
          ...(amountToCaptureCents !== undefined ? { amountCapturedCents: amountToCaptureCents } : {}),
        })) ?? (await findSandboxIntent(db, id));
      if (!row) throw new DomainError(404, 'not_found', `No such payment intent: ${id}`);
      if (row.status !== 'succeeded') {
        throw new DomainError(409, 'intent_not_capturable', 'The payment can no longer be captured');
      }
      return toProviderIntent(row);
    },

    async refund(input) {
      // Idempotent like Stripe's: a repeated key answers the first refund and moves no money.
      const id = `re_sbx_${randomBytes(12).toString('hex')}`;
      const row = await addSandboxRefund(
        db,
        input.paymentIntentId,
        input.amountCents,
        input.idempotencyKey,
        id,
      );
      if (row) return { id };
      const earlier = (await findSandboxIntent(db, input.paymentIntentId))?.refundKeys[input.idempotencyKey];
      if (earlier) return { id: earlier };
      throw new DomainError(409, 'refund_failed', 'The payment cannot be refunded for that amount');
    },

    verifyWebhook(rawBody, signatureHeader) {
      return verifiedWebhookEvent(Stripe.webhooks, rawBody, signatureHeader, webhookSecret);
    },
  };
}
