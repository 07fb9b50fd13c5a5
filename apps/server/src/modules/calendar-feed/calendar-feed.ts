// A boat's trips as an iCalendar feed the operator subscribes to from a phone calendar. Times
// carry TZID=Atlantic/Canary with the zone's rules, so calendars show harbour time whatever the
// phone's own zone; each event says what is sold, in the language the feed's URL asks for.
import type { TFunction } from 'i18next';
import { canaryLocalDateTime } from '@boats/domain/canary-time';
import { fold, icsText } from '@boats/domain/calendar-event';

export type FeedTrip = {
  id: string;
  type: 'private' | 'shared';
  start: Date;
  end: Date;
  isOpen: boolean;
  canceled: boolean;
  seatsTotal: number;
  seatsSold: number;
  occupied: boolean;
};

// Canary time: WET (UTC+0) in winter, WEST (UTC+1) from the last Sunday of March 01:00 UTC to
// the last Sunday of October 01:00 UTC.
const VTIMEZONE = [
  'BEGIN:VTIMEZONE',
  'TZID:Atlantic/Canary',
  'BEGIN:DAYLIGHT',
  'TZOFFSETFROM:+0000',
  'TZOFFSETTO:+0100',
  'TZNAME:WEST',
  'DTSTART:19810329T010000',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
  'END:DAYLIGHT',
  'BEGIN:STANDARD',
  'TZOFFSETFROM:+0100',
  'TZOFFSETTO:+0000',
  'TZNAME:WET',
  'DTSTART:19961027T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
  'END:STANDARD',
  'END:VTIMEZONE',
];

/** Wall-clock time in the Canaries as an iCal local date-time, e.g. 20270610T100000. */
function canaryLocal(instant: Date): string {
  return canaryLocalDateTime(instant).slice(0, 19).replace(/[-:]/g, '');
}

const utc = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** `t`: the `calendarFeed.*` texts of email.json in the feed's language. */
function summary(boatTitle: string, trip: FeedTrip, t: TFunction): string {
  const sold =
    trip.type === 'shared'
      ? t('calendarFeed.sold', { sold: trip.seatsSold, total: trip.seatsTotal })
      : t(trip.occupied ? 'calendarFeed.booked' : 'calendarFeed.free');
  const state = trip.canceled
    ? `${t('calendarFeed.canceled')} · `
    : trip.isOpen
      ? ''
      : `${t('calendarFeed.closed')} · `;
  const kind = t(trip.type === 'shared' ? 'calendarFeed.shared' : 'calendarFeed.charter');
  return `${state}${boatTitle} · ${kind} · ${sold}`;
}

export function calendarFeed(input: {
  boatTitle: string;
  port: string;
  trips: FeedTrip[];
  now: Date;
  t: TFunction;
}): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//AD Boat Rental//Trips//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${icsText(input.boatTitle)}`,
    'X-WR-TIMEZONE:Atlantic/Canary',
    ...VTIMEZONE,
  ];
  for (const trip of input.trips) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:${trip.id}@adboatrental`,
      `DTSTAMP:${utc(input.now)}`,
      `DTSTART;TZID=Atlantic/Canary:${canaryLocal(trip.start)}`,
      `DTEND;TZID=Atlantic/Canary:${canaryLocal(trip.end)}`,
      `SUMMARY:${icsText(summary(input.boatTitle, trip, input.t))}`,
      `LOCATION:${icsText(input.port)}`,
      `STATUS:${trip.canceled ? 'CANCELLED' : 'CONFIRMED'}`,
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return `${lines.map(fold).join('\r\n')}\r\n`;
}
