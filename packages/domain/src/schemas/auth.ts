import { z } from './zod';

// admin: everything; crew: the day's trips, manifests and check-in, nothing else.
export const USER_ROLES = ['admin', 'crew', 'user'] as const;
export const userRole = z.enum(USER_ROLES);
export type UserRole = z.infer<typeof userRole>;

export const authUserSchema = z.object({ email: z.string(), role: userRole });
export type AuthUser = z.infer<typeof authUserSchema>;

/** Answer of POST /user/auth (and of the refresh call); the refresh token travels as a cookie. */
export const authResponseSchema = z.object({ accessToken: z.string().min(1), user: authUserSchema });
export type AuthResponse = z.infer<typeof authResponseSchema>;
