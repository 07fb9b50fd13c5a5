/**
 * Seasonal, weekday and start-time prices (docs/payments.md#pricing). A boat's rules change its
 * published prices for the trips they match; seasonalRates is the one function that says what a
 * trip starting at an instant is charged, used by checkout, walk-ins, weather moves, the fleet
 * card, the calendar, the review step and the editor's preview.
 *
 * Precedence: the rules apply in a fixed order of kind, each on the prices the step before left:
 *   1. a date range (high season), then
 *   2. a weekday rule (weekends), then
 *   3. a start-time rule (sunset).
 * Of each kind only the first matching rule in the boat's list applies. A percentage multiplies
 * the prices as they stand; a fixed price replaces the prices it names and leaves the others.
 * Every adjusted price is rounded to the cent (half up) at its step, and the trip's amount is
 * then computed from the adjusted prices by domain pricing, as without rules.
 */
import { canaryDateKey, canaryTimeLabel } from './canary-time';
import { centsToEuros, eurosToCents } from './money';
import type { CharterRates } from './pricing';

export const PRICE_RULE_KINDS = ['dates', 'weekdays', 'times'] as const;
export type PriceRuleKind = (typeof PRICE_RULE_KINDS)[number];

/** At most this many rules per boat. */
export const MAX_PRICE_RULES = 20;
/** A percentage change lies between these (−90 %: never free; +300 %: four times the price). */
export const MIN_RULE_PERCENT = -90;
export const MAX_RULE_PERCENT = 300;

/** ISO weekday: 1 = Monday … 7 = Sunday. */
export type Weekday = 1 | 2 | 3 | 4 | 5 | 6 | 7;

export type PriceRuleWhen =
  /** Trips starting on a Canary day from `from` to `to`, both included ('YYYY-MM-DD'). */
  | { kind: 'dates'; from: string; to: string }
  /** Trips starting on one of these weekdays (Canary time). */
  | { kind: 'weekdays'; days: Weekday[] }
  /** Trips starting at or after `from` and before `to` (Canary 'HH:mm'). */
  | { kind: 'times'; from: string; to: string };

/** The prices a fixed rule sets, in cents; null leaves that price as it stands. */
export interface FixedPrices {
  perHourCents: number | null;
  halfDayCents: number | null;
  fullDayCents: number | null;
  seatPerHourCents: number | null;
}

export type PriceChange = { type: 'percent'; percent: number } | ({ type: 'fixed' } & FixedPrices);

export type PriceRule = PriceRuleWhen & { id: string; change: PriceChange };

/** The prices a trip is charged at: a charter's rates and a shared trip's seat price per hour. */
export interface TripRates {
  charter: CharterRates;
  seatPerHourCents: number;
}

export interface SeasonalRates extends TripRates {
  /** The rules that applied, in the order they applied. */
  applied: PriceRule[];
}

const ORDER: readonly PriceRuleKind[] = PRICE_RULE_KINDS;

/** The ISO weekday of a Canary date key. */
export function weekdayOf(dateKey: string): Weekday {
  const day = new Date(`${dateKey}T12:00:00Z`).getUTCDay();
  return (day === 0 ? 7 : day) as Weekday;
}

/** Whether a rule matches a trip starting on `dateKey` at `time` (Canary). */
export function ruleMatches(rule: PriceRuleWhen, dateKey: string, time: string): boolean {
  switch (rule.kind) {
    case 'dates':
      return rule.from <= dateKey && dateKey <= rule.to;
    case 'weekdays':
      return rule.days.includes(weekdayOf(dateKey));
    case 'times':
      return rule.from <= time && time < rule.to;
  }
}

/** cents × (100 + percent) / 100, rounded half up once. */
function adjusted(cents: number, percent: number): number {
  return Math.round((cents * (100 + percent)) / 100);
}

function applyChange(rates: TripRates, change: PriceChange): TripRates {
  const c = rates.charter;
  if (change.type === 'percent') {
    const p = change.percent;
    return {
      charter: {
        ...c,
        perHourCents: adjusted(c.perHourCents, p),
        halfDayCents: c.halfDayCents === null ? null : adjusted(c.halfDayCents, p),
        fullDayCents: c.fullDayCents === null ? null : adjusted(c.fullDayCents, p),
      },
      seatPerHourCents: adjusted(rates.seatPerHourCents, p),
    };
  }
  return {
    charter: {
      ...c,
      perHourCents: change.perHourCents ?? c.perHourCents,
      // A package the boat does not offer stays not offered.
      halfDayCents: c.halfDayCents === null ? null : (change.halfDayCents ?? c.halfDayCents),
      fullDayCents: c.fullDayCents === null ? null : (change.fullDayCents ?? c.fullDayCents),
    },
    seatPerHourCents: change.seatPerHourCents ?? rates.seatPerHourCents,
  };
}

