// Demo data for a believable marketplace: the platform and three boat owners, each with boats,
// slots from three weeks ago to eight weeks ahead and bookings in every status with tickets;
// contact messages, an admin, a crew and the owners' accounts.
// Seeding only happens on an empty database, so a restart never seeds twice.
import { randomBytes, randomUUID } from 'node:crypto';
import { count } from 'drizzle-orm';
import { addDays, canaryDateKey, canaryInstant } from '@boats/domain/canary-time';
import { centsToEuros } from '@boats/domain/money';
import { VOUCHER_VALIDITY_MONTHS, voucherExpiresAt } from '@boats/domain/gift-vouchers';
import { DEFAULT_PAYOUT_DELAY_DAYS } from '@boats/domain/earnings';
import { commissionBps } from '@boats/domain/fee-split';
import { charterPrice, sharedPriceCents, ticketPricesCents } from '@boats/domain/pricing';
import type { Passengers } from '@boats/domain/passengers';
import { isRevenueStatus, type BookingStatus } from '@boats/domain/booking-status';
import { syncCompletedEarnings } from '../modules/earnings/earnings';
import { markScheduledRunsDone } from '../modules/jobs/payout-schedule';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import {
  agents,
  bookingHistory,
  bookingSlots,
  bookings,
  boats,
  contactMessages,
  giftVouchers,
  promoCodes,
  owners,
  payments,
  refunds,
  resellerApiKeys,
  resellers,
  reviews,
  sandboxPaymentIntents,
  slots,
  tickets,
  users,
} from '../db/schema';
import { hashPassword } from '../modules/auth/password';
import { apiKeyHash, shownPartOf } from '../modules/resellers/api-key';
import { newTicketCode } from '../modules/bookings/ticket-code';
import { emitEvent } from '../modules/events/domain-events';
import { platformOwnerId } from '../modules/owner-scope/platform-owner';
import {
  boatImages,
  DEMO_ADMIN,
  DEMO_AGENT,
  DEMO_CREW,
  DEMO_CUSTOMERS,
  DEMO_FLEET,
  DEMO_MESSAGES,
  DEMO_OWNER_PASSWORD,
  DEMO_OWNERS,
  DEMO_REPLIES,
  DEMO_REVIEW_TEXTS,
  demoCustomerCountry,
  type DemoOwnerKey,
} from './demo-fleet';
import { ratesOfRowAt } from '../modules/boats/boat-mapper';
import { seedDemoInvoices } from './demo-invoices';
import { seedSelfDriveHandovers } from './demo-self-drive';

// Six weeks back: each owner's trip 35 days ago is in a month that has ended, whose commission
// invoice the admin can issue (docs/invoicing.md#invoices-for-a-month-that-has-ended).
const DAYS_BACK = 42;
const DAYS_AHEAD = 56;

type SlotRow = typeof slots.$inferSelect;
type BoatRow = typeof boats.$inferSelect;
type Account = { email: string; password: string };

export type SeededAccounts = {
  adminEmail: string;
  adminPassword: string;
  /** The demo crew account; never in production. */
  crew: Account | null;
  /** The demo agent's account (docs/channels.md#agents); never in production. */
  agent: Account | null;
  /** The demo owners' accounts; none in production. */
  owners: Account[];
  /** The demo's active gift voucher (docs/payments.md#gift-vouchers); none in production. */
  voucherCode: string | null;
  /** The demo's promo code (docs/payments.md#promo-codes); none in production. */
  promoCode: string | null;
  /** The demo reseller's OCTO API key (docs/channels.md); none in production. */
  resellerKey: string | null;
};

/**
 * Seeds an empty database. The demo admin gets the published demo password and demo crew and
 * owner accounts are added, except in production, where a publicly known password would be a way
 * in: there the admin gets a random password, printed once at start, and no crew or owner
 * account is made (the owners and their boats are, as data).
 */
export async function seedDemoDataIfEmpty(ctx: AppContext): Promise<SeededAccounts | undefined> {
  const [boatCount] = await ctx.db.select({ n: count() }).from(boats);
  const [userCount] = await ctx.db.select({ n: count() }).from(users);
  if ((boatCount?.n ?? 0) > 0 || (userCount?.n ?? 0) > 0) return undefined;
  const production = ctx.config.NODE_ENV === 'production';
  const adminPassword = production ? randomBytes(18).toString('base64url') : DEMO_ADMIN.password;
  const crew = production ? null : DEMO_CREW;
  const ownerAccounts = !production;
  await seedDemoData(ctx.db, ctx.now(), ctx.config.PLATFORM_FEE_PERCENT, {
    adminPassword,
    crew,
    ownerAccounts,
    // A printed code is money anyone can spend: like the demo passwords, never in production.
    giftVouchers: !production,
  });
  // The demo's past sales, refunds and ended months with their documents and VERI*FACTU records.
  // Never in production: the records of made-up sales would go to the AEAT.
  if (!production) await seedDemoInvoices(ctx);
  // The demo's owners have balances waiting for the next run (or the admin's "run payouts now").
  await markScheduledRunsDone(ctx);
  // A published key is a way in, like the demo passwords: never in production.
  if (!production) await seedDemoReseller(ctx.db, ctx.now());
  return {
    adminEmail: DEMO_ADMIN.email,
    adminPassword,
    crew,
    agent: crew ? { email: DEMO_AGENT.email, password: DEMO_AGENT.password } : null,
    owners: ownerAccounts
      ? DEMO_OWNERS.map((o) => ({ email: o.account, password: DEMO_OWNER_PASSWORD }))
      : [],
    voucherCode: production ? null : DEMO_VOUCHERS.active.code,
    promoCode: production ? null : DEMO_PROMO.code,
    resellerKey: production ? null : DEMO_RESELLER.key,
  };
}

