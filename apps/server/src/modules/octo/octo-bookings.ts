// A reseller's bookings through OCTO (docs/channels.md#holds-and-the-lifecycle). One inventory:
// a reservation is a pending booking holding its seats under the trip's lock exactly as the
// site's checkout does (it lapses at its expiry by the same live-hold rule), confirming it records
// the reseller's on-account payment and sells it through the lifecycle (tickets, e-mails, the
// ledger), and a cancellation goes through the lifecycle with its refund credited to the account.
import { bookingReference } from '@boats/domain/booking-reference';
import { REVENUE_STATUSES } from '@boats/domain/booking-status';
import { heldUntil, RESELLER_DEFAULT_HOLD_MINUTES } from '@boats/domain/holds';
import { canaryDayRange, isPast } from '@boats/domain/canary-time';
import { effectivePolicy, refundCents, refundPercentAt } from '@boats/domain/cancellation-policy';
import { commissionBps } from '@boats/domain/fee-split';
import { supportedLanguage } from '@boats/domain/languages';
import {
  charterOptionId,
  isOctoUnitId,
  passengersOfUnits,
  resellerSaleBps,
  SHARED_OPTION_ID,
} from '@boats/domain/octo';
import { isUuid } from '@boats/domain/schemas/common';
import type {
  OctoBookingUpdate,
  OctoConfirmation,
  OctoContact,
  OctoReservation,
} from '@boats/domain/schemas/octo';
import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import type { DomainError } from '../../http/errors';
import { findCheckoutTarget, updateBookingRow, type BookingRow } from '../bookings/booking-repository';
import { transition } from '../bookings/lifecycle';
import { lockBookingWithTrip } from '../bookings/lock-order';
import { completeRefund, requestRefund } from '../bookings/refunds';
import { planBooking, plannedParty } from '../sales/plan';
import type { HoldingClient } from '../sales/client-hold-limits';
import { assertHeldSeatsFit, completeSale, sell } from '../sales/sell';
import { holdIsLive } from '../occupancy/live-hold';
import { ledgerFrom, paymentsOf, refundsOf } from '../payments/ledger';
import type { ResellerRow } from '../resellers/reseller-repository';
import {
  resellerHoldLimits,
  resellerMaxSeatsPerReservation,
  resellerSeatLimits,
} from '../resellers/reseller-hold-limits';
import type { OctoContactRow, OctoUnitItemRow } from '../resellers/schema';
import { optionStarts } from './octo-charter';
import {
  availabilityOf,
  igicOfBoat,
  boatOfProduct,
  charterAvailabilityOf,
  optionOf,
  pricingOf,
  sharedTrip,
  type Capabilities,
  type OctoOption,
} from './octo-catalogue';
import { octoError } from './octo-errors';
import {
  cancellationReason,
  findResellerBooking,
  insertResellerBooking,
  listResellerBookings,
  boatById,
  ticketsOf,
  updateResellerBooking,
  type ResellerBooking,
} from './octo-repository';

const HOUR_MS = 3_600_000;

const PASSENGER_OF_UNIT = { adult: 'adult', child: 'child_u13', infant: 'child_u6_free' } as const;

function unitIdsOf(items: { unitId: string }[]) {
  return items.map((item) => {
    if (!isOctoUnitId(item.unitId)) {
      throw octoError('INVALID_UNIT_ID', 'The unitId was missing or invalid', { unitId: item.unitId });
    }
    return item.unitId;
  });
}

function unitItemRows(
  items: { uuid?: string | undefined; unitId: string; resellerReference?: string | undefined }[],
) {
  unitIdsOf(items);
  return items.map((item): OctoUnitItemRow => ({
    uuid: item.uuid ?? randomUUID(),
    unitId: item.unitId,
    resellerReference: item.resellerReference ?? null,
  }));
}

function notFoundBooking(uuid: string): DomainError {
  return octoError('INVALID_BOOKING_UUID', 'The booking uuid was missing or invalid', { uuid });
}

/**
 * The contact as the reseller gave it, kept whole (OCTO answers it back as sent): a later one
 * (PATCH, confirm) changes the fields it gives and keeps the others.
 */
