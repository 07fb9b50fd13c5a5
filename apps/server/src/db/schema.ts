// The whole product's schema. Money is integer cents, instants are timestamptz (UTC).
// Rules that must hold under concurrency live here as constraints, not only in code:
// seat counters stay within bounds, slots of one boat never overlap (hand-written EXCLUDE
// in the migrations), a private slot has at most one live booking, codes and provider ids are unique.
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { BOOKING_STATUSES } from '@boats/domain/booking-status';
import { PASSENGER_TYPES } from '@boats/domain/passengers';
import { BOOKING_MODES } from '@boats/domain/request-to-book';
import type { ExtraLine, ExtraOffer } from '@boats/domain/extras';
import type { PriceRule } from '@boats/domain/price-rules';
import { PROMO_KINDS } from '@boats/domain/promo-codes';
import type { PriceBreakdown } from '@boats/domain/pricing';
import { USER_ROLES } from '@boats/domain/schemas/auth';
import type { HarbourTranslations, LocalizedText } from '@boats/domain/schemas/boat';
import { PAYMENT_STATUSES, REFUND_STATUSES, TICKET_KINDS } from '@boats/domain/schemas/booking';
import { LEAD_SOURCES } from '@boats/domain/schemas/contact';
import { PAYMENT_METHODS } from '@boats/domain/schemas/operator-booking';
import { APPLICATION_STATUSES, OWNER_KINDS } from '@boats/domain/schemas/owner-application';
import { BOAT_HISTORY_ACTIONS, OWNER_STATUSES, type BoatHistoryChange } from '@boats/domain/schemas/owner';
import { EARNING_LINE_KINDS, PAYOUT_STATES } from '@boats/domain/schemas/payouts';
import { REVIEW_HIDE_REASONS } from '@boats/domain/schemas/review';
import { SLOT_TYPES } from '@boats/domain/schemas/slot';
import {
  TRIP_CANCEL_BOOKING_STATES,
  TRIP_CANCEL_CAUSES,
  TRIP_CANCEL_OFFERS,
} from '@boats/domain/schemas/trips';

export type CancellationRuleRow = { hoursBefore: number; refundPercent: number };
/** An extra a boat offers (cents), with its texts in every language. */
export type BoatExtraRow = ExtraOffer & { name: LocalizedText; description: LocalizedText };
/** An extra as sold with a booking: its name and price at the sale. */
export type BookingExtraRow = ExtraLine & { name: LocalizedText };

// Every list of values a text column takes is the domain's (packages/domain), read here by the
// column's `enum` and by its CHECK (oneOf), so the database, the server and the wire cannot
// disagree. The outbox's statuses are the server's alone and declared here, once.

/** A list of text constants as SQL, for a CHECK that must match a list the code declares once. */
export const sqlList = (values: readonly string[]) => sql.raw(`(${values.map((v) => `'${v}'`).join(', ')})`);

/** SQL: the column holds one of `values` (a CHECK's body). */
const oneOf = (column: AnyPgColumn, values: readonly string[]) => sql`${column} in ${sqlList(values)}`;

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
const instant = (name: string) => timestamp(name, { withTimezone: true });

// The parties boats belong to (docs/back-office.md#owners). The platform operator is an owner
// too (is_platform, exactly one row): its identity is the OPERATOR_* configuration, so its own
// columns stay empty. A suspended owner's boats leave the public site; their bookings stay.
export const owners = pgTable(
  'owners',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    isPlatform: boolean('is_platform').notNull().default(false),
    displayName: text('display_name').notNull(),
    legalName: text('legal_name').notNull().default(''),
    // NIF, NIE or CIF, normalised (packages/domain spanish-tax-id).
    taxId: text('tax_id').notNull().default(''),
    address: text('address').notNull().default(''),
    phone: text('phone').notNull().default(''),
    email: text('email').notNull().default(''),
    language: text('language').notNull().default('en'),
    // The platform's fee on this owner's sales, in basis points; null follows PLATFORM_FEE_PERCENT.
    commissionBps: integer('commission_bps'),
    status: text('status', { enum: OWNER_STATUSES }).notNull().default('active'),
    // The admin's switch: payout runs leave this owner's balance where it is until it is off.
    payoutsOnHold: boolean('payouts_on_hold').notNull().default(false),
    // The owner's account at the payout provider (a Stripe connected account `acct_…`); null:
    // none yet (the sandbox pays an account of its own per owner).
    payoutAccount: text('payout_account'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('owners_status_check', oneOf(t.status, OWNER_STATUSES)),
    check('owners_commission_check', sql`${t.commissionBps} between 0 and 10000`),
    check('owners_platform_active_check', sql`not (${t.isPlatform} and ${t.status} = 'suspended')`),
    check(
      'owners_identity_check',
      sql`${t.isPlatform} or (${t.legalName} <> '' and ${t.taxId} <> '' and ${t.email} <> '')`,
    ),
    uniqueIndex('owners_one_platform_idx')
      .on(t.isPlatform)
      .where(sql`${t.isPlatform}`),
  ],
);

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull().unique(),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: USER_ROLES }).notNull().default('user'),
    // An owner account's owner; a crew account's: the owner (or the platform) that created it,
    // whose boats it checks in. Admins belong to no owner: they see everything.
    ownerId: uuid('owner_id').references(() => owners.id),
    // A disabled staff account cannot sign in or renew a session; its history stays attributed.
    disabledAt: instant('disabled_at'),
    createdAt: createdAt(),
  },
  (t) => [
    check('users_role_check', oneOf(t.role, USER_ROLES)),
    check('users_owner_check', sql`(${t.role} in ('owner', 'crew')) = (${t.ownerId} is not null)`),
    index('users_owner_idx').on(t.ownerId),
  ],
);

