// The platform admin's side of owners (docs/back-office.md#owners): the owners with their
// commission (override or the site default) and status, suspending and reactivating one, and
// a boat's place on the public site (publish a draft, suspend, bring back) with its history.
import { changesBetween, noteAudit } from '../audit/audit-trail';
import { asc, eq } from 'drizzle-orm';
import { bpsToPercent, percentToBps } from '@boats/domain/fee-split';
import type {
  BoatHistoryEntry,
  BoatListing,
  BoatStanding,
  Owner,
  OwnerUpdate,
} from '@boats/domain/schemas/owner';
import { isUuid } from '@boats/domain/schemas/common';
import type { AppContext } from '../../context';
import { boatHistory, boats, owners } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import type { TokenUser } from '../auth/access-token';
import { recordBoatHistory } from '../boats/admin-boat-service';
import { findBoat, updateBoat, type BoatRow } from '../boats/boat-repository';
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

function listingOf(row: Pick<BoatRow, 'publishedAt' | 'suspendedAt'>): BoatListing {
  if (row.suspendedAt) return 'suspended';
  return row.publishedAt ? 'published' : 'draft';
}

/** Every boat's owner and place on the site, for the admin's fleet list. */
export async function boatStandings(ctx: AppContext): Promise<BoatStanding[]> {
  const rows = await ctx.db
    .select({ boat: boats, ownerName: owners.displayName })
    .from(boats)
    .innerJoin(owners, eq(owners.id, boats.ownerId))
    .orderBy(asc(boats.sortOrder), asc(boats.createdAt));
  return rows.map((r) => standingOf(r.boat, r.ownerName));
}

function standingOf(row: BoatRow, ownerName: string): BoatStanding {
  return {
    _id: row.id,
    ownerId: row.ownerId,
    ownerName,
    listing: listingOf(row),
    bookingMode: row.bookingMode,
    instantForced: row.instantForced,
  };
}

/**
 * Publishes a draft (or takes it back to draft), suspends it (or brings it back), or forces
 * instant booking over the owner's request-to-book (or lets the owner's choice apply again).
 */
export async function setBoatListing(
  ctx: AppContext,
  admin: TokenUser,
  id: string,
  change: { published: boolean } | { suspended: boolean } | { instantForced: boolean },
): Promise<BoatStanding> {
  const now = ctx.now();
  const row = await ctx.db.transaction(async (tx) => {
    const before = isUuid(id) ? await findBoat(tx, EVERY_OWNER, id) : undefined;
    if (!before) throw notFound('Boat');
    const [values, action] =
      'published' in change
        ? ([
            { publishedAt: change.published ? (before.publishedAt ?? now) : null },
            change.published ? 'published' : 'unpublished',
          ] as const)
        : 'suspended' in change
          ? ([
              { suspendedAt: change.suspended ? (before.suspendedAt ?? now) : null },
              change.suspended ? 'suspended' : 'unsuspended',
            ] as const)
          : ([
              { instantForced: change.instantForced },
              change.instantForced ? 'instant_forced' : 'instant_released',
            ] as const);
    const updated = await updateBoat(tx, EVERY_OWNER, id, { ...values, updatedAt: now });
    await recordBoatHistory(tx, { boatId: id, at: now, action, by: admin });
    return updated!;
  });
  const [owner] = await ctx.db.select().from(owners).where(eq(owners.id, row.ownerId));
  return standingOf(row, owner?.displayName ?? '');
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