/** The line `npm start`, `db:seed` and `db:reset` print about the seeded accounts. */
export function seededAccountsLine(seeded: SeededAccounts): string {
  const crew = seeded.crew ? `; demo crew: ${seeded.crew.email} / ${seeded.crew.password}` : '';
  const agent = seeded.agent ? `; demo agent: ${seeded.agent.email} / ${seeded.agent.password}` : '';
  const owners =
    seeded.owners.length > 0
      ? `; demo owners: ${seeded.owners.map((o) => o.email).join(', ')} / ${seeded.owners[0]?.password ?? ''}`
      : '';
  const voucher = seeded.voucherCode ? `; demo gift voucher: ${seeded.voucherCode}` : '';
  const promo = seeded.promoCode ? `; demo promo code: ${seeded.promoCode}` : '';
  const reseller = seeded.resellerKey ? `; demo reseller's OCTO API key: ${seeded.resellerKey}` : '';
  return `Demo admin: ${seeded.adminEmail} / ${seeded.adminPassword}${crew}${agent}${owners}${voucher}${promo}${reseller}`;
}

/** The demo's reseller, an online travel agency on 20 % commission, and its published key. */
export const DEMO_RESELLER = {
  name: 'Canary Trips Online',
  contactName: 'Sofía Hernández',
  contactEmail: 'partners@canarytrips.example',
  commissionBps: 2000,
  cancellation: 'boat_policy',
  // The demo sells every boat its owners opt in, so the README's first calls find products.
  allOptedInBoats: true,
  // Whom the monthly invoices name (docs/channels.md#invoices-to-the-reseller): a made-up company
  // with a CIF of the right form, as the demo's other parties.
  billingLegalName: 'Canary Trips Online S.L.',
  billingTaxId: 'B38123451',
  billingCountry: 'ES',
  billingAddress: 'Calle del Castillo 12, 38002 Santa Cruz de Tenerife',
  // Its own hold limits (docs/channels.md#the-octo-validator): a certification run books one
  // trip over and over through one key, about eight reservations on hold at once, so the demo key
  // may hold half of the large catamaran's trip unconfirmed, at most 6 seats a reservation (the
  // others are the server's settings).
  maxHeldSharePercent: 100,
  maxHeldSeatsPerTrip: 50,
  maxSeatsPerReservation: 6,
  key: 'octo_demo-canary-trips-2026',
} as const;

async function seedDemoReseller(db: Db, now: Date): Promise<void> {
  const { key, ...details } = DEMO_RESELLER;
  const [reseller] = await db.insert(resellers).values(details).returning();
  if (!reseller) throw new Error('seeding the demo reseller failed');
  await db.insert(resellerApiKeys).values({
    resellerId: reseller.id,
    label: 'Demo key',
    prefix: shownPartOf(key),
    keyHash: apiKeyHash(key),
    createdAt: now,
  });
}

/**
 * The demo's gift vouchers: one active and whole (its code printed with the demo accounts), one
 * partly spent on a paid upcoming booking (the rest of that booking paid by card).
 */
/** The platform's promo code of the worked example in docs/payments.md: 10 % off from €100. */
const DEMO_PROMO = { code: 'SUMMER-10', percentBps: 1000, minSpendCents: 10_000 };

const DEMO_VOUCHERS = {
  active: { code: 'GV-SUNN-YDAY', amountCents: 15_000, recipient: 'Lucía Pérez', language: 'es' },
  spent: {
    code: 'GV-WAVE-PART',
    amountCents: 10_000,
    recipient: 'Tom Becker',
    language: 'de',
    usedCents: 6_000,
  },
} as const;

