// The admin's resellers and their API keys (docs/channels.md#resellers-and-keys), and the
// authentication of an OCTO call by its key.
import { localized } from '@boats/domain/boat-card';
import { bpsToPercent, percentToBps } from '@boats/domain/fee-split';
import { normalizeTaxId } from '@boats/domain/spanish-tax-id';
import type {
  Reseller,
  ResellerApiKey,
  ResellerBoatChoice,
  ResellerBoatsInput,
  ResellerHoldLimitsInput,
  ResellerInput,
  ResellerWebhook,
} from '@boats/domain/schemas/resellers';
import type { AppContext } from '../../context';
import { invalidField, notFound } from '../../http/errors';
import { changesBetween, noteAudit } from '../audit/audit-trail';
import { apiKeyHash, newApiKey, shownPartOf } from './api-key';
import {
  boatChoices,
  boatIdsOf,
  boatsByIds,
  findReseller,
  insertApiKey,
  insertReseller,
  keysOf,
  listResellers,
  replaceResellerBoats,
  revokeApiKey,
  updateResellerBilling,
  updateResellerHoldLimits,
  useApiKey,
  type ResellerApiKeyRow,
  type ResellerRow,
} from './reseller-repository';
import { webhooksOfResellers, type WebhookRow } from './webhook-repository';
import { resellerHoldLimitDefaults } from './reseller-hold-limits';

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

type ListedBoat = { resellerId: string; boatId: string };

function resellerWire(
  config: AppContext['config'],
  row: ResellerRow,
  keys: ResellerApiKeyRow[],
  webhooks: WebhookRow[],
  listed: ListedBoat[],
): Reseller {
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
    boats: {
      allOptedIn: row.allOptedInBoats,
      boatIds: listed.filter((b) => b.resellerId === row.id).map((b) => b.boatId),
    },
    billing: {
      legalName: row.billingLegalName,
      taxId: row.billingTaxId,
      country: row.billingCountry,
      address: row.billingAddress,
    },
    holdLimits: ownHoldLimits(row),
    holdLimitDefaults: resellerHoldLimitDefaults(config),
  };
}

function ownHoldLimits(row: ResellerRow): ResellerHoldLimitsInput {
  return {
    maxHeldSharePercent: row.maxHeldSharePercent,
    maxHeldSeatsPerTrip: row.maxHeldSeatsPerTrip,
    maxSeatsPerReservation: row.maxSeatsPerReservation,
    maxLiveHolds: row.maxLiveHolds,
    maxHoldMinutes: row.maxHoldMinutes,
  };
}

/**
 * Sets what the reseller's keys may hold unconfirmed (null: the server's setting), from its next
 * OCTO call on; holds already made keep their seats and expiry. Audited with before and after.
 */
export async function setResellerHoldLimits(
  ctx: AppContext,
  resellerId: string,
  limits: ResellerHoldLimitsInput,
): Promise<Reseller> {
  const before = await findReseller(ctx.db, resellerId);
  if (!before) throw notFound('Reseller');
  const row = await updateResellerHoldLimits(ctx.db, resellerId, { ...limits, updatedAt: ctx.now() });
  if (!row) throw notFound('Reseller');
  noteAudit({ objectId: resellerId, changes: changesBetween(ownHoldLimits(before), limits) });
  const [updated] = await resellersOf(ctx, [row]);
  return updated!;
}

/**
 * The boats of a choice, checked: each must be a boat (else a 400 naming `boatIds`), and one its
 * owner opted out of may stay on the list (it sells again when the owner opts back in) but not
 * be added to it.
 */
async function checkedBoatIds(
  ctx: AppContext,
  choice: ResellerBoatsInput,
  kept: string[],
  path: string,
): Promise<string[]> {
  const ids = [...new Set(choice.boatIds)];
  const found = await boatsByIds(ctx.db, ids);
  if (found.length !== ids.length) {
    throw invalidField(path, 'unknown_boat', 'A boat of the list does not exist');
  }
  if (found.some((b) => !b.resellersAllowed && !kept.includes(b.id))) {
    throw invalidField(path, 'boat_not_for_resellers', 'Its owner does not sell this boat through resellers');
  }
  return ids;
}

