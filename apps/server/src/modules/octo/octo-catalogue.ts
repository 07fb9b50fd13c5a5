// The OCTO supplier, products and availability (docs/channels.md#the-mapping): a product per
// published boat, its shared trip as the option, units adult / child / infant, and a start-time
// availability per trip from the same seats-left rule the site shows.
import {
  addDays,
  CANARY_TZ,
  canaryDayRange,
  canaryLocalDateTime,
  canaryTimeLabel,
} from '@boats/domain/canary-time';
import { effectivePolicy, sortedRules } from '@boats/domain/cancellation-policy';
import {
  availabilityStatus,
  charterHoursOfOption,
  charterOptionId,
  OCTO_UNITS,
  resellerNetCents,
  SHARED_OPTION_ID,
  type OctoUnitId,
} from '@boats/domain/octo';
import { sharedPriceCents } from '@boats/domain/pricing';
import { splitTaxIncluded } from '@boats/domain/customer-invoice';
import { bpsToPercent, percentToBps } from '@boats/domain/fee-split';
import type { OctoAvailabilityRequest } from '@boats/domain/schemas/octo';
import { isUuid } from '@boats/domain/schemas/common';
import type { LanguageCode } from '@boats/domain/languages';
import { operatorIdentity } from '../operator/operator-identity';
import type { AppContext } from '../../context';
import {
  charterPriceCents,
  isSellableNow,
  seatPricePerHourCents,
  sellableSlots,
  type SellableSlot,
} from '../sales/sellable';
import type { ResellerRow } from '../resellers/reseller-repository';
import { resellerMaxSeatsPerReservation } from '../resellers/reseller-hold-limits';
import { optionStarts, sellableCharterLengths, type CharterStart } from './octo-charter';
import { charterOptionContent, productContent, sharedOptionContent, unitContent } from './octo-content';
import { octoError } from './octo-errors';
import { boatsForReseller, ownerTaxOf, type BoatRow } from './octo-repository';

const DAY_MS = 86_400_000;
/** How far ahead the products' start times and a calendar reach. */
const HORIZON_DAYS = 120;

/**
 * What the caller asked for in its Octo-Capabilities header that we support, and the language
 * of the content (its Accept-Language, English when it names none of the site's).
 */
export type Capabilities = {
  pricing: boolean;
  content: boolean;
  /** Asked for, applied by the webhook routes alone. */
  webhooks?: boolean;
  language: LanguageCode;
};

export type OctoPricing = {
  original: number;
  retail: number;
  net: number | null;
  currency: 'EUR';
  currencyPrecision: 2;
  includedTaxes: { name: string; original: number; retail: number; net: number | null }[];
};

/**
 * OCTO's price of `retailCents` for a reseller on `commissionBps`: retail and its net, in cents,
 * with the IGIC each includes at the rate of whoever invoices the sale (`igicBps`; null: exempt,
 * nothing included), as the customer's and the reseller's invoices split it (splitTaxIncluded).
 */
export function pricingOf(retailCents: number, commissionBps: number, igicBps: number | null): OctoPricing {
  const net = resellerNetCents(retailCents, commissionBps);
  const included = (cents: number) => splitTaxIncluded(cents, igicBps).quotaCents;
  return {
    original: retailCents,
    retail: retailCents,
    net,
    currency: 'EUR',
    currencyPrecision: 2,
    includedTaxes:
      igicBps === null
        ? []
        : [
            {
              name: `IGIC ${bpsToPercent(igicBps)}%`,
              original: included(retailCents),
              retail: included(retailCents),
              net: included(net),
            },
          ],
  };
}

/**
 * The IGIC rate a boat's sales include: the platform's (IGIC_PERCENT) for its own boats, the
 * owner's for theirs, null for an owner exempt from it (docs/invoicing.md).
 */
export async function igicOfBoat(ctx: AppContext, boat: BoatRow): Promise<number | null> {
  const owner = await ownerTaxOf(ctx.db, boat.ownerId);
  if (!owner || owner.isPlatform) return percentToBps(ctx.config.IGIC_PERCENT);
  return owner.igicRegime === 'exempt' ? null : owner.igicBps;
}

