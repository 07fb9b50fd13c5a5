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
  secondFactor: z.enum(['totp', 'passkey', 'enrol']),
  challenge: z.string().min(1),
  /** The account has a passkey: the challenge may be answered with it (POST /user/auth/passkey). */
  passkey: z.boolean().optional(),
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

/** POST /api/account/recovery-codes: ten new codes, shown once; the old ones no longer work. */
export const recoveryCodesResponseSchema = z.object({ recoveryCodes: z.array(z.string()) });

export const secondFactorStatusSchema = z.object({
  enabled: z.boolean(),
  /** Whether the authenticator app is on (`enabled` is true with it or with a passkey). */
  totp: z.boolean(),
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
  /** The browser's name ("Firefox") and its system ("Windows"), joined in the reader's language. */
  browser: z.string().nullable(),
  os: z.string().nullable(),
  /** A client that is no browser: the program it names itself with ("curl/8.5.0"). */
  program: z.string().nullable(),
  country: z.string().nullable(),
  /** A private or loopback address, which has no country: the local network. */
  local: z.boolean(),
  signedInAt: isoInstant,
  lastSeenAt: isoInstant,
  current: z.boolean(),
});
export type SessionDevice = z.infer<typeof sessionDeviceSchema>;
export const sessionDevicesSchema = z.object({ sessions: z.array(sessionDeviceSchema) });
export const sessionsSignedOutSchema = z.object({ signedOut: z.number().int() });

// ---- passkeys (WebAuthn) ----

/**
 * What a passkey ceremony's challenge is for: adding a passkey, signing in without a password,
 * answering the password's challenge (second factor), or proving the factor again (step-up).
 */
export const PASSKEY_PURPOSES = ['register', 'sign-in', 'second-factor', 'step-up'] as const;

/**
 * The browser's answer (@simplewebauthn/browser's RegistrationResponseJSON or
 * AuthenticationResponseJSON), checked field by field by the server's WebAuthn library.
 */
const webAuthnResponse = z
  .object({
    id: z.string().min(1).max(1400),
    rawId: z.string().min(1).max(1400),
    type: z.literal('public-key'),
    response: z.record(z.string(), z.unknown()),
    clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
    authenticatorAttachment: z.string().max(40).optional(),
  })
  .loose();
export type WebAuthnResponse = z.infer<typeof webAuthnResponse>;

/** The options for navigator.credentials (JSON, as @simplewebauthn/browser takes them). */
export const passkeyOptionsSchema = z.object({ options: z.record(z.string(), z.unknown()) });

/** POST /user/passkeys/options: a sign-in's or step-up's challenge. */
export const passkeyAssertionOptionsSchema = z.object({
  purpose: z.enum(['sign-in', 'second-factor', 'step-up']),
  /** The password's challenge, for `second-factor`. */
  challenge: z.string().min(1).max(2000).optional(),
});

/** POST /user/auth/passkey: a sign-in with a passkey, with or after the password. */
export const passkeySignInSchema = z.object({
  response: webAuthnResponse,
  /** The password's challenge when the passkey is the second factor; absent: no password. */
  challenge: z.string().min(1).max(2000).optional(),
  remember: z.boolean().default(false),
  language: z.string().min(2).max(5).optional(),
});

export const passkeyStepUpSchema = z.object({ response: webAuthnResponse });

export const passkeyNameSchema = z.string().trim().min(1, 'validation.required').max(60);

/** POST /api/account/passkeys: the new passkey's answer to the registration options, and its name. */
export const passkeyRegistrationSchema = z.object({ name: passkeyNameSchema, response: webAuthnResponse });
/** The Security page's form: the name, before the browser makes the passkey. */
export const passkeyNameFormSchema = passkeyRegistrationSchema.pick({ name: true });

export const passkeySchema = z.object({
  _id: z.string(),
  name: z.string(),
  createdAt: isoInstant,
  lastUsedAt: isoInstant.nullable(),
});
export type Passkey = z.infer<typeof passkeySchema>;
export const passkeysSchema = z.object({ passkeys: z.array(passkeySchema) });
