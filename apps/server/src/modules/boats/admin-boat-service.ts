// Back-office boat create/update, in the caller's scope (docs/back-office.md#roles): the admin
// works on every boat, an owner on their own (another owner's boat is not found). The zod
// schema has already checked the form rules (the same boatInputSchema the browser runs); the
// database CHECKs back them up. Every change is written to the boat's history (who, when, what).
import { noteAudit } from '../audit/audit-trail';
import type { AdminBoat, BoatInput } from '@boats/domain/schemas/boat';
import { isUuid } from '@boats/domain/schemas/common';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import type { BOAT_HISTORY_ACTIONS, BoatHistoryChange, BoatHistoryValue } from '@boats/domain/schemas/owner';
import { boatHistory } from '../../db/schema';
import { notFound } from '../../http/errors';
import type { TokenUser } from '../auth/access-token';
import { boatInputToRow } from './boat-input-mapper';
import { toBoatDto } from './boat-mapper';
import {
  findBoat,
  insertBoat,
  listOwnedBoats,
  nextSortOrder,
  upcomingBookingCounts,
  updateBoat,
  type BoatRow,
  type OwnedBoatRow,
} from './boat-repository';
import { listingOfRow, missingOfRow } from './listing';
import { platformOwnerId } from '../owner-scope/platform-owner';
import { scopeOf, type OwnerScope } from '../owner-scope/owner-scope';

export type BoatHistoryAction = (typeof BOAT_HISTORY_ACTIONS)[number];

/** One line of the boat's history, in the transaction of the change it records. */
export async function recordBoatHistory(
  db: Db,
  entry: {
    boatId: string;
    at: Date;
    action: BoatHistoryAction;
    by: TokenUser;
    changes?: BoatHistoryChange[];
  },
): Promise<void> {
  await db.insert(boatHistory).values({
    boatId: entry.boatId,
    at: entry.at,
    action: entry.action,
    actorUserId: entry.by.id,
    actor: entry.by.email,
    actorRole: entry.by.role,
    fields: entry.changes ?? [],
  });
}

function toAdminBoat(ctx: AppContext, owned: OwnedBoatRow, upcoming: Map<string, number>): AdminBoat {
  const { boat } = owned;
  return {
    ...toBoatDto(boat),
    upcomingBookings: upcoming.get(boat.id) ?? 0,
    listing: listingOfRow(boat),
    missing: missingOfRow(boat),
    // The platform's own row has no name of its own: the operator's (OPERATOR_NAME) is it.
    ownerName: owned.ownerIsPlatform ? ctx.config.OPERATOR_NAME : owned.ownerName,
    ownerSuspended: owned.ownerSuspended,
    resellersAllowed: boat.resellersAllowed,
    resellerCommissionBearer: boat.resellerCommissionBearer,
  };
}

export async function listBoatsForAdmin(ctx: AppContext, user: TokenUser): Promise<AdminBoat[]> {
  const scope = scopeOf(user);
  const [rows, upcoming] = await Promise.all([
    listOwnedBoats(ctx.db, scope),
    upcomingBookingCounts(ctx.db, scope, ctx.now()),
  ]);
  return rows.map((row) => toAdminBoat(ctx, row, upcoming));
}

/** One boat as the back office shows it (the editor, the answer to a change); 404 outside the scope. */
export async function adminBoatOf(ctx: AppContext, scope: OwnerScope, id: string): Promise<AdminBoat> {
  const [row] = isUuid(id) ? await listOwnedBoats(ctx.db, scope, id) : [];
  if (!row) throw notFound('Boat');
  return toAdminBoat(ctx, row, await upcomingBookingCounts(ctx.db, scope, ctx.now(), id));
}

export async function getBoatForAdmin(ctx: AppContext, user: TokenUser, id: string): Promise<AdminBoat> {
  return adminBoatOf(ctx, scopeOf(user), id);
}

/**
 * The platform admin's new boat is the platform's, live at once; an owner's new boat is theirs
 * and a draft until they submit it and the platform admin approves it.
 */