export function supplierOf(ctx: AppContext) {
  const operator = operatorIdentity(ctx.config);
  return {
    id: 'adboatrental',
    name: operator.name,
    endpoint: `${ctx.config.publicUrl}/octo`,
    contact: {
      website: ctx.config.publicUrl,
      email: operator.email,
      telephone: operator.phone,
      address: operator.address,
    },
  };
}

/** The boat of a product id the reseller sells, or INVALID_PRODUCT_ID naming it. */
export async function boatOfProduct(
  ctx: AppContext,
  reseller: ResellerRow,
  productId: string,
): Promise<BoatRow> {
  const [boat] = isUuid(productId) ? await boatsForReseller(ctx.db, reseller, productId) : [];
  if (!boat) throw productNotFound(productId);
  return boat;
}

export function productNotFound(productId: string) {
  return octoError('INVALID_PRODUCT_ID', 'The productId was missing or invalid', { productId });
}

/** An option of a product: the shared trip, or a charter of whole hours. */
export type OctoOption = { kind: 'shared' } | { kind: 'charter'; hours: number };

/** The option an id names on this boat, or INVALID_OPTION_ID naming it. */
export function optionOf(boat: BoatRow, optionId: string): OctoOption {
  if (optionId === SHARED_OPTION_ID) return { kind: 'shared' };
  const hours = charterHoursOfOption(optionId);
  if (hours !== undefined && sellableCharterLengths(boat).includes(hours)) return { kind: 'charter', hours };
  throw octoError('INVALID_OPTION_ID', 'The optionId was missing or invalid', { optionId });
}

/** Where a cancellation stops giving anything back under the boat's policy (0: until departure). */
function cancellationCutoffHours(boat: BoatRow, reseller: ResellerRow): number {
  if (reseller.cancellation === 'full_refund') return 0;
  const refunding = sortedRules(effectivePolicy(boat.cancellationPolicy)).filter((r) => r.refundPercent > 0);
  const hours = refunding.map((r) => r.hoursBefore);
  return hours.length > 0 ? Math.min(...hours) : 0;
}

function unitRetailCents(boat: BoatRow, trip: Pick<SellableSlot, 'seatPriceCents' | 'startsAt' | 'endsAt'>) {
  const perHour = seatPricePerHourCents(boat, trip);
  const hours = (trip.endsAt.getTime() - trip.startsAt.getTime()) / 3_600_000;
  return {
    adult: sharedPriceCents(perHour, { adults: 1, children50: 0, kidsFree: 0 }, hours),
    child: sharedPriceCents(perHour, { adults: 0, children50: 1, kidsFree: 0 }, hours),
    infant: 0,
  } satisfies Record<OctoUnitId, number>;
}

