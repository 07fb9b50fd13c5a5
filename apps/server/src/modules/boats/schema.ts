// A boat's listing and its history of changes.
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import type { ChecklistItem } from '@boats/domain/condition-checklist';
import type { AgreementTerms } from '@boats/domain/schemas/agreement';
import type { ExtraOffer } from '@boats/domain/extras';
import { MAX_DEPOSIT_CENTS } from '@boats/domain/deposits';
import { DEFAULT_CLAIM_WINDOW_HOURS, MAX_CLAIM_WINDOW_HOURS } from '@boats/domain/deposit-claims';
import { BOAT_LICENCES, DEFAULT_BOAT_LICENCE } from '@boats/domain/licences';
import { COMMISSION_BEARERS } from '@boats/domain/octo';
import type { PriceRule } from '@boats/domain/price-rules';
import type { ReschedulePolicy } from '@boats/domain/reschedule-policy';
import { BOOKING_MODES } from '@boats/domain/request-to-book';
import type { HarbourTranslations, InclusionTranslations, LocalizedText } from '@boats/domain/schemas/boat';
import { BOAT_HISTORY_ACTIONS, type BoatHistoryChange } from '@boats/domain/schemas/owner';
import { oneOf, createdAt, updatedAt, instant } from '../../db/columns';
import { users } from '../auth/schema';
import { owners } from '../owners/schema';

export type CancellationRuleRow = { hoursBefore: number; refundPercent: number };

/** An extra a boat offers (cents), with its texts in every language. */
export type BoatExtraRow = ExtraOffer & { name: LocalizedText; description: LocalizedText };

