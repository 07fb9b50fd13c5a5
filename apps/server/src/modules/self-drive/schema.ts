// A self-drive booking's handover: the skipper's licence (docs/decisions/0039).
import { check, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { LICENCE_CHECK_STATUSES, SKIPPER_LICENCE_TYPES } from '@boats/domain/licences';
import { instant, oneOf } from '../../db/columns';
import { users } from '../auth/schema';
import { bookings } from '../bookings/schema';

/** Who recorded a licence: the customer on manage my booking, or crew at the harbour. */
export const LICENCE_RECORDERS = ['customer', 'crew'] as const;

/**
 * One skipper's licence per booking. A row with status 'refused' may have no licence at all (the
 * skipper came without one): its details are then empty and the reason says so.
 */
export const skipperLicences = pgTable(
  'skipper_licences',
  {
    bookingId: uuid('booking_id')
      .primaryKey()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    skipperName: text('skipper_name').notNull().default(''),
    licenceType: text('licence_type', { enum: SKIPPER_LICENCE_TYPES }),
    licenceNumber: text('licence_number').notNull().default(''),
    issuingCountry: text('issuing_country').notNull().default(''),
    // The private photo's stored name (domain EVIDENCE_PHOTO_PATTERN), never a public URL.
    photo: text('photo'),
    status: text('status', { enum: LICENCE_CHECK_STATUSES }).notNull(),
    recordedBy: text('recorded_by', { enum: LICENCE_RECORDERS }).notNull(),
    recordedByUserId: uuid('recorded_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    recordedAt: instant('recorded_at').notNull(),
    checkedByUserId: uuid('checked_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    checkedAt: instant('checked_at'),
    refusalReason: text('refusal_reason'),
  },
  (t) => [
    check('skipper_licences_type_check', oneOf(t.licenceType, SKIPPER_LICENCE_TYPES)),
    check('skipper_licences_status_check', oneOf(t.status, LICENCE_CHECK_STATUSES)),
    check('skipper_licences_recorded_by_check', oneOf(t.recordedBy, LICENCE_RECORDERS)),
  ],
);