// "Forgot your password?" links. Only the token's SHA-256 is stored; a token works once and
// until expires_at.
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: instant('expires_at').notNull(),
    usedAt: instant('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.userId)],
);

// One row per issued refresh token. Tokens of one sign-in share a family: presenting a token
// that was already rotated revokes the whole family (it was stolen or replayed).
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    persistent: boolean('persistent').notNull().default(false),
    expiresAt: instant('expires_at').notNull(),
    usedAt: instant('used_at'),
    revokedAt: instant('revoked_at'),
    createdAt: createdAt(),
  },
  (t) => [index('refresh_tokens_family_idx').on(t.familyId)],
);

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
    geoNote: text('geo_note').notNull().default(''),
    // Harbour name, address and note (geoNote) in the other languages; English is in the columns above.
    harbourI18n: jsonb('harbour_i18n').$type<HarbourTranslations>().notNull().default({}),
    // The boat's own cancellation rules; null follows the site default (domain cancellation-policy).
    cancellationPolicy: jsonb('cancellation_policy').$type<CancellationRuleRow[]>(),
    inclusions: jsonb('inclusions').$type<string[]>().notNull().default([]),
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

// seats_taken counts the seats of the bookings that occupy a shared trip (sold, or a request
// awaiting its owner), kept by the database's trigger (migration 0025), and the seats the
// operator marks as taken by hand; live holds are pending bookings whose hold has not expired,
// so an expired hold stops counting at once.
export const slots = pgTable(
  'slots',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    boatId: uuid('boat_id')
      .notNull()
      .references(() => boats.id, { onDelete: 'cascade' }),
    type: text('type', { enum: SLOT_TYPES }).notNull(),
    startsAt: instant('starts_at').notNull(),
    endsAt: instant('ends_at').notNull(),
    isOpen: boolean('is_open').notNull().default(true),
    seatPriceCents: integer('seat_price_cents').notNull().default(0),
    seatsTotal: integer('seats_total').notNull().default(0),
    seatsTaken: integer('seats_taken').notNull().default(0),
    // The operator lets this trip sail below its boat's minimum: the cutoff job leaves it alone.
    minimumWaived: boolean('minimum_waived').notNull().default(false),
    // When the trip got its start time (created, or moved): a trip scheduled after its own
    // minimum-to-depart cutoff has none (domain trip-state). Written by the code, at its clock.
    scheduledAt: instant('scheduled_at').notNull().defaultNow(),
    // Set when the operator (weather) or the minimum-to-depart cutoff cancels the whole trip.
    // A canceled trip is final: nothing opens it again (a new trip is a new slot).
    canceledAt: instant('canceled_at'),
    cancelReason: text('cancel_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('slots_type_check', oneOf(t.type, SLOT_TYPES)),
    check('slots_time_check', sql`${t.endsAt} > ${t.startsAt}`),
    check('slots_seats_check', sql`${t.seatsTaken} >= 0 and ${t.seatsTaken} <= ${t.seatsTotal}`),
    check('slots_price_check', sql`${t.seatPriceCents} >= 0`),
    index('slots_boat_start_idx').on(t.boatId, t.startsAt),
  ],
);

