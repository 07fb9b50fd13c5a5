// Charter options (docs/channels.md#charters): the whole boat for a number of hours, one option
// per length the boat allows. An availability is a start hour from which the boat's consecutive
// open charter hours hold that length, by the site's own chaining rule (domain charter.ts): free
// while no sale or live hold claims any of those hours, SOLD_OUT once one does.
import { isPast } from '@boats/domain/canary-time';
import { charterDurationRange, isDurationInRange } from '@boats/domain/charter';
import { requiredLicence } from '@boats/domain/licences';
import { charterLengths } from '@boats/domain/octo';
import { bookingPrice } from '@boats/domain/pricing';
import type { Db } from '../../db/client';
import { ratesOfRowAt } from '../boats/boat-mapper';
import { charterHours, type BoatRow, type CharterHour } from './octo-repository';

const HOUR_MS = 3_600_000;

export type CharterStart = {
  id: string;
  startsAt: Date;
  endsAt: Date;
  status: 'AVAILABLE' | 'SOLD_OUT' | 'CLOSED';
};

/**
 * The charter lengths a reseller may sell of this boat: none when it has no charter price, or
 * when its customers drive it (the site asks them to confirm their licence, OCTO cannot).
 */
export function sellableCharterLengths(boat: BoatRow): number[] {
  return boat.pricePerHourCents > 0 && requiredLicence(boat) === null ? charterLengths(boat) : [];
}

/** A charter's price from this start: the boat's charter rates with its price rules for the day. */
export function charterPriceCents(boat: BoatRow, startsAt: Date, hours: number): number {
  return bookingPrice({ mode: 'private', rates: ratesOfRowAt(boat, 0, startsAt).charter, hours }).amountCents;
}

const chainSlot = (h: CharterHour, claimsCount: boolean) => ({
  _id: h.id,
  start: h.startsAt,
  end: h.endsAt,
  isOpen: h.isOpen,
  ...(claimsCount ? { available: !h.claimed } : {}),
});

/** The starts of a charter of `hours` in [from, to): those the open hours chain to that length. */
function startsAmong(
  boat: BoatRow,
  rows: readonly CharterHour[],
  hours: number,
  range: { from: Date; to: Date },
  now: Date,
): CharterStart[] {
  const offered = rows.map((h) => chainSlot(h, false));
  const free = rows.map((h) => chainSlot(h, true));
  const fits = (slots: typeof offered, id: string) =>
    isDurationInRange(hours, charterDurationRange(boat, slots, id));
  return rows
    .filter((h) => h.startsAt >= range.from && h.startsAt < range.to && fits(offered, h.id))
    .map((h) => ({
      id: h.id,
      startsAt: h.startsAt,
      endsAt: new Date(h.startsAt.getTime() + hours * HOUR_MS),
      status: isPast(h.startsAt, now) ? 'CLOSED' : fits(free, h.id) ? 'AVAILABLE' : 'SOLD_OUT',
    }));
}

/** The boat's charter starts of `hours` in the range, read with the hours after it a chain may reach. */
export async function charterStarts(
  db: Db,
  boat: BoatRow,
  hours: number,
  range: { from: Date; to: Date },
  now: Date,
): Promise<CharterStart[]> {
  const rows = await charterHours(
    db,
    boat.id,
    { from: range.from, to: new Date(range.to.getTime() + (hours + 1) * HOUR_MS) },
    now,
  );
  return startsAmong(boat, rows, hours, range, now);
}
