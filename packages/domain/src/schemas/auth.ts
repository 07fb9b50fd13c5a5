import { z } from './zod';
import { isoInstant } from './common';

// admin: the platform, everything; owner: their own boats and what hangs on them; crew: trips,
// manifests and check-in of the boats of the owner (or platform) that made the account; agent:
// books any bookable trip for a customer and sees its own sales (docs/channels.md#agents).
export const USER_ROLES = ['admin', 'owner', 'crew', 'agent', 'user'] as const;
export const userRole = z.enum(USER_ROLES);
export type UserRole = z.infer<typeof userRole>;

export const authUserSchema = z.object({ email: z.string(), role: userRole });
export type AuthUser = z.infer<typeof authUserSchema>;

/** Answer of POST /user/auth (and of the refresh call); the refresh token travels as a cookie. */
export const authResponseSchema = z.object({ accessToken: z.string().min(1), user: authUserSchema });
export type AuthResponse = z.infer<typeof authResponseSchema>;

/**
 * The password was right and the account has (or must set up) a second factor: no session yet,
 * but a short-lived challenge that the code (or the enrolment) completes.
 * `totp`: ask for the code of the authenticator app or a recovery code; `enrol`: the account's
 * role requires a second factor it does not have yet, so it sets one up now.
 */
export const secondFactorChallengeSchema = z.object({
  secondFactor: z.enum(['totp', 'enrol']),
  challenge: z.string().min(1),
});
export type SecondFactorChallenge = z.infer<typeof secondFactorChallengeSchema>;

/** Answer of POST /user/auth: a session, or the second factor to give first. */
export const signInResponseSchema = z.union([authResponseSchema, secondFactorChallengeSchema]);
export type SignInResponse = z.infer<typeof signInResponseSchema>;

/**
 * A code from the authenticator app (6 digits) or a recovery code (`xxxxx-xxxxx`); spaces and
 * dashes are ignored.
 */
export const secondFactorCode = z
  .string()
  .trim()
  .min(6, 'validation.secondFactorCode')
  .max(24, 'validation.secondFactorCode');

export const secondFactorSignInSchema = z.object({
  challenge: z.string().min(1).max(2000),
  code: secondFactorCode,
});
export const secondFactorSetupSchema = z.object({ challenge: z.string().min(1).max(2000).optional() });
export const secondFactorConfirmSchema = secondFactorSetupSchema.extend({ code: secondFactorCode });
export const stepUpSchema = z.object({ code: secondFactorCode });
export type StepUpInput = z.infer<typeof stepUpSchema>;

/** The secret to add to an authenticator app: as a QR code (an SVG data URL) and as text. */
export const secondFactorSetupResponseSchema = z.object({
  secret: z.string(),
  uri: z.string(),
  qrCode: z.string(),
});
export type SecondFactorSetup = z.infer<typeof secondFactorSetupResponseSchema>;

/** The ten recovery codes, shown once; with a session when the enrolment completed a sign-in. */
export const secondFactorConfirmResponseSchema = z.object({
  recoveryCodes: z.array(z.string()),
  session: authResponseSchema.nullable(),
});
export type SecondFactorConfirmation = z.infer<typeof secondFactorConfirmResponseSchema>;

export const secondFactorStatusSchema = z.object({
  enabled: z.boolean(),
  required: z.boolean(),
  recoveryCodesLeft: z.number().int(),
});
export type SecondFactorStatus = z.infer<typeof secondFactorStatusSchema>;

/**
 * The 403 code of an act that moves money or power when the session's last second factor is
 * older than the server's STEP_UP_MINUTES (10 unless configured): the web app asks for the code (POST /user/step-up) and retries.
 */
export const STEP_UP_REQUIRED = 'step_up_required';

/**
 * One of the account's signed-in devices (GET /api/account/sessions): the browser its user agent
 * names (null: none known), the country of its address (ISO code; null for a private or unknown
 * one), when it signed in and was last seen; `current`: the session asking.
 */
export const sessionDeviceSchema = z.object({
  id: z.string(),
  browser: z.string().nullable(),
  country: z.string().nullable(),
  signedInAt: isoInstant,
  lastSeenAt: isoInstant,
  current: z.boolean(),
});
export type SessionDevice = z.infer<typeof sessionDeviceSchema>;
export const sessionDevicesSchema = z.object({ sessions: z.array(sessionDeviceSchema) });
export const sessionsSignedOutSchema = z.object({ signedOut: z.number().int() });