function mergedContact(kept: OctoContactRow | null, given: OctoContact | undefined): OctoContactRow | null {
  if (!given) return kept;
  const sent = Object.entries(given).filter(([, value]) => value !== undefined);
  return { ...kept, ...(Object.fromEntries(sent) as OctoContactRow) };
}

/**
 * The booking's own customer columns, which tickets, e-mails and invoices read, from the
 * reseller's contact: its full name (else first and last), e-mail, phone and first language we speak.
 */
function contactColumns(contact: OctoContactRow | null) {
  if (!contact) return {};
  const name =
    contact.fullName ??
    [contact.firstName, contact.lastName].filter((part) => part && part.length > 0).join(' ');
  const language = contact.locales?.map((l) => supportedLanguage(l.slice(0, 2))).find((l) => l !== undefined);
  return {
    ...(name ? { customerName: name } : {}),
    ...(contact.emailAddress ? { customerEmail: contact.emailAddress } : {}),
    ...(contact.phoneNumber ? { customerPhone: contact.phoneNumber } : {}),
    ...(language ? { language } : {}),
  };
}

/**
 * OCTO's contact of a booking: what the reseller gave, as given; a field it never gave is the
 * booking's own (a name or e-mail staff corrected on our side, the language we write in).
 */
function contactOf(row: BookingRow, given: OctoContactRow | null) {
  return {
    fullName: given?.fullName !== undefined ? given.fullName : row.customerName || null,
    firstName: given?.firstName ?? null,
    lastName: given?.lastName ?? null,
    emailAddress: given?.emailAddress !== undefined ? given.emailAddress : row.customerEmail || null,
    phoneNumber: given?.phoneNumber !== undefined ? given.phoneNumber : row.customerPhone || null,
    locales: given?.locales ?? [row.language],
    postalCode: given?.postalCode ?? null,
    country: given?.country ?? null,
    notes: given?.notes ?? null,
  };
}

/** The option a booking was made on: a charter by its hours, else the shared trip. */
function optionOfBooking(row: BookingRow): OctoOption {
  return row.type === 'private'
    ? { kind: 'charter', hours: (row.endsAt.getTime() - row.startsAt.getTime()) / HOUR_MS }
    : { kind: 'shared' };
}

/**
 * The booking rules' refusals in OCTO's words: seats left, the trip's minimum, one infant per
 * adult, the reseller's seats per reservation (its maxUnits); for a charter, the boat's capacity
 * and its consecutive open hours. `replacing`: the hold whose units these are to become.
 */
async function planFor(
  ctx: AppContext,
  reseller: ResellerRow,
  boatId: string,
  slotId: string,
  option: OctoOption,
  unitIds: ReturnType<typeof unitIdsOf>,
  replacing?: BookingRow,
) {
  const target = await findCheckoutTarget(ctx.db, boatId, slotId, ctx.now());
  const type = option.kind === 'charter' ? 'private' : 'shared';
  if (!target?.slot || target.slot.type !== type) {
    throw octoError('INVALID_AVAILABILITY_ID', 'The availabilityId was missing or invalid', {
      availabilityId: slotId,
    });
  }
  if (target.slot.canceledAt) throw octoError('UNPROCESSABLE_ENTITY', 'This trip was canceled.');
  const slot = target.slot;
  const plan = await planBooking(
    ctx,
    {
      boat: target.boat,
      slot,
      // A hold given other units frees its own seats for them (checked again under the lock).
      heldSeats: target.heldSeats - (replacing && onHold(ctx, replacing) ? replacing.seats : 0),
      paidSeatsSold: target.paidSeatsSold,
    },
    option.kind === 'charter'
      ? { mode: 'private', tickets: passengersOfUnits(unitIds), durationHours: option.hours }
      : {
          mode: 'shared',
          tickets: passengersOfUnits(unitIds),
          durationHours: (slot.endsAt.getTime() - slot.startsAt.getTime()) / HOUR_MS,
        },
  );
  const mostSeats = resellerMaxSeatsPerReservation(ctx.config, reseller, slot.seatsTotal);
  if (type === 'shared' && plan.seats > mostSeats) {
    throw octoError(
      'UNPROCESSABLE_ENTITY',
      `One reservation can take at most ${mostSeats} seat${mostSeats === 1 ? '' : 's'} of this trip (its maxUnits): split the party into several reservations.`,
    );
  }
  return { target, slot, plan };
}