/** A boat as OCTO's product, with the options it can be booked on; none when it has nothing to book. */
export async function productOf(ctx: AppContext, boat: BoatRow, reseller: ResellerRow, caps: Capabilities) {
  const now = ctx.now();
  const horizon = horizonFrom(now);
  const upcoming = await sharedTrips(ctx, boat, horizon);
  const startTimes = [...new Set(upcoming.map((t) => canaryTimeLabel(t.startsAt)))].sort();
  const cutoff = cancellationCutoffHours(boat, reseller);
  const igicBps = caps.pricing ? await igicOfBoat(ctx, boat) : null;
  const from = upcoming[0];
  const fromPrices = from ? unitRetailCents(boat, from) : undefined;
  const unitsPriced = (priced: boolean) =>
    OCTO_UNITS.map((unit) => ({
      id: unit.id,
      internalName: unit.title,
      reference: null,
      type: unit.type,
      restrictions: {
        minAge: unit.minAge,
        maxAge: unit.maxAge,
        idRequired: false,
        minQuantity: null,
        maxQuantity: null,
        paxCount: 1,
        // At most one child under 6 per adult (docs/product.md): OCTO's way to say who goes with whom.
        accompaniedBy: unit.id === 'infant' ? ['adult'] : [],
      },
      requiredContactFields: [],
      ...(caps.content ? unitContent(unit.id, caps.language) : {}),
      ...(priced && caps.pricing && fromPrices
        ? { pricingFrom: [pricingOf(fromPrices[unit.id], reseller.commissionBps, igicBps)] }
        : {}),
    }));
  const optionBase = {
    reference: null,
    cancellationCutoff: `${cutoff} hours`,
    cancellationCutoffAmount: cutoff,
    cancellationCutoffUnit: 'hour' as const,
    requiredContactFields: ['firstName' as const, 'lastName' as const],
    restrictions: { minUnits: 1, maxUnits: boat.capacity },
  };
  // OCTO's most units per booking: what one reservation of the shared trip may take (more is refused).
  const sharedMaxUnits = Math.min(
    boat.capacity,
    resellerMaxSeatsPerReservation(ctx.config, reseller, boat.capacity),
  );
  const charterOptions = [];
  for (const hours of sellableCharterLengths(boat)) {
    const starts = (await optionStarts(ctx.db, boat, hours, horizon, now)).filter(
      (s) => s.status !== 'CLOSED',
    );
    const first = starts[0];
    // OCTO asks for at least one start time: a length with none in the horizon is not offered.
    if (!first) continue;
    charterOptions.push({
      ...optionBase,
      id: charterOptionId(hours),
      internalName: `Private charter, ${hours} h`,
      availabilityLocalStartTimes: [...new Set(starts.map((s) => canaryTimeLabel(s.startsAt)))].sort(),
      // A charter is priced per booking: its units say who is on board, not what they pay.
      units: unitsPriced(false),
      ...(caps.content ? charterOptionContent(hours, caps.language) : {}),
      ...(caps.pricing
        ? {
            pricingFrom: [
              pricingOf(charterPriceCents(boat, first.startsAt, hours), reseller.commissionBps, igicBps),
            ],
          }
        : {}),
    });
  }
  // An option exists only where it can be booked: the shared trip while the boat has trips ahead.
  const sharedOption = {
    ...optionBase,
    id: SHARED_OPTION_ID,
    internalName: 'Shared trip',
    restrictions: { minUnits: 1, maxUnits: sharedMaxUnits },
    availabilityLocalStartTimes: startTimes,
    units: unitsPriced(true),
    ...(caps.content ? sharedOptionContent(boat, caps.language) : {}),
    ...(caps.pricing && fromPrices
      ? { pricingFrom: [pricingOf(fromPrices.adult, reseller.commissionBps, igicBps)] }
      : {}),
  };
  const options = [...(startTimes.length > 0 ? [sharedOption] : []), ...charterOptions];
  if (options.length === 0) return undefined;
  return {
    id: boat.id,
    internalName: boat.title.en,
    reference: boat.slug,
    locale: caps.content ? caps.language : 'en',
    timeZone: CANARY_TZ,
    allowFreesale: false,
    instantConfirmation: true,
    instantDelivery: true,
    availabilityRequired: true,
    availabilityType: 'START_TIME' as const,
    deliveryFormats: ['QRCODE' as const],
    deliveryMethods: ['TICKET' as const],
    redemptionMethod: 'DIGITAL' as const,
    // The first option is the product's default: a charter-only boat's is its shortest charter.
    options: options.map((option, i) => ({ ...option, default: i === 0 })),
    ...(caps.content ? productContent(boat, reseller, caps.language) : {}),
    ...(caps.pricing
      ? { defaultCurrency: 'EUR', availableCurrencies: ['EUR'], pricingPer: 'UNIT' as const }
      : {}),
  };
}

/**
 * The reseller's products: its boats with something to book in the horizon, those selling seats
 * on shared trips first (what most resellers sell), the most seats first, else in the fleet's
 * order. (The OCTO validator books the first product's trip again and again: the demo's large
 * catamaran has the seats for it, docs/channels.md#the-octo-validator.)
 */
export async function productsOf(ctx: AppContext, reseller: ResellerRow, caps: Capabilities) {
  const boats = await boatsForReseller(ctx.db, reseller);
  const products = await Promise.all(
    boats.map(async (boat) => ({ boat, product: await productOf(ctx, boat, reseller, caps) })),
  );
  const seatsSold = ({ boat, product }: (typeof products)[number]) =>
    product?.options[0]?.id === SHARED_OPTION_ID ? boat.capacity : 0;
  return products
    .sort((a, b) => seatsSold(b) - seatsSold(a))
    .flatMap(({ product }) => (product ? [product] : []));
}

/** A boat's shared trips starting in the range, canceled ones too (a reseller is told they closed). */
async function sharedTrips(ctx: AppContext, boat: BoatRow, range: { from: Date; to: Date }) {
  const rows = await sellableSlots(ctx.db, boat.id, { start: range.from, end: range.to }, ctx.now(), {
    canceled: true,
  });
  return rows.filter((row) => row.type === 'shared');
}

