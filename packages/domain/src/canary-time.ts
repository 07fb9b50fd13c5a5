/**
 * Calendar and clock logic in the islands' own zone. Every day boundary, month range and
 * "has it started" decision goes through here, so nothing depends on the zone of the machine
 * that runs the code (servers run in UTC, browsers anywhere).
 *
 * Atlantic/Canary is UTC+0 in winter and UTC+1 in summer; the switches happen at 01:00 UTC on
 * the last Sunday of March (wall clock jumps 01:00 → 02:00) and of October (02:00 → 01:00).
 */

import { intlLocale, type LanguageCode } from './languages';

export const CANARY_TZ = 'Atlantic/Canary';

/** An instant as it travels: a Date, or an ISO string from the wire. */
export type InstantInput = Date | string;

const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

const DATE_KEY_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_RE = /^([01]\d|2[0-3]):([0-5]\d)$/;

export function toInstant(value: InstantInput): Date {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) throw new RangeError(`Invalid instant: ${String(value)}`);
  return date;
}

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

// hourCycle h23 avoids the "24:00" some engines print for midnight with hour12: false.
const wallFormatter = new Intl.DateTimeFormat('en-US', {
  timeZone: CANARY_TZ,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

function wallClock(instant: Date): WallClock {
  const parts: Record<string, number> = {};
  for (const part of wallFormatter.formatToParts(instant)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? 0,
    month: parts.month ?? 0,
    day: parts.day ?? 0,
    hour: (parts.hour ?? 0) % 24,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

const pad2 = (n: number): string => String(n).padStart(2, '0');

/** Minutes Canary wall-clock time is ahead of UTC at that instant: 0 in winter, 60 in summer. */
export function canaryOffsetMinutes(instant: InstantInput): number {
  const date = toInstant(instant);
  const wall = wallClock(date);
  const wallAsUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  // Intl only resolves to whole seconds, so compare against the instant cut to the second.
  const wholeSecond = Math.floor(date.getTime() / 1000) * 1000;
  return Math.round((wallAsUtc - wholeSecond) / MINUTE_MS);
}

/** Canary calendar day of an instant, 'YYYY-MM-DD'. */
export function canaryDateKey(instant: InstantInput): string {
  const wall = wallClock(toInstant(instant));
  return `${String(wall.year).padStart(4, '0')}-${pad2(wall.month)}-${pad2(wall.day)}`;
}

/** Canary wall-clock time of an instant, 'HH:mm', 24-hour. */
export function canaryTimeLabel(instant: InstantInput): string {
  const wall = wallClock(toInstant(instant));
  return `${pad2(wall.hour)}:${pad2(wall.minute)}`;
}

/**
 * An instant on the Canary wall clock with its offset, to the second: `2027-07-10T11:00:00+01:00`
 * (ISO 8601; what OCTO, the AEAT's records and the calendar feed each write).
 */
export function canaryLocalDateTime(instant: InstantInput): string {
  const date = toInstant(instant);
  const wall = wallClock(date);
  const offset = canaryOffsetMinutes(date);
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  const time = `${pad2(wall.hour)}:${pad2(wall.minute)}:${pad2(wall.second)}`;
  return `${canaryDateKey(date)}T${time}${sign}${pad2(Math.floor(abs / 60))}:${pad2(abs % 60)}`;
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

export function isDateKey(value: string): boolean {
  const m = DATE_KEY_RE.exec(value);
  if (!m) return false;
  const month = Number(m[2]);
  const day = Number(m[3]);
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(Number(m[1]), month);
}

function parseDateKey(dateKey: string): { year: number; month: number; day: number } {
  if (!isDateKey(dateKey)) throw new RangeError(`Invalid date key: ${dateKey}`);
  const [year, month, day] = dateKey.split('-').map(Number) as [number, number, number];
  return { year, month, day };
}

export function dateKeyOf(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, '0')}-${pad2(month)}-${pad2(day)}`;
}

/** Calendar arithmetic on date keys (no zone involved: a date key is already a Canary day). */
export function addDays(dateKey: string, days: number): string {
  const { year, month, day } = parseDateKey(dateKey);
  const d = new Date(Date.UTC(year, month - 1, day + days));
  return dateKeyOf(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate());
}

/**
 * The instant at which Canary wall clocks show `time` on `dateKey`.
 *
 * Twice a year a wall time is ambiguous. Same choice as Temporal's "compatible" mode:
 * - skipped hour (last Sunday of March, 01:00–01:59 does not exist): moved forward by the gap,
 *   so 01:30 gives 02:30 summer time (01:30 UTC);
 * - repeated hour (last Sunday of October, 01:00–01:59 happens twice): the first occurrence,
 *   still in summer time, so 01:30 gives 00:30 UTC.
 * Midnight is never ambiguous in this zone, so day and month boundaries are unaffected.
 */
export function canaryInstant(dateKey: string, time: string): Date {
  const { year, month, day } = parseDateKey(dateKey);
  const t = TIME_RE.exec(time);
  if (!t) throw new RangeError(`Invalid time (expected HH:mm): ${time}`);
  const wallAsUtc = Date.UTC(year, month - 1, day, Number(t[1]), Number(t[2]));

  // Offsets a day either side bracket any switch, since switches are months apart.
  const offsetBefore = canaryOffsetMinutes(new Date(wallAsUtc - DAY_MS));
  const offsetAfter = canaryOffsetMinutes(new Date(wallAsUtc + DAY_MS));
  const matches = [...new Set([offsetBefore, offsetAfter])]
    .map((offset) => wallAsUtc - offset * MINUTE_MS)
    .filter((ms) => canaryOffsetMinutes(new Date(ms)) * MINUTE_MS === wallAsUtc - ms)
    .sort((a, b) => a - b);
  const first = matches[0];
  if (first !== undefined) return new Date(first);
  // In the gap: read the wall time with the offset in force before the switch.
  return new Date(wallAsUtc - offsetBefore * MINUTE_MS);
}

/** A Canary calendar day as [start, end): 23 hours long in late March, 25 in late October. */
export function canaryDayRange(dateKey: string): { start: Date; end: Date } {
  return { start: canaryInstant(dateKey, '00:00'), end: canaryInstant(addDays(dateKey, 1), '00:00') };
}

/**
 * A Canary calendar month. Unlike canaryDayRange, `end` is inclusive — the last millisecond
 * of the last day (23:59:59.999 Canary) — because the bookings list sends it as its `end`
 * query parameter (docs/product.md §9). Compare with `<= end`.
 */
export function canaryMonthRange(year: number, month: number): { start: Date; end: Date } {
  assertMonth(year, month);
  const next = addMonths(year, month, 1);
  const start = canaryInstant(dateKeyOf(year, month, 1), '00:00');
  const nextStart = canaryInstant(dateKeyOf(next.year, next.month, 1), '00:00');
  return { start, end: new Date(nextStart.getTime() - 1) };
}

/** The Canary month of a period written `2027-03`, as canaryMonthRange gives it. */
export function canaryPeriodRange(period: string): { start: Date; end: Date } {
  return canaryMonthRange(Number(period.slice(0, 4)), Number(period.slice(5, 7)));
}

/**
 * Whether the Canary month `period` ('YYYY-MM') has ended at `now`: its last instant is past. It
 * ends at midnight in the islands, an hour before UTC's in summer; only an ended month is invoiced
 * (docs/invoicing.md#invoices-for-a-month-that-has-ended).
 */
export function monthHasEnded(period: string, now: InstantInput): boolean {
  return canaryPeriodRange(period).end.getTime() < toInstant(now).getTime();
}

/** The last Canary month that has ended at `now`, 'YYYY-MM'. */
export function lastEndedMonth(now: InstantInput): string {
  const { year, month } = canaryYearMonth(now);
  const last = addMonths(year, month, -1);
  return `${String(last.year).padStart(4, '0')}-${pad2(last.month)}`;
}

function assertMonth(year: number, month: number): void {
  if (!Number.isInteger(year) || !Number.isInteger(month) || month < 1 || month > 12) {
    throw new RangeError(`Invalid month: ${String(year)}-${String(month)}`);
  }
}

export function addMonths(year: number, month: number, delta: number): { year: number; month: number } {
  assertMonth(year, month);
  const index = year * 12 + (month - 1) + Math.trunc(delta);
  return { year: Math.floor(index / 12), month: (((index % 12) + 12) % 12) + 1 };
}

/** Canary year and month (1–12) an instant falls in. */
export function canaryYearMonth(instant: InstantInput): { year: number; month: number } {
  const wall = wallClock(toInstant(instant));
  return { year: wall.year, month: wall.month };
}

/**
 * Weeks of a month for a calendar, Monday first. Each cell is a date key, or null where the
 * week runs into the neighbouring month.
 */
export function monthGrid(year: number, month: number): (string | null)[][] {
  assertMonth(year, month);
  const mondayFirstWeekday = (new Date(Date.UTC(year, month - 1, 1)).getUTCDay() + 6) % 7;
  const cells: (string | null)[] = Array.from({ length: mondayFirstWeekday }, () => null);
  const total = daysInMonth(year, month);
  for (let day = 1; day <= total; day++) cells.push(dateKeyOf(year, month, day));
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: (string | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

/** Hours from a to b; never negative, so a reversed pair reads as "no time". */
export function hoursBetween(a: InstantInput, b: InstantInput): number {
  return Math.max(0, (toInstant(b).getTime() - toInstant(a).getTime()) / HOUR_MS);
}

/** Hours for display, rounded to 0.1 h (docs/product.md §9). */
export function roundHours(hours: number): number {
  return Math.round(hours * 10) / 10;
}

/**
 * True once `instant` has been reached. Exactly now counts as past: a slot starting this very
 * millisecond has started and can no longer be booked.
 */
export function isPast(instant: InstantInput, now: Date): boolean {
  return toInstant(instant).getTime() <= now.getTime();
}

const dateFormatters = new Map<LanguageCode, Intl.DateTimeFormat>();
function dateFormatter(locale: LanguageCode): Intl.DateTimeFormat {
  let f = dateFormatters.get(locale);
  if (!f) {
    f = new Intl.DateTimeFormat(intlLocale(locale), {
      timeZone: CANARY_TZ,
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
    });
    dateFormatters.set(locale, f);
  }
  return f;
}

/** Canary day of an instant, day-month-year: 21/11/2026 (en, es), 21.11.2026 (ru). */
export function formatCanaryDate(instant: InstantInput, locale: LanguageCode): string {
  return dateFormatter(locale).format(toInstant(instant));
}

/** Date then 24-hour time in Canary time: '21/11/2026 18:30'. */
export function formatCanaryDateTime(instant: InstantInput, locale: LanguageCode): string {
  return `${formatCanaryDate(instant, locale)} ${canaryTimeLabel(instant)}`;
}

/** A Canary day key shown like formatCanaryDate, without going through an instant. */
export function formatDateKey(dateKey: string, locale: LanguageCode): string {
  const { year, month, day } = parseDateKey(dateKey);
  // Noon UTC is the same calendar day in Atlantic/Canary all year.
  return formatCanaryDate(new Date(Date.UTC(year, month - 1, day, 12)), locale);
}

/**
 * A day as a person types it in the language's own order (the order formatDateKey writes:
 * day, month, year in every site language), with any separators: "25/11/2026", "25.11.2026",
 * "25 11 2026". The year has four digits. Answers the date key, or null when the text is not a
 * real day, so a form can refuse it in words instead of guessing.
 */
export function dateKeyFromText(text: string, locale: LanguageCode): string | null {
  const numbers = text.trim().match(/\d+/g);
  if (!numbers || numbers.length !== 3 || /[^\d\s./-]/.test(text.trim())) return null;
  const order = dateFormatter(locale)
    .formatToParts(new Date(Date.UTC(2026, 10, 25, 12)))
    .map((part) => part.type)
    .filter((type) => type === 'day' || type === 'month' || type === 'year');
  const value = (type: 'day' | 'month' | 'year') => numbers[order.indexOf(type)] ?? '';
  if (value('year').length !== 4 || value('day').length > 2 || value('month').length > 2) return null;
  const key = dateKeyOf(Number(value('year')), Number(value('month')), Number(value('day')));
  return isDateKey(key) ? key : null;
}

/** ISO weekdays, Monday first: 1 = Monday … 7 = Sunday (a calendar's columns, a weekday rule's days). */
export const ISO_WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

const weekdayFormatters = new Map<string, Intl.DateTimeFormat>();
/** The name of an ISO weekday (1 = Monday … 7 = Sunday) in the language: 'Mon' / 'Monday', 'lun' / 'lunes'. */
export function formatWeekday(isoDay: number, locale: LanguageCode, width: 'short' | 'long'): string {
  const key = `${locale}|${width}`;
  let f = weekdayFormatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(intlLocale(locale), { weekday: width, timeZone: 'UTC' });
    weekdayFormatters.set(key, f);
  }
  // 1 January 2024 was a Monday.
  return f.format(new Date(Date.UTC(2024, 0, isoDay, 12)));
}

/**
 * Month heading: 'November 2026', 'Noviembre de 2026', 'Ноябрь 2026 г.'. Capitalised because
 * es and ru write month names in lower case, which looks wrong as a heading.
 */
export function formatCanaryMonthYear(year: number, month: number, locale: LanguageCode): string {
  assertMonth(year, month);
  const text = new Intl.DateTimeFormat(intlLocale(locale), {
    timeZone: 'UTC',
    month: 'long',
    year: 'numeric',
  }).format(new Date(Date.UTC(year, month - 1, 15)));
  return text.charAt(0).toLocaleUpperCase(intlLocale(locale)) + text.slice(1);
}
