// Charter options (docs/channels.md#charters): the whole boat for a number of hours, one option
// per length the boat allows. An availability is a start hour from which the boat's consecutive
// open charter hours hold that length (sales/sellable.ts, the site's own chaining): free while no
// sale or live hold claims any of those hours, SOLD_OUT once one does.
import { isPast } from '@boats/domain/canary-time';
import { isDurationInRange } from '@boats/domain/charter';
import { requiredLicence } from '@boats/domain/licences';
import { charterLengths } from '@boats/domain/octo';
import type { Db } from '../../db/client';
import { charterReach, charterStarts, sellableSlots } from '../sales/sellable';
import type { BoatRow } from './octo-repository';

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

/** The boat's starts of a charter of `hours` in [from, to): those its open hours chain to that length. */
export async function optionStarts(
  db: Db,
  boat: BoatRow,
  hours: number,
  range: { from: Date; to: Date },
  now: Date,
): Promise<CharterStart[]> {
  const days = { start: range.from, end: range.to };
  const rows = await sellableSlots(db, boat.id, charterReach(boat, days), now);
  return charterStarts(boat, rows, days)
    .filter((start) => isDurationInRange(hours, start.offered))
    .map(({ slot, free }) => ({
      id: slot.id,
      startsAt: slot.startsAt,
      endsAt: new Date(slot.startsAt.getTime() + hours * HOUR_MS),
      status: isPast(slot.startsAt, now)
        ? 'CLOSED'
        : isDurationInRange(hours, free)
          ? 'AVAILABLE'
          : 'SOLD_OUT',
    }));
}