/** A shared trip of the boat by its id (undefined when the id names none). */
export async function sharedTrip(ctx: AppContext, boat: BoatRow, slotId: string) {
  const [row] = await sellableSlots(ctx.db, boat.id, { ids: [slotId] }, ctx.now(), { canceled: true });
  return row?.type === 'shared' ? row : undefined;
}

export function availabilityOf(
  boat: BoatRow,
  trip: SellableSlot,
  now: Date,
  reseller: ResellerRow,
  igicBps: number | null,
  config: AppContext['config'],
  caps: Capabilities,
  units?: { id: string; quantity: number }[],
) {
  const left = trip.seatsLeft;
  const status = availabilityStatus({
    // Open for sale: a full trip is still open, SOLD_OUT rather than CLOSED.
    open: isSellableNow({ ...trip, seatsLeft: trip.seatsTotal }, now),
    seatsTotal: trip.seatsTotal,
    seatsLeft: left,
  });
  const prices = unitRetailCents(boat, trip);
  const asked = units?.filter((u) => u.quantity > 0 && u.id in prices) ?? [];
  return {
    id: trip.id,
    localDateTimeStart: canaryLocalDateTime(trip.startsAt),
    localDateTimeEnd: canaryLocalDateTime(trip.endsAt),
    utcCutoffAt: trip.startsAt.toISOString(),
    allDay: false,
    available: status === 'AVAILABLE' || status === 'LIMITED',
    status,
    vacancies: status === 'CLOSED' ? 0 : left,
    capacity: trip.seatsTotal,
    maxUnits:
      status === 'CLOSED'
        ? 0
        : Math.min(left, resellerMaxSeatsPerReservation(config, reseller, trip.seatsTotal)),
    openingHours: [],
    ...(caps.pricing
      ? {
          unitPricing: OCTO_UNITS.map((u) => ({
            ...pricingOf(prices[u.id], reseller.commissionBps, igicBps),
            unitId: u.id,
          })),
          ...(asked.length > 0
            ? {
                pricing: pricingOf(
                  asked.reduce((sum, u) => sum + prices[u.id as OctoUnitId] * u.quantity, 0),
                  reseller.commissionBps,
                  igicBps,
                ),
              }
            : {}),
        }
      : {}),
  };
}

/** A charter start as OCTO's availability: the boat for the group, priced per booking. */
export function charterAvailabilityOf(
  boat: BoatRow,
  start: CharterStart,
  hours: number,
  reseller: ResellerRow,
  igicBps: number | null,
  caps: Capabilities,
) {
  const open = start.status === 'AVAILABLE';
  return {
    id: start.id,
    localDateTimeStart: canaryLocalDateTime(start.startsAt),
    localDateTimeEnd: canaryLocalDateTime(start.endsAt),
    utcCutoffAt: start.startsAt.toISOString(),
    allDay: false,
    available: open,
    status: start.status,
    vacancies: open ? boat.capacity : 0,
    capacity: boat.capacity,
    maxUnits: open ? boat.capacity : 0,
    openingHours: [],
    ...(caps.pricing
      ? {
          pricing: pricingOf(charterPriceCents(boat, start.startsAt, hours), reseller.commissionBps, igicBps),
        }
      : {}),
  };
}

/** The availabilities of an option in a range (or those named, looked for in the horizon). */
async function availabilities(
  ctx: AppContext,
  boat: BoatRow,
  option: OctoOption,
  range: { from: Date; to: Date },
  reseller: ResellerRow,
  caps: Capabilities,
  units?: { id: string; quantity: number }[],
) {
  const now = ctx.now();
  const igicBps = caps.pricing ? await igicOfBoat(ctx, boat) : null;
  if (option.kind === 'charter') {
    const starts = await optionStarts(ctx.db, boat, option.hours, range, now);
    return starts.map((start) => charterAvailabilityOf(boat, start, option.hours, reseller, igicBps, caps));
  }
  const trips = await sharedTrips(ctx, boat, range);
  return trips.map((trip) => availabilityOf(boat, trip, now, reseller, igicBps, ctx.config, caps, units));
}

