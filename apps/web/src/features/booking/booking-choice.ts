// Turns step one's selection into what the review shows and the payment-intent request sends,
// with the price from the same domain function the server charges with.
import type { LanguageCode } from '@boats/domain/languages';
import { hoursBetween } from '@boats/domain/canary-time';
import { charterEnd, charterChain, type DurationRange } from '@boats/domain/charter';
import {
  continueBlockers,
  tripMinimumVerdict,
  type BlockerCode,
  type MinimumVerdict,
} from '@boats/domain/booking-rules';
import { extraLimit, extraOffer, extraOrderable, priceExtras, type ExtraLine } from '@boats/domain/extras';
import type { BoatExtra } from '@boats/domain/schemas/extras';
import { paidSeats, seatsUsed, type Passengers } from '@boats/domain/passengers';
import { tripRatesAt } from '@boats/domain/boat-card';
import type { PriceRuleKind } from '@boats/domain/price-rules';
import { bookingPrice, type BookingPrice } from '@boats/domain/pricing';
import { promoDiscountCents } from '@boats/domain/promo-codes';
import { voucherSplit } from '@boats/domain/gift-vouchers';
import type { Boat } from '@boats/domain/schemas/boat';
import type { Slot } from '@boats/domain/schemas/slot';
import type { PaymentIntentRequestInput } from '@boats/domain/schemas/payment-intent';
import type { Selection } from './selection-state';

export type BookingChoice = {
  slot: Slot | null;
  range: DurationRange | null;
  hours: number | null;
  end: Date | null;
  price: BookingPrice | null;
  blockers: BlockerCode[];
  /** Shared: how this booking meets the trip's minimum to depart. */
  minimum: MinimumVerdict;
  /** The extras chosen that still apply (within their limits, notice not past), priced. */
  extras: ChosenExtra[];
  /** The trip and the extras; null while the trip has no price. */
  subtotalCents: number | null;
  /** The promo code applied and what it takes off the subtotal (docs/payments.md#promo-codes). */
  promo: { code: string; discountCents: number } | null;
  /** What is charged: the subtotal less the discount; null while the trip has no price. */
  totalCents: number | null;
  /**
   * The gift voucher applied and how the total is paid: its part, and the card's rest
   * (docs/payments.md#gift-vouchers); null without one or while the trip has no price.
   */
  voucher: { code: string; voucherCents: number; cardCents: number } | null;
  /** The kinds of the boat's price rules that priced this start (season, weekday, time). */
  seasonal: PriceRuleKind[];
};

type ChosenExtra = ExtraLine & { extra: BoatExtra };

/** What the review's stepper offers for each extra: its limit now, and whether it is too late. */
export type ExtraAvailability = { extra: BoatExtra; limit: number; tooLate: boolean };

export function extrasAvailability(
  boat: Boat,
  passengers: Passengers,
  startsAt: string | null,
  now: Date,
): ExtraAvailability[] {
  return (boat.extras ?? []).map((extra) => ({
    extra,
    limit: extraLimit(extra, seatsUsed(passengers)),
    tooLate: startsAt !== null && !extraOrderable(extra, new Date(startsAt), now),
  }));
}

/**
 * The chosen extras as the server will price them. A choice above its limit now (fewer people
 * than when it was chosen) counts at the limit; one whose notice has passed drops out, as the
 * stepper shows.
 */
function chosenExtras(boat: Boat, s: Selection, startsAt: string | null, now: Date): ChosenExtra[] {
  if (!startsAt) return [];
  const wanted = extrasAvailability(boat, s.passengers, startsAt, now)
    .filter((a) => !a.tooLate)
    .map((a) => ({ id: a.extra.id, quantity: Math.min(s.extras[a.extra.id] ?? 0, a.limit) }))
    .filter((c) => c.quantity > 0);
  const priced = priceExtras((boat.extras ?? []).map(extraOffer), wanted, {
    people: seatsUsed(s.passengers),
    startsAt: new Date(startsAt),
    now,
  });
  if (!priced.ok) return [];
  return priced.lines.flatMap((line) => {
    const extra = boat.extras?.find((e) => e.id === line.id);
    return extra ? [{ ...line, extra }] : [];
  });
}

