import { z } from './zod';

// admin: the platform, everything; owner: their own boats and what hangs on them; crew: trips,
// manifests and check-in of the boats of the owner (or platform) that made the account.
export const USER_ROLES = ['admin', 'owner', 'crew', 'user'] as const;
export const userRole = z.enum(USER_ROLES);
export type UserRole = z.infer<typeof userRole>;

export const authUserSchema = z.object({ email: z.string(), role: userRole });
export type AuthUser = z.infer<typeof authUserSchema>;

/** Answer of POST /user/auth (and of the refresh call); the refresh token travels as a cookie. */
export const authResponseSchema = z.object({ accessToken: z.string().min(1), user: authUserSchema });
export type AuthResponse = z.infer<typeof authResponseSchema>;
