/**
 * The back office's audit trail (docs/security.md#audit-trail): one append-only row per write,
 * read by the admin (everything) and by an owner (the rows about their boats and bookings).
 */
import { z } from './zod';
import { dateKey, isoInstant, uuid } from './common';
import { USER_ROLES } from './auth';

/**
 * What an audit row is about. An action is `<object>.<verb>` (`booking.refund`,
 * `owner.update`); the object says which screen's filter finds it. A new kind of back-office
 * object joins this list (and the `audit.objects.*` texts of `admin.json`).
 */
export const AUDIT_OBJECT_TYPES = [
  'account',
  'agent',
  'boat',
  'booking',
  'calendar_feed',
  'erasure',
  'export',
  'gift_voucher',
  'invoice',
  'message',
  'owner',
  'owner_application',
  'payout',
  'photo',
  'promo_code',
  'reseller',
  'review',
  'schedule',
  'slot',
  'staff',
  'trip',
] as const;
export type AuditObjectType = (typeof AUDIT_OBJECT_TYPES)[number];
export const auditObjectType = z.enum(AUDIT_OBJECT_TYPES);

const ACTION = /^([a-z_]+)\.[a-z_]+$/;

/** Whether `action` is `<object>.<verb>` with a known object. */
export function isAuditAction(action: string): boolean {
  const object = ACTION.exec(action)?.[1];
  return object !== undefined && (AUDIT_OBJECT_TYPES as readonly string[]).includes(object);
}

/** The object part of a well-formed action. */
export function auditObjectOf(action: string): AuditObjectType {
  if (!isAuditAction(action)) throw new Error(`not an audit action: ${action}`);
  return action.slice(0, action.indexOf('.')) as AuditObjectType;
}

/** One field that changed: its value before and after (secrets never appear). */
const fieldChange = z.object({ before: z.unknown(), after: z.unknown() });

export const auditEntrySchema = z.object({
  _id: z.string(),
  at: isoInstant,
  actor: z.object({ email: z.string(), role: z.enum(USER_ROLES) }),
  action: z.string(),
  objectType: auditObjectType,
  objectId: z.string().nullable(),
  boatId: uuid.nullable(),
  bookingId: uuid.nullable(),
  changes: z.record(z.string(), fieldChange).nullable(),
  ip: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** GET /api/admin/audit (and its CSV): newest first, one cursor page at a time. */
export const auditQuerySchema = z.object({
  from: dateKey.optional(),
  to: dateKey.optional(),
  objectType: auditObjectType.optional(),
  /** Part of the actor's e-mail. */
  actor: z.string().trim().max(254).optional(),
  bookingId: uuid.optional(),
  boatId: uuid.optional(),
  cursor: z.string().regex(/^\d+$/).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditPageSchema = z.object({
  items: z.array(auditEntrySchema),
  nextCursor: z.string().nullable(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;
