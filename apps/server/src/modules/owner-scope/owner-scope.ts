// Scope by construction (docs/architecture.md#roles-and-guards): every back-office repository
// function that lists or loads a boat, or anything that hangs on one (slots, trips, bookings,
// manifests, messages, photos, calendar feeds, KPIs, CSV), takes an OwnerScope and puts it into
// its own query. A route cannot forget the check: it has no way to call the query without one.
import { eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { boats } from '../../db/schema';
import type { TokenUser } from '../auth/access-token';

/** Everything (the platform admin), or one owner's boats (an owner, or a crew of that owner). */
export type OwnerScope = { readonly all: true } | { readonly all: false; readonly ownerId: string };

/** The platform admin's scope; also the jobs' and the system's. */
export const EVERY_OWNER: OwnerScope = { all: true };

export const ownerScope = (ownerId: string): OwnerScope => ({ all: false, ownerId });

/** The scope of a signed-in back-office user: admins see everything, others their owner's boats. */
export function scopeOf(user: Pick<TokenUser, 'role' | 'ownerId'>): OwnerScope {
  if (user.role === 'admin') return EVERY_OWNER;
  // verifyAccessToken refuses an owner or crew token without its owner; anything else sees nothing.
  return ownerScope(user.ownerId ?? '00000000-0000-0000-0000-000000000000');
}

/** `boats.owner_id` is the scope's owner (true for everything). For queries that read `boats`. */
export function boatsInScope(scope: OwnerScope): SQL {
  return scope.all ? sql`true` : sql`${boats.ownerId} = ${scope.ownerId}`;
}

/** The boat a row names (`boat_id` of a slot, booking, …) belongs to the scope's owner. */
export function boatIdInScope(scope: OwnerScope, boatId: AnyPgColumn | SQL): SQL {
  return scope.all
    ? sql`true`
    : sql`${boatId} in (select ${boats.id} from ${boats} where ${boats.ownerId} = ${scope.ownerId})`;
}

/**
 * How to read the scope's boats (undefined: every boat), for the group of a cached answer that
 * shows only them (http/back-office-answers.ts): a change to another owner's boat leaves it.
 */
export function boatIdsOfScope(scope: OwnerScope): (at: { db: Db }) => Promise<string[] | undefined> {
  return async ({ db }) => {
    if (scope.all) return undefined;
    const rows = await db.select({ id: boats.id }).from(boats).where(eq(boats.ownerId, scope.ownerId));
    return rows.map((row) => row.id);
  };
}