/**
 * The prices of a trip starting at `startsAt`: `base` (the boat's charter rates, the slot's seat
 * price) with the boat's rules applied in the order of precedence above.
 */
export function seasonalRates(base: TripRates, rules: readonly PriceRule[], startsAt: Date): SeasonalRates {
  const dateKey = canaryDateKey(startsAt);
  const time = canaryTimeLabel(startsAt);
  let rates: TripRates = base;
  const applied: PriceRule[] = [];
  for (const kind of ORDER) {
    const rule = rules.find((r) => r.kind === kind && ruleMatches(r, dateKey, time));
    if (!rule) continue;
    rates = applyChange(rates, rule.change);
    applied.push(rule);
  }
  return { ...rates, applied };
}

const NO_CHARTER: CharterRates = {
  perHourCents: 0,
  halfDayCents: null,
  halfDayHours: 1,
  fullDayCents: null,
  fullDayHours: 2,
};

/** A shared trip's seat price per hour with the rules applied (seasonalRates, seat price only). */
export function seatPriceAt(seatPerHourCents: number, rules: readonly PriceRule[], startsAt: Date): number {
  return seasonalRates({ charter: NO_CHARTER, seatPerHourCents }, rules, startsAt).seatPerHourCents;
}

/**
 * The lowest prices among trips starting at `starts` (the open slots of the weeks ahead, each
 * with its own seat price): the charter rates of the cheapest hour and the cheapest seat per
 * hour, for an honest "from" price. Undefined when there are no starts of that kind.
 */
export function lowestRates(
  charter: CharterRates,
  rules: readonly PriceRule[],
  starts: readonly { startsAt: Date; type: 'private' | 'shared'; seatPriceCents: number }[],
): { charter?: CharterRates; seatPerHourCents?: number } {
  let best: { charter?: CharterRates; seatPerHourCents?: number } = {};
  for (const s of starts) {
    const r = seasonalRates({ charter, seatPerHourCents: s.seatPriceCents }, rules, s.startsAt);
    if (s.type === 'private' && (!best.charter || r.charter.perHourCents < best.charter.perHourCents))
      best = { ...best, charter: r.charter };
    if (
      s.type === 'shared' &&
      (best.seatPerHourCents === undefined || r.seatPerHourCents < best.seatPerHourCents)
    )
      best = { ...best, seatPerHourCents: r.seatPerHourCents };
  }
  return best;
}

/**
 * A rule as the API shows it and the editor sends it, in euros (schemas/price-rules): `from`/`to`
 * are dates or times by kind ('' for weekdays), `days` ISO weekdays, a fixed price's null
 * leaves that price as it stands.
 */
export interface PriceRuleFields {
  id: string;
  kind: PriceRuleKind;
  from: string;
  to: string;
  days: number[];
  change: 'percent' | 'fixed';
  percent: number | null;
  perHour: number | null;
  halfDay: number | null;
  fullDay: number | null;
  seatPerHour: number | null;
}

const cents = (euros: number | null) => (euros === null ? null : eurosToCents(euros));
const euros = (c: number | null) => (c === null ? null : centsToEuros(c));

/** A rule of the wire or the editor as the domain prices it (cents). */
export function priceRuleOf(rule: PriceRuleFields): PriceRule {
  const change =
    rule.change === 'percent'
      ? { type: 'percent' as const, percent: rule.percent ?? 0 }
      : {
          type: 'fixed' as const,
          perHourCents: cents(rule.perHour),
          halfDayCents: cents(rule.halfDay),
          fullDayCents: cents(rule.fullDay),
          seatPerHourCents: cents(rule.seatPerHour),
        };
  switch (rule.kind) {
    case 'dates':
      return { id: rule.id, kind: 'dates', from: rule.from, to: rule.to, change };
    case 'times':
      return { id: rule.id, kind: 'times', from: rule.from, to: rule.to, change };
    case 'weekdays':
      return {
        id: rule.id,
        kind: 'weekdays',
        days: [...new Set(rule.days)].sort((a, b) => a - b) as Weekday[],
        change,
      };
  }
}

/** A stored rule on the wire (euros). */
export function priceRuleWire(rule: PriceRule): PriceRuleFields {
  const fixed = rule.change.type === 'fixed' ? rule.change : null;
  return {
    id: rule.id,
    kind: rule.kind,
    from: rule.kind === 'weekdays' ? '' : rule.from,
    to: rule.kind === 'weekdays' ? '' : rule.to,
    days: rule.kind === 'weekdays' ? rule.days : [],
    change: rule.change.type,
    percent: rule.change.type === 'percent' ? rule.change.percent : null,
    perHour: euros(fixed?.perHourCents ?? null),
    halfDay: euros(fixed?.halfDayCents ?? null),
    fullDay: euros(fixed?.fullDayCents ?? null),
    seatPerHour: euros(fixed?.seatPerHourCents ?? null),
  };
}