export async function createBoat(ctx: AppContext, user: TokenUser, input: BoatInput): Promise<AdminBoat> {
  const now = ctx.now();
  const row = await ctx.db.transaction(async (tx) => {
    const byAdmin = user.role === 'admin';
    const ownerId = byAdmin ? await platformOwnerId(tx) : user.ownerId!;
    const values = boatInputToRow(input);
    const boat = await insertBoat(tx, {
      ...values,
      // The "verified" mark is the platform's word about a boat, not its owner's.
      verified: byAdmin ? values.verified : false,
      // New boats go to the end of the fleet.
      sortOrder: await nextSortOrder(tx),
      ownerId,
      submittedAt: byAdmin ? now : null,
      publishedAt: byAdmin ? now : null,
    });
    await recordBoatHistory(tx, { boatId: boat.id, at: now, action: 'created', by: user });
    return boat;
  });
  return adminBoatOf(ctx, scopeOf(user), row.id);
}

/** Texts longer than this are not worth an old → new line: the history names the field only. */
const SHORT_TEXT = 60;

/** The value as the history keeps it, or undefined when it is not short (texts per language, lists). */
function shortValue(value: unknown): BoatHistoryValue | undefined {
  if (value === null || typeof value === 'number' || typeof value === 'boolean') return value;
  if (typeof value === 'string' && value.length <= SHORT_TEXT) return value;
  return undefined;
}

/** A value as JSON with every object's keys sorted: jsonb keeps keys in its own order, not the form's. */
function canonicalJson(value: unknown): string | undefined {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

/** The fields whose stored value the edit changes (what the history shows), by name. */
function changesOf(before: BoatRow, after: Partial<BoatRow>): BoatHistoryChange[] {
  return Object.entries(after)
    .filter(
      ([key, value]) =>
        key !== 'updatedAt' && canonicalJson(before[key as keyof BoatRow]) !== canonicalJson(value),
    )
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([field, value]) => {
      const from = shortValue(before[field as keyof BoatRow]);
      const to = shortValue(value);
      return from === undefined || to === undefined ? { field } : { field, from, to };
    });
}

/** Edits go live at once, published or not; the history records who changed which fields. */
export async function updateBoatFromAdmin(
  ctx: AppContext,
  user: TokenUser,
  id: string,
  input: BoatInput,
): Promise<AdminBoat> {
  const scope = scopeOf(user);
  const now = ctx.now();
  const row = await ctx.db.transaction(async (tx) => {
    const before = isUuid(id) ? await findBoat(tx, scope, id) : undefined;
    if (!before) return undefined;
    const values = boatInputToRow(input);
    if (user.role !== 'admin') values.verified = before.verified;
    const changes = changesOf(before, values);
    // The audit trail keeps the same short values as the boat's history (long texts: the field only).
    noteAudit({
      changes: Object.fromEntries(
        changes.map((c) => [c.field, { before: c.from ?? null, after: c.to ?? null }]),
      ),
    });
    const updated = await updateBoat(tx, scope, id, { ...values, updatedAt: now });
    if (updated && changes.length > 0)
      await recordBoatHistory(tx, { boatId: id, at: now, action: 'edited', by: user, changes });
    return updated;
  });
  if (!row) throw notFound('Boat');
  return adminBoatOf(ctx, scope, row.id);
}

/**
 * The owner (or the admin) opts the boat in or out of resellers: out, it is no product of the
 * OCTO API, and a reseller's reservation of it is INVALID_PRODUCT_ID (docs/channels.md#per-boat-settings).
 * Sales made before stay as they are.
 */
export async function setResellersAllowed(
  ctx: AppContext,
  user: TokenUser,
  id: string,
  resellersAllowed: boolean,
): Promise<AdminBoat> {
  const scope = scopeOf(user);
  const updated = isUuid(id)
    ? await updateBoat(ctx.db, scope, id, { resellersAllowed, updatedAt: ctx.now() })
    : undefined;
  if (!updated) throw notFound('Boat');
  return adminBoatOf(ctx, scope, id);
}