// Promo codes (docs/payments.md#promo-codes), made by the platform admin (owner_id null) or by an
// owner for their own boats. Its uses are not stored: they are the bookings that carry the code
// and hold a use (`promoUses`, modules/promo-codes/promo-code-repository.ts), counted under this row's lock.
export const promoCodes = pgTable(
  'promo_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Upper case, unique across the marketplace (a customer types only the code).
    code: text('code').notNull().unique(),
    ownerId: uuid('owner_id').references(() => owners.id),
    kind: text('kind', { enum: PROMO_KINDS }).notNull(),
    // percent: basis points (10 % = 1000); amount: cents.
    value: integer('value').notNull(),
    // Canary dates, both included; null = open.
    validFrom: text('valid_from'),
    validUntil: text('valid_until'),
    // Empty: every boat of the owner (the platform's: every boat).
    boatIds: jsonb('boat_ids').$type<string[]>().notNull().default([]),
    minSpendCents: integer('min_spend_cents').notNull().default(0),
    maxUses: integer('max_uses'),
    maxUsesPerEmail: integer('max_uses_per_email'),
    firstBookingOnly: boolean('first_booking_only').notNull().default(false),
    active: boolean('active').notNull().default(true),
    createdBy: text('created_by').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('promo_codes_kind_check', oneOf(t.kind, PROMO_KINDS)),
    check('promo_codes_value_check', sql`${t.value} > 0 and (${t.kind} <> 'percent' or ${t.value} <= 10000)`),
    check(
      'promo_codes_limits_check',
      sql`${t.minSpendCents} >= 0 and coalesce(${t.maxUses}, 1) >= 1 and coalesce(${t.maxUsesPerEmail}, 1) >= 1`,
    ),
    index('promo_codes_owner_idx').on(t.ownerId),
  ],
);

// A gift voucher (docs/payments.md#gift-vouchers). Its sale is a card payment row (payments with
// gift_voucher_id and no booking); each redemption is a 'voucher' payment row on a booking, and a
// refund of that row puts the money back. The balance is always derived from those rows
// (gift-vouchers/gift-voucher-repository.ts), never stored here.
export const giftVouchers = pgTable(
  'gift_vouchers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Printed form GV-XXXX-XXXX (domain gift-vouchers.ts), unique.
    code: text('code').notNull().unique(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('EUR'),
    // "For a trip on this boat": printed on the voucher, no restriction.
    boatId: uuid('boat_id').references(() => boats.id),
    purchaserName: text('purchaser_name').notNull(),
    purchaserEmail: text('purchaser_email').notNull(),
    // The receipt's language.
    purchaserLanguage: text('purchaser_language').notNull().default('en'),
    recipientName: text('recipient_name').notNull(),
    // Null: the voucher goes to the purchaser to print or hand over.
    recipientEmail: text('recipient_email'),
    recipientLanguage: text('recipient_language').notNull().default('en'),
    message: text('message'),
    // Set once, when the sale's card payment succeeded (the confirmation or the webhook).
    paidAt: instant('paid_at'),
    // From the sale (its creation until it is paid): VOUCHER_VALIDITY_MONTHS later.
    expiresAt: instant('expires_at').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('gift_vouchers_amount_check', sql`${t.amountCents} > 0`),
    index('gift_vouchers_created_idx').on(t.createdAt),
  ],
);

