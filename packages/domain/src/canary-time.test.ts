import { describe, expect, it } from 'vitest';
import {
  CANARY_TZ,
  addDays,
  addMonths,
  canaryDateKey,
  canaryLocalDateTime,
  canaryDayRange,
  canaryInstant,
  canaryMonthRange,
  canaryPeriodRange,
  lastEndedMonth,
  monthHasEnded,
  canaryOffsetMinutes,
  canaryTimeLabel,
  canaryYearMonth,
  formatCanaryDate,
  formatCanaryDateTime,
  formatCanaryMonthYear,
  formatWeekday,
  ISO_WEEKDAYS,
  dateKeyFromText,
  formatDateKey,
  hoursBetween,
  isDateKey,
  isPast,
  monthGrid,
  roundHours,
  toInstant,
} from './canary-time';

const at = (iso: string) => new Date(iso);
const norm = (s: string) => s.replace(/\s/g, ' ');

describe('canaryOffsetMinutes', () => {
  it('is 0 in winter and 60 in summer', () => {
    expect(CANARY_TZ).toBe('Atlantic/Canary');
    expect(canaryOffsetMinutes(at('2027-01-15T12:00:00Z'))).toBe(0);
    expect(canaryOffsetMinutes(at('2027-07-15T12:00:00Z'))).toBe(60);
  });

  it('switches at exactly 01:00 UTC on 2027-03-28', () => {
    expect(canaryOffsetMinutes(at('2027-03-28T00:59:59.999Z'))).toBe(0);
    expect(canaryOffsetMinutes(at('2027-03-28T01:00:00Z'))).toBe(60);
  });

  it('switches back at exactly 01:00 UTC on 2027-10-31', () => {
    expect(canaryOffsetMinutes(at('2027-10-31T00:59:59.999Z'))).toBe(60);
    expect(canaryOffsetMinutes(at('2027-10-31T01:00:00Z'))).toBe(0);
  });

  it('accepts ISO strings and rejects garbage', () => {
    expect(canaryOffsetMinutes('2027-07-01T00:00:00+01:00')).toBe(60);
    expect(() => canaryOffsetMinutes('not a date')).toThrow(RangeError);
    expect(() => toInstant(new Date(NaN))).toThrow(RangeError);
  });
});

describe('canaryDateKey and canaryTimeLabel', () => {
  it('uses the Canary day, not UTC, in summer', () => {
    // 23:30 UTC on 30 June is already 00:30 on 1 July in the islands.
    expect(canaryDateKey(at('2027-06-30T23:30:00Z'))).toBe('2027-07-01');
    expect(canaryTimeLabel(at('2027-06-30T23:30:00Z'))).toBe('00:30');
  });

  it('matches UTC in winter', () => {
    expect(canaryDateKey(at('2027-12-31T23:59:59.999Z'))).toBe('2027-12-31');
    expect(canaryTimeLabel(at('2027-12-31T23:59:59.999Z'))).toBe('23:59');
    expect(canaryDateKey(at('2028-01-01T00:00:00Z'))).toBe('2028-01-01');
  });

  it('prints midnight as 00:00, never 24:00', () => {
    expect(canaryTimeLabel(at('2027-01-10T00:00:00Z'))).toBe('00:00');
    expect(canaryTimeLabel(at('2027-07-09T23:00:00Z'))).toBe('00:00');
  });

  it('shows the jump on 2027-03-28 and the repeat on 2027-10-31', () => {
    expect(canaryTimeLabel(at('2027-03-28T00:59:00Z'))).toBe('00:59');
    expect(canaryTimeLabel(at('2027-03-28T01:00:00Z'))).toBe('02:00');
    expect(canaryTimeLabel(at('2027-10-31T00:30:00Z'))).toBe('01:30');
    expect(canaryTimeLabel(at('2027-10-31T01:30:00Z'))).toBe('01:30');
  });
});