export const boats = pgTable(
  'boats',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => owners.id),
    slug: text('slug').unique(),
    title: jsonb('title').$type<LocalizedText>().notNull(),
    description: jsonb('description').$type<LocalizedText>().notNull(),
    images: jsonb('images').$type<string[]>().notNull().default([]),
    portName: text('port_name').notNull().default(''),
    portAddress: text('port_address').notNull().default(''),
    capacity: integer('capacity').notNull(),
    minDurationHours: integer('min_duration_hours').notNull().default(1),
    maxDurationHours: integer('max_duration_hours').notNull().default(8),
    verified: boolean('verified').notNull().default(false),
    requiresLicense: boolean('requires_license').notNull().default(false),
    // Which licence the skipper must hold when requires_license (domain licences).
    licence: text('licence', { enum: BOAT_LICENCES }).notNull().default(DEFAULT_BOAT_LICENCE),
    // The owner accepts a licence of another country as equivalent (the crew judge it at the
    // harbour); false: only the Spanish titles (domain licences, docs/decisions/0039).
    foreignLicenceAccepted: boolean('foreign_licence_accepted').notNull().default(true),
    // A self-drive boat's checklist out and back (domain condition-checklist); null: the platform's.
    conditionChecklist: jsonb('condition_checklist').$type<ChecklistItem[]>(),
    // The owner's rental agreement for a self-drive boat, per language; null: the platform's template.
    agreementTerms: jsonb('agreement_terms').$type<AgreementTerms>(),
    geoNote: text('geo_note').notNull().default(''),
    // Harbour name, address and note (geoNote) in the other languages; English is in the columns above.
    harbourI18n: jsonb('harbour_i18n').$type<HarbourTranslations>().notNull().default({}),
    // The boat's own cancellation rules; null follows the site default (domain cancellation-policy).
    cancellationPolicy: jsonb('cancellation_policy').$type<CancellationRuleRow[]>(),
    // The boat's own reschedule policy (fee in cents); null follows the site default (domain reschedule-policy).
    reschedulePolicy: jsonb('reschedule_policy').$type<ReschedulePolicy>(),
    inclusions: jsonb('inclusions').$type<string[]>().notNull().default([]),
    // The typed inclusions (not the items the site translates) in the other languages, by their
    // English text; one with none shows in English, marked as such.
    inclusionsI18n: jsonb('inclusions_i18n').$type<InclusionTranslations>().notNull().default({}),
    // The extras the boat sells, edited with the boat; a booking keeps its own copy of those sold.
    extras: jsonb('extras').$type<BoatExtraRow[]>().notNull().default([]),
    // Seasonal, weekday and start-time prices (domain price-rules), edited with the boat; a
    // booking keeps the price it was sold at, so a later change never touches a sale.
    priceRules: jsonb('price_rules').$type<PriceRule[]>().notNull().default([]),
    pricePerHourCents: integer('price_per_hour_cents').notNull(),
    priceHalfDayCents: integer('price_half_day_cents').notNull().default(0),
    pricePerDayCents: integer('price_per_day_cents').notNull().default(0),
    // The lengths the half-day and day prices cover (docs/product.md §9), in whole hours.
    halfDayHours: integer('half_day_hours').notNull().default(4),
    fullDayHours: integer('full_day_hours').notNull().default(8),
    sharedPricePerHourCents: integer('shared_price_per_hour_cents').notNull().default(0),
    sharedMinSeatsToDepart: integer('shared_min_seats_to_depart').notNull().default(0),
    // Hours before departure at which a shared trip below its minimum is canceled.
    cutoffHours: integer('cutoff_hours').notNull().default(12),
    // Secret part of the boat's iCal feed URL; null until the operator first asks for the feed.
    calendarToken: text('calendar_token'),
    sortOrder: integer('sort_order').notNull().default(0),
    // An archived boat is gone from the public site and the editor's default list; its
    // bookings and slots stay for the books.
    archivedAt: instant('archived_at'),
    // The listing's facts (packages/domain listing-state: the state is read from them). When the
    // owner submitted the boat for review (null: a draft, or sent back to one).
    submittedAt: instant('submitted_at'),
    // When the platform admin approved it (null while a draft or in review).
    publishedAt: instant('published_at'),
    // When its owner paused it: off the public site until they resume it.
    pausedAt: instant('paused_at'),
    // Set by the platform admin: gone from the public site, its bookings stay and are served.
    suspendedAt: instant('suspended_at'),
    // Instant booking, or request-to-book (the card is authorized; the owner accepts or not).
    bookingMode: text('booking_mode', { enum: BOOKING_MODES }).notNull().default('instant'),
    // The platform admin can force instant booking whatever the owner chose.
    instantForced: boolean('instant_forced').notNull().default(false),
    // Resellers (OCTO) sell it: the owner's choice (docs/channels.md#per-boat-settings).
    resellersAllowed: boolean('resellers_allowed').notNull().default(true),
    // Who gives up a reseller's commission on its sales: the platform's agreement with the owner.
    resellerCommissionBearer: text('reseller_commission_bearer', { enum: COMMISSION_BEARERS })
      .notNull()
      .default('proportional'),
    // The security deposit held on the customer's card before departure, in cents; 0: none
    // (docs/payments.md#the-security-deposit).
    depositCents: integer('deposit_cents').notNull().default(0),
    // Hours after the return's condition record the owner may claim against the deposit for
    // damage (docs/decisions/0040).
    claimWindowHours: integer('claim_window_hours').notNull().default(DEFAULT_CLAIM_WINDOW_HOURS),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('boats_capacity_check', sql`${t.capacity} >= 1`),
    check(
      'boats_day_lengths_check',
      sql`${t.halfDayHours} between 1 and 24 and ${t.fullDayHours} between 1 and 24
        and ${t.fullDayHours} > ${t.halfDayHours}`,
    ),
    check('boats_booking_mode_check', oneOf(t.bookingMode, BOOKING_MODES)),
    check('boats_licence_check', oneOf(t.licence, BOAT_LICENCES)),
    check('boats_commission_bearer_check', oneOf(t.resellerCommissionBearer, COMMISSION_BEARERS)),
    check(
      'boats_claim_window_check',
      sql`${t.claimWindowHours} between 1 and ${sql.raw(String(MAX_CLAIM_WINDOW_HOURS))}`,
    ),
    check('boats_deposit_check', sql`${t.depositCents} between 0 and ${sql.raw(String(MAX_DEPOSIT_CENTS))}`),
    index('boats_owner_idx').on(t.ownerId),
    check('boats_cutoff_check', sql`${t.cutoffHours} >= 0 and ${t.cutoffHours} <= 168`),
    check(
      'boats_hours_check',
      sql`${t.minDurationHours} >= 1 and ${t.maxDurationHours} >= ${t.minDurationHours}`,
    ),
    check(
      'boats_prices_check',
      sql`${t.pricePerHourCents} >= 0 and ${t.priceHalfDayCents} >= 0 and ${t.pricePerDayCents} >= 0
        and ${t.sharedPricePerHourCents} >= 0 and ${t.sharedMinSeatsToDepart} >= 0`,
    ),
  ],
);

// A boat's history (docs/back-office.md#listings): who changed what on it, when. Edits of a
// published boat go live at once; the platform admin reads here what changed.
export const boatHistory = pgTable(
  'boat_history',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    boatId: uuid('boat_id')
      .notNull()
      .references(() => boats.id, { onDelete: 'cascade' }),
    at: instant('at').notNull(),
    action: text('action', { enum: BOAT_HISTORY_ACTIONS }).notNull(),
    // The signed-in user; null for the system (the seed, a script).
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    actor: text('actor').notNull(),
    actorRole: text('actor_role').notNull(),
    // The fields an edit changed, each with its short values before and after (for 'edited');
    // lines written before values were kept hold the field's name only.
    fields: jsonb('fields').$type<(string | BoatHistoryChange)[]>().notNull().default([]),
  },
  (t) => [
    check('boat_history_action_check', oneOf(t.action, BOAT_HISTORY_ACTIONS)),
    index('boat_history_boat_idx').on(t.boatId, t.at),
  ],
);