export async function reserve(
  ctx: AppContext,
  reseller: ResellerRow,
  body: OctoReservation,
  caps: Capabilities,
) {
  const boat = await boatOfProduct(ctx, reseller, body.productId);
  const option = optionOf(boat, body.optionId);
  // OCTO's uuid is the reseller's idempotency key: the same reservation again answers the first.
  if (body.uuid) {
    const earlier = await findResellerBooking(ctx.db, reseller.id, body.uuid);
    if (earlier) return bookingOf(ctx, reseller, earlier, caps);
  }
  if (!isUuid(body.availabilityId)) {
    throw octoError('INVALID_AVAILABILITY_ID', 'The availabilityId was missing or invalid', {
      availabilityId: body.availabilityId,
    });
  }
  const items = unitItemRows(body.unitItems);
  const { target, slot, plan } = await planFor(
    ctx,
    reseller,
    boat.id,
    body.availabilityId,
    option,
    unitIdsOf(body.unitItems),
  );
  const uuid = body.uuid ?? randomUUID();
  await sell(ctx, {
    slot,
    plan,
    hold: {
      channel: 'reseller',
      minutes: Math.min(
        body.expirationMinutes ?? RESELLER_DEFAULT_HOLD_MINUTES,
        resellerHoldLimits(ctx.config, reseller).maxHoldMinutes,
      ),
    },
    client: resellerClient(ctx, reseller),
    booking: {
      customerName: '',
      customerEmail: '',
      customerPhone: '',
      language: 'en',
      ...contactColumns(mergedContact(null, body.contact)),
      provider: 'reseller',
      // The platform's rate on the net the reseller owes, so the ledger's split leaves the
      // reseller's commission where the boat's agreement puts it (domain resellerSaleBps).
      commissionBps: resellerSaleBps(
        commissionBps(target.ownerCommissionBps, ctx.config.PLATFORM_FEE_PERCENT),
        reseller.commissionBps,
        boat.resellerCommissionBearer,
      ),
    },
    history: { actor: reseller.name, code: 'reseller_reserved', params: { reseller: reseller.name } },
    record: (tx, row) =>
      insertResellerBooking(tx, {
        bookingId: row.id,
        resellerId: reseller.id,
        uuid,
        resellerReference: body.resellerReference ?? null,
        unitItems: items,
        notes: body.notes ?? null,
        contact: mergedContact(null, body.contact),
        commissionBps: reseller.commissionBps,
        createdAt: ctx.now(),
      }),
  });
  return bookingByUuid(ctx, reseller, uuid, caps);
}

async function found(ctx: AppContext, reseller: ResellerRow, uuid: string): Promise<ResellerBooking> {
  const row = await findResellerBooking(ctx.db, reseller.id, uuid);
  if (!row) throw notFoundBooking(uuid);
  return row;
}

export async function bookingByUuid(
  ctx: AppContext,
  reseller: ResellerRow,
  uuid: string,
  caps: Capabilities,
) {
  return bookingOf(ctx, reseller, await found(ctx, reseller, uuid), caps);
}

export async function listBookings(
  ctx: AppContext,
  reseller: ResellerRow,
  query: {
    resellerReference?: string | undefined;
    supplierReference?: string | undefined;
    localDate?: string | undefined;
  },
  caps: Capabilities,
) {
  if (!query.resellerReference && !query.supplierReference && !query.localDate) {
    throw octoError('BAD_REQUEST', 'resellerReference, supplierReference or localDate is required');
  }
  const rows = await listResellerBookings(ctx.db, reseller.id, {
    ...(query.resellerReference ? { resellerReference: query.resellerReference } : {}),
    ...(query.supplierReference ? { supplierReference: query.supplierReference } : {}),
    ...(query.localDate ? { day: canaryDayRange(query.localDate) } : {}),
  });
  return Promise.all(rows.map((row) => bookingOf(ctx, reseller, row, caps)));
}

