// The OCTO supplier, products and availability (docs/channels.md#the-mapping): a product per
// published boat, its shared trip as the option, units adult / child / infant, and a start-time
// availability per trip from the same seats-left rule the site shows.
import { addDays, canaryDateKey, canaryDayRange, canaryTimeLabel, isPast } from '@boats/domain/canary-time';
import { effectivePolicy, sortedRules } from '@boats/domain/cancellation-policy';
import {
  availabilityStatus,
  canaryLocalDateTime,
  OCTO_UNITS,
  resellerNetCents,
  SHARED_OPTION_ID,
  type OctoUnitId,
} from '@boats/domain/octo';
import { sharedPriceCents } from '@boats/domain/pricing';
import type { OctoAvailabilityRequest } from '@boats/domain/schemas/octo';
import { isUuid } from '@boats/domain/schemas/common';
import type { LanguageCode } from '@boats/domain/languages';
import { operatorIdentity } from '../operator/operator-identity';
import type { AppContext } from '../../context';
import { ratesOfRowAt } from '../boats/boat-mapper';
import { seatsLeft } from '../occupancy/occupancy';
import type { ResellerRow } from '../resellers/reseller-repository';
import { productContent, sharedOptionContent, unitContent } from './octo-content';
import { octoError } from './octo-errors';
import { publishedBoats, sharedTrip, sharedTrips, type BoatRow, type SharedTrip } from './octo-repository';

const DAY_MS = 86_400_000;
/** How far ahead the products' start times and a calendar reach. */
const HORIZON_DAYS = 120;

/**
 * What the caller asked for in its Octo-Capabilities header that we support, and the language
 * of the content (its Accept-Language, English when it names none of the site's).
 */
export type Capabilities = { pricing: boolean; content: boolean; language: LanguageCode };

export type OctoPricing = {
  original: number;
  retail: number;
  net: number | null;
  currency: 'EUR';
  currencyPrecision: 2;
  includedTaxes: [];
};

