import { describe, expect, it } from 'vitest';
import { readUrlSelection, selectionFromUrl, withSelection } from './booking-url';
import { initialSelection } from './selection-state';

const now = new Date('2026-11-21T12:00:00Z');

describe('the booking selection in the address', () => {
  it('reads mode, day, start, hours and the party; ignores what is not one', () => {
    const url = readUrlSelection(
      new URLSearchParams('mode=tickets&date=2026-12-05&start=10:00&adults=2&children=1&infants=5'),
    );
    // At most one child under 6 per adult.
    expect(url).toEqual({
      mode: 'shared',
      date: '2026-12-05',
      start: '10:00',
      hours: null,
      passengers: { adults: 2, children50: 1, kidsFree: 2 },
    });
    expect(readUrlSelection(new URLSearchParams('mode=yacht&date=2026-02-30&start=late&adults=-1'))).toEqual({
      mode: null,
      date: null,
      start: null,
      hours: null,
      passengers: { adults: 0, children50: 0, kidsFree: 0 },
    });
  });

  it('opens on the month of the day it names, never on a month already gone', () => {
    const december = selectionFromUrl(now, readUrlSelection(new URLSearchParams('date=2026-12-05&hours=3')));
    expect(december).toMatchObject({ year: 2026, month: 12, date: '2026-12-05', duration: 3, slotId: null });
    const past = selectionFromUrl(now, readUrlSelection(new URLSearchParams('date=2026-10-05')));
    expect(past).toMatchObject({ year: 2026, month: 11, date: null });
  });

  it('writes the selection back, keeping the boat and leaving out what is not chosen', () => {
    const s = {
      ...initialSelection(now),
      date: '2026-11-25',
      slotId: 'p13',
      slotStart: '2026-11-25T13:00:00Z',
      duration: 2,
      passengers: { adults: 3, children50: 0, kidsFree: 1 },
    };
    const params = withSelection(new URLSearchParams('boat=b1&start=09:00&children=4'), s);
    expect(Object.fromEntries(params)).toEqual({
      boat: 'b1',
      mode: 'charter',
      date: '2026-11-25',
      start: '13:00',
      hours: '2',
      adults: '3',
      infants: '1',
    });
    // What is written reads back as the same choice.
    expect(selectionFromUrl(now, readUrlSelection(params))).toMatchObject({
      mode: 'private',
      date: '2026-11-25',
      duration: 2,
      passengers: s.passengers,
    });
  });
});