describe('canaryLocalDateTime', () => {
  it('writes Canary wall-clock time with its offset, on both sides of the DST switch', () => {
    expect(canaryLocalDateTime(new Date('2027-02-13T11:00:00Z'))).toBe('2027-02-13T11:00:00+00:00');
    expect(canaryLocalDateTime(new Date('2027-07-10T10:00:00Z'))).toBe('2027-07-10T11:00:00+01:00');
    // The last Sunday of March 2027: 01:00 UTC becomes 02:00 local.
    expect(canaryLocalDateTime(new Date('2027-03-28T00:30:00Z'))).toBe('2027-03-28T00:30:00+00:00');
    expect(canaryLocalDateTime(new Date('2027-03-28T01:30:00Z'))).toBe('2027-03-28T02:30:00+01:00');
  });
});

describe('canaryInstant', () => {
  it('reads winter and summer wall times', () => {
    expect(canaryInstant('2027-01-15', '10:00').toISOString()).toBe('2027-01-15T10:00:00.000Z');
    expect(canaryInstant('2027-07-15', '10:00').toISOString()).toBe('2027-07-15T09:00:00.000Z');
    expect(canaryInstant('2027-07-15', '00:00').toISOString()).toBe('2027-07-14T23:00:00.000Z');
  });

  it('round-trips with canaryDateKey and canaryTimeLabel', () => {
    for (const [day, time] of [
      ['2027-03-27', '23:59'],
      ['2027-03-28', '00:00'],
      ['2027-03-28', '02:00'],
      ['2027-03-28', '23:00'],
      ['2027-10-30', '23:30'],
      ['2027-10-31', '00:59'],
      ['2027-10-31', '02:00'],
      ['2027-10-31', '23:59'],
    ] as const) {
      const instant = canaryInstant(day, time);
      expect([canaryDateKey(instant), canaryTimeLabel(instant)]).toEqual([day, time]);
    }
  });

  it('moves a skipped time forward by the gap on 2027-03-28', () => {
    expect(canaryInstant('2027-03-28', '01:00').toISOString()).toBe('2027-03-28T01:00:00.000Z');
    const skipped = canaryInstant('2027-03-28', '01:30');
    expect(skipped.toISOString()).toBe('2027-03-28T01:30:00.000Z');
    expect(canaryTimeLabel(skipped)).toBe('02:30');
    expect(canaryInstant('2027-03-28', '02:30').toISOString()).toBe('2027-03-28T01:30:00.000Z');
  });

  it('takes the first of a repeated time on 2027-10-31', () => {
    expect(canaryInstant('2027-10-31', '01:00').toISOString()).toBe('2027-10-31T00:00:00.000Z');
    expect(canaryInstant('2027-10-31', '01:30').toISOString()).toBe('2027-10-31T00:30:00.000Z');
    expect(canaryInstant('2027-10-31', '02:00').toISOString()).toBe('2027-10-31T02:00:00.000Z');
  });

  it('rejects malformed or impossible input', () => {
    expect(() => canaryInstant('2027-02-29', '10:00')).toThrow(RangeError);
    expect(() => canaryInstant('2027-13-01', '10:00')).toThrow(RangeError);
    expect(() => canaryInstant('2027-1-01', '10:00')).toThrow(RangeError);
    expect(() => canaryInstant('2027-01-01', '24:00')).toThrow(RangeError);
    expect(() => canaryInstant('2027-01-01', '9:00')).toThrow(RangeError);
    expect(canaryInstant('2028-02-29', '10:00').toISOString()).toBe('2028-02-29T10:00:00.000Z');
  });
});