/** Locks the reseller's booking with its trip (lock order), refusing another reseller's. */
async function lockOwn(
  tx: Db,
  reseller: ResellerRow,
  uuid: string,
): Promise<{ row: BookingRow; octo: ResellerBooking['octo'] }> {
  const own = await findResellerBooking(tx, reseller.id, uuid);
  const row = own && (await lockBookingWithTrip(tx, own.booking.id));
  if (!own || !row) throw notFoundBooking(uuid);
  return { row, octo: own.octo };
}

const isSoldStatus = (status: BookingRow['status']) =>
  (REVENUE_STATUSES as readonly string[]).includes(status);

/** A reseller's holds are limited together, by its own limits (docs/channels.md#holds-and-the-lifecycle). */
function resellerClient(ctx: AppContext, reseller: ResellerRow): HoldingClient {
  return {
    key: `reseller:${reseller.id}`,
    maxLiveHolds: resellerHoldLimits(ctx.config, reseller).maxLiveHolds,
    limits: resellerSeatLimits(ctx.config, reseller),
    is: 'reseller',
  };
}

/**
 * A held reservation's new end: the minutes asked from now, never past the reseller's longest hold
 * (maxHoldMinutes) after it was made (extensions included) nor the trip's start. Refused once it has held that long.
 */
function extendedHold(
  ctx: AppContext,
  reseller: ResellerRow,
  { row, octo }: { row: BookingRow; octo: ResellerBooking['octo'] },
  minutes: number | undefined,
): Date {
  const now = ctx.now();
  // When the reseller reserved, by the app's clock.
  const { maxHoldMinutes } = resellerHoldLimits(ctx.config, reseller);
  const longest = new Date(octo.createdAt.getTime() + maxHoldMinutes * 60_000);
  const wanted = heldUntil({ channel: 'reseller', minutes }, now, row.startsAt);
  if (row.holdExpiresAt && row.holdExpiresAt >= longest && wanted > row.holdExpiresAt) {
    throw octoError(
      'UNPROCESSABLE_ENTITY',
      `A reservation is held at most ${maxHoldMinutes} minutes: confirm it or let it go.`,
    );
  }
  return wanted < longest ? wanted : longest;
}

function onHold(ctx: AppContext, row: BookingRow): boolean {
  return holdIsLive(row, ctx.now());
}

export async function confirm(
  ctx: AppContext,
  reseller: ResellerRow,
  uuid: string,
  body: OctoConfirmation,
  caps: Capabilities,
) {
  // The units asked are checked before the booking (INVALID_UNIT_ID naming the unit). Units that
  // differ from the hold's change it as a PATCH would, then it is confirmed (OCTO's confirm takes
  // the final unit items).
  const current = body.unitItems ? await found(ctx, reseller, uuid) : undefined;
  const replan =
    current && body.unitItems && !sameUnits(body.unitItems, current.octo.unitItems)
      ? await replanOf(ctx, reseller, current.booking, body.unitItems)
      : undefined;
  await ctx.db.transaction(async (tx) => {
    const { row, octo } = await lockOwn(tx, reseller, uuid);
    // Confirming again, or at the same time, answers the confirmed booking: read from the row
    // locked, so a confirm that waited for another sees it sold (a retry must not sell twice).
    if (isSoldStatus(row.status)) return;
    if (row.cancelReason === 'trip_canceled') {
      throw octoError('UNPROCESSABLE_ENTITY', 'This trip was canceled: the reservation is released.');
    }
    if (!onHold(ctx, row)) {
      throw octoError('INVALID_BOOKING_UUID', 'This reservation has expired: reserve again', { uuid });
    }
    const units =
      replan && body.unitItems && !sameUnits(body.unitItems, octo.unitItems)
        ? await replannedColumns(ctx, tx, row, replan, reseller)
        : {};
    const contact = mergedContact(octo.contact, body.contact);
    const values = { ...units, ...(body.contact ? contactColumns(contact) : {}) };
    const changed = Object.keys(values).length > 0 ? await updateBookingRow(tx, row.id, values) : row;
    const now = ctx.now();
    await completeSale(ctx, tx, changed, {
      kind: 'reseller',
      commissionBps: octo.commissionBps,
      reseller: reseller.name,
      at: now,
      history: { actor: reseller.name, code: 'reseller_confirmed', params: { reseller: reseller.name } },
    });
    await updateResellerBooking(tx, row.id, {
      confirmedAt: now,
      ...(body.contact ? { contact } : {}),
      ...(body.resellerReference ? { resellerReference: body.resellerReference } : {}),
      ...(Object.keys(units).length > 0 && body.unitItems ? { unitItems: unitItemRows(body.unitItems) } : {}),
    });
  });
  return bookingByUuid(ctx, reseller, uuid, caps);
}