/** A voucher sold `soldAt` by the sandbox card: the voucher and its sale's payment on no booking. */
async function seedGiftVoucher(
  db: Db,
  v: { code: string; amountCents: number; recipient: string; language: string },
  soldAt: Date,
): Promise<string> {
  const [voucher] = await db
    .insert(giftVouchers)
    .values({
      code: v.code,
      amountCents: v.amountCents,
      purchaserName: 'Marta Díaz',
      purchaserEmail: 'marta.diaz@example.com',
      purchaserLanguage: 'es',
      recipientName: v.recipient,
      recipientEmail: null,
      recipientLanguage: v.language,
      message: '¡Feliz cumpleaños! Enjoy the sea.',
      paidAt: soldAt,
      expiresAt: voucherExpiresAt(soldAt, VOUCHER_VALIDITY_MONTHS),
      createdAt: soldAt,
      updatedAt: soldAt,
    })
    .returning();
  if (!voucher) throw new Error('seeding a gift voucher failed');
  const intentId = `pi_sbx_${randomBytes(12).toString('hex')}`;
  await db.insert(sandboxPaymentIntents).values({
    id: intentId,
    clientSecret: `${intentId}_secret_${randomBytes(16).toString('hex')}`,
    amountCents: v.amountCents,
    status: 'succeeded',
    metadata: { giftVoucherId: voucher.id },
  });
  await db.insert(payments).values({
    bookingId: null,
    giftVoucherId: voucher.id,
    provider: 'sandbox',
    providerId: intentId,
    amountCents: v.amountCents,
    status: 'succeeded',
    createdAt: soldAt,
  });
  return voucher.id;
}

/** A small deterministic generator, so every fresh demo database looks the same. */
function prng(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1664525 + 1013904223) % 4294967296;
    return s / 4294967296;
  };
}

/** Bookings in every status; the platform, with the most boats, gets the longer season. */
const PLATFORM_PLANS: { dayOffset: number; status: BookingStatus }[] = [
  ...[-20, -18, -15, -12, -10, -8, -6, -5, -3, -2, -1].map((d) => ({
    dayOffset: d,
    status: 'completed' as const,
  })),
  { dayOffset: -9, status: 'refunded' },
  { dayOffset: -4, status: 'canceled' },
  ...[1, 2, 2, 3, 5, 6, 8, 10, 13, 16, 20].map((d) => ({ dayOffset: d, status: 'paid' as const })),
  ...[1, 3, 4, 7, 9, 12, 15, 21].map((d) => ({ dayOffset: d, status: 'confirmed' as const })),
  { dayOffset: 4, status: 'pending' },
  { dayOffset: 11, status: 'canceled' },
  { dayOffset: 6, status: 'refunded' },
];
const OWNER_PLANS: { dayOffset: number; status: BookingStatus }[] = [
  ...[-35, -14, -7, -3, -1].map((d) => ({ dayOffset: d, status: 'completed' as const })),
  { dayOffset: -6, status: 'refunded' },
  { dayOffset: -2, status: 'canceled' },
  ...[0, 1, 3, 6, 10].map((d) => ({ dayOffset: d, status: 'paid' as const })),
  ...[1, 2, 5, 9].map((d) => ({ dayOffset: d, status: 'confirmed' as const })),
  { dayOffset: 3, status: 'pending' },
  { dayOffset: 8, status: 'canceled' },
  { dayOffset: 5, status: 'refunded' },
];

