// The account's signed-in devices (docs/security.md#sessions): one per session (refresh-token
// family), named by the browser and system of its user agent (bowser; the reader's language
// joins them), or by the program a client that is no browser names itself with ("curl/8.5.0"),
// and an approximate place, the country of its client address looked up in the local GeoLite2
// table that geoip-country ships (no network call), or the local network for a private or
// loopback address. Last seen is the session's latest renewal: an open back office renews its
// access token every 15 minutes.
import { BlockList, isIP } from 'node:net';
import Bowser from 'bowser';
import geoip from 'geoip-country';
import { and, eq, gt, isNull, min, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { refreshTokens } from '../../db/schema';

/** The client a token is issued to: its user agent and address (request.ip). */
export type SessionClient = { userAgent: string; ip: string };

/**
 * What a user agent names: a browser and its system ("Firefox", "Windows"), or, for a client that
 * is no browser (a script signing in to the API), the program it names first ("curl/8.5.0").
 */
export type ClientName = { browser: string | null; os: string | null; program: string | null };

export function clientNameOf(userAgent: string | null): ClientName {
  const none: ClientName = { browser: null, os: null, program: null };
  if (!userAgent?.trim()) return none;
  const parsed = Bowser.parse(userAgent);
  const browser = parsed.browser.name ?? null;
  if (browser) return { browser, os: parsed.os.name ?? null, program: null };
  const program = /^[\x21-\x7e]+/.exec(userAgent.trim())?.[0].slice(0, 60) ?? null;
  return { ...none, program };
}

/** The ISO country code of a public address; null for a private, local or unknown one. */
export function countryOf(ip: string | null): string | null {
  if (!ip) return null;
  return geoip.lookup(ip)?.country ?? null;
}

const LOCAL_NETWORKS = new BlockList();
for (const [net, prefix] of [
  ['127.0.0.0', 8],
  ['10.0.0.0', 8],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['169.254.0.0', 16],
  ['100.64.0.0', 10],
] as const)
  LOCAL_NETWORKS.addSubnet(net, prefix, 'ipv4');
LOCAL_NETWORKS.addAddress('::1', 'ipv6');
LOCAL_NETWORKS.addSubnet('fc00::', 7, 'ipv6');
LOCAL_NETWORKS.addSubnet('fe80::', 10, 'ipv6');

/** A loopback or private address (the machine itself, an office or harbour network): no country. */
export function isLocalAddress(ip: string | null): boolean {
  if (!ip) return false;
  const address = ip.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
  const family = isIP(address);
  return family !== 0 && LOCAL_NETWORKS.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

export type SessionDevice = ClientName & {
  id: string;
  country: string | null;
  /** A private or loopback address: the place is the local network. */
  local: boolean;
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
      ...clientNameOf(row.userAgent),
      country: countryOf(row.clientAddress),
      local: isLocalAddress(row.clientAddress),
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
