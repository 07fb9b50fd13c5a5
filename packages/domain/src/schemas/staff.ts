/**
 * Staff accounts (the back office's people) and the password rules they share with the
 * "Forgot your password?" flow. Messages are i18n keys.
 */
import { z } from './zod';
import { uuid, isoInstant, languageCode } from './common';
import { emailAddress } from './email-address';

/** A password someone chooses now (new account, reset): long enough to resist guessing. */
export const MIN_PASSWORD_LENGTH = 12;
export const newPassword = z.string().min(MIN_PASSWORD_LENGTH, 'validation.minChars12').max(200);

export const STAFF_ROLES = ['admin', 'crew'] as const;
export const staffRole = z.enum(STAFF_ROLES);
export type StaffRole = z.infer<typeof staffRole>;

export const staffAccountSchema = z.object({
  _id: uuid,
  email: z.string(),
  role: staffRole,
  disabled: z.boolean(),
  createdAt: isoInstant,
});
export type StaffAccount = z.infer<typeof staffAccountSchema>;

/** Answer of GET /api/admin/staff. */
export const staffListResponseSchema = z.object({ items: z.array(staffAccountSchema) });

/** POST /api/admin/staff: the admin gives the first password and tells it to the person. */
export const staffCreateSchema = z.object({ email: emailAddress, role: staffRole, password: newPassword });
export type StaffCreate = z.infer<typeof staffCreateSchema>;

/** POST /api/admin/staff/{id}/disable. */
export const staffDisableSchema = z.object({ disabled: z.boolean() });

export const staffAccountResponseSchema = z.object({ account: staffAccountSchema });

/** POST /user/password/forgot: the answer is the same whether or not the address has an account. */
export const forgotPasswordSchema = z.object({ email: emailAddress, language: languageCode.default('en') });
export type ForgotPassword = z.infer<typeof forgotPasswordSchema>;

/** POST /user/password/reset, from the link of the e-mail. */
export const resetPasswordSchema = z.object({ token: z.string().min(20).max(200), password: newPassword });
export type ResetPassword = z.infer<typeof resetPasswordSchema>;

export const successResponseSchema = z.object({ success: z.literal(true) });

/** POST /api/account/password: the signed-in account's own new password (with step-up). */
export const changePasswordSchema = z.object({
  currentPassword: z.string().min(1, 'validation.required').max(200),
  password: newPassword,
});
export type ChangePassword = z.infer<typeof changePasswordSchema>;

/** POST /api/account/email: the signed-in account's own new sign-in address (with step-up). */
export const changeEmailSchema = z.object({
  email: emailAddress,
  currentPassword: z.string().min(1, 'validation.required').max(200),
  /** The page's language: the notice to the old address is written in it (an owner's: theirs). */
  language: languageCode.default('en'),
});
export type ChangeEmail = z.infer<typeof changeEmailSchema>;
export const changeEmailResponseSchema = z.object({ email: z.string() });

/**
 * PUT /api/owner/crew-permissions: what the owner lets their crew do (the admin: the platform's
 * crew). `sellBelowMinimum`: a walk-in that leaves a trip below its minimum after the cutoff
 * (domain walk-in-minimum).
 */
export const crewPermissionsSchema = z.object({ sellBelowMinimum: z.boolean() });
export type CrewPermissions = z.infer<typeof crewPermissionsSchema>;
/** Answer of GET and PUT /api/owner/crew-permissions; `isPlatform`: the platform's own crew. */
export const crewPermissionsResponseSchema = z.object({
  permissions: crewPermissionsSchema,
  isPlatform: z.boolean(),
});
export type CrewPermissionsResponse = z.infer<typeof crewPermissionsResponseSchema>;
