// Short-lived access tokens (HS256 JWT) carried as the bearer on admin calls. The refresh
// token that renews them is a separate, rotating, httpOnly cookie (see the auth routes).
// Each access token names its session (`sid`, the refresh-token family), so signing out ends
// it at once: the guard (require-admin.ts) refuses tokens of a revoked session.
import { jwtVerify, SignJWT } from 'jose';
import { userRole, type UserRole } from '@boats/domain/schemas/auth';

const ACCESS_TOKEN_MINUTES = 15;
const ISSUER = 'boats';

/**
 * The signed-in user of a back-office call. `ownerId`: the owner an owner account acts for, or
 * the owner (or platform) whose boats a crew account serves; null for an admin.
 */
export type TokenUser = {
  id: string;
  email: string;
  role: UserRole;
  sessionId: string;
  ownerId: string | null;
};

const key = (secret: string) => new TextEncoder().encode(secret);

export async function signAccessToken(user: TokenUser, secret: string, now = new Date()): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT({ email: user.email, role: user.role, sid: user.sessionId, own: user.ownerId })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(user.id)
    .setIssuer(ISSUER)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + ACCESS_TOKEN_MINUTES * 60)
    .sign(key(secret));
}

/** The token's user, or undefined when it is missing, tampered with, expired or never expires. */
export async function verifyAccessToken(
  token: string,
  secret: string,
  now = new Date(),
): Promise<TokenUser | undefined> {
  try {
    const { payload } = await jwtVerify(token, key(secret), {
      issuer: ISSUER,
      algorithms: ['HS256'],
      currentDate: now,
      // A token without an expiry would be valid forever.
      requiredClaims: ['exp', 'iat', 'sub'],
      maxTokenAge: `${ACCESS_TOKEN_MINUTES} minutes`,
    });
    const role = userRole.safeParse(payload.role);
    if (typeof payload.sub !== 'string' || typeof payload.email !== 'string') return undefined;
    if (typeof payload.sid !== 'string' || !role.success) return undefined;
    const ownerId = typeof payload.own === 'string' ? payload.own : null;
    // An owner or crew token always names its owner; one that does not was not made here.
    if ((role.data === 'owner' || role.data === 'crew') !== (ownerId !== null)) return undefined;
    return { id: payload.sub, email: payload.email, role: role.data, sessionId: payload.sid, ownerId };
  } catch {
    return undefined;
  }
}
