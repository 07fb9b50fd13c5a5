// Step one's selection as query parameters of /booking, so a reload, Back or a shared link
// brings it back: boat, mode (charter | tickets), date (Canary day), start (Canary HH:MM),
// hours (charter), adults, children (6–12), infants (under 6); and checkout (the booking id of
// the live hold while the payment step shows). The start is a time, not a slot id, so a link
// stays readable; it is matched against the month's slots once they load.
import { canaryTimeLabel, canaryYearMonth, isDateKey } from '@boats/domain/canary-time';
import { normalizePassengers, type Passengers } from '@boats/domain/passengers';
import { initialSelection, type Mode, type Selection } from './selection-state';

export const CHECKOUT_PARAM = 'checkout';
const SELECTION_PARAMS = ['mode', 'date', 'start', 'hours', 'adults', 'children', 'infants'] as const;

export type UrlSelection = {
  mode: Mode | null;
  date: string | null;
  /** Canary 'HH:MM' of the chosen start, resolved against the slots when they load. */
  start: string | null;
  hours: number | null;
  passengers: Passengers;
};

const MODE_OF: Record<string, Mode> = { charter: 'private', tickets: 'shared' };
const modeParam = (mode: Mode) => (mode === 'private' ? 'charter' : 'tickets');

function count(value: string | null): number {
  const n = Number(value);
  return value && Number.isInteger(n) && n > 0 && n <= 99 ? n : 0;
}

export function readUrlSelection(params: URLSearchParams): UrlSelection {
  const date = params.get('date');
  const start = params.get('start');
  const hours = count(params.get('hours'));
  return {
    mode: MODE_OF[params.get('mode') ?? ''] ?? null,
    date: date && isDateKey(date) ? date : null,
    start: start && /^\d{2}:\d{2}$/.test(start) ? start : null,
    hours: hours || null,
    passengers: normalizePassengers({
      adults: count(params.get('adults')),
      children50: count(params.get('children')),
      kidsFree: count(params.get('infants')),
    }),
  };
}

/** The selection a page opens with: the URL's, on the month of its date (never a past month). */
export function selectionFromUrl(now: Date, url: UrlSelection): Selection {
  const base = initialSelection(now, url.mode ?? 'private');
  if (!url.date) return { ...base, passengers: url.passengers };
  const [year, month] = url.date.split('-').map(Number) as [number, number];
  const current = canaryYearMonth(now);
  if (year * 12 + month < current.year * 12 + current.month) return { ...base, passengers: url.passengers };
  return { ...base, year, month, date: url.date, duration: url.hours, passengers: url.passengers };
}

/** The parameters with the selection written in (other parameters, e.g. boat, kept). */
export function withSelection(params: URLSearchParams, s: Selection): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of SELECTION_PARAMS) next.delete(key);
  next.set('mode', modeParam(s.mode));
  if (s.date) next.set('date', s.date);
  if (s.slotStart) next.set('start', canaryTimeLabel(s.slotStart));
  if (s.mode === 'private' && s.slotStart && s.duration) next.set('hours', String(s.duration));
  if (s.passengers.adults) next.set('adults', String(s.passengers.adults));
  if (s.passengers.children50) next.set('children', String(s.passengers.children50));
  if (s.passengers.kidsFree) next.set('infants', String(s.passengers.kidsFree));
  return next;
}

export function sameParams(a: URLSearchParams, b: URLSearchParams): boolean {
  const sorted = (p: URLSearchParams) =>
    [...p.entries()]
      .map((e) => e.join('='))
      .sort()
      .join('&');
  return sorted(a) === sorted(b);
}
