import { z } from './zod';
import { isDateKey } from '../canary-time';
import { MAX_PRICE_RULES, MAX_RULE_PERCENT, MIN_RULE_PERCENT, PRICE_RULE_KINDS } from '../price-rules';
import { euroAmount, uuid } from './common';

const TIME_RE = /^([01]\d|2[0-3]):[0-5]\d$/;
export const PRICE_CHANGES = ['percent', 'fixed'] as const;

/**
 * A boat's price rule as the API shows it and the editor sends it (docs/payments.md#pricing):
 * `from`/`to` are Canary dates for a date range, Canary 'HH:mm' start times for a time rule
 * and '' for a weekday rule; `days` are ISO weekdays (1 = Monday). A percentage rule names
 * `percent`; a fixed one the prices it sets in euros (null: that price stays as it stands).
 */
export const priceRuleSchema = z.object({
  id: uuid,
  kind: z.enum(PRICE_RULE_KINDS),
  from: z.string().max(10),
  to: z.string().max(10),
  days: z.array(z.number().int().min(1).max(7)).max(7),
  change: z.enum(PRICE_CHANGES),
  percent: z.number().int().nullable(),
  perHour: euroAmount.nullable(),
  halfDay: euroAmount.nullable(),
  fullDay: euroAmount.nullable(),
  seatPerHour: euroAmount.nullable(),
});
export type PriceRuleWire = z.infer<typeof priceRuleSchema>;

const optionalPrice = z.number('validation.number').min(0, 'validation.nonNegative').max(100_000).nullable();

/** One rule in the boat editor: a new one has no id yet (the server gives it one). */
export const priceRuleInputSchema = priceRuleSchema
  .extend({
    id: uuid.optional(),
    percent: z.number('validation.number').int('validation.integer').nullable(),
    perHour: optionalPrice,
    halfDay: optionalPrice,
    fullDay: optionalPrice,
    seatPerHour: optionalPrice,
  })
  .superRefine((r, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (r.kind === 'dates') {
      if (!isDateKey(r.from)) issue('from', 'validation.date');
      if (!isDateKey(r.to)) issue('to', 'validation.date');
      else if (isDateKey(r.from) && r.to < r.from) issue('to', 'validation.dateOrder');
    }
    if (r.kind === 'times') {
      if (!TIME_RE.test(r.from)) issue('from', 'validation.time');
      if (!TIME_RE.test(r.to)) issue('to', 'validation.time');
      else if (TIME_RE.test(r.from) && r.to <= r.from) issue('to', 'validation.timeOrder');
    }
    if (r.kind === 'weekdays' && r.days.length === 0) issue('days', 'validation.weekdays');
    if (r.change === 'percent') {
      if (r.percent === null) issue('percent', 'validation.required');
      else if (r.percent < MIN_RULE_PERCENT || r.percent > MAX_RULE_PERCENT)
        issue('percent', 'validation.rulePercent');
    }
    if (
      r.change === 'fixed' &&
      r.perHour === null &&
      r.halfDay === null &&
      r.fullDay === null &&
      r.seatPerHour === null
    )
      issue('perHour', 'validation.fixedPrice');
  });
export type PriceRuleInput = z.infer<typeof priceRuleInputSchema>;

export const priceRulesInputSchema = z.array(priceRuleInputSchema).max(MAX_PRICE_RULES);