/** OCTO's price of `retailCents` for a reseller on `commissionBps`: retail and its net, in cents. */
export function pricingOf(retailCents: number, commissionBps: number): OctoPricing {
  return {
    original: retailCents,
    retail: retailCents,
    net: resellerNetCents(retailCents, commissionBps),
    currency: 'EUR',
    currencyPrecision: 2,
    includedTaxes: [],
  };
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

/** The boat of a product id, or INVALID_PRODUCT_ID naming it. */
export async function boatOfProduct(ctx: AppContext, productId: string): Promise<BoatRow> {
  const [boat] = isUuid(productId) ? await publishedBoats(ctx.db, productId) : [];
  if (!boat) throw octoError('INVALID_PRODUCT_ID', 'The productId was missing or invalid', { productId });
  return boat;
}

export function assertOption(optionId: string): void {
  if (optionId !== SHARED_OPTION_ID) {
    throw octoError('INVALID_OPTION_ID', 'The optionId was missing or invalid', { optionId });
  }
}

/** Where a cancellation stops giving anything back under the boat's policy (0: until departure). */
function cancellationCutoffHours(boat: BoatRow, reseller: ResellerRow): number {
  if (reseller.cancellation === 'full_refund') return 0;
  const refunding = sortedRules(effectivePolicy(boat.cancellationPolicy)).filter((r) => r.refundPercent > 0);
  const hours = refunding.map((r) => r.hoursBefore);
  return hours.length > 0 ? Math.min(...hours) : 0;
}

function unitRetailCents(boat: BoatRow, trip: Pick<SharedTrip, 'seatPriceCents' | 'startsAt' | 'endsAt'>) {
  const perHour = ratesOfRowAt(boat, trip.seatPriceCents, trip.startsAt).seatPerHourCents;
  const hours = (trip.endsAt.getTime() - trip.startsAt.getTime()) / 3_600_000;
  return {
    adult: sharedPriceCents(perHour, { adults: 1, children50: 0, kidsFree: 0 }, hours),
    child: sharedPriceCents(perHour, { adults: 0, children50: 1, kidsFree: 0 }, hours),
    infant: 0,
  } satisfies Record<OctoUnitId, number>;
}

export async function productOf(ctx: AppContext, boat: BoatRow, reseller: ResellerRow, caps: Capabilities) {
  const now = ctx.now();
  const upcoming = await sharedTrips(
    ctx.db,
    boat.id,
    { from: now, to: new Date(now.getTime() + HORIZON_DAYS * DAY_MS) },
    now,
  );
  const startTimes = [...new Set(upcoming.map((t) => canaryTimeLabel(t.startsAt)))].sort();
  const cutoff = cancellationCutoffHours(boat, reseller);
  const from = upcoming[0];
  const fromPrices = from ? unitRetailCents(boat, from) : undefined;
  const units = OCTO_UNITS.map((unit) => ({
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
    ...(caps.pricing && fromPrices
      ? { pricingFrom: [pricingOf(fromPrices[unit.id], reseller.commissionBps)] }
      : {}),
  }));
  return {
    id: boat.id,
    internalName: boat.title.en,
    reference: boat.slug,
    locale: caps.content ? caps.language : 'en',
    timeZone: 'Atlantic/Canary',
    allowFreesale: false,
    instantConfirmation: true,
    instantDelivery: true,
    availabilityRequired: true,
    availabilityType: 'START_TIME' as const,
    deliveryFormats: ['QRCODE' as const],
    deliveryMethods: ['TICKET' as const],
    redemptionMethod: 'DIGITAL' as const,
    options: [
      {
        id: SHARED_OPTION_ID,
        default: true,
        internalName: 'Shared trip',
        reference: null,
        availabilityLocalStartTimes: startTimes,
        cancellationCutoff: `${cutoff} hours`,
        cancellationCutoffAmount: cutoff,
        cancellationCutoffUnit: 'hour' as const,
        requiredContactFields: ['firstName' as const, 'lastName' as const],
        restrictions: { minUnits: 1, maxUnits: boat.capacity },
        units,
        ...(caps.content ? sharedOptionContent(boat, caps.language) : {}),
        ...(caps.pricing && fromPrices
          ? { pricingFrom: [pricingOf(fromPrices.adult, reseller.commissionBps)] }
          : {}),
      },
    ],
    ...(caps.content ? productContent(boat, reseller, caps.language) : {}),
    ...(caps.pricing
      ? { defaultCurrency: 'EUR', availableCurrencies: ['EUR'], pricingPer: 'UNIT' as const }
      : {}),
  };
}

export async function productsOf(ctx: AppContext, reseller: ResellerRow, caps: Capabilities) {
  const boats = await publishedBoats(ctx.db);
  return Promise.all(boats.map((boat) => productOf(ctx, boat, reseller, caps)));
}

function tripIsOpen(trip: SharedTrip, now: Date): boolean {
  return trip.isOpen && !trip.canceled && !isPast(trip.startsAt, now);
}

export function availabilityOf(
  boat: BoatRow,
  trip: SharedTrip,
  now: Date,
  reseller: ResellerRow,
  caps: Capabilities,
  units?: { id: string; quantity: number }[],
) {
  const left = Math.max(0, seatsLeft(trip, trip.heldSeats));
  const status = availabilityStatus({
    open: tripIsOpen(trip, now),
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
    maxUnits: status === 'CLOSED' ? 0 : left,
    openingHours: [],
    ...(caps.pricing
      ? {
          unitPricing: OCTO_UNITS.map((u) => ({
            ...pricingOf(prices[u.id], reseller.commissionBps),
            unitId: u.id,
          })),
          ...(asked.length > 0
            ? {
                pricing: pricingOf(
                  asked.reduce((sum, u) => sum + prices[u.id as OctoUnitId] * u.quantity, 0),
                  reseller.commissionBps,
                ),
              }
            : {}),
        }
      : {}),
  };
}

/** POST /octo/availability: the trips of the dates asked, or those named. */
export async function checkAvailability(
  ctx: AppContext,
  reseller: ResellerRow,
  body: OctoAvailabilityRequest,
  caps: Capabilities,
) {
  const boat = await boatOfProduct(ctx, body.productId);
  assertOption(body.optionId);
  const now = ctx.now();
  let trips: SharedTrip[];
  if (body.availabilityIds) {
    trips = [];
    for (const availabilityId of body.availabilityIds) {
      const trip = isUuid(availabilityId)
        ? await sharedTrip(ctx.db, boat.id, availabilityId, now)
        : undefined;
      if (!trip) {
        throw octoError('INVALID_AVAILABILITY_ID', 'The availabilityId was missing or invalid', {
          availabilityId,
        });
      }
      trips.push(trip);
    }
  } else {
    trips = await sharedTrips(ctx.db, boat.id, dayRange(body.localDateStart!, body.localDateEnd!), now);
  }
  return trips.map((trip) => availabilityOf(boat, trip, now, reseller, caps, body.units));
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
  const boat = await boatOfProduct(ctx, body.productId);
  assertOption(body.optionId);
  const now = ctx.now();
  const trips = await sharedTrips(ctx.db, boat.id, dayRange(body.localDateStart, body.localDateEnd), now);
  const days = [];
  for (let day = body.localDateStart; day <= body.localDateEnd; day = addDays(day, 1)) {
    const ofDay = trips
      .filter((t) => canaryDateKey(t.startsAt) === day)
      .map((trip) => availabilityOf(boat, trip, now, reseller, caps));
    const open = ofDay.filter((a) => a.status !== 'CLOSED');
    const vacancies = open.reduce((n, a) => n + a.vacancies, 0);
    const capacity = open.reduce((n, a) => n + a.capacity, 0);
    const status =
      open.length === 0
        ? 'CLOSED'
        : vacancies === 0
          ? 'SOLD_OUT'
          : vacancies * 2 < capacity
            ? 'LIMITED'
            : 'AVAILABLE';
    const cheapest = ofDay[0]?.unitPricing;
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