export async function seedDemoData(
  db: Db,
  now: Date,
  feePercent: number,
  accounts: { adminPassword: string; crew: Account | null; ownerAccounts: boolean; giftVouchers: boolean } = {
    adminPassword: DEMO_ADMIN.password,
    crew: DEMO_CREW,
    ownerAccounts: true,
    giftVouchers: true,
  },
): Promise<void> {
  const soldAt = new Date(now.getTime() - 20 * 86400_000);
  if (accounts.giftVouchers) {
    await seedGiftVoucher(db, DEMO_VOUCHERS.active, soldAt);
    // The platform's code, valid on every boat: what a printed code costs is the platform's.
    await db.insert(promoCodes).values({
      code: DEMO_PROMO.code,
      ownerId: null,
      kind: 'percent',
      value: DEMO_PROMO.percentBps,
      minSpendCents: DEMO_PROMO.minSpendCents,
      createdBy: 'demo',
    });
  }
  // Spent in part on the first paid upcoming booking worth more than its part (below).
  let spentVoucherId = accounts.giftVouchers ? await seedGiftVoucher(db, DEMO_VOUCHERS.spent, soldAt) : null;
  const today = canaryDateKey(now);
  const random = prng(2026);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;

  // The platform owner exists from the migrations; the others are the demo's partners.
  const ownerIds = new Map<DemoOwnerKey, string>([['platform', await platformOwnerId(db)]]);
  const ownerRates = new Map<DemoOwnerKey, number>([['platform', commissionBps(null, feePercent)]]);
  // Each partner granted the platform representation before the AEAT two months ago, so the
  // records of the invoices issued in their name go (docs/invoicing.md#sending-for-others-lawfully).
  // Each also accepted, with the terms of listing, that the platform invoices their customers in
  // their name before the first seeded sale (docs/invoicing.md#customers-invoices-in-the-owners-name).
  const represented = {
    customerInvoicingAcceptedAt: new Date(now.getTime() - 60 * 86400_000),
    aeatRepresentedSince: canaryDateKey(new Date(now.getTime() - 60 * 86400_000)),
    aeatRepresentationEvidence: 'Demo: apoderamiento registered at the AEAT',
  };
  for (const { key, account: _account, ...details } of DEMO_OWNERS) {
    const [owner] = await db
      .insert(owners)
      .values({ ...details, ...represented })
      .returning();
    if (!owner) throw new Error(`seeding owner ${key} failed`);
    ownerIds.set(key, owner.id);
    ownerRates.set(key, commissionBps(owner.commissionBps, feePercent));
  }
  const ownerId = (key: DemoOwnerKey) => ownerIds.get(key) as string;

  await db.insert(users).values({
    email: DEMO_ADMIN.email,
    passwordHash: await hashPassword(accounts.adminPassword),
    role: 'admin',
  });
  if (accounts.crew) {
    await db.insert(users).values({
      email: accounts.crew.email,
      passwordHash: await hashPassword(accounts.crew.password),
      role: 'crew',
      ownerId: ownerId('platform'),
    });
    // The demo agent comes with the demo crew: both are published accounts, never in production.
    const [agent] = await db
      .insert(users)
      .values({
        email: DEMO_AGENT.email,
        passwordHash: await hashPassword(DEMO_AGENT.password),
        role: 'agent',
      })
      .returning();
    if (!agent) throw new Error('seeding the demo agent failed');
    await db
      .insert(agents)
      .values({ userId: agent.id, name: DEMO_AGENT.name, commissionBps: DEMO_AGENT.commissionBps });
  }
  if (accounts.ownerAccounts) {
    const passwordHash = await hashPassword(DEMO_OWNER_PASSWORD);
    await db.insert(users).values(
      DEMO_OWNERS.map((o) => ({
        email: o.account,
        passwordHash,
        role: 'owner' as const,
        ownerId: ownerId(o.key),
      })),
    );
  }

  const slotsByBoat = new Map<string, SlotRow[]>();
  const takenPrivate = new Set<string>();
  const boatsByOwner = new Map<DemoOwnerKey, BoatRow[]>();
  for (const [index, boat] of DEMO_FLEET.entries()) {
    const { plan, slug, owner, extras, priceRules, ...fields } = boat;
    const [row] = await db
      .insert(boats)
      .values({
        ...fields,
        extras: extras.map((extra) => ({ ...extra, id: randomUUID() })),
        priceRules: (priceRules?.(today) ?? []).map((rule) => ({ ...rule, id: randomUUID() })),
        ownerId: ownerId(owner),
        slug,
        images: boatImages(slug),
        sortOrder: index,
        submittedAt: now,
        publishedAt: now,
      })
      .returning();
    if (!row) throw new Error(`seeding boat ${slug} failed`);
    boatsByOwner.set(owner, [...(boatsByOwner.get(owner) ?? []), row]);

    const newSlots: (typeof slots.$inferInsert)[] = [];
    for (let d = -DAYS_BACK; d <= DAYS_AHEAD; d++) {
      const day = addDays(today, d);
      const weekday = ((new Date(`${day}T12:00:00Z`).getUTCDay() + 6) % 7) + 1;
      if (plan.closedWeekdays?.includes(weekday)) continue;
      for (const hour of plan.privateHours) {
        const startsAt = canaryInstant(day, hour);
        newSlots.push({
          boatId: row.id,
          type: 'private',
          startsAt,
          endsAt: new Date(startsAt.getTime() + 3600_000),
        });
      }
      for (const trip of plan.sharedTrips) {
        newSlots.push({
          boatId: row.id,
          type: 'shared',
          startsAt: canaryInstant(day, trip.start),
          endsAt: canaryInstant(day, trip.end),
          seatPriceCents: boat.sharedPricePerHourCents,
          seatsTotal: boat.capacity,
        });
      }
    }
    const inserted: SlotRow[] = [];
    for (let i = 0; i < newSlots.length; i += 500) {
      inserted.push(
        ...(await db
          .insert(slots)
          .values(newSlots.slice(i, i + 500))
          .returning()),
      );
    }
    slotsByBoat.set(row.id, inserted);
  }

  let bookingNo = 0;
  const completed: { booking: typeof bookings.$inferSelect; customer: (typeof DEMO_CUSTOMERS)[number] }[] =
    [];
  const plans = [...boatsByOwner.entries()].flatMap(([owner, ownerBoats]) =>
    (owner === 'platform' ? PLATFORM_PLANS : OWNER_PLANS).map((plan) => ({
      ...plan,
      boats: ownerBoats,
      rate: ownerRates.get(owner) as number,
    })),
  );

  // A plan that finds no room (a full trip, no free hours that day) is tried again a day further
  // from today, so every status is seeded whatever the date the demo is made on.
  const queue = plans.map((plan) => ({ ...plan, tries: 0 }));
  const tryLater = (plan: (typeof queue)[number]) => {
    if (plan.tries < 7) {
      queue.push({
        ...plan,
        tries: plan.tries + 1,
        dayOffset: plan.dayOffset + (plan.dayOffset < 0 ? -1 : 1),
      });
    }
  };
  for (const plan of queue) {
    const boat = pick(plan.boats);
    const slotsOn = (day: string) =>
      (slotsByBoat.get(boat.id) ?? [])
        .filter((s) => canaryDateKey(s.startsAt) === day)
        .sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
    // A boat closed on the planned weekday sails the next day (further from today).
    let daySlots: SlotRow[] = [];
    for (let k = 0; k < 7 && daySlots.length === 0; k++) {
      daySlots = slotsOn(addDays(today, plan.dayOffset + (plan.dayOffset < 0 ? -k : k)));
    }
    const shared = daySlots.filter((s) => s.type === 'shared');
    const priv = daySlots.filter((s) => s.type === 'private');
    const customer = pick(DEMO_CUSTOMERS);
    const sells = isRevenueStatus(plan.status);
    const holds = sells || plan.status === 'pending';
    bookingNo += 1;

    let values: typeof bookings.$inferInsert;
    let ticketRows: Omit<typeof tickets.$inferInsert, 'bookingId'>[];
    let chain: SlotRow[] = [];
    if (shared.length > 0 && (priv.length === 0 || random() < 0.6)) {
      const slot = pick(shared);
      const hours = (slot.endsAt.getTime() - slot.startsAt.getTime()) / 3600_000;
      const passengers: Passengers = {
        adults: 2 + Math.floor(random() * 3),
        children50: Math.floor(random() * 2),
        kidsFree: Math.floor(random() * 2),
      };
      const seats = passengers.adults + passengers.children50 + passengers.kidsFree;
      if (slot.seatsTaken + seats > slot.seatsTotal) {
        tryLater(plan);
        continue;
      }
      // Sold at the boat's seasonal price for the trip (docs/payments.md#pricing).
      const seatPrice = ratesOfRowAt(boat, slot.seatPriceCents, slot.startsAt).seatPerHourCents;
      const gross = sharedPriceCents(seatPrice, passengers, hours);
      ticketRows = ticketPricesCents(seatPrice, passengers, hours).map((t, i) => ({
        code: newTicketCode(),
        seatNo: slot.seatsTaken + i + 1,
        passengerType: t.type,
        pricePaidCents: t.cents,
      }));
      // The sale's seats: the database adds them to seats_taken as the booking is written.
      if (sells) slot.seatsTaken += seats;
      values = {
        boatId: boat.id,
        slotId: slot.id,
        type: 'shared',
        startsAt: slot.startsAt,
        endsAt: slot.endsAt,
        seats,
        adults: passengers.adults,
        children50: passengers.children50,
        kidsFree: passengers.kidsFree,
        amountGrossCents: gross,
      };
    } else {
      const hours = Math.min(
        boat.maxDurationHours,
        Math.max(boat.minDurationHours, 2 + Math.floor(random() * 2)),
      );
      const free = priv.filter((s) => !takenPrivate.has(s.id));
      const startIndex = free.findIndex((s, i) =>
        free
          .slice(i, i + hours)
          .every((c, k) => k === 0 || c.startsAt.getTime() === free[i + k - 1]?.endsAt.getTime()),
      );
      chain = startIndex >= 0 ? free.slice(startIndex, startIndex + hours) : [];
      if (chain.length < hours || chain.length === 0) {
        tryLater(plan);
        continue;
      }
      const first = chain[0] as SlotRow;
      const last = chain[chain.length - 1] as SlotRow;
      const adults = 2 + Math.floor(random() * 4);
      values = {
        boatId: boat.id,
        slotId: first.id,
        type: 'private',
        startsAt: first.startsAt,
        endsAt: last.endsAt,
        seats: adults,
        adults,
        amountGrossCents: charterPrice(ratesOfRowAt(boat, 0, first.startsAt).charter, hours).amountCents,
      };
      // A charter party carries one boarding pass for everyone on board.
      ticketRows = [
        {
          code: newTicketCode(),
          kind: 'boarding_pass',
          seatNo: 1,
          passengerType: 'adult',
          pricePaidCents: values.amountGrossCents,
        },
      ];
    }

    const gross = values.amountGrossCents;
    const paidAtSomePoint = plan.status !== 'pending' && !(plan.status === 'canceled' && bookingNo % 2 === 0);
    const createdAt = new Date(
      Math.min(now.getTime(), values.startsAt.getTime()) - (3 + (bookingNo % 10)) * 86400_000,
    );
    const [booking] = await db
      .insert(bookings)
      .values({
        ...values,
        status: plan.status,
        customerName: customer.name,
        customerEmail: customer.email,
        customerPhone: customer.phone,
        language: customer.language,
        provider: 'sandbox',
        // Random, like every provider intent id: nothing about a booking can be guessed from it.
        providerPaymentId: `pi_sbx_${randomBytes(12).toString('hex')}`,
        commissionBps: plan.rate,
        holdExpiresAt: plan.status === 'pending' ? new Date(now.getTime() + 15 * 60_000) : null,
        cancelReason:
          plan.status === 'canceled' || plan.status === 'refunded' ? 'Customer asked to cancel' : null,
        paidAt: paidAtSomePoint ? createdAt : null,
        createdAt,
      })
      .returning();
    if (!booking) throw new Error('seeding a booking failed');
    if (plan.status === 'completed') completed.push({ booking, customer });

    // The partly spent demo voucher pays part of one paid upcoming booking; the card the rest.
    const voucherCents =
      spentVoucherId &&
      plan.status === 'paid' &&
      values.startsAt > now &&
      gross >= 2 * DEMO_VOUCHERS.spent.usedCents
        ? DEMO_VOUCHERS.spent.usedCents
        : 0;
    if (spentVoucherId && voucherCents > 0) {
      await db.insert(payments).values({
        bookingId: booking.id,
        giftVoucherId: spentVoucherId,
        provider: 'voucher',
        providerId: `voucher:${booking.id}`,
        amountCents: voucherCents,
        status: 'succeeded',
        method: 'voucher',
        createdAt,
      });
      spentVoucherId = null;
    }
    const cardCents = gross - voucherCents;

    // A booking never paid has what the real flow leaves: its card intent at the provider, open
    // while the hold lasts (a customer at the card form), canceled with its attempt on record once
    // the hold was canceled. Payment reconciliation would otherwise ask the provider about an
    // intent it never had, at every run.
    if (!paidAtSomePoint && booking.providerPaymentId) {
      const canceled = plan.status === 'canceled';
      await db.insert(sandboxPaymentIntents).values({
        id: booking.providerPaymentId,
        clientSecret: `${booking.providerPaymentId}_secret_${randomBytes(16).toString('hex')}`,
        amountCents: gross,
        status: canceled ? 'canceled' : 'requires_payment_method',
        metadata: { bookingId: booking.id },
      });
      if (canceled) {
        await db.insert(payments).values({
          bookingId: booking.id,
          provider: 'sandbox',
          providerId: booking.providerPaymentId,
          amountCents: gross,
          status: 'canceled',
          createdAt,
        });
      }
    }
    // The sandbox provider holds the demo card payments, so the operator can refund them.
    if (paidAtSomePoint && booking.providerPaymentId) {
      const refunded = plan.status === 'refunded' ? cardCents : 0;
      await db.insert(sandboxPaymentIntents).values({
        id: booking.providerPaymentId,
        clientSecret: `${booking.providerPaymentId}_secret_${randomBytes(16).toString('hex')}`,
        amountCents: cardCents,
        status: 'succeeded',
        metadata: { bookingId: booking.id },
        amountRefundedCents: refunded,
      });
      const [payment] = await db
        .insert(payments)
        .values({
          bookingId: booking.id,
          provider: 'sandbox',
          providerId: booking.providerPaymentId,
          amountCents: cardCents,
          status: 'succeeded',
          createdAt,
        })
        .returning();
      if (payment && refunded > 0) {
        await db.insert(refunds).values({
          bookingId: booking.id,
          paymentId: payment.id,
          provider: 'sandbox',
          providerId: `re_sbx_${randomBytes(12).toString('hex')}`,
          amountCents: refunded,
          status: 'succeeded',
          actor: DEMO_ADMIN.email,
          reason: 'Customer asked to cancel',
          cause: 'operator',
          // When the history says it was refunded (historyRows: 6 h after booking), not at seeding.
          createdAt: new Date(createdAt.getTime() + 6 * 3600_000),
        });
      }
    }
    if (ticketRows.length > 0 && paidAtSomePoint) {
      await db.insert(tickets).values(ticketRows.map((t) => ({ ...t, bookingId: booking.id })));
    }
    if (chain.length > 0) {
      await db
        .insert(bookingSlots)
        .values(chain.map((s) => ({ bookingId: booking.id, slotId: s.id, active: holds })));
      if (holds) chain.forEach((s) => takenPrivate.add(s.id));
    }
    await db
      .insert(bookingHistory)
      .values(historyFor(booking.id, plan.status, paidAtSomePoint, createdAt, gross));
  }

  // The self-drive boat's handover, one in progress and one done (demo-self-drive.ts).
  const selfDrive = (boatsByOwner.get('volkov') ?? []).find((b) => b.slug === 'gomera-runner');
  if (selfDrive) {
    await seedSelfDriveHandovers(db, now, {
      boat: selfDrive,
      slots: slotsByBoat.get(selfDrive.id) ?? [],
      takenPrivate,
      customers: [DEMO_CUSTOMERS[3]!, DEMO_CUSTOMERS[4]!],
      rate: ownerRates.get('volkov') as number,
      ownerAccount: DEMO_OWNERS.find((o) => o.key === 'volkov')!.account,
    });
  }

  await seedPendingRequest(db, now, boatsByOwner.get('anaga') ?? [], slotsByBoat, takenPrivate, {
    customer: DEMO_CUSTOMERS[4]!,
    rate: ownerRates.get('anaga') as number,
  });

  await seedReviews(db, now, completed, random);

  // The completed trips' earnings, as the lifecycle writes them when it completes a trip.
  await syncCompletedEarnings({
    db,
    now: () => now,
    config: { PAYOUT_DELAY_DAYS: DEFAULT_PAYOUT_DELAY_DAYS },
  });

  await db.insert(contactMessages).values(
    DEMO_MESSAGES.map((m, i) => ({
      name: m.name,
      email: m.email,
      phone: m.phone,
      source: m.source,
      message: m.message,
      ip: `203.0.113.${10 + i}`,
      userAgent:
        i % 2 === 0
          ? 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1'
          : 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36',
      createdAt: new Date(now.getTime() - m.daysAgo * 86400_000 - i * 3600_000),
    })),
  );
}