/** POST /octo/availability: the trips of the dates asked, or those named. */
export async function checkAvailability(
  ctx: AppContext,
  reseller: ResellerRow,
  body: OctoAvailabilityRequest,
  caps: Capabilities,
) {
  const boat = await boatOfProduct(ctx, reseller, body.productId);
  const option = optionOf(boat, body.optionId);
  const now = ctx.now();
  if (option.kind === 'charter') {
    const asked = body.availabilityIds;
    const found = await availabilities(
      ctx,
      boat,
      option,
      asked ? horizonFrom(now) : dayRange(body.localDateStart!, body.localDateEnd!),
      reseller,
      caps,
    );
    if (!asked) return found;
    return asked.map((availabilityId) => {
      const one = found.find((a) => a.id === availabilityId);
      if (!one) {
        throw octoError('INVALID_AVAILABILITY_ID', 'The availabilityId was missing or invalid', {
          availabilityId,
        });
      }
      return one;
    });
  }
  let trips: SellableSlot[];
  if (body.availabilityIds) {
    trips = [];
    for (const availabilityId of body.availabilityIds) {
      const trip = isUuid(availabilityId) ? await sharedTrip(ctx, boat, availabilityId) : undefined;
      if (!trip) {
        throw octoError('INVALID_AVAILABILITY_ID', 'The availabilityId was missing or invalid', {
          availabilityId,
        });
      }
      trips.push(trip);
    }
  } else {
    trips = await sharedTrips(ctx, boat, dayRange(body.localDateStart!, body.localDateEnd!));
  }
  const igicBps = caps.pricing ? await igicOfBoat(ctx, boat) : null;
  return trips.map((trip) =>
    availabilityOf(boat, trip, now, reseller, igicBps, ctx.config, caps, body.units),
  );
}

function horizonFrom(now: Date): { from: Date; to: Date } {
  return { from: now, to: new Date(now.getTime() + HORIZON_DAYS * DAY_MS) };
}

function dayRange(first: string, last: string): { from: Date; to: Date } {
  if (last < first) throw octoError('BAD_REQUEST', 'localDateEnd is before localDateStart');
  if (canaryDayRange(first).start.getTime() + HORIZON_DAYS * DAY_MS < canaryDayRange(last).start.getTime()) {
    throw octoError('BAD_REQUEST', `At most ${HORIZON_DAYS} days at once`);
  }
  return { from: canaryDayRange(first).start, to: canaryDayRange(last).end };
}

/** POST /octo/availability/calendar: one entry per local date, its trips added up. */
export async function availabilityCalendar(
  ctx: AppContext,
  reseller: ResellerRow,
  body: { productId: string; optionId: string; localDateStart: string; localDateEnd: string },
  caps: Capabilities,
) {
  const boat = await boatOfProduct(ctx, reseller, body.productId);
  const option = optionOf(boat, body.optionId);
  const all = await availabilities(
    ctx,
    boat,
    option,
    dayRange(body.localDateStart, body.localDateEnd),
    reseller,
    caps,
  );
  // A day's shared trips add their seats up; its charter starts are alternatives for one group,
  // so the day has the boat's places while any start is free.
  const addUp = (values: number[]) =>
    option.kind === 'charter' ? Math.max(0, ...values) : values.reduce((n, v) => n + v, 0);
  const days = [];
  for (let day = body.localDateStart; day <= body.localDateEnd; day = addDays(day, 1)) {
    const ofDay = all.filter((a) => a.localDateTimeStart.startsWith(day));
    const open = ofDay.filter((a) => a.status !== 'CLOSED');
    const vacancies = addUp(open.map((a) => a.vacancies));
    const capacity = addUp(open.map((a) => a.capacity));
    const status =
      open.length === 0
        ? 'CLOSED'
        : vacancies === 0
          ? 'SOLD_OUT'
          : vacancies * 2 < capacity
            ? 'LIMITED'
            : 'AVAILABLE';
    const first = ofDay[0];
    const cheapest = first && 'unitPricing' in first ? first.unitPricing : undefined;
    days.push({
      localDate: day,
      available: status === 'AVAILABLE' || status === 'LIMITED',
      status,
      vacancies,
      capacity: open.length === 0 ? null : capacity,
      openingHours: [],
      ...(caps.pricing && cheapest ? { unitPricingFrom: cheapest } : {}),
    });
  }
  return days;
}
