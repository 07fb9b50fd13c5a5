/**
 * The OCTO mapping's rules (docs/channels.md#the-mapping): the units a reseller sells and their
 * restrictions, unit items to passengers, a trip's availability status, local times, and the
 * reseller's net price. Pure: the server's octo module reads the data and calls these.
 */
import { shareAtBps } from './fee-split';
import type { Passengers } from './passengers';

/** The units of every product: our passenger types with their ages. */
export const OCTO_UNITS = [
  { id: 'adult', type: 'ADULT', title: 'Adult', minAge: 13, maxAge: 99, passenger: 'adults' },
  { id: 'child', type: 'CHILD', title: 'Child (6–12)', minAge: 6, maxAge: 12, passenger: 'children50' },
  { id: 'infant', type: 'INFANT', title: 'Infant (under 6)', minAge: 0, maxAge: 5, passenger: 'kidsFree' },
] as const;
export type OctoUnitId = (typeof OCTO_UNITS)[number]['id'];

export const isOctoUnitId = (id: string): id is OctoUnitId => OCTO_UNITS.some((u) => u.id === id);

/** The option of a shared trip; charters are an option per length (charterOptionId). */
export const SHARED_OPTION_ID = 'DEFAULT';

/** The passengers a booking's unit items make (each item one person). */
export function passengersOfUnits(unitIds: readonly OctoUnitId[]): Passengers {
  const p: Passengers = { adults: 0, children50: 0, kidsFree: 0 };
  for (const id of unitIds) {
    const unit = OCTO_UNITS.find((u) => u.id === id);
    if (unit) p[unit.passenger] += 1;
  }
  return p;
}

export type OctoAvailabilityStatus = 'AVAILABLE' | 'LIMITED' | 'SOLD_OUT' | 'CLOSED';

/**
 * A trip's status as OCTO names it: closed when not for sale (closed, canceled, started), sold out
 * with no seat left, limited under half the seats left, else available.
 */
export function availabilityStatus(trip: {
  open: boolean;
  seatsTotal: number;
  seatsLeft: number;
}): OctoAvailabilityStatus {
  if (!trip.open) return 'CLOSED';
  if (trip.seatsLeft <= 0) return 'SOLD_OUT';
  if (trip.seatsLeft * 2 < trip.seatsTotal) return 'LIMITED';
  return 'AVAILABLE';
}

/** The reseller's net of a retail price: retail less its commission, rounded once to the cent. */
export function resellerNetCents(retailCents: number, commissionBps: number): number {
  return retailCents - shareAtBps(retailCents, commissionBps);
}

/**
 * Who gives up the reseller's commission on a boat's sales through resellers (a setting per boat,
 * docs/channels.md#money): in proportion (platform and owner each their share), the platform's fee,
 * or the owner's share.
 */
export const COMMISSION_BEARERS = ['proportional', 'platform', 'owner'] as const;
export type CommissionBearer = (typeof COMMISSION_BEARERS)[number];

/**
 * The platform's rate on what a reseller's sale brings in (its net), in basis points, so that the
 * ledger's one split (fee = net × rate, the owner the rest) gives each party what the bearer says.
 * With r the platform's rate and c the reseller's commission, both of the retail price:
 * - proportional: r of the net;
 * - owner: the platform keeps r of the retail price, r / (1 − c) of the net;
 * - platform: the owner gets (1 − r) of the retail price; the platform keeps the rest of the net,
 *   (r − c) / (1 − c), and nothing when the commission is more than its fee (the owner then bears
 *   what is beyond the fee: a fee is never below 0).
 * Kept to a basis point, as every rate is: the split is exact to a cent per €200 of net.
 */
export function resellerSaleBps(platformBps: number, resellerBps: number, bearer: CommissionBearer): number {
  if (bearer === 'proportional' || resellerBps >= 10_000) return platformBps;
  const keptBps = 10_000 - resellerBps;
  const share = bearer === 'owner' ? platformBps : Math.max(0, platformBps - resellerBps);
  return Math.min(10_000, Math.round((share * 10_000) / keptBps));
}

/** A charter option's id: the whole boat for `hours` hours (`CHARTER_3H`). */
export function charterOptionId(hours: number): string {
  return `CHARTER_${hours}H`;
}

/** The hours a charter option id names, or undefined when the id is not one. */
export function charterHoursOfOption(optionId: string): number | undefined {
  const hours = /^CHARTER_([1-9]\d?)H$/.exec(optionId)?.[1];
  return hours === undefined ? undefined : Number(hours);
}

/** The charter lengths a boat allows, in whole hours: its minimum to its maximum. */
export function charterLengths(boat: { minDurationHours: number; maxDurationHours: number }): number[] {
  const min = Math.max(1, Math.ceil(boat.minDurationHours));
  const max = Math.floor(boat.maxDurationHours);
  return Array.from({ length: Math.max(0, max - min + 1) }, (_, i) => min + i);
}