/**
 * Sets whom the platform's invoices to the reseller name (docs/channels.md#invoices-to-the-reseller);
 * the schema has checked the tax id against the country. Invoices already issued keep whom they named.
 */
export async function setResellerBilling(
  ctx: AppContext,
  resellerId: string,
  input: { legalName: string; taxId: string; country: string; address: string },
): Promise<Reseller> {
  const row = await updateResellerBilling(ctx.db, resellerId, {
    billingLegalName: input.legalName,
    billingTaxId: normalizeTaxId(input.taxId),
    billingCountry: input.country,
    billingAddress: input.address,
    updatedAt: ctx.now(),
  });
  if (!row) throw notFound('Reseller');
  const [updated] = await resellersOf(ctx, [row]);
  return updated!;
}

export async function createReseller(ctx: AppContext, input: ResellerInput): Promise<Reseller> {
  const boatIds = await checkedBoatIds(ctx, input.boats, [], 'body.boats.boatIds');
  const row = await insertReseller(ctx.db, {
    name: input.name,
    contactName: input.contactName,
    contactEmail: input.contactEmail,
    commissionBps: percentToBps(input.commissionPercent),
    cancellation: input.cancellation,
    createdAt: ctx.now(),
    updatedAt: ctx.now(),
  });
  await replaceResellerBoats(ctx.db, row.id, { allOptedIn: input.boats.allOptedIn, boatIds }, ctx.now());
  const [created] = await resellersOf(ctx, [row]);
  return created!;
}

async function resellersOf(ctx: AppContext, rows: ResellerRow[]): Promise<Reseller[]> {
  const ids = rows.map((r) => r.id);
  const keys = await keysOf(ctx.db, ids);
  const webhooks = await webhooksOfResellers(ctx.db, ids);
  const listed = await boatIdsOf(ctx.db, ids);
  return rows.map((r) => resellerWire(ctx.config, r, keys, webhooks, listed));
}

export async function resellersWithKeys(ctx: AppContext): Promise<Reseller[]> {
  return resellersOf(ctx, await listResellers(ctx.db));
}

/**
 * The admin's choice of the reseller's boats, effective on its next OCTO call: a boat taken off
 * is no product from then on; the reservations already made of it stay as they are.
 */
export async function setResellerBoats(
  ctx: AppContext,
  resellerId: string,
  choice: ResellerBoatsInput,
): Promise<Reseller> {
  const reseller = await findReseller(ctx.db, resellerId);
  if (!reseller) throw notFound('Reseller');
  const kept = (await boatIdsOf(ctx.db, [resellerId])).map((b) => b.boatId);
  const boatIds = await checkedBoatIds(ctx, choice, kept, 'body.boatIds');
  await replaceResellerBoats(ctx.db, resellerId, { allOptedIn: choice.allOptedIn, boatIds }, ctx.now());
  const [updated] = await resellersOf(ctx, [(await findReseller(ctx.db, resellerId))!]);
  const sorted = (ids: string[]) => [...ids].sort();
  noteAudit({
    objectId: resellerId,
    changes: changesBetween(
      { allOptedIn: reseller.allOptedInBoats, boatIds: sorted(kept) },
      { allOptedIn: choice.allOptedIn, boatIds: sorted(boatIds) },
    ),
  });
  return updated!;
}

/** The boats the admin may pick from, with their owners and the owners' own choice. */
export async function resellerBoatChoices(ctx: AppContext): Promise<ResellerBoatChoice[]> {
  return (await boatChoices(ctx.db)).map((b) => ({
    _id: b.id,
    title: localized(b.title, b.title.en ?? '', 'en'),
    ownerName: b.ownerName,
    resellersAllowed: b.resellersAllowed,
    onPublicSite: b.onPublicSite,
  }));
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
