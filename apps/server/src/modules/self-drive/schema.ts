// A self-drive booking's handover: the skipper's licence and the boat's condition out and back
// (docs/decisions/0039).
import { check, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import type { ConditionValue } from '@boats/domain/condition-checklist';
import { CONDITION_PHASES } from '@boats/domain/schemas/condition';
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

/**
 * The boat's condition at departure and at return, one record per booking and phase, as crew
 * recorded it and the customer signed it on the phone. Written once: what was signed never changes.
 */
export const conditionReports = pgTable(
  'condition_reports',
  {
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    phase: text('phase', { enum: CONDITION_PHASES }).notNull(),
    // The answers by checklist item key (domain condition-checklist).
    values: jsonb('values').$type<Record<string, ConditionValue>>().notNull(),
    // The private photos' stored names (domain EVIDENCE_PHOTO_PATTERN).
    photos: jsonb('photos').$type<string[]>().notNull().default([]),
    // The customer's drawn signature as an SVG path (domain signaturePath), and the name they gave.
    signature: text('signature').notNull(),
    signedBy: text('signed_by').notNull(),
    // When crew made it on the phone (sent later without signal); when the server took it.
    recordedAt: instant('recorded_at').notNull(),
    receivedAt: instant('received_at').notNull().defaultNow(),
    recordedByUserId: uuid('recorded_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    primaryKey({ columns: [t.bookingId, t.phase] }),
    check('condition_reports_phase_check', oneOf(t.phase, CONDITION_PHASES)),
  ],
);
