import { describe, expect, it } from 'vitest';
import { initialSelection, selectionReducer, type Selection } from './selection-state';

const now = new Date('2026-11-21T12:00:00Z');
const chosen: Selection = {
  ...initialSelection(now),
  date: '2026-11-25',
  slotId: 'p13',
  slotStart: '2026-11-25T13:00:00Z',
  duration: 2,
};

describe('booking selection rules (docs/product.md §4)', () => {
  it('opens on the current Canary month with nothing chosen', () => {
    // 23:30 UTC on 31 December is already January in no zone west of Canary... but is still December there.
    const s = initialSelection(new Date('2026-12-31T23:30:00Z'));
    expect([s.year, s.month]).toEqual([2026, 12]);
    expect(s.date).toBeNull();
  });

  it('changing mode clears date, slot and duration', () => {
    const s = selectionReducer(chosen, { type: 'mode', mode: 'shared' });
    expect(s).toMatchObject({ mode: 'shared', date: null, slotId: null, duration: null });
  });

  it('moving to another month clears the choice; coming back to its month keeps it', () => {
    expect(selectionReducer(chosen, { type: 'month', year: 2026, month: 12 })).toMatchObject({
      date: null,
      slotId: null,
    });
    expect(selectionReducer(chosen, { type: 'month', year: 2026, month: 11 })).toMatchObject({
      date: '2026-11-25',
      slotId: 'p13',
    });
  });

  it('the clock passing the chosen start clears slot and duration and says so', () => {
    const before = selectionReducer(chosen, { type: 'tick', now: new Date('2026-11-25T12:59:00Z') });
    expect(before.slotId).toBe('p13');
    const after = selectionReducer(chosen, { type: 'tick', now: new Date('2026-11-25T13:00:00Z') });
    expect(after).toMatchObject({ slotId: null, duration: null, startPassed: true, date: '2026-11-25' });
  });

  it('free children are clipped when adults drop and never exceed adults', () => {
    let s = selectionReducer(chosen, { type: 'adults', count: 2 });
    s = selectionReducer(s, { type: 'kidsFree', count: 3 });
    expect(s.passengers.kidsFree).toBe(2);
    s = selectionReducer(s, { type: 'adults', count: 1 });
    expect(s.passengers).toEqual({ adults: 1, children50: 0, kidsFree: 1 });
    s = selectionReducer(s, { type: 'children50', count: -1 });
    expect(s.passengers.children50).toBe(0);
  });
});