describe('canaryDayRange', () => {
  it('is 24 hours on an ordinary day', () => {
    const { start, end } = canaryDayRange('2027-07-15');
    expect(start.toISOString()).toBe('2027-07-14T23:00:00.000Z');
    expect(end.toISOString()).toBe('2027-07-15T23:00:00.000Z');
  });

  it('is 23 hours on 2027-03-28 and 25 hours on 2027-10-31', () => {
    const spring = canaryDayRange('2027-03-28');
    expect(spring.start.toISOString()).toBe('2027-03-28T00:00:00.000Z');
    expect(spring.end.toISOString()).toBe('2027-03-28T23:00:00.000Z');
    expect(hoursBetween(spring.start, spring.end)).toBe(23);

    const autumn = canaryDayRange('2027-10-31');
    expect(autumn.start.toISOString()).toBe('2027-10-30T23:00:00.000Z');
    expect(autumn.end.toISOString()).toBe('2027-11-01T00:00:00.000Z');
    expect(hoursBetween(autumn.start, autumn.end)).toBe(25);
  });

  it('leaves no gap and no overlap between consecutive days', () => {
    expect(canaryDayRange('2027-03-27').end).toEqual(canaryDayRange('2027-03-28').start);
    expect(canaryDayRange('2027-10-31').end).toEqual(canaryDayRange('2027-11-01').start);
    expect(canaryDateKey(new Date(canaryDayRange('2027-10-31').end.getTime() - 1))).toBe('2027-10-31');
  });
});

describe('canaryPeriodRange', () => {
  it('is the month its period names', () => {
    expect(canaryPeriodRange('2027-03')).toEqual(canaryMonthRange(2027, 3));
    expect(canaryPeriodRange('2026-12')).toEqual(canaryMonthRange(2026, 12));
    expect(() => canaryPeriodRange('2027-13')).toThrow();
  });
});

describe('monthHasEnded', () => {
  it('ends the month at midnight Canary time, an hour before UTC in summer', () => {
    expect(monthHasEnded('2027-09', '2027-09-30T22:59:59.999Z')).toBe(false); // 23:59:59.999 Canary
    expect(monthHasEnded('2027-09', '2027-09-30T23:00:00.000Z')).toBe(true); // 1 October, 00:00
    expect(monthHasEnded('2027-12', '2027-12-31T23:59:59.999Z')).toBe(false); // winter: UTC+0
    expect(monthHasEnded('2027-12', '2028-01-01T00:00:00.000Z')).toBe(true);
    expect(monthHasEnded('2028-02', '2027-12-31T12:00:00.000Z')).toBe(false); // not begun
  });

  it('names the last month that has ended, across a year', () => {
    expect(lastEndedMonth('2027-09-30T23:00:00.000Z')).toBe('2027-09');
    expect(lastEndedMonth('2027-09-30T22:59:00.000Z')).toBe('2027-08');
    expect(lastEndedMonth('2028-01-01T00:00:00.000Z')).toBe('2027-12');
  });
});

describe('canaryMonthRange', () => {
  it('runs from the first day 00:00 to the last day 23:59:59.999 Canary', () => {
    const march = canaryMonthRange(2027, 3);
    expect(march.start.toISOString()).toBe('2027-03-01T00:00:00.000Z');
    expect(march.end.toISOString()).toBe('2027-03-31T22:59:59.999Z');
    expect(canaryTimeLabel(march.end)).toBe('23:59');
    expect(canaryDateKey(march.end)).toBe('2027-03-31');

    const october = canaryMonthRange(2027, 10);
    expect(october.start.toISOString()).toBe('2027-09-30T23:00:00.000Z');
    expect(october.end.toISOString()).toBe('2027-10-31T23:59:59.999Z');
  });

  it('crosses the year', () => {
    const december = canaryMonthRange(2027, 12);
    expect(december.end.toISOString()).toBe('2027-12-31T23:59:59.999Z');
    expect(december.end.getTime() + 1).toBe(canaryMonthRange(2028, 1).start.getTime());
  });

  it('rejects a month out of range', () => {
    expect(() => canaryMonthRange(2027, 0)).toThrow(RangeError);
    expect(() => canaryMonthRange(2027, 13)).toThrow(RangeError);
  });
});

