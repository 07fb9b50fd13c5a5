// Turns a boat row into the wire shape of docs/product.md §3: euros instead of cents, `_id`, and the
// English text as `title`/`description` with every language alongside. Half-day and day
// prices of 0 mean "not offered" and go out as null (charterRatesOfRow reads them the same way).
import { effectivePolicy } from '@boats/domain/cancellation-policy';
import { isOnPublicSite } from '@boats/domain/listing-state';
import { centsToEuros } from '@boats/domain/money';
import { effectiveReschedulePolicy, reschedulePolicyWire } from '@boats/domain/reschedule-policy';
import { lowestRates, seasonalRates, type SeasonalRates } from '@boats/domain/price-rules';
import type { CharterRates } from '@boats/domain/pricing';
import type { Boat, HarbourI18n } from '@boats/domain/schemas/boat';
import type { BoatExtra } from '@boats/domain/schemas/extras';
import { priceRuleWire } from '@boats/domain/price-rules';
import type { BoatExtraRow } from '../../db/schema';
import type { BoatRow, OpenStart } from './boat-repository';
import { listingOfRow } from './listing';

/** The harbour texts in every language, English from the boat's main columns. */
export function harbourOf(row: BoatRow): HarbourI18n {
  const t = row.harbourI18n;
  return {
    name: { en: row.portName, ...t.name },
    address: { en: row.portAddress, ...t.address },
    note: { en: row.geoNote, ...t.note },
  };
}

export function toBoatDto(row: BoatRow): Boat {
  return {
    _id: row.id,
    title: row.title.en,
    description: row.description.en,
    titleI18n: row.title,
    descriptionI18n: row.description,
    images: row.images,
    port: { name: row.portName, address: row.portAddress },
    capacity: row.capacity,
    minDurationHours: row.minDurationHours,
    maxDurationHours: row.maxDurationHours,
    verified: row.verified,
    isActive: isOnPublicSite(listingOfRow(row)),
    archived: row.archivedAt !== null,
    requiresLicense: row.requiresLicense,
    licence: row.licence,
    securityDeposit: centsToEuros(row.depositCents),
    claimWindowHours: row.claimWindowHours,
    foreignLicenceAccepted: row.foreignLicenceAccepted,
    conditionChecklist: row.conditionChecklist,
    agreementTerms: row.agreementTerms,
    geoNote: row.geoNote,
    inclusions: row.inclusions,
    // Those of inclusions since removed stay stored until the next save, never shown.
    inclusionsI18n: Object.fromEntries(
      Object.entries(row.inclusionsI18n).filter(([item]) => row.inclusions.includes(item)),
    ),
    pricing: {
      perHour: centsToEuros(row.pricePerHourCents),
      halfDay: row.priceHalfDayCents > 0 ? centsToEuros(row.priceHalfDayCents) : null,
      perDay: row.pricePerDayCents > 0 ? centsToEuros(row.pricePerDayCents) : null,
      halfDayHours: row.halfDayHours,
      fullDayHours: row.fullDayHours,
    },
    shared: {
      pricing: { perHour: centsToEuros(row.sharedPricePerHourCents) },
      minSeatsToDepart: row.sharedMinSeatsToDepart,
      cutoffHours: row.cutoffHours,
    },
    harbourI18n: harbourOf(row),
    cancellationPolicy: [...effectivePolicy(row.cancellationPolicy)],
    cancellationPolicyIsDefault: !row.cancellationPolicy?.length,
    reschedulePolicy: reschedulePolicyWire(effectiveReschedulePolicy(row.reschedulePolicy)),
    reschedulePolicyIsDefault: row.reschedulePolicy === null,
    extras: row.extras.map(toExtraDto),
    bookingMode: row.bookingMode,
    instantForced: row.instantForced,
    priceRules: row.priceRules.map(priceRuleWire),
  };
}

function toExtraDto(extra: BoatExtraRow): BoatExtra {
  return {
    id: extra.id,
    name: extra.name,
    description: extra.description,
    price: centsToEuros(extra.priceCents),
    per: extra.per,
    maxQuantity: extra.maxQuantity,
    noticeHours: extra.noticeHours,
    provider: extra.provider,
  };
}

/** The boat's published charter prices, as domain pricing charges them. */
export function charterRatesOfRow(row: BoatRow): CharterRates {
  return {
    perHourCents: row.pricePerHourCents,
    halfDayCents: row.priceHalfDayCents > 0 ? row.priceHalfDayCents : null,
    halfDayHours: row.halfDayHours,
    fullDayCents: row.pricePerDayCents > 0 ? row.pricePerDayCents : null,
    fullDayHours: row.fullDayHours,
  };
}

/**
 * The prices of a trip of this boat starting at `startsAt`: its charter rates and the slot's
 * seat price with the boat's price rules applied (docs/payments.md#pricing).
 */
export function ratesOfRowAt(row: BoatRow, seatPriceCents: number, startsAt: Date): SeasonalRates {
  return seasonalRates(
    { charter: charterRatesOfRow(row), seatPerHourCents: seatPriceCents },
    row.priceRules,
    startsAt,
  );
}

/**
 * The lowest prices of the boat's open trips in the next weeks (`starts`, openStartsAhead) with
 * its price rules applied, so the card's "from" is a price that can be bought
 * (docs/payments.md#pricing). Nothing when no trip of a kind is open.
 */
export function fromPrices(
  row: BoatRow,
  starts: readonly OpenStart[] = [],
): Pick<NonNullable<Boat['offers']>, 'charterFrom' | 'seatFromPerHour'> {
  const lowest = lowestRates(charterRatesOfRow(row), row.priceRules, starts);
  const euros = (cents: number | null) => (cents === null ? null : centsToEuros(cents));
  return {
    ...(lowest.charter && {
      charterFrom: {
        perHour: centsToEuros(lowest.charter.perHourCents),
        halfDay: euros(lowest.charter.halfDayCents),
        perDay: euros(lowest.charter.fullDayCents),
        halfDayHours: lowest.charter.halfDayHours,
        fullDayHours: lowest.charter.fullDayHours,
      },
    }),
    ...(lowest.seatPerHourCents !== undefined && { seatFromPerHour: centsToEuros(lowest.seatPerHourCents) }),
  };
}