/** Whether two lists of unit items ask for the same units, in any order. */
function sameUnits(a: { unitId: string }[], b: { unitId: string }[]): boolean {
  const ids = (items: { unitId: string }[]) =>
    items
      .map((u) => u.unitId)
      .sort()
      .join();
  return ids(a) === ids(b);
}

/** The plan of a held booking with other units, on its own trip and option (outside its lock). */
async function replanOf(
  ctx: AppContext,
  reseller: ResellerRow,
  booking: BookingRow,
  items: { unitId: string }[],
) {
  const option = optionOfBooking(booking);
  const replan = await planFor(
    ctx,
    reseller,
    booking.boatId,
    booking.slotId ?? '',
    option,
    unitIdsOf(items),
    booking,
  );
  return { option, plan: replan.plan };
}

/**
 * A hold's columns for its new units, under the trip's lock (taken by lockOwn): a shared trip's
 * seats checked against what this key may hold, the seats this hold has counted as its own; a
 * charter keeps its hours, its party checked against the boat by the plan.
 */
async function replannedColumns(
  ctx: AppContext,
  tx: Db,
  row: BookingRow,
  { option, plan }: Awaited<ReturnType<typeof replanOf>>,
  reseller: ResellerRow,
): Promise<Partial<BookingRow>> {
  if (option.kind === 'shared')
    await assertHeldSeatsFit(ctx, tx, row, plan.seats, resellerClient(ctx, reseller));
  return plannedParty(plan);
}

export async function extend(
  ctx: AppContext,
  reseller: ResellerRow,
  uuid: string,
  minutes: number | undefined,
  caps: Capabilities,
) {
  await ctx.db.transaction(async (tx) => {
    const own = await lockOwn(tx, reseller, uuid);
    if (!onHold(ctx, own.row)) {
      throw octoError('INVALID_BOOKING_UUID', 'Only a reservation on hold can be extended', { uuid });
    }
    await updateBookingRow(tx, own.row.id, { holdExpiresAt: extendedHold(ctx, reseller, own, minutes) });
  });
  return bookingByUuid(ctx, reseller, uuid, caps);
}

/** PATCH: references, notes and contact at any time; the units and the hold while on hold. */
export async function update(
  ctx: AppContext,
  reseller: ResellerRow,
  uuid: string,
  body: OctoBookingUpdate,
  caps: Capabilities,
) {
  const current = await found(ctx, reseller, uuid);
  const replan = body.unitItems ? await replanOf(ctx, reseller, current.booking, body.unitItems) : undefined;
  await ctx.db.transaction(async (tx) => {
    const own = await lockOwn(tx, reseller, uuid);
    const { row, octo } = own;
    const holding = onHold(ctx, row);
    if ((body.unitItems || body.expirationMinutes) && !holding) {
      throw octoError('UNPROCESSABLE_ENTITY', 'Units and expiry change only while the booking is on hold');
    }
    const contact = mergedContact(octo.contact, body.contact);
    let values: Partial<BookingRow> = body.contact ? contactColumns(contact) : {};
    if (replan) values = { ...values, ...(await replannedColumns(ctx, tx, row, replan, reseller)) };
    if (body.expirationMinutes)
      values.holdExpiresAt = extendedHold(ctx, reseller, own, body.expirationMinutes);
    if (Object.keys(values).length > 0) await updateBookingRow(tx, row.id, values);
    await updateResellerBooking(tx, row.id, {
      ...(body.resellerReference !== undefined ? { resellerReference: body.resellerReference } : {}),
      ...(body.notes !== undefined ? { notes: body.notes } : {}),
      ...(body.contact ? { contact } : {}),
      ...(body.unitItems ? { unitItems: unitItemRows(body.unitItems) } : {}),
    });
  });
  return bookingByUuid(ctx, reseller, uuid, caps);
}

