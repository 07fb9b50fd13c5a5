// The account's signed-in devices (docs/security.md#sessions): one per session (refresh-token
// family), named by the browser of its user agent (bowser) and an approximate place, the country
// of its client address looked up in the local GeoLite2 table that geoip-country ships (no
// network call; private and local addresses have none). Last seen is the session's latest
// renewal: an open back office renews its access token every 15 minutes.
import Bowser from 'bowser';
import geoip from 'geoip-country';
import { and, eq, gt, isNull, min, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { refreshTokens } from '../../db/schema';

/** The client a token is issued to: its user agent and address (request.ip). */
export type SessionClient = { userAgent: string; ip: string };

/** "Firefox on Windows", from a user agent; null when it names no known browser. */
export function browserOf(userAgent: string | null): string | null {
  if (!userAgent) return null;
  const parsed = Bowser.parse(userAgent);
  const browser = parsed.browser.name;
  if (!browser) return null;
  const os = parsed.os.name;
  return os ? `${browser} on ${os}` : browser;
}

/** The ISO country code of a public address; null for a private, local or unknown one. */
export function countryOf(ip: string | null): string | null {
  if (!ip) return null;
  return geoip.lookup(ip)?.country ?? null;
}

export type SessionDevice = {
  id: string;
  browser: string | null;
  country: string | null;
  signedInAt: Date;
  lastSeenAt: Date;
};

/**
 * The account's live sessions, most recently seen first: each family's one unused, unrevoked,
 * unexpired token (the one its browser holds), with when the family began.
 */
export async function listSessions(db: Db, userId: string, now: Date): Promise<SessionDevice[]> {
  const began = db
    .select({ familyId: refreshTokens.familyId, at: min(refreshTokens.createdAt).as('began_at') })
    .from(refreshTokens)
    .where(eq(refreshTokens.userId, userId))
    .groupBy(refreshTokens.familyId)
    .as('began');
  const rows = await db
    .select({
      id: refreshTokens.familyId,
      userAgent: refreshTokens.userAgent,
      clientAddress: refreshTokens.clientAddress,
      lastSeenAt: refreshTokens.createdAt,
      signedInAt: began.at,
    })
    .from(refreshTokens)
    .innerJoin(began, eq(began.familyId, refreshTokens.familyId))
    .where(
      and(
        eq(refreshTokens.userId, userId),
        isNull(refreshTokens.usedAt),
        isNull(refreshTokens.revokedAt),
        gt(refreshTokens.expiresAt, now),
      ),
    );
  return rows
    .map((row) => ({
      id: row.id,
      browser: browserOf(row.userAgent),
      country: countryOf(row.clientAddress),
      signedInAt: new Date(row.signedInAt ?? row.lastSeenAt),
      lastSeenAt: row.lastSeenAt,
    }))
    .sort((a, b) => b.lastSeenAt.getTime() - a.lastSeenAt.getTime());
}

/** Signs one of the account's sessions out; false when the account has no such live session. */
export async function revokeSessionOf(db: Db, userId: string, familyId: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(refreshTokens)
    .set({ revokedAt: at })
    .where(
      and(
        eq(refreshTokens.userId, userId),
        eq(refreshTokens.familyId, familyId),
        isNull(refreshTokens.revokedAt),
      ),
    )
    .returning({ id: refreshTokens.id });
  return rows.length > 0;
}

/** Signs out every session of the account but the one asking; answers how many ended. */
export async function revokeOtherSessions(
  db: Db,
  userId: string,
  keepFamilyId: string,
  at: Date,
): Promise<number> {
  const rows = await db
    .update(refreshTokens)
    .set({ revokedAt: at })
    .where(
      and(
        eq(refreshTokens.userId, userId),
        ne(refreshTokens.familyId, keepFamilyId),
        isNull(refreshTokens.revokedAt),
      ),
    )
    .returning({ familyId: refreshTokens.familyId });
  return new Set(rows.map((row) => row.familyId)).size;
}

/** Whether the account has signed in before (any session row, live or ended, not yet expired away). */
export async function hasSignedInBefore(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: refreshTokens.id })
    .from(refreshTokens)
    .where(eq(refreshTokens.userId, userId))
    .limit(1);
  return row !== undefined;
}
