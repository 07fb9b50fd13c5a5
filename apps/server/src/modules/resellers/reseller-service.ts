// The admin's resellers and their API keys (docs/channels.md#resellers-and-keys), and the
// authentication of an OCTO call by its key.
import { bpsToPercent, percentToBps } from '@boats/domain/fee-split';
import type {
  Reseller,
  ResellerApiKey,
  ResellerInput,
  ResellerWebhook,
} from '@boats/domain/schemas/resellers';
import type { AppContext } from '../../context';
import { notFound } from '../../http/errors';
import { apiKeyHash, newApiKey, shownPartOf } from './api-key';
import {
  findReseller,
  insertApiKey,
  insertReseller,
  keysOf,
  listResellers,
  revokeApiKey,
  useApiKey,
  type ResellerApiKeyRow,
  type ResellerRow,
} from './reseller-repository';
import { webhooksOfResellers, type WebhookRow } from './webhook-repository';

function keyWire(row: ResellerApiKeyRow): ResellerApiKey {
  return {
    _id: row.id,
    label: row.label,
    prefix: row.prefix,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}

export function webhookAdminWire(row: WebhookRow): ResellerWebhook {
  return { _id: row.id, event: row.event, url: row.url, createdAt: row.createdAt.toISOString() };
}

function resellerWire(row: ResellerRow, keys: ResellerApiKeyRow[], webhooks: WebhookRow[]): Reseller {
  return {
    _id: row.id,
    name: row.name,
    contactName: row.contactName,
    contactEmail: row.contactEmail,
    commissionPercent: bpsToPercent(row.commissionBps),
    cancellation: row.cancellation,
    createdAt: row.createdAt.toISOString(),
    keys: keys.filter((k) => k.resellerId === row.id).map(keyWire),
    webhooks: webhooks.filter((w) => w.resellerId === row.id).map(webhookAdminWire),
    webhookSecretSet: row.webhookSecret !== null,
  };
}

export async function createReseller(ctx: AppContext, input: ResellerInput): Promise<Reseller> {
  const row = await insertReseller(ctx.db, {
    name: input.name,
    contactName: input.contactName,
    contactEmail: input.contactEmail,
    commissionBps: percentToBps(input.commissionPercent),
    cancellation: input.cancellation,
    createdAt: ctx.now(),
    updatedAt: ctx.now(),
  });
  return resellerWire(row, [], []);
}

export async function resellersWithKeys(ctx: AppContext): Promise<Reseller[]> {
  const rows = await listResellers(ctx.db);
  const ids = rows.map((r) => r.id);
  const keys = await keysOf(ctx.db, ids);
  const webhooks = await webhooksOfResellers(ctx.db, ids);
  return rows.map((r) => resellerWire(r, keys, webhooks));
}

/** A new key for the reseller: answered whole this once, stored as its hash. */
export async function issueApiKey(
  ctx: AppContext,
  resellerId: string,
  label: string,
): Promise<{ key: ResellerApiKey; secret: string }> {
  if (!(await findReseller(ctx.db, resellerId))) throw notFound('Reseller');
  const secret = newApiKey();
  const row = await insertApiKey(ctx.db, {
    resellerId,
    label,
    prefix: shownPartOf(secret),
    keyHash: apiKeyHash(secret),
    createdAt: ctx.now(),
  });
  return { key: keyWire(row), secret };
}

/** Revokes a key at once: the next call with it is refused. Revoking twice keeps the first time. */
export async function revokeKey(ctx: AppContext, resellerId: string, keyId: string): Promise<ResellerApiKey> {
  const row = await revokeApiKey(ctx.db, resellerId, keyId, ctx.now());
  if (!row) throw notFound('API key');
  return keyWire(row);
}

/** The reseller whose live key this is, or undefined (an unknown or revoked key). */
export async function resellerOfKey(ctx: AppContext, key: string): Promise<ResellerRow | undefined> {
  return useApiKey(ctx.db, apiKeyHash(key), ctx.now());
}