export function bookingChoice(
  boat: Boat,
  availability: { private: Slot[]; shared: Slot[] },
  s: Selection,
  range: DurationRange | null,
  now: Date,
): BookingChoice {
  const pool = s.mode === 'private' ? availability.private : availability.shared;
  const slot = pool.find((x) => x._id === s.slotId) ?? null;
  const hours = !slot ? null : s.mode === 'private' ? s.duration : hoursBetween(slot.start, slot.end);
  const blockers = continueBlockers(
    {
      mode: s.mode,
      date: s.date,
      slot,
      durationHours: s.mode === 'private' ? s.duration : hours,
      durationRange: range,
      passengers: s.passengers,
      minimum: s.mode === 'shared' ? slot?.minimum : null,
      capacity: boat.capacity,
    },
    now,
  );
  const minimum =
    s.mode === 'shared' && slot
      ? tripMinimumVerdict(slot.minimum, paidSeats(s.passengers), now)
      : ({ kind: 'none' } as const);
  let end: Date | null = null;
  if (slot && hours) {
    end =
      s.mode === 'private'
        ? charterEnd(charterChain(availability.private, slot._id), hours)
        : new Date(slot.end);
  }
  let price: BookingPrice | null = null;
  let seasonal: PriceRuleKind[] = [];
  if (slot && hours && hours > 0) {
    // The boat's price rules for this start, as the server charges (docs/payments.md#pricing).
    const rates = tripRatesAt(boat, slot.seatPrice, new Date(slot.start));
    seasonal = rates.applied.map((r) => r.kind);
    price =
      s.mode === 'private'
        ? Number.isInteger(hours)
          ? bookingPrice({ mode: 'private', rates: rates.charter, hours })
          : null
        : bookingPrice({
            mode: 'shared',
            seatPricePerHourCents: rates.seatPerHourCents,
            passengers: s.passengers,
            hours,
          });
  }
  const extras = chosenExtras(boat, s, slot?.start ?? null, now);
  const subtotalCents = price ? price.amountCents + extras.reduce((sum, e) => sum + e.totalCents, 0) : null;
  // The discount by the domain's one rule, as the server will charge it.
  const promo =
    s.promo && subtotalCents !== null
      ? { code: s.promo.code, discountCents: promoDiscountCents(s.promo, subtotalCents) }
      : null;
  const totalCents = subtotalCents === null ? null : subtotalCents - (promo?.discountCents ?? 0);
  // The split by the domain's one rule, as the server will reserve it.
  const voucher =
    s.voucher && totalCents !== null
      ? { code: s.voucher.code, ...voucherSplit(totalCents, s.voucher.balance) }
      : null;
  return {
    slot,
    range,
    hours,
    end,
    price,
    blockers,
    minimum,
    extras,
    subtotalCents,
    promo,
    totalCents,
    voucher,
    seasonal,
  };
}

export function paymentIntentRequest(
  boat: Boat,
  s: Selection,
  choice: BookingChoice,
  lang: LanguageCode,
): PaymentIntentRequestInput | null {
  const { slot, hours, price, totalCents } = choice;
  if (!slot || !hours || !price || totalCents === null || choice.blockers.length > 0) return null;
  return {
    currency: 'eur',
    amount: totalCents,
    lang,
    booking: {
      boatId: boat._id,
      mode: s.mode,
      slotId: slot._id,
      dateISO: slot.start,
      durationHours: hours,
      // The seats of a shared trip, or the party on board of a charter.
      tickets: {
        adults: s.passengers.adults,
        children50: s.passengers.children50,
        kidsFree: s.passengers.kidsFree,
      },
      priceBreakdown: price.breakdown,
      ...(choice.extras.length > 0 && {
        extras: choice.extras.map(({ id, quantity }) => ({ id, quantity })),
      }),
      ...(choice.promo && { promoCode: choice.promo.code }),
      ...(choice.voucher && { voucherCode: choice.voucher.code }),
      ...(s.licenceConfirmed && { licenceConfirmed: true }),
      ...(s.depositAccepted === true && { depositAccepted: true }),
    },
  };
}
