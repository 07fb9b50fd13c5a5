// Resellers, their API keys and the bookings they made through the OCTO API (docs/channels.md).
// A key is stored only as its SHA-256: it is 32 random bytes, so a slow hash adds nothing, and
// the lookup on every OCTO call stays one indexed read. A reseller's booking is an ordinary
// `bookings` row (one inventory, one lifecycle); `reseller_bookings` holds what OCTO adds to it.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { OCTO_WEBHOOK_EVENTS, RESELLER_CANCELLATION_AGREEMENTS } from '@boats/domain/schemas/resellers';
import { createdAt, instant, oneOf, OUTBOX_STATUSES, outboxColumns, updatedAt } from '../../db/columns';
import { boats } from '../boats/schema';
import { bookings } from '../bookings/schema';

export const resellers = pgTable(
  'resellers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    contactName: text('contact_name').notNull(),
    contactEmail: text('contact_email').notNull(),
    // Basis points of the retail price the reseller keeps (its net = retail − commission).
    commissionBps: integer('commission_bps').notNull(),
    cancellation: text('cancellation', { enum: RESELLER_CANCELLATION_AGREEMENTS }).notNull(),
    // The admin ticked "every boat whose owner opts in": boats opted in later are sold too. Else
    // the reseller sells only the boats of reseller_boats (docs/channels.md#which-boats-a-reseller-sells).
    allOptedInBoats: boolean('all_opted_in_boats').notNull().default(false),
    // Signs its webhooks (HMAC-SHA256): kept whole, as signing needs it; shown once, when made.
    webhookSecret: text('webhook_secret'),
    // Whom the platform's monthly invoices name (docs/channels.md#invoices-to-the-reseller); empty
    // until the admin gives them, and the month's invoices wait meanwhile.
    billingLegalName: text('billing_legal_name').notNull().default(''),
    billingTaxId: text('billing_tax_id').notNull().default(''),
    billingCountry: text('billing_country').notNull().default(''),
    billingAddress: text('billing_address').notNull().default(''),
    // What this reseller's keys may hold unconfirmed (docs/channels.md#holds-and-the-lifecycle), set
    // by the admin; null: the server's setting of the same name (RESELLER_MAX_*), so a reseller
    // the admin never touched follows the operator's configuration.
    maxHeldSharePercent: integer('max_held_share_percent'),
    maxHeldSeatsPerTrip: integer('max_held_seats_per_trip'),
    maxSeatsPerReservation: integer('max_seats_per_reservation'),
    maxLiveHolds: integer('max_live_holds'),
    maxHoldMinutes: integer('max_hold_minutes'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('resellers_commission_check', sql`${t.commissionBps} >= 0 and ${t.commissionBps} <= 5000`),
    check('resellers_cancellation_check', oneOf(t.cancellation, RESELLER_CANCELLATION_AGREEMENTS)),
    check(
      'resellers_hold_limits_check',
      sql`${t.maxHeldSharePercent} between 1 and 100 and ${t.maxHeldSeatsPerTrip} between 1 and 10000 and ${t.maxSeatsPerReservation} between 1 and 10000 and ${t.maxLiveHolds} between 1 and 100000 and ${t.maxHoldMinutes} between 1 and 1440`,
    ),
  ],
);

/**
 * The boats the admin lets a reseller sell, when not all: OCTO answers only those whose owner
 * also opts them in (boats.resellers_allowed), so either side stops a boat at once.
 */
export const resellerBoats = pgTable(
  'reseller_boats',
  {
    resellerId: uuid('reseller_id')
      .notNull()
      .references(() => resellers.id, { onDelete: 'cascade' }),
    boatId: uuid('boat_id')
      .notNull()
      .references(() => boats.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.resellerId, t.boatId] }), index('reseller_boats_boat_idx').on(t.boatId)],
);

export const resellerApiKeys = pgTable(
  'reseller_api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    resellerId: uuid('reseller_id')
      .notNull()
      .references(() => resellers.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    // The key's first characters, shown to tell keys apart; never enough to use it.
    prefix: text('prefix').notNull(),
    keyHash: text('key_hash').notNull().unique(),
    createdAt: createdAt(),
    lastUsedAt: instant('last_used_at'),
    revokedAt: instant('revoked_at'),
  },
  (t) => [index('reseller_api_keys_reseller_idx').on(t.resellerId)],
);