/**
 * One request-to-book waiting for its owner (docs/payments.md#request-to-book): a charter on the
 * first request boat four days ahead, its card authorized in the sandbox (requires_capture), its
 * hours held, its answer due in 20 hours; Accept or Decline work on it as on a real one.
 */
async function seedPendingRequest(
  db: Db,
  now: Date,
  ownerBoats: BoatRow[],
  slotsByBoat: Map<string, SlotRow[]>,
  takenPrivate: Set<string>,
  sale: { customer: (typeof DEMO_CUSTOMERS)[number]; rate: number },
): Promise<void> {
  const boat = ownerBoats.find((b) => b.bookingMode === 'request');
  if (!boat) return;
  const hours = boat.minDurationHours;
  // The first day from four days ahead with free hours in a row: a boat's week has days without
  // private hours, and the season's sales take others.
  const chainOn = (day: string): SlotRow[] => {
    const free = (slotsByBoat.get(boat.id) ?? [])
      .filter((s) => s.type === 'private' && canaryDateKey(s.startsAt) === day && !takenPrivate.has(s.id))
      .sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
    const start = free.findIndex((s, i) =>
      free
        .slice(i, i + hours)
        .every((c, k) => k === 0 || c.startsAt.getTime() === free[i + k - 1]?.endsAt.getTime()),
    );
    return start >= 0 ? free.slice(start, start + hours) : [];
  };
  let chain: SlotRow[] = [];
  for (let ahead = 4; ahead <= 14 && (chain.length < hours || chain.length === 0); ahead++)
    chain = chainOn(addDays(canaryDateKey(now), ahead));
  if (chain.length < hours || chain.length === 0) return;
  const first = chain[0] as SlotRow;
  const last = chain[chain.length - 1] as SlotRow;
  const gross = charterPrice(ratesOfRowAt(boat, 0, first.startsAt).charter, hours).amountCents;
  const createdAt = new Date(now.getTime() - 4 * 3600_000);
  const intentId = `pi_sbx_${randomBytes(12).toString('hex')}`;
  const { customer } = sale;
  const [booking] = await db
    .insert(bookings)
    .values({
      boatId: boat.id,
      slotId: first.id,
      type: 'private',
      startsAt: first.startsAt,
      endsAt: last.endsAt,
      seats: 4,
      adults: 4,
      amountGrossCents: gross,
      status: 'requested',
      customerName: customer.name,
      customerEmail: customer.email,
      customerPhone: customer.phone,
      language: customer.language,
      provider: 'sandbox',
      providerPaymentId: intentId,
      commissionBps: sale.rate,
      requestDecideBy: new Date(now.getTime() + 20 * 3600_000),
      createdAt,
    })
    .returning();
  if (!booking) throw new Error('seeding the request failed');
  await db.insert(sandboxPaymentIntents).values({
    id: intentId,
    clientSecret: `${intentId}_secret_${randomBytes(16).toString('hex')}`,
    amountCents: gross,
    status: 'requires_capture',
    captureMethod: 'manual',
    metadata: { bookingId: booking.id },
  });
  await db.insert(payments).values({
    bookingId: booking.id,
    provider: 'sandbox',
    providerId: intentId,
    amountCents: gross,
    status: 'requires_capture',
    createdAt,
  });
  await db
    .insert(bookingSlots)
    .values(chain.map((s) => ({ bookingId: booking.id, slotId: s.id, active: true })));
  chain.forEach((s) => takenPrivate.add(s.id));
  await db.insert(bookingHistory).values([
    {
      bookingId: booking.id,
      at: createdAt,
      actor: 'customer',
      fromStatus: null,
      toStatus: 'pending',
      code: 'checkout_started',
    },
    {
      bookingId: booking.id,
      at: new Date(createdAt.getTime() + 60_000),
      actor: 'provider',
      fromStatus: 'pending',
      toStatus: 'requested',
      code: 'payment_authorized',
    },
  ]);
}

