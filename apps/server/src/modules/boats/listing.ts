// A boat row's listing (packages/domain listing-state): its facts are the instants the row keeps,
// its state is read from them, and a change writes the instants the table's step sets.
import {
  listingMissing,
  listingStateOf,
  type ListingFacts,
  type ListingRequirement,
  type ListingState,
} from '@boats/domain/listing-state';
import type { BoatRow, NewBoatRow } from './boat-repository';

type FactColumns = Pick<BoatRow, 'submittedAt' | 'publishedAt' | 'pausedAt' | 'suspendedAt' | 'archivedAt'>;

const COLUMN_OF = {
  submitted: 'submittedAt',
  approved: 'publishedAt',
  paused: 'pausedAt',
  suspended: 'suspendedAt',
  archived: 'archivedAt',
} as const satisfies Record<keyof ListingFacts, keyof FactColumns>;

export function listingFactsOf(row: FactColumns): ListingFacts {
  return {
    submitted: row.submittedAt !== null,
    approved: row.publishedAt !== null,
    paused: row.pausedAt !== null,
    suspended: row.suspendedAt !== null,
    archived: row.archivedAt !== null,
  };
}

export function listingOfRow(row: FactColumns): ListingState {
  return listingStateOf(listingFactsOf(row));
}

/** The columns that take `facts`: a fact that still holds keeps its instant, a new one is `now`. */
export function factColumnsFor(row: FactColumns, facts: ListingFacts, now: Date): Partial<NewBoatRow> {
  return Object.fromEntries(
    (Object.keys(COLUMN_OF) as (keyof ListingFacts)[]).map((fact) => {
      const column = COLUMN_OF[fact];
      return [column, facts[fact] ? (row[column] ?? now) : null];
    }),
  );
}

/** What the boat still needs before a review (its English texts, photos, harbour and a price). */
export function missingOfRow(
  row: Pick<BoatRow, 'description' | 'images' | 'portName' | 'pricePerHourCents' | 'sharedPricePerHourCents'>,
): ListingRequirement[] {
  return listingMissing({
    description: row.description.en,
    images: row.images,
    harbour: row.portName,
    charterPerHour: row.pricePerHourCents,
    seatPerHour: row.sharedPricePerHourCents,
  });
}