/**
 * OCTO's contact of a reseller's booking, kept as the reseller gave it (answered back as sent);
 * the booking's own customer name, e-mail, phone and language, which tickets, e-mails and
 * invoices use, are derived from it (octo-bookings.ts contactColumns).
 */
export type OctoContactRow = {
  fullName?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  emailAddress?: string | null;
  phoneNumber?: string | null;
  locales?: string[];
  country?: string | null;
  postalCode?: string | null;
  notes?: string | null;
};

/** A unit item of a reseller's booking: OCTO's id for it, its unit and the reseller's reference. */
export type OctoUnitItemRow = { uuid: string; unitId: string; resellerReference: string | null };

export const resellerBookings = pgTable(
  'reseller_bookings',
  {
    bookingId: uuid('booking_id')
      .primaryKey()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    resellerId: uuid('reseller_id')
      .notNull()
      .references(() => resellers.id),
    // The reseller's own id of the booking (OCTO's `uuid`, its idempotency key): unique per reseller.
    uuid: text('uuid').notNull(),
    resellerReference: text('reseller_reference'),
    unitItems: jsonb('unit_items').$type<OctoUnitItemRow[]>().notNull(),
    notes: text('notes'),
    // The contact as the reseller gave it (personal data: exported and erased with the booking's).
    contact: jsonb('contact').$type<OctoContactRow>(),
    // The commission when reserved: a later change of the reseller's rate never changes a sale.
    commissionBps: integer('commission_bps').notNull(),
    createdAt: createdAt(),
    confirmedAt: instant('confirmed_at'),
  },
  (t) => [
    uniqueIndex('reseller_bookings_uuid_idx').on(t.resellerId, t.uuid),
    index('reseller_bookings_reference_idx').on(t.resellerId, t.resellerReference),
  ],
);

/** A reseller's webhook (OCTO's octo/webhooks): where it is told of changes made on our side. */
export const resellerWebhooks = pgTable(
  'reseller_webhooks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    resellerId: uuid('reseller_id')
      .notNull()
      .references(() => resellers.id, { onDelete: 'cascade' }),
    event: text('event', { enum: OCTO_WEBHOOK_EVENTS }).notNull(),
    url: text('url').notNull(),
    // The capabilities asked when it was registered: the booking it carries has their fields.
    capabilities: jsonb('capabilities').$type<string[]>().notNull().default([]),
    retryOnError: boolean('retry_on_error').notNull().default(true),
    useContactLanguage: boolean('use_contact_language').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    check('reseller_webhooks_event_check', oneOf(t.event, OCTO_WEBHOOK_EVENTS)),
    index('reseller_webhooks_reseller_idx').on(t.resellerId),
  ],
);

/** What a delivery tells: the kind of change, and for a refund its amount. */
export type WebhookChange = { kind: string; cause?: string; amountCents?: number };

/**
 * The webhooks' outbox: one row per event and webhook (the unique index), written in the
 * transaction that reads the event and delivered with retries by the retrying outbox
 * (octo/octo-webhooks.ts).
 */
export const resellerWebhookDeliveries = pgTable(
  'reseller_webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    webhookId: uuid('webhook_id')
      .notNull()
      .references(() => resellerWebhooks.id, { onDelete: 'cascade' }),
    eventId: bigint('event_id', { mode: 'number' }).notNull(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    change: jsonb('change').$type<WebhookChange>().notNull(),
    ...outboxColumns(),
    createdAt: createdAt(),
  },
  (t) => [
    check('reseller_webhook_deliveries_status_check', oneOf(t.status, OUTBOX_STATUSES)),
    uniqueIndex('reseller_webhook_deliveries_event_idx').on(t.webhookId, t.eventId),
    index('reseller_webhook_deliveries_due_idx').on(t.status, t.nextAttemptAt),
  ],
);

/** What a reseller paid the operator against its account (the admin records it), in cents. */
export const resellerSettlements = pgTable(
  'reseller_settlements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    resellerId: uuid('reseller_id')
      .notNull()
      .references(() => resellers.id),
    amountCents: integer('amount_cents').notNull(),
    note: text('note').notNull().default(''),
    // The Canary day the money was received (the admin may record it days later): the month it counts in.
    receivedOn: date('received_on', { mode: 'string' }).notNull(),
    // The admin's e-mail.
    recordedBy: text('recorded_by').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('reseller_settlements_amount_check', sql`${t.amountCents} > 0`),
    index('reseller_settlements_reseller_idx').on(t.resellerId, t.createdAt),
  ],
);
