import { describe, expect, it } from 'vitest';
import { calendarEvent, fold, icsText, meetingMapUrl } from './calendar-event';

describe('calendarEvent', () => {
  it('writes the trip in UTC with escaped texts, one event a calendar keeps by its uid', () => {
    const ics = calendarEvent({
      uid: 'b1@adboatrental',
      start: new Date('2027-06-10T09:00:00Z'),
      end: new Date('2027-06-10T11:00:00Z'),
      stamp: new Date('2027-06-01T08:30:15.123Z'),
      summary: 'Gigantes Explorer',
      location: 'Marina entrance, blue kiosk',
      description: 'Booking number: ABCD1234\nhttps://example.com/booking?booking=b1',
    });
    expect(ics.split('\r\n')).toEqual(
      expect.arrayContaining([
        'UID:b1@adboatrental',
        'DTSTART:20270610T090000Z',
        'DTEND:20270610T110000Z',
        'DTSTAMP:20270601T083015Z',
        'LOCATION:Marina entrance\\, blue kiosk',
      ]),
    );
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
  });

  it('reads a later e-mail of the same booking (a changed date) as a revision: a higher SEQUENCE', () => {
    const event = (stamp: string, start: string) =>
      calendarEvent({
        uid: 'b1@adboatrental',
        start: new Date(start),
        end: new Date(new Date(start).getTime() + 2 * 3_600_000),
        stamp: new Date(stamp),
        summary: 'Gigantes Explorer',
        location: 'Marina',
        description: '',
      });
    const sequence = (ics: string) => Number(/\r\nSEQUENCE:(\d+)\r\n/.exec(ics)?.[1]);
    const booked = event('2027-06-01T08:30:00Z', '2027-06-10T09:00:00Z');
    const moved = event('2027-06-03T17:05:00Z', '2027-06-12T09:00:00Z');
    expect(sequence(moved)).toBeGreaterThan(sequence(booked));
  });

  it('folds lines at 75 octets without splitting a Cyrillic letter', () => {
    const line = `LOCATION:${icsText('Вход в марину, синий киоск; понтон C, причал 14')}`;
    const folded = fold(line).split('\r\n');
    expect(folded.length).toBeGreaterThan(1);
    const octets = (s: string) => encodeURIComponent(s).replace(/%[0-9A-F]{2}/g, 'x').length;
    for (const part of folded) expect(octets(part)).toBeLessThanOrEqual(75);
    expect(folded.map((p, i) => (i === 0 ? p : p.slice(1))).join('')).toBe(line);
  });

  it('links the meeting point to a map search, by address or else by harbour name', () => {
    expect(meetingMapUrl('Puerto Colón, Costa Adeje')).toBe(
      'https://www.google.com/maps/search/?api=1&query=Puerto%20Col%C3%B3n%2C%20Costa%20Adeje',
    );
    expect(meetingMapUrl('', 'Los Gigantes')).toContain('query=Los%20Gigantes');
  });
});
