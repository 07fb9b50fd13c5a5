import { describe, expect, it } from 'vitest';
import {
  checklistOf,
  conditionDifferences,
  DEFAULT_CHECKLIST,
  validConditionValue,
} from './condition-checklist';

describe("a boat's condition checklist", () => {
  it("is the owner's when they wrote one, else the platform's", () => {
    const own = [{ key: 'paddle_board', kind: 'present' as const, label: 'Paddle board' }];
    expect(checklistOf({ conditionChecklist: own })).toEqual(own);
    expect(checklistOf({ conditionChecklist: [] })).toEqual(DEFAULT_CHECKLIST);
    expect(checklistOf({})).toEqual(DEFAULT_CHECKLIST);
  });

  it('takes a level in whole quarters, hours not below zero, present as yes or no', () => {
    expect(validConditionValue('level', 4)).toBe(true);
    expect(validConditionValue('level', 5)).toBe(false);
    expect(validConditionValue('level', 2.5)).toBe(false);
    expect(validConditionValue('number', -1)).toBe(false);
    expect(validConditionValue('present', 'yes')).toBe(false);
    expect(validConditionValue('note', 'scratch on the bow')).toBe(true);
  });
});

describe('the return beside the departure', () => {
  const checklist = DEFAULT_CHECKLIST.filter((i) =>
    ['fuel', 'engine_hours', 'anchor', 'marks'].includes(i.key),
  );

  it('marks fuel used, a thing gone and a new mark, not the engine hours run', () => {
    const diff = conditionDifferences(
      checklist,
      { fuel: 4, engine_hours: 120, anchor: true, marks: 'Scratch on the bow' },
      { fuel: 2, engine_hours: 124, anchor: false, marks: 'Scratch on the bow; dent on the stern' },
    );
    expect(diff.map((d) => [d.item.key, d.changed])).toEqual([
      ['fuel', true],
      ['engine_hours', false],
      ['anchor', true],
      ['marks', true],
    ]);
  });

  it('marks nothing when the boat comes back as it left, and an item answered once only', () => {
    const same = { fuel: 3, engine_hours: 10, anchor: true, marks: 'none ' };
    expect(conditionDifferences(checklist, same, { ...same, marks: 'none' }).some((d) => d.changed)).toBe(
      false,
    );
    expect(conditionDifferences(checklist, { fuel: 3 }, {})[0]).toMatchObject({
      departure: 3,
      return: null,
      changed: true,
    });
  });
});
