// The values a history entry's translation reads, shown the way the back office shows them:
// money in euros, instants in Canary time, and a trip cancellation's cause as the i18next
// context (`history.trip_canceled_weather`), so each cause reads as a sentence of its own; so
// does the method of money taken in person.
import { formatCanaryDateTime } from '@boats/domain/canary-time';
import type { LanguageCode } from '@boats/domain/languages';
import type { BookingHistoryEntry } from '@boats/domain/schemas/booking';
import { money } from './booking-format';

const MONEY_PARAMS = ['amount', 'refund'];
const INSTANT_PARAMS = ['from', 'to', 'deadline', 'until'];

export function historyTextOptions(
  entry: Pick<BookingHistoryEntry, 'code' | 'params'>,
  locale: LanguageCode,
): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(entry.params)) {
    if (MONEY_PARAMS.includes(key) && typeof value === 'number') out[key] = money(value);
    else if (INSTANT_PARAMS.includes(key) && typeof value === 'string' && !Number.isNaN(Date.parse(value)))
      out[key] = formatCanaryDateTime(value, locale);
    else out[key] = value;
  }
  if (entry.code === 'trip_canceled' && typeof entry.params.cause === 'string')
    out.context = entry.params.cause;
  // Money taken in person reads with its method (`history.payment_recorded_cash`).
  if (entry.code === 'payment_recorded' && typeof entry.params.method === 'string')
    out.context = entry.params.method;
  // A walk-in that let its trip sail below the minimum says so (`history.operator_booked_below_minimum`).
  if (entry.code === 'operator_booked' && typeof entry.params.belowMinimum === 'number')
    out.context = 'below_minimum';
  // The boat's condition reads with its phase (`history.condition_recorded_departure`).
  if (entry.code === 'condition_recorded' && typeof entry.params.phase === 'string')
    out.context = entry.params.phase;
  return out;
}