export const bookings = pgTable(
  'bookings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    boatId: uuid('boat_id')
      .notNull()
      .references(() => boats.id),
    slotId: uuid('slot_id').references(() => slots.id, { onDelete: 'set null' }),
    type: text('type', { enum: SLOT_TYPES }).notNull(),
    startsAt: instant('starts_at').notNull(),
    endsAt: instant('ends_at').notNull(),
    status: text('status', { enum: BOOKING_STATUSES }).notNull().default('pending'),
    holdExpiresAt: instant('hold_expires_at'),
    seats: integer('seats').notNull().default(0),
    adults: integer('adults').notNull().default(0),
    children50: integer('children_50').notNull().default(0),
    kidsFree: integer('kids_free').notNull().default(0),
    customerName: text('customer_name').notNull().default(''),
    customerEmail: text('customer_email').notNull().default(''),
    customerPhone: text('customer_phone').notNull().default(''),
    language: text('language').notNull().default('en'),
    currency: text('currency').notNull().default('EUR'),
    amountGrossCents: integer('amount_gross_cents').notNull(),
    // The owner's commission rate when the customer bought (set by the checkout), in basis
    // points: the fee split of this booking, whatever the owner's rate becomes later. The split
    // itself is never stored: it is this rate applied to the net the ledger says
    // (owner_earning_lines once the trip is completed).
    commissionBps: integer('commission_bps'),
    priceBreakdown: jsonb('price_breakdown').$type<PriceBreakdown>(),
    // The extras sold with the trip, at their names and prices then; amount_gross_cents includes them.
    extras: jsonb('extras').$type<BookingExtraRow[]>().notNull().default([]),
    // The promo code it was sold with, as typed then, and what it took off; amount_gross_cents
    // is already the discounted total. A later change of the code never changes them.
    promoCodeId: uuid('promo_code_id').references((): AnyPgColumn => promoCodes.id),
    promoCode: text('promo_code'),
    discountCents: integer('discount_cents').notNull().default(0),
    provider: text('provider').notNull().default('sandbox'),
    // The checkout's current provider intent; its money is in the payments ledger.
    providerPaymentId: text('provider_payment_id').unique(),
    cancelReason: text('cancel_reason'),
    // Set in the transaction that queues the reminder e-mail, so it goes out once.
    reminderSentAt: instant('reminder_sent_at'),
    // The checkout's client key (http/client-key.ts: IPv4 address or IPv6 /64), for hold limits.
    clientIp: text('client_ip'),
    paidAt: instant('paid_at'),
    // Request-to-book (docs/payments.md#request-to-book): when an unanswered request lapses, and
    // when its owner accepted it (the capture is then due; a decline or the lapse refuse it).
    requestDecideBy: instant('request_decide_by'),
    requestAcceptedAt: instant('request_accepted_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('bookings_status_check', oneOf(t.status, BOOKING_STATUSES)),
    check('bookings_type_check', oneOf(t.type, SLOT_TYPES)),
    check(
      'bookings_counts_check',
      sql`${t.seats} >= 0 and ${t.adults} >= 0 and ${t.children50} >= 0 and ${t.kidsFree} >= 0`,
    ),
    // seats is the party (adults, children at half price, free children), kept because the
    // seats_taken trigger (0025) and the capacity checks read it; the database holds it to its source.
    check(
      'bookings_seats_are_the_party_check',
      sql`${t.seats} = ${t.adults} + ${t.children50} + ${t.kidsFree}`,
    ),
    check('bookings_money_check', sql`${t.amountGrossCents} >= 0`),
    check('bookings_commission_check', sql`${t.commissionBps} between 0 and 10000`),
    check('bookings_discount_check', sql`${t.discountCents} >= 0`),
    index('bookings_starts_idx').on(t.startsAt),
    index('bookings_status_starts_idx').on(t.status, t.startsAt),
    // The completion job's batch: paid and confirmed bookings whose trip has ended, oldest first.
    index('bookings_status_ends_idx').on(t.status, t.endsAt),
    index('bookings_slot_idx').on(t.slotId),
    // Manage my booking finds a booking by its e-mail and number.
    index('bookings_customer_email_idx').on(sql`lower(${t.customerEmail})`),
    // The customer as the promo codes' per-e-mail rules count them (canonical_email, migration 0036).
    index('bookings_customer_canonical_email_idx').on(sql`canonical_email(${t.customerEmail})`),
    index('bookings_promo_code_idx')
      .on(t.promoCodeId)
      .where(sql`${t.promoCodeId} is not null`),
  ],
);

// The private slots a charter covers. `active` is true while the booking holds or owns the slot;
// the partial unique index makes a second live claim on the same slot impossible.
export const bookingSlots = pgTable(
  'booking_slots',
  {
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    slotId: uuid('slot_id')
      .notNull()
      .references(() => slots.id, { onDelete: 'cascade' }),
    active: boolean('active').notNull().default(true),
  },
  (t) => [
    primaryKey({ columns: [t.bookingId, t.slotId] }),
    uniqueIndex('booking_slots_one_live_idx')
      .on(t.slotId)
      .where(sql`${t.active}`),
  ],
);

export const tickets = pgTable(
  'tickets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    code: text('code').notNull().unique(),
    // A shared trip has one 'seat' per passenger; a charter one 'boarding_pass' for the whole
    // party (seat 1, the charter price), which check-in looks up by its code like any ticket.
    kind: text('kind', { enum: TICKET_KINDS }).notNull().default('seat'),
    seatNo: integer('seat_no').notNull(),
    passengerType: text('passenger_type', { enum: PASSENGER_TYPES }).notNull(),
    pricePaidCents: integer('price_paid_cents').notNull(),
    // Boarding: set once by the first scan; later scans answer "already" with these two.
    checkedInAt: instant('checked_in_at'),
    checkedInBy: text('checked_in_by'),
    createdAt: createdAt(),
  },
  (t) => [
    check('tickets_passenger_type_check', oneOf(t.passengerType, PASSENGER_TYPES)),
    check('tickets_price_check', sql`${t.pricePaidCents} >= 0`),
    check('tickets_kind_check', oneOf(t.kind, TICKET_KINDS)),
    index('tickets_booking_idx').on(t.bookingId),
  ],
);

export const bookingHistory = pgTable(
  'booking_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    at: instant('at').notNull().defaultNow(),
    // 'system', 'customer', 'provider' or the admin's e-mail.
    actor: text('actor').notNull(),
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    // What happened, as a code the back office translates (see HISTORY_CODES), with its values.
    code: text('code').notNull().default('status_changed'),
    params: jsonb('params').$type<Record<string, string | number>>().notNull().default({}),
    // Free text typed by the operator, shown as written.
    reason: text('reason'),
  },
  (t) => [index('booking_history_booking_idx').on(t.bookingId)],
);

