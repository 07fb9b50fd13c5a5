/**
 * An owner's notification settings (docs/back-office.md#owners-notifications): which changes
 * to their bookings they are e-mailed about (all on by default), and whether as one e-mail each
 * or one daily digest.
 */
import { z } from './zod';
import { OWNER_NOTIFICATION_KINDS, type OwnerNotificationKind } from '../owner-notifications';

/** GET and PUT /api/owner/notifications: one switch per kind, and the digest's. */
export const ownerNotificationSettingsSchema = z.object({
  kinds: z.object(
    Object.fromEntries(OWNER_NOTIFICATION_KINDS.map((kind) => [kind, z.boolean()])) as Record<
      OwnerNotificationKind,
      z.ZodBoolean
    >,
  ),
  digest: z.boolean(),
});
export type OwnerNotificationSettings = z.infer<typeof ownerNotificationSettingsSchema>;

export const ownerNotificationSettingsResponseSchema = z.object({
  settings: ownerNotificationSettingsSchema,
  /** The platform's own boats: the operator acts on them, nothing is e-mailed. */
  isPlatform: z.boolean(),
});
export type OwnerNotificationSettingsResponse = z.infer<typeof ownerNotificationSettingsResponseSchema>;

/** The switches as stored: the kinds switched off (so a kind added later starts on). */
export function kindsSwitchedOff(settings: OwnerNotificationSettings): OwnerNotificationKind[] {
  return OWNER_NOTIFICATION_KINDS.filter((kind) => !settings.kinds[kind]);
}

export function settingsOf(off: readonly string[], digest: boolean): OwnerNotificationSettings {
  return {
    kinds: Object.fromEntries(OWNER_NOTIFICATION_KINDS.map((kind) => [kind, !off.includes(kind)])) as Record<
      OwnerNotificationKind,
      boolean
    >,
    digest,
  };
}