/**
 * Reviews from the demo's completed bookings, so the site's rating is true: every completed
 * booking of a boat but its latest is reviewed; the latest one's customer has not written yet,
 * and its completion is a domain event, so the first run of the jobs sends them the review link
 * (to the log, or to SMTP_URL). Some reviews carry the owner's answer.
 */
async function seedReviews(
  db: Db,
  now: Date,
  completed: { booking: typeof bookings.$inferSelect; customer: (typeof DEMO_CUSTOMERS)[number] }[],
  random: () => number,
): Promise<void> {
  const latestOfBoat = new Map<string, string>();
  for (const { booking } of [...completed].sort(
    (a, b) => a.booking.startsAt.getTime() - b.booking.startsAt.getTime(),
  )) {
    latestOfBoat.set(booking.boatId, booking.id);
  }
  const toReview = completed.filter(({ booking }) => latestOfBoat.get(booking.boatId) !== booking.id);
  const rows = toReview.map(({ booking, customer }, i) => {
    const texts = DEMO_REVIEW_TEXTS[customer.language] ?? DEMO_REVIEW_TEXTS.en ?? [];
    const written = texts[i % texts.length] ?? { stars: 5, text: '' };
    const createdAt = new Date(Math.min(now.getTime() - 3600_000, booking.endsAt.getTime() + 20 * 3600_000));
    const reply = i % 4 === 1 ? DEMO_REPLIES[i % DEMO_REPLIES.length] : undefined;
    return {
      bookingId: booking.id,
      boatId: booking.boatId,
      stars: written.stars,
      text: written.text,
      firstName: booking.customerName.split(' ')[0] ?? booking.customerName,
      country: demoCustomerCountry(customer.email),
      language: customer.language,
      tripStartsAt: booking.startsAt,
      helpful: Math.floor(random() * 6),
      createdAt,
      updatedAt: createdAt,
      ...(reply
        ? {
            ownerReply: reply.text,
            ownerReplyLanguage: reply.language,
            ownerRepliedAt: new Date(createdAt.getTime() + 5 * 3600_000),
            ownerRepliedBy: DEMO_ADMIN.email,
          }
        : {}),
    };
  });
  if (rows.length > 0) await db.insert(reviews).values(rows);
  const unreviewed = completed.filter(({ booking }) => latestOfBoat.get(booking.boatId) === booking.id);
  for (const { booking } of unreviewed) {
    await emitEvent(db, {
      kind: 'booking.status_changed',
      bookingId: booking.id,
      payload: {
        from: 'confirmed',
        to: 'completed',
        code: 'trip_ended',
        params: {},
        actor: 'system',
        reason: null,
      },
    });
  }
}