// The ledger: one row per provider payment and per refund. A booking's received, refunded and
// net amounts are sums over these rows, never columns of the booking.
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Null only for a gift voucher's sale (gift_voucher_id set): that money is on no booking yet.
    bookingId: uuid('booking_id').references(() => bookings.id, { onDelete: 'cascade' }),
    // The voucher sold (booking null, method card) or spent (method 'voucher', on the booking).
    giftVoucherId: uuid('gift_voucher_id').references(() => giftVouchers.id),
    provider: text('provider').notNull(),
    providerId: text('provider_id').notNull().unique(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('EUR'),
    status: text('status', { enum: PAYMENT_STATUSES }).notNull().default('requires_action'),
    // 'card' through the provider; cash, card terminal or bank transfer recorded by a staff
    // member at the harbour (provider 'operator', no provider to ask or refund through).
    method: text('method', { enum: PAYMENT_METHODS }).notNull().default('card'),
    // The staff member's e-mail for a payment recorded by hand; null for the card form.
    recordedBy: text('recorded_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('payments_method_check', oneOf(t.method, PAYMENT_METHODS)),
    check('payments_status_check', oneOf(t.status, PAYMENT_STATUSES)),
    check('payments_amount_check', sql`${t.amountCents} >= 0`),
    // A payment is for a booking or a voucher's sale; a 'voucher' payment names both.
    check('payments_owner_check', sql`${t.bookingId} is not null or ${t.giftVoucherId} is not null`),
    check(
      'payments_voucher_check',
      sql`${t.method} <> 'voucher' or (${t.bookingId} is not null and ${t.giftVoucherId} is not null)`,
    ),
    index('payments_booking_idx').on(t.bookingId),
    index('payments_gift_voucher_idx')
      .on(t.giftVoucherId)
      .where(sql`${t.giftVoucherId} is not null`),
    // The day's takings per method (the crew's cash hand-over) read payments by their day.
    index('payments_method_created_idx').on(t.method, t.createdAt),
  ],
);

export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    // Null until the provider has answered; unique once known.
    providerId: text('provider_id').unique(),
    // Set by automatic refunds (e.g. 'late-payment:<payment id>'), so a repeat records nothing new.
    idempotencyKey: text('idempotency_key').unique(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('EUR'),
    status: text('status', { enum: REFUND_STATUSES }).notNull().default('pending'),
    // 'system', 'customer', 'provider' or the admin's e-mail.
    actor: text('actor').notNull(),
    reason: text('reason').notNull(),
    // Why the money goes back ('operator', 'late_payment', 'released', …): the e-mail's wording.
    cause: text('cause').notNull().default('operator'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('refunds_status_check', oneOf(t.status, REFUND_STATUSES)),
    check('refunds_amount_check', sql`${t.amountCents} > 0`),
    index('refunds_booking_idx').on(t.bookingId),
    // The day's takings count the refunds handed back that day (ledger takingsBetween).
    index('refunds_updated_idx').on(t.updatedAt),
  ],
);

// Domain events, written in the transaction of the change they describe; jobs consume them
// (customer e-mails today). Consumers mark what they handled, so a crash only delays them.
export const domainEvents = pgTable(
  'domain_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    bookingId: uuid('booking_id').references(() => bookings.id, { onDelete: 'cascade' }),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
    dispatchedAt: instant('dispatched_at'),
  },
  (t) => [
    index('domain_events_undispatched_idx')
      .on(t.id)
      .where(sql`${t.dispatchedAt} is null`),
  ],
);

// Each provider event is processed once; the primary key is the provider's own event id.
export const paymentEvents = pgTable('payment_events', {
  id: text('id').primaryKey(),
  provider: text('provider').notNull(),
  type: text('type').notNull(),
  paymentIntentId: text('payment_intent_id'),
  payload: jsonb('payload'),
  receivedAt: instant('received_at').notNull().defaultNow(),
  processedAt: instant('processed_at'),
});