describe('monthGrid', () => {
  it('starts weeks on Monday and pads with null', () => {
    // 1 March 2027 is a Monday.
    const march = monthGrid(2027, 3);
    expect(march[0]).toEqual([
      '2027-03-01',
      '2027-03-02',
      '2027-03-03',
      '2027-03-04',
      '2027-03-05',
      '2027-03-06',
      '2027-03-07',
    ]);
    expect(march).toHaveLength(5);
    expect(march[4]).toEqual(['2027-03-29', '2027-03-30', '2027-03-31', null, null, null, null]);
  });

  it('puts a Sunday first of month in the last column', () => {
    // 1 August 2027 is a Sunday.
    const august = monthGrid(2027, 8);
    expect(august[0]).toEqual([null, null, null, null, null, null, '2027-08-01']);
    expect(august).toHaveLength(6);
    expect(august.every((week) => week.length === 7)).toBe(true);
    expect(august.flat().filter(Boolean)).toHaveLength(31);
  });

  it('fits February of a non-leap year starting Monday in 4 weeks', () => {
    // 1 February 2027 is a Monday.
    expect(monthGrid(2027, 2)).toHaveLength(4);
    expect(monthGrid(2028, 2).flat().filter(Boolean)).toHaveLength(29);
  });
});

describe('calendar arithmetic', () => {
  it('adds months across years both ways', () => {
    expect(addMonths(2027, 12, 1)).toEqual({ year: 2028, month: 1 });
    expect(addMonths(2027, 1, -1)).toEqual({ year: 2026, month: 12 });
    expect(addMonths(2027, 5, -17)).toEqual({ year: 2025, month: 12 });
    expect(addMonths(2027, 5, 0)).toEqual({ year: 2027, month: 5 });
  });

  it('adds days across DST days and month ends', () => {
    expect(addDays('2027-03-27', 1)).toBe('2027-03-28');
    expect(addDays('2027-03-28', 1)).toBe('2027-03-29');
    expect(addDays('2027-10-31', 1)).toBe('2027-11-01');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
  });

  it('validates date keys', () => {
    expect(isDateKey('2027-02-28')).toBe(true);
    expect(isDateKey('2027-02-29')).toBe(false);
    expect(isDateKey('2027-2-28')).toBe(false);
  });

  it('gives the Canary year and month', () => {
    expect(canaryYearMonth(at('2027-07-31T23:30:00Z'))).toEqual({ year: 2027, month: 8 });
  });
});

describe('hoursBetween', () => {
  it('measures real elapsed hours, floored at 0', () => {
    expect(hoursBetween(at('2027-01-01T10:00:00Z'), at('2027-01-01T11:30:00Z'))).toBe(1.5);
    expect(hoursBetween(at('2027-01-01T11:30:00Z'), at('2027-01-01T10:00:00Z'))).toBe(0);
    expect(hoursBetween('2027-01-01T10:00:00Z', '2027-01-01T10:00:00Z')).toBe(0);
  });

  it('counts the repeated hour on 2027-10-31', () => {
    expect(hoursBetween(canaryInstant('2027-10-31', '00:00'), canaryInstant('2027-10-31', '03:00'))).toBe(4);
    expect(hoursBetween(canaryInstant('2027-03-28', '00:00'), canaryInstant('2027-03-28', '03:00'))).toBe(2);
  });

  it('rounds for display to 0.1 h', () => {
    expect(roundHours(1.25)).toBe(1.3);
    expect(roundHours(2 / 3)).toBe(0.7);
  });
});

describe('isPast', () => {
  const now = at('2027-06-01T10:00:00Z');
  it('counts exactly now as past', () => {
    expect(isPast(now, now)).toBe(true);
    expect(isPast('2027-06-01T10:00:00.001Z', now)).toBe(false);
    expect(isPast('2027-06-01T09:59:59.999Z', now)).toBe(true);
  });
});

