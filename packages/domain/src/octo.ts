/**
 * The OCTO mapping's rules (docs/channels.md#the-mapping): the units a reseller sells and their
 * restrictions, unit items to passengers, a trip's availability status, local times, and the
 * reseller's net price. Pure: the server's octo module reads the data and calls these.
 */
import { canaryOffsetMinutes, canaryDateKey, canaryTimeLabel } from './canary-time';
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

/** An instant in Canary wall-clock time with its offset: `2027-07-10T11:00:00+01:00`. */
export function canaryLocalDateTime(instant: Date): string {
  const offset = canaryOffsetMinutes(instant);
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  const hh = String(Math.floor(abs / 60)).padStart(2, '0');
  const mm = String(abs % 60).padStart(2, '0');
  return `${canaryDateKey(instant)}T${canaryTimeLabel(instant)}:00${sign}${hh}:${mm}`;
}

/** The reseller's net of a retail price: retail less its commission, rounded once to the cent. */
export function resellerNetCents(retailCents: number, commissionBps: number): number {
  return retailCents - Math.round((retailCents * commissionBps) / 10_000);
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
