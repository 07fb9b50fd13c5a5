// What only the platform admin does to a boat, whoever owns it: forcing instant booking over the
// owner's request-to-book, who bears a reseller's commission on its sales, and reading the boat's history (who created, edited, published or
// suspended it). Routes: platformBoatRoutes in ./admin-routes.ts, in the admin-only plugin.
import { asc, eq } from 'drizzle-orm';
import type { AdminBoat } from '@boats/domain/schemas/boat';
import { isUuid } from '@boats/domain/schemas/common';
import type { BoatHistoryEntry } from '@boats/domain/schemas/owner';
import type { CommissionBearer } from '@boats/domain/octo';
import type { AppContext } from '../../context';
import { boatHistory } from '../../db/schema';
import { notFound } from '../../http/errors';
import type { TokenUser } from '../auth/access-token';
import { EVERY_OWNER } from '../owner-scope/owner-scope';
import { adminBoatOf, recordBoatHistory } from './admin-boat-service';
import { findBoat, updateBoat } from './boat-repository';

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

/** The admin records who bears a reseller's commission on the boat's sales (docs/channels.md#money). */
export async function setCommissionBearer(
  ctx: AppContext,
  id: string,
  bearer: CommissionBearer,
): Promise<AdminBoat> {
  const updated = isUuid(id)
    ? await updateBoat(ctx.db, EVERY_OWNER, id, { resellerCommissionBearer: bearer, updatedAt: ctx.now() })
    : undefined;
  if (!updated) throw notFound('Boat');
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