/**
 * Cancels: a hold is released; a sale is canceled through the lifecycle and refunded on the
 * reseller's account by the boat's policy, or in full when its agreement says so.
 */
export async function cancel(
  ctx: AppContext,
  reseller: ResellerRow,
  uuid: string,
  reason: string | null | undefined,
  caps: Capabilities,
) {
  const outcome = await ctx.db.transaction(async (tx) => {
    const { row } = await lockOwn(tx, reseller, uuid);
    if (row.status === 'canceled' || row.status === 'refunded') return { refundId: null };
    const now = ctx.now();
    if (isPast(row.startsAt, now)) {
      throw octoError('UNPROCESSABLE_ENTITY', 'The trip has started: the booking can no longer be canceled');
    }
    if (row.status === 'pending') {
      await transition(ctx, tx, row, 'canceled', {
        actor: reseller.name,
        code: 'reseller_canceled',
        params: { reseller: reseller.name, refundPercent: 100 },
        reason: reason ?? null,
      });
      return { refundId: null };
    }
    // The boat's policy applies even if the boat was unpublished since the sale.
    const boat = await boatById(tx, row.boatId);
    const percent =
      reseller.cancellation === 'full_refund'
        ? 100
        : refundPercentAt(effectivePolicy(boat?.cancellationPolicy), row.startsAt, now);
    const ledger = ledgerFrom(await paymentsOf(tx, row.id), await refundsOf(tx, row.id));
    const amount = refundCents(ledger.refundableCents, percent);
    await transition(ctx, tx, row, 'canceled', {
      actor: reseller.name,
      code: 'reseller_canceled',
      params: { reseller: reseller.name, refundPercent: percent },
      reason: reason ?? null,
    });
    const refund =
      amount > 0
        ? await requestRefund(tx, row.id, {
            amountCents: amount,
            actor: reseller.name,
            reason: `Canceled by ${reseller.name}: ${percent}% back on its account`,
            cause: 'reseller',
            idempotencyKey: `reseller-cancel:${row.id}`,
          })
        : null;
    return { refundId: refund?.id ?? null };
  });
  if (outcome.refundId) await completeRefund(ctx, outcome.refundId);
  return bookingByUuid(ctx, reseller, uuid, caps);
}

type OctoStatus = 'ON_HOLD' | 'EXPIRED' | 'CONFIRMED' | 'CANCELLED' | 'REDEEMED';

function octoStatusOf(row: BookingRow, now: Date): OctoStatus {
  switch (row.status) {
    case 'pending':
      return holdIsLive(row, now) ? 'ON_HOLD' : 'EXPIRED';
    case 'canceled':
    case 'refunded':
      return row.cancelReason === 'hold_expired' ? 'EXPIRED' : 'CANCELLED';
    case 'completed':
      return 'REDEEMED';
    default:
      return 'CONFIRMED';
  }
}