// The built-in sandbox card provider keeps its payment intents here, as Stripe keeps its own.
export const sandboxPaymentIntents = pgTable('sandbox_payment_intents', {
  id: text('id').primaryKey(),
  idempotencyKey: text('idempotency_key').unique(),
  clientSecret: text('client_secret').notNull().unique(),
  amountCents: integer('amount_cents').notNull(),
  currency: text('currency').notNull().default('eur'),
  status: text('status').notNull().default('requires_payment_method'),
  metadata: jsonb('metadata').$type<Record<string, string>>().notNull().default({}),
  lastError: text('last_error'),
  amountRefundedCents: integer('amount_refunded_cents').notNull().default(0),
  // 'manual' for a request-to-book: a good card leaves it in requires_capture until captured.
  captureMethod: text('capture_method').notNull().default('automatic'),
  // Refund idempotency key → refund id, so a repeated refund request moves no money.
  refundKeys: jsonb('refund_keys').$type<Record<string, string>>().notNull().default({}),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    createdAt: createdAt(),
    name: text('name').notNull(),
    email: text('email').notNull().default(''),
    phone: text('phone').notNull().default(''),
    source: text('source', { enum: LEAD_SOURCES }).notNull().default('landing'),
    message: text('message').notNull().default(''),
    language: text('language').notNull().default('en'),
    ip: text('ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
    readAt: instant('read_at'),
    repliedAt: instant('replied_at'),
    // Sent from a boat's page: the message is about that boat and reaches its owner too.
    boatId: uuid('boat_id').references(() => boats.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('contact_messages_source_check', oneOf(t.source, LEAD_SOURCES)),
    index('contact_messages_created_idx').on(t.createdAt),
    index('contact_messages_boat_idx').on(t.boatId),
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

export type ApplicationBoatRow = {
  type: string;
  name: string;
  lengthMeters: number;
  capacity: number;
  harbour: string;
  included: string;
  photos: string[];
};

// "List your boat" applications (docs/back-office.md#owner-applications). Approval makes the
// owner, their first boat (a draft) and their account, and records them here; a decision is final.
export const ownerApplications = pgTable(
  'owner_applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    status: text('status', { enum: APPLICATION_STATUSES }).notNull().default('pending'),
    kind: text('kind', { enum: OWNER_KINDS }).notNull(),
    displayName: text('display_name').notNull(),
    legalName: text('legal_name').notNull(),
    taxId: text('tax_id').notNull(),
    address: text('address').notNull(),
    phone: text('phone').notNull(),
    email: text('email').notNull(),
    language: text('language').notNull().default('en'),
    boat: jsonb('boat').$type<ApplicationBoatRow>().notNull(),
    ip: text('ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
    decidedAt: instant('decided_at'),
    decidedBy: uuid('decided_by').references(() => users.id),
    declineReason: text('decline_reason'),
    ownerId: uuid('owner_id').references(() => owners.id),
    boatId: uuid('boat_id').references(() => boats.id),
    createdAt: createdAt(),
  },
  (t) => [
    check('owner_applications_status_check', oneOf(t.status, APPLICATION_STATUSES)),
    check('owner_applications_kind_check', oneOf(t.kind, OWNER_KINDS)),
    check(
      'owner_applications_decision_check',
      sql`(${t.status} = 'pending') = (${t.decidedAt} is null)
        and (${t.status} <> 'approved' or (${t.ownerId} is not null and ${t.boatId} is not null))
        and (${t.status} <> 'declined' or ${t.declineReason} is not null)`,
    ),
    index('owner_applications_created_idx').on(t.createdAt),
  ],
);

export type EmailAttachment = {
  filename: string;
  contentType: string;
  content: string;
  /** 'base64' for binary content (an image); text as it is otherwise. */
  encoding?: 'base64';
  /** Shown inside the HTML (`<img src="cid:…">`) instead of as a file. */
  cid?: string;
};

/** An outbox e-mail waits (and is retried), was sent, or was given up on. */
export const EMAIL_OUTBOX_STATUSES = ['pending', 'sent', 'failed'] as const;

export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    bookingId: uuid('booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    // The domain event the e-mail was rendered from: one e-mail per event, however often the
    // dispatcher runs.
    eventId: bigint('event_id', { mode: 'number' }),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    attachments: jsonb('attachments').$type<EmailAttachment[]>().notNull().default([]),
    status: text('status', { enum: EMAIL_OUTBOX_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: instant('next_attempt_at').notNull().defaultNow(),
    lastError: text('last_error'),
    sentAt: instant('sent_at'),
    createdAt: createdAt(),
  },
  (t) => [
    check('email_outbox_status_check', oneOf(t.status, EMAIL_OUTBOX_STATUSES)),
    index('email_outbox_due_idx').on(t.status, t.nextAttemptAt),
    uniqueIndex('email_outbox_event_idx')
      .on(t.eventId)
      .where(sql`${t.eventId} is not null`),
  ],
);

// A whole trip canceled by the operator (weather) or by the minimum-to-depart cutoff. Its row is
// written in the transaction that cancels the trip's bookings, so a second run (another
// instance, a retry after a crash) finds it and only finishes what is left.
export const tripCancellations = pgTable(
  'trip_cancellations',
  {
    slotId: uuid('slot_id')
      .primaryKey()
      .references(() => slots.id, { onDelete: 'cascade' }),
    cause: text('cause', { enum: TRIP_CANCEL_CAUSES }).notNull(),
    offer: text('offer', { enum: TRIP_CANCEL_OFFERS }).notNull(),
    // The internal note (never e-mailed); for the cutoff, its own explanation.
    reason: text('reason').notNull(),
    // The standard reason customers read in their language (TRIP_CANCEL_REASONS); null for the
    // cutoff and for cancellations recorded before reasons were chosen.
    reasonCode: text('reason_code'),
    actor: text('actor').notNull(),
    // When the operator's summary (who moved, who was refunded) was queued, once every
    // customer's choice had closed: at most one, whatever the number of instances.
    summarySentAt: instant('summary_sent_at'),
    createdAt: createdAt(),
  },
  (t) => [
    check('trip_cancellations_cause_check', oneOf(t.cause, TRIP_CANCEL_CAUSES)),
    check('trip_cancellations_offer_check', oneOf(t.offer, TRIP_CANCEL_OFFERS)),
  ],
);

// Each booking a trip cancellation touched and what was decided for it. What it paid and where
// its refund stands are the ledger's (trips-repository.ts cancellationOfTrip reads them): only
// what the ledger cannot know is kept here, the customer's answer and the refunds' progress.
// offered: the customer may move to another trip or take a refund until the offer's deadline.
// moved: the customer moved (trip_change_offers keeps only a booking's latest offer, so a moved
// booking whose new trip is canceled too would lose it there).
// to_refund: step 2 (trip-refunds.ts) has yet to refund it or let its authorization go.
// refund_answered: step 2 is done with it (the provider answered, or nothing was left to
// refund); whether the money went back is the ledger's.
export const tripCancellationBookings = pgTable(
  'trip_cancellation_bookings',
  {
    slotId: uuid('slot_id')
      .notNull()
      .references(() => tripCancellations.slotId, { onDelete: 'cascade' }),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    state: text('state', { enum: TRIP_CANCEL_BOOKING_STATES }).notNull().default('to_refund'),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.slotId, t.bookingId] }),
    check('trip_cancellation_bookings_state_check', oneOf(t.state, TRIP_CANCEL_BOOKING_STATES)),
  ],
);

// The choice offered to a customer of a weather-canceled trip: move to another trip of the boat
// or a refund, until `deadline` (then refunded automatically). One per booking.
export const tripChangeOffers = pgTable('trip_change_offers', {
  bookingId: uuid('booking_id')
    .primaryKey()
    .references(() => bookings.id, { onDelete: 'cascade' }),
  slotId: uuid('slot_id')
    .notNull()
    .references(() => tripCancellations.slotId, { onDelete: 'cascade' }),
  deadline: instant('deadline').notNull(),
  decidedAt: instant('decided_at'),
  movedToSlotId: uuid('moved_to_slot_id').references(() => slots.id, { onDelete: 'set null' }),
});

// Verified reviews (docs/public-site.md#reviews): one per completed booking, written through the
// signed link of the e-mail after the trip. The customer's words are theirs: nobody else writes
// stars or text; the owner answers once beside them, the admin can hide one with a recorded
// reason. The catalogue's ratings read this table, so it notifies `data_changed` (0016).
export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id')
      .notNull()
      .unique()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    boatId: uuid('boat_id')
      .notNull()
      .references(() => boats.id, { onDelete: 'cascade' }),
    stars: integer('stars').notNull(),
    text: text('text').notNull().default(''),
    firstName: text('first_name').notNull(),
    country: text('country').notNull().default(''),
    // The language it was written in: readers of another language see it marked so.
    language: text('language').notNull(),
    tripStartsAt: instant('trip_starts_at').notNull(),
    helpful: integer('helpful').notNull().default(0),
    ownerReply: text('owner_reply'),
    ownerRepliedAt: instant('owner_replied_at'),
    ownerRepliedBy: text('owner_replied_by'),
    hiddenAt: instant('hidden_at'),
    hiddenReason: text('hidden_reason', { enum: REVIEW_HIDE_REASONS }),
    hiddenNote: text('hidden_note'),
    hiddenBy: text('hidden_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('reviews_stars_check', sql`${t.stars} between 1 and 5`),
    check('reviews_helpful_check', sql`${t.helpful} >= 0`),
    check(
      'reviews_hidden_check',
      sql`(${t.hiddenAt} is null) = (${t.hiddenReason} is null)
        and ${oneOf(t.hiddenReason, REVIEW_HIDE_REASONS)}`,
    ),
    check('reviews_reply_check', sql`(${t.ownerReply} is null) = (${t.ownerRepliedAt} is null)`),
    index('reviews_boat_idx').on(t.boatId, t.createdAt),
  ],
);

// What each booking earned its owner (docs/payments.md#from-a-card-to-an-owners-bank): the
// first line when its trip is completed, then one per later change of its net (a refund after
// the trip: negative). A line is the booking's split now minus its earlier lines (domain
// earnings.ts), so a booking's lines add up to one split of its net. Never updated or deleted.
export const ownerEarningLines = pgTable(
  'owner_earning_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => owners.id),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id),
    kind: text('kind', { enum: EARNING_LINE_KINDS }).notNull(),
    netCents: integer('net_cents').notNull(),
    feeCents: integer('fee_cents').notNull(),
    ownerCents: integer('owner_cents').notNull(),
    commissionBps: integer('commission_bps').notNull(),
    // The trip's end for a trip line, the moment the net changed for an adjustment.
    earnedAt: instant('earned_at').notNull(),
    // PAYOUT_DELAY_DAYS after the trip; an adjustment at once (a refund is netted at the next run).
    payableAt: instant('payable_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('owner_earning_lines_kind_check', oneOf(t.kind, EARNING_LINE_KINDS)),
    check('owner_earning_lines_split_check', sql`${t.feeCents} + ${t.ownerCents} = ${t.netCents}`),
    uniqueIndex('owner_earning_lines_one_trip_idx')
      .on(t.bookingId)
      .where(sql`${t.kind} = 'trip'`),
    index('owner_earning_lines_booking_idx').on(t.bookingId),
    index('owner_earning_lines_owner_idx').on(t.ownerId, t.payableAt),
  ],
);

// A transfer of an owner's balance: `pending` from the moment its lines are taken until the
// provider answers (a run killed in between leaves it pending; the next run asks again with the
// same idempotency key, the payout's id), then `paid` or `failed` (its lines go back).
export const payouts = pgTable(
  'payouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => owners.id),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('EUR'),
    state: text('state', { enum: PAYOUT_STATES }).notNull().default('pending'),
    provider: text('provider').notNull(),
    account: text('account').notNull(),
    transferId: text('transfer_id'),
    failure: text('failure'),
    // 'schedule' or the admin's e-mail.
    actor: text('actor').notNull(),
    createdAt: createdAt(),
    settledAt: instant('settled_at'),
  },
  (t) => [
    check('payouts_state_check', oneOf(t.state, PAYOUT_STATES)),
    check('payouts_amount_check', sql`${t.amountCents} > 0`),
    index('payouts_owner_idx').on(t.ownerId, t.createdAt),
    index('payouts_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.state} = 'pending'`),
  ],
);

// The lines a payout carries. `active` until the payout fails; the partial unique index makes a
// line part of at most one live (pending or paid) payout, whatever the timing.
export const payoutLines = pgTable(
  'payout_lines',
  {
    payoutId: uuid('payout_id')
      .notNull()
      .references(() => payouts.id),
    lineId: uuid('line_id')
      .notNull()
      .references(() => ownerEarningLines.id),
    active: boolean('active').notNull().default(true),
  },
  (t) => [
    primaryKey({ columns: [t.payoutId, t.lineId] }),
    uniqueIndex('payout_lines_one_live_idx')
      .on(t.lineId)
      .where(sql`${t.active}`),
  ],
);

// A scheduled payout run, claimed once (the primary key) by whichever instance gets there first.
export const payoutRuns = pgTable('payout_runs', {
  scheduledFor: instant('scheduled_for').primaryKey(),
  startedAt: instant('started_at').notNull(),
  finishedAt: instant('finished_at'),
});

// The built-in sandbox payout provider keeps its transfers here, as Stripe keeps its own.
export const sandboxTransfers = pgTable('sandbox_transfers', {
  id: text('id').primaryKey(),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  account: text('account').notNull(),
  amountCents: integer('amount_cents').notNull(),
  currency: text('currency').notNull().default('eur'),
  createdAt: createdAt(),
});

// Waitlist (issue 30, docs/public-site.md#waitlist): a visitor waiting for seats on a full shared
// trip, one entry per e-mail and trip, in the order of `seq`. `offer_booking_id` is the hold
// made for them when seats freed up (a pending booking the lifecycle and occupancy count like
// any other): an entry without one is still waiting; an entry is offered once. Deleted when the
// trip departs.
export const waitlistEntries = pgTable(
  'waitlist_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    slotId: uuid('slot_id')
      .notNull()
      .references(() => slots.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    seats: integer('seats').notNull(),
    language: text('language').notNull(),
    offerBookingId: uuid('offer_booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    offeredAt: instant('offered_at'),
    createdAt: createdAt(),
  },
  (t) => [
    check('waitlist_entries_seats_check', sql`${t.seats} > 0`),
    uniqueIndex('waitlist_entries_email_idx').on(t.slotId, sql`lower(${t.email})`),
    index('waitlist_entries_waiting_idx')
      .on(t.slotId, t.seq)
      .where(sql`${t.offeredAt} is null`),
  ],
);
