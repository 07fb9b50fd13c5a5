/**
 * Extras a boat sells beside the trip (a transfer, event decoration, a bottle of prosecco): what
 * a chosen set costs, whether each may still be ordered, and how their money divides. The
 * server charges with these functions and the review step shows the same figures.
 */
import { splitAtBps, type FeeSplit } from './fee-split';
import { eurosToCents } from './money';

/** Per booking: the quantity is how many (bottles, decorations). Per person: how many people. */
export const EXTRA_PRICING = ['booking', 'person'] as const;
export type ExtraPricing = (typeof EXTRA_PRICING)[number];

/**
 * Who provides it. The owner's extras join the trip in the owner's share (the commission
 * applies); the platform's are the platform's whole.
 */
export const EXTRA_PROVIDERS = ['owner', 'platform'] as const;
export type ExtraProvider = (typeof EXTRA_PROVIDERS)[number];

/** At most this many of one extra in a booking; a boat offers at most MAX_EXTRAS_PER_BOAT. */
export const MAX_EXTRA_QUANTITY = 50;
export const MAX_EXTRAS_PER_BOAT = 12;
/** Notice an extra may ask for: up to a week. */
export const MAX_EXTRA_NOTICE_HOURS = 168;

export interface ExtraOffer {
  id: string;
  priceCents: number;
  per: ExtraPricing;
  maxQuantity: number;
  /** Hours before departure by which it must be ordered; 0 = until departure. */
  noticeHours: number;
  provider: ExtraProvider;
}

/**
 * An extra of the boat answer (schemas/extras.ts's BoatExtra, euros) as the domain prices it
 * (cents). Here, not beside the schema: the booking flow prices extras, and importing the
 * schema's module took the boat schemas and zod into the flow.
 */
export function extraOffer(extra: Omit<ExtraOffer, 'priceCents'> & { price: number }): ExtraOffer {
  return {
    id: extra.id,
    priceCents: eurosToCents(extra.price),
    per: extra.per,
    maxQuantity: extra.maxQuantity,
    noticeHours: extra.noticeHours,
    provider: extra.provider,
  };
}

export interface ExtraChoice {
  id: string;
  quantity: number;
}

/** One extra as sold: its price at the sale, so a later change of the offer never changes it. */
export interface ExtraLine {
  id: string;
  per: ExtraPricing;
  provider: ExtraProvider;
  quantity: number;
  unitCents: number;
  totalCents: number;
}

export type ExtraProblemCode = 'unknownExtra' | 'extraTooMany' | 'extraTooLate';
export interface ExtraProblem {
  code: ExtraProblemCode;
  /** Index of the choice in the request's list. */
  index: number;
  id: string;
  /** extraTooMany: the most that may be chosen. */
  max?: number;
}

const HOUR_MS = 3_600_000;

/** The most of an extra a booking may take: a per-person extra is for at most everyone aboard. */
export function extraLimit(offer: Pick<ExtraOffer, 'per' | 'maxQuantity'>, people: number): number {
  return offer.per === 'person' ? Math.min(offer.maxQuantity, Math.max(0, people)) : offer.maxQuantity;
}

/** Whether it can still be ordered for a trip leaving at `startsAt`: its notice not yet past. */
export function extraOrderable(offer: Pick<ExtraOffer, 'noticeHours'>, startsAt: Date, now: Date): boolean {
  return now.getTime() + offer.noticeHours * HOUR_MS <= startsAt.getTime();
}

export type ExtrasPrice =
  | { ok: true; lines: ExtraLine[]; totalCents: number; platformCents: number }
  | { ok: false; problems: ExtraProblem[] };

/**
 * The lines and total of the chosen extras. A quantity of 0 is no choice; an id the boat does
 * not offer, a quantity above the limit, or an extra whose notice has passed is a problem.
 */
export function priceExtras(
  offers: readonly ExtraOffer[],
  chosen: readonly ExtraChoice[],
  trip: { people: number; startsAt: Date; now: Date },
): ExtrasPrice {
  const problems: ExtraProblem[] = [];
  const lines: ExtraLine[] = [];
  chosen.forEach((choice, index) => {
    if (choice.quantity <= 0) return;
    const offer = offers.find((o) => o.id === choice.id);
    if (!offer) {
      problems.push({ code: 'unknownExtra', index, id: choice.id });
      return;
    }
    const max = extraLimit(offer, trip.people);
    if (choice.quantity > max) {
      problems.push({ code: 'extraTooMany', index, id: choice.id, max });
      return;
    }
    if (!extraOrderable(offer, trip.startsAt, trip.now)) {
      problems.push({ code: 'extraTooLate', index, id: choice.id });
      return;
    }
    lines.push({
      id: offer.id,
      per: offer.per,
      provider: offer.provider,
      quantity: choice.quantity,
      unitCents: offer.priceCents,
      totalCents: offer.priceCents * choice.quantity,
    });
  });
  if (problems.length > 0) return { ok: false, problems };
  return {
    ok: true,
    lines,
    totalCents: lines.reduce((sum, l) => sum + l.totalCents, 0),
    platformCents: platformExtrasCents(lines),
  };
}

/** The part of a sale that is the platform's own extras. */
export function platformExtrasCents(lines: readonly Pick<ExtraLine, 'provider' | 'totalCents'>[]): number {
  return lines.reduce((sum, l) => sum + (l.provider === 'platform' ? l.totalCents : 0), 0);
}

/**
 * A sale's fee split: the commission on everything the owner provides (the trip and the owner's
 * extras), plus the platform's extras whole. Fee + owner = gross exactly.
 */
export function saleSplit(grossCents: number, platformCents: number, bps: number): FeeSplit {
  const platform = Math.min(Math.max(0, platformCents), grossCents);
  const owner = splitAtBps(grossCents - platform, bps);
  return { feeCents: owner.feeCents + platform, ownerCents: owner.ownerCents };
}

/**
 * The rate a sale is kept at, in basis points, when part of it is the platform's own extras:
 * the fee of saleSplit as a share of the gross (to the basis point), so the split of whatever
 * the ledger keeps gives the platform its extras and the owner the rest.
 */
export function saleRateBps(grossCents: number, platformCents: number, bps: number): number {
  if (grossCents <= 0 || platformCents <= 0) return bps;
  return Math.round((saleSplit(grossCents, platformCents, bps).feeCents * 10_000) / grossCents);
}