/** A booking as OCTO's Booking object. */
async function bookingOf(ctx: AppContext, reseller: ResellerRow, rb: ResellerBooking, caps: Capabilities) {
  const { booking: row, octo } = rb;
  const now = ctx.now();
  const status = octoStatusOf(row, now);
  const boat = await boatById(ctx.db, row.boatId);
  const igicBps = boat && caps.pricing ? await igicOfBoat(ctx, boat) : null;
  const option = optionOfBooking(row);
  const trip =
    boat && row.slotId && option.kind === 'shared' ? await sharedTrip(ctx, boat, row.slotId) : undefined;
  const charter =
    boat && option.kind === 'charter'
      ? (
          await optionStarts(
            ctx.db,
            boat,
            option.hours,
            { from: row.startsAt, to: new Date(row.startsAt.getTime() + 1) },
            now,
          )
        ).find((start) => start.id === row.slotId)
      : undefined;
  const sold = await ticketsOf(ctx.db, row.id);
  const ledger = ledgerFrom(await paymentsOf(ctx.db, row.id), await refundsOf(ctx.db, row.id));
  const contact = contactOf(row, octo.contact);
  // A shared trip's unit item takes the next ticket of its passenger type (seat order); a
  // charter's party boards on one pass, the code on every unit item's ticket. OCTO's ticket is
  // there from the reservation on, its QR code once sold (crew scan it: POST /api/admin/checkin).
  const unused = option.kind === 'shared' ? [...sold] : [];
  const pass = option.kind === 'charter' ? sold[0] : undefined;
  const unitItems = octo.unitItems.map((item) => {
    const type = isOctoUnitId(item.unitId) ? PASSENGER_OF_UNIT[item.unitId] : undefined;
    const index = unused.findIndex((t) => t.passengerType === type);
    const ticket = index >= 0 ? unused.splice(index, 1)[0] : pass;
    const code = ticket && status !== 'CANCELLED' ? ticket.code : undefined;
    const redeemedAt = ticket?.checkedInAt?.toISOString() ?? null;
    return {
      uuid: item.uuid,
      resellerReference: item.resellerReference,
      supplierReference: ticket?.code ?? null,
      unitId: item.unitId,
      status,
      utcRedeemedAt: redeemedAt,
      contact,
      ticket: {
        redemptionMethod: 'DIGITAL' as const,
        utcRedeemedAt: redeemedAt,
        deliveryOptions: code ? [{ deliveryFormat: 'QRCODE' as const, deliveryValue: code }] : [],
      },
      ...(caps.pricing && ticket && option.kind === 'shared'
        ? { pricing: pricingOf(ticket.pricePaidCents, octo.commissionBps, igicBps) }
        : {}),
    };
  });
  const canceled = status === 'CANCELLED';
  return {
    id: row.id,
    uuid: octo.uuid,
    testMode: ctx.config.testBookings,
    resellerReference: octo.resellerReference,
    supplierReference: bookingReference(row.id),
    status,
    utcCreatedAt: row.createdAt.toISOString(),
    utcUpdatedAt: row.updatedAt.toISOString(),
    utcExpiresAt: status === 'ON_HOLD' ? (row.holdExpiresAt?.toISOString() ?? null) : null,
    utcRedeemedAt: null,
    utcConfirmedAt: octo.confirmedAt?.toISOString() ?? null,
    productId: row.boatId,
    optionId: option.kind === 'charter' ? charterOptionId(option.hours) : SHARED_OPTION_ID,
    cancellable: (status === 'ON_HOLD' || status === 'CONFIRMED') && !isPast(row.startsAt, now),
    cancellation: canceled
      ? {
          refund:
            ledger.receivedCents === 0 || ledger.netCents === 0
              ? ('FULL' as const)
              : ledger.refundedCents === 0
                ? ('NONE' as const)
                : ('PARTIAL' as const),
          reason: await cancellationReason(ctx.db, row.id),
          utcCancelledAt: row.updatedAt.toISOString(),
        }
      : null,
    freesale: false,
    availabilityId: row.slotId,
    availability:
      boat && trip
        ? availabilityOf(boat, trip, now, reseller, igicBps, ctx.config, caps)
        : boat && charter && option.kind === 'charter'
          ? charterAvailabilityOf(boat, charter, option.hours, reseller, igicBps, caps)
          : null,
    contact,
    notes: octo.notes,
    deliveryMethods: ['TICKET' as const],
    voucher: null,
    unitItems,
    ...(caps.pricing
      ? {
          pricing: pricingOf(row.amountGrossCents, octo.commissionBps, igicBps),
        }
      : {}),
  };
}