describe('formatting', () => {
  const instant = at('2026-11-21T18:30:00Z');
  it('formats dates day-month-year per locale', () => {
    expect(formatCanaryDate(instant, 'en')).toBe('21/11/2026');
    expect(formatCanaryDate(instant, 'es')).toBe('21/11/2026');
    expect(formatCanaryDate(instant, 'ru')).toBe('21.11.2026');
    expect(formatCanaryDate(instant, 'de')).toBe('21.11.2026');
    expect(formatCanaryDate(instant, 'fr')).toBe('21/11/2026');
    expect(formatCanaryDate(instant, 'it')).toBe('21/11/2026');
  });

  it('uses the Canary day and 24-hour time', () => {
    const lateSummer = at('2027-08-14T23:15:00Z');
    expect(formatCanaryDate(lateSummer, 'en')).toBe('15/08/2027');
    expect(formatCanaryDateTime(lateSummer, 'en')).toBe('15/08/2027 00:15');
    expect(formatCanaryDateTime(instant, 'ru')).toBe('21.11.2026 18:30');
    expect(formatDateKey('2027-03-28', 'en')).toBe('28/03/2027');
  });

  it('formats month headings, capitalised', () => {
    expect(formatCanaryMonthYear(2026, 11, 'en')).toBe('November 2026');
    expect(norm(formatCanaryMonthYear(2026, 11, 'es'))).toBe('Noviembre de 2026');
    expect(norm(formatCanaryMonthYear(2026, 11, 'ru'))).toMatch(/^Ноябрь 2026/);
    expect(formatCanaryMonthYear(2026, 11, 'de')).toBe('November 2026');
    expect(formatCanaryMonthYear(2026, 11, 'fr')).toBe('Novembre 2026');
    expect(formatCanaryMonthYear(2026, 3, 'it')).toBe('Marzo 2026');
  });

  it('names the ISO weekdays, Monday first, short and long', () => {
    expect(ISO_WEEKDAYS.map((day) => formatWeekday(day, 'en', 'short'))).toEqual([
      'Mon',
      'Tue',
      'Wed',
      'Thu',
      'Fri',
      'Sat',
      'Sun',
    ]);
    expect(formatWeekday(7, 'en', 'long')).toBe('Sunday');
    expect(formatWeekday(1, 'es', 'long')).toBe('lunes');
    expect(formatWeekday(6, 'de', 'short')).toBe('Sa');
  });
});

describe("dateKeyFromText: a day typed in the language's own order", () => {
  it('reads day, month, year with the separators people type', () => {
    expect(dateKeyFromText('25/11/2026', 'en')).toBe('2026-11-25');
    expect(dateKeyFromText('25.11.2026', 'ru')).toBe('2026-11-25');
    expect(dateKeyFromText('25.11.2026', 'de')).toBe('2026-11-25');
    expect(dateKeyFromText(' 5/3/2027 ', 'es')).toBe('2027-03-05');
    expect(dateKeyFromText('05-03-2027', 'fr')).toBe('2027-03-05');
  });

  it('reads back whatever formatDateKey wrote, in every language', () => {
    for (const lang of ['en', 'es', 'de', 'fr', 'it', 'ru'] as const) {
      expect(dateKeyFromText(formatDateKey('2027-02-28', lang), lang)).toBe('2027-02-28');
    }
  });

  it('refuses what is not a real day instead of guessing', () => {
    expect(dateKeyFromText('31/02/2027', 'en')).toBeNull();
    expect(dateKeyFromText('11/25/2026', 'en')).toBeNull();
    expect(dateKeyFromText('25/11/26', 'en')).toBeNull();
    expect(dateKeyFromText('2026-11-25', 'en')).toBeNull();
    expect(dateKeyFromText('25/11', 'en')).toBeNull();
    expect(dateKeyFromText('tomorrow', 'en')).toBeNull();
    expect(dateKeyFromText('', 'en')).toBeNull();
  });
});
