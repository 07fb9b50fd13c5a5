// The platform admin's side of owners (docs/back-office.md#owners): the owners with their
// commission (override or the site default) and status, suspending and reactivating one. What
// the admin does to a boat itself (its listing, forcing instant booking, its history) is the boats
// module's (boats/listing-service.ts, boats/platform-boat-service.ts).
import { changesBetween, noteAudit } from '../audit/audit-trail';
import { eq } from 'drizzle-orm';
import { bpsToPercent, percentToBps } from '@boats/domain/fee-split';
import type { AeatRepresentation, Owner, OwnerUpdate } from '@boats/domain/schemas/owner';
import { canaryDateKey } from '@boats/domain/canary-time';
import { isUuid } from '@boats/domain/schemas/common';
import type { AppContext } from '../../context';
import { boats } from '../../db/schema';
import { conflict, invalidField, notFound } from '../../http/errors';
import {
  aeatRepresentationOf,
  findOwner,
  listOwnersWithBoatCounts,
  updateOwner,
  type OwnerRow,
} from './owner-repository';

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
    aeatRepresentation: aeatRepresentationOf(row),
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

/**
 * Records the owner's representation of the platform before the AEAT (null: revoked), which the
 * admin checked at the AEAT's registry: from then the owner's waiting billing records go, in
 * their chain's order (docs/invoicing.md#sending-for-others-lawfully). The platform sends its own.
 */
export async function recordAeatRepresentation(
  ctx: AppContext,
  id: string,
  representation: AeatRepresentation | null,
): Promise<Owner> {
  const current = isUuid(id) ? await findOwner(ctx.db, id) : undefined;
  if (!current) throw notFound('Owner');
  if (current.isPlatform)
    throw conflict('platform_owner', 'The platform sends its own records: it needs no representation.');
  if (representation && representation.since > canaryDateKey(ctx.now()))
    throw invalidField(
      'body.since',
      'representation_ahead',
      'The representation cannot be granted on a day still ahead.',
    );
  await updateOwner(ctx.db, id, {
    aeatRepresentedSince: representation?.since ?? null,
    aeatRepresentationEvidence: representation?.evidence ?? null,
  });
  const after = await findOwner(ctx.db, id);
  noteAudit({
    changes: changesBetween(current, after, ['aeatRepresentedSince', 'aeatRepresentationEvidence']),
  });
  return getOwner(ctx, id);
}
