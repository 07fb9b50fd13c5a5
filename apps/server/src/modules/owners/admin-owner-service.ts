// The platform admin's side of owners (docs/back-office.md#owners): the owners with their
// commission (override or the site default) and status, suspending and reactivating one, the
// switch that forces instant booking on a boat, and a boat's history. A boat's listing is the
// boats module's (boats/listing-service.ts).
import { changesBetween, noteAudit } from '../audit/audit-trail';
import { asc, eq } from 'drizzle-orm';
import { bpsToPercent, percentToBps } from '@boats/domain/fee-split';
import type { AdminBoat } from '@boats/domain/schemas/boat';
import type { BoatHistoryEntry, Owner, OwnerUpdate } from '@boats/domain/schemas/owner';
import { isUuid } from '@boats/domain/schemas/common';
import type { AppContext } from '../../context';
import { boatHistory, boats } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import type { TokenUser } from '../auth/access-token';
import { adminBoatOf, recordBoatHistory } from '../boats/admin-boat-service';
import { findBoat, updateBoat } from '../boats/boat-repository';
import { EVERY_OWNER } from '../owner-scope/owner-scope';
import { findOwner, listOwnersWithBoatCounts, updateOwner, type OwnerRow } from './owner-repository';

function toOwnerDto(ctx: AppContext, row: OwnerRow, boatCount: number): Owner {
  return {
    _id: row.id,
    isPlatform: row.isPlatform,
    displayName: row.displayName,
    legalName: row.legalName,
    taxId: row.taxId,
    address: row.address,
    phone: row.phone,
    email: row.email,
    language: (row.language as Owner['language']) ?? 'en',
    commissionPercent:
      row.commissionBps === null ? ctx.config.PLATFORM_FEE_PERCENT : bpsToPercent(row.commissionBps),
    commissionOverridden: row.commissionBps !== null,
    status: row.status,
    boatCount,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listOwners(ctx: AppContext): Promise<Owner[]> {
  return (await listOwnersWithBoatCounts(ctx.db)).map((o) => toOwnerDto(ctx, o, o.boatCount));
}

export async function getOwner(ctx: AppContext, id: string): Promise<Owner> {
  const row = isUuid(id) ? await findOwner(ctx.db, id) : undefined;
  if (!row) throw notFound('Owner');
  const count = (await ctx.db.select({ id: boats.id }).from(boats).where(eq(boats.ownerId, id))).length;
  return toOwnerDto(ctx, row, count);
}

/**
 * Corrects details, sets or clears the commission (null: the site default again; sales already
 * made keep theirs) and suspends or reactivates. The platform itself is never suspended.
 */
export async function updateOwnerByAdmin(ctx: AppContext, id: string, input: OwnerUpdate): Promise<Owner> {
  const current = isUuid(id) ? await findOwner(ctx.db, id) : undefined;
  if (!current) throw notFound('Owner');
  if (current.isPlatform && input.status === 'suspended')
    throw conflict('platform_owner', 'The platform cannot be suspended.');
  const { commissionPercent, ...details } = input;
  const change = {
    ...details,
    ...(commissionPercent !== undefined
      ? { commissionBps: commissionPercent === null ? null : percentToBps(commissionPercent) }
      : {}),
  };
  await updateOwner(ctx.db, id, change);
  const after = await findOwner(ctx.db, id);
  noteAudit({ changes: changesBetween(current, after, Object.keys(change) as (keyof OwnerRow)[]) });
  return getOwner(ctx, id);
}

/** The platform admin forces instant booking over the owner's request-to-book, or lets it go. */
export async function setInstantForced(
  ctx: AppContext,
  admin: TokenUser,
  id: string,
  instantForced: boolean,
): Promise<AdminBoat> {
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const updated = isUuid(id)
      ? await updateBoat(tx, EVERY_OWNER, id, { instantForced, updatedAt: now })
      : undefined;
    if (!updated) throw notFound('Boat');
    const action = instantForced ? 'instant_forced' : 'instant_released';
    await recordBoatHistory(tx, { boatId: id, at: now, action, by: admin });
  });
  return adminBoatOf(ctx, EVERY_OWNER, id);
}

/** The boat's history, newest first. */
export async function boatHistoryOf(ctx: AppContext, id: string): Promise<BoatHistoryEntry[]> {
  if (!isUuid(id) || !(await findBoat(ctx.db, EVERY_OWNER, id))) throw notFound('Boat');
  const rows = await ctx.db
    .select()
    .from(boatHistory)
    .where(eq(boatHistory.boatId, id))
    .orderBy(asc(boatHistory.at), asc(boatHistory.id));
  return rows.reverse().map((r) => {
    // Older lines kept the field's name only.
    const changes = r.fields.map((c) => (typeof c === 'string' ? { field: c } : c));
    return {
      at: r.at.toISOString(),
      action: r.action,
      actor: r.actor,
      actorRole: r.actorRole,
      fields: changes.map((c) => c.field),
      changes,
    };
  });
}
