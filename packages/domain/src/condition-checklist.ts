// A self-drive boat's condition, recorded by crew at departure and again at return
// (docs/decisions/0039): the owner's checklist for the boat (fuel level, engine hours, equipment
// on board, existing marks), or the platform's when the owner has written none. The customer
// signs each record on the crew's phone; the return is shown beside the departure, item by item.

/**
 * What an item asks: a level (fuel, in quarters of the tank: 0–4), a number (engine hours), a
 * thing present on board (yes or no), or a note (marks and scratches, as written).
 */
export const CHECK_KINDS = ['level', 'number', 'present', 'note'] as const;
export type CheckKind = (typeof CHECK_KINDS)[number];

/**
 * One item of a boat's checklist. `label` is the owner's words, shown as typed; the platform's
 * own items have none and are named in the reader's language by their key.
 */
export type ChecklistItem = { key: string; kind: CheckKind; label?: string | undefined };

/** The platform's checklist: the items every owner of a self-drive boat asks about. */
export const DEFAULT_CHECKLIST: readonly ChecklistItem[] = [
  { key: 'fuel', kind: 'level' },
  { key: 'engine_hours', kind: 'number' },
  { key: 'life_jackets', kind: 'present' },
  { key: 'anchor', kind: 'present' },
  { key: 'vhf_radio', kind: 'present' },
  { key: 'first_aid_kit', kind: 'present' },
  { key: 'flares', kind: 'present' },
  { key: 'marks', kind: 'note' },
];

/** The boat's checklist: its owner's, or the platform's when the owner wrote none. */
export function checklistOf(boat: { conditionChecklist?: readonly ChecklistItem[] | null }): ChecklistItem[] {
  return [...(boat.conditionChecklist?.length ? boat.conditionChecklist : DEFAULT_CHECKLIST)];
}

/** An answer: a level 0–4, a number, present or not, a note. */
export type ConditionValue = number | boolean | string;

/** Whether an answer fits its item (a level a whole quarter, hours not negative, a note not too long). */
export function validConditionValue(kind: CheckKind, value: unknown): boolean {
  switch (kind) {
    case 'level':
      return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 4;
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= 1_000_000;
    case 'present':
      return typeof value === 'boolean';
    case 'note':
      return typeof value === 'string' && value.length <= 1000;
  }
}

/** One item at departure and at return, and whether it changed (what the side-by-side marks). */
export type ConditionDifference = {
  item: ChecklistItem;
  departure: ConditionValue | null;
  return: ConditionValue | null;
  changed: boolean;
};

/**
 * The return beside the departure, item by item, in the checklist's order. Engine hours count
 * as changed only when they went down (running the engine is the trip); a level that went down,
 * a thing no longer on board, or a note written differently counts.
 */
export function conditionDifferences(
  checklist: readonly ChecklistItem[],
  departure: Readonly<Record<string, ConditionValue>>,
  back: Readonly<Record<string, ConditionValue>>,
): ConditionDifference[] {
  return checklist.map((item) => {
    const before = departure[item.key] ?? null;
    const after = back[item.key] ?? null;
    let changed: boolean;
    if (before === null || after === null) changed = before !== after;
    else if (item.kind === 'number') changed = Number(after) < Number(before);
    else if (item.kind === 'note') changed = String(after).trim() !== String(before).trim();
    else changed = after !== before;
    return { item, departure: before, return: after, changed };
  });
}