function historyFor(
  bookingId: string,
  status: BookingStatus,
  paid: boolean,
  createdAt: Date,
  grossCents: number,
) {
  const at = (hours: number) => new Date(createdAt.getTime() + hours * 3600_000);
  const rows: (typeof bookingHistory.$inferInsert)[] = [
    {
      bookingId,
      at: at(0),
      actor: 'customer',
      fromStatus: null,
      toStatus: 'pending',
      code: 'checkout_started',
    },
  ];
  if (paid)
    rows.push({
      bookingId,
      at: at(0.01),
      actor: 'provider',
      fromStatus: 'pending',
      toStatus: 'paid',
      code: 'payment_succeeded',
    });
  if (status === 'confirmed' || status === 'completed')
    rows.push({
      bookingId,
      at: at(2),
      actor: DEMO_ADMIN.email,
      fromStatus: 'paid',
      toStatus: 'confirmed',
      code: 'operator_confirmed',
    });
  if (status === 'completed')
    rows.push({
      bookingId,
      at: at(24 * 3),
      actor: 'system',
      fromStatus: 'confirmed',
      toStatus: 'completed',
      code: 'trip_ended',
    });
  if (status === 'canceled' || status === 'refunded')
    rows.push({
      bookingId,
      at: at(5),
      actor: DEMO_ADMIN.email,
      fromStatus: paid ? 'paid' : 'pending',
      toStatus: 'canceled',
      code: 'operator_canceled',
      params: { reason: 'Customer asked to cancel' },
      reason: 'Customer asked to cancel',
    });
  if (status === 'refunded')
    rows.push({
      bookingId,
      at: at(6),
      actor: DEMO_ADMIN.email,
      fromStatus: 'canceled',
      toStatus: 'refunded',
      code: 'refunded',
      params: { amount: centsToEuros(grossCents) },
    });
  return rows;
}
