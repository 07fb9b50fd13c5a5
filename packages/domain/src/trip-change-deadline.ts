/**
 * How long a customer of a canceled trip has to choose between another trip of the boat and a
 * refund (docs/back-office.md, weather cancellation). Decided per customer, from the trips
 * offered to them:
 *
 * - Each trip offered may be chosen until its own closing time: `PREFERRED_CLOSE_HOURS` before
 *   it leaves (the crew knows who comes a day ahead), pushed later when that would leave the
 *   customer less than the minimum time to choose, but never later than `LAST_CALL_HOURS`
 *   before it leaves.
 * - The customer's deadline is the latest closing time among their trips, and never more than
 *   `CHOICE_WINDOW_HOURS` after the cancellation. So it is at least the minimum (default 12 h)
 *   unless no trip offered leaves that much time; a customer with only tonight's trip still
 *   gets a choice until shortly before it leaves.
 *
 * Times count from the cancellation, so a trip's closing time is the same whenever it is asked.
 * No answer by the deadline is a refund in full.
 */

export const CHOICE_WINDOW_HOURS = 72;
export const PREFERRED_CLOSE_HOURS = 24;
export const LAST_CALL_HOURS = 2;
export const DEFAULT_CHOICE_MIN_HOURS = 12;

const HOUR = 3_600_000;

/** Until when a trip offered may be chosen, for a cancellation made at `canceledAt`. */
export function optionClosesAt(tripStart: Date, canceledAt: Date, minimumHours: number): Date {
  const preferred = tripStart.getTime() - PREFERRED_CLOSE_HOURS * HOUR;
  const lastCall = tripStart.getTime() - LAST_CALL_HOURS * HOUR;
  const minimum = canceledAt.getTime() + minimumHours * HOUR;
  return new Date(Math.max(preferred, Math.min(minimum, lastCall)));
}

/**
 * The customer's deadline to choose; null when no trip offered can still be chosen (then the
 * booking is refunded at once).
 */
export function choiceDeadline(
  tripStarts: readonly Date[],
  canceledAt: Date,
  minimumHours: number,
): Date | null {
  const closes = tripStarts.map((start) => optionClosesAt(start, canceledAt, minimumHours).getTime());
  const latest = Math.max(...closes);
  if (closes.length === 0 || latest <= canceledAt.getTime()) return null;
  return new Date(Math.min(latest, canceledAt.getTime() + CHOICE_WINDOW_HOURS * HOUR));
}
