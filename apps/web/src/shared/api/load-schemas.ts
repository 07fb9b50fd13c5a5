// An answer's schema module imported in steps, a task each, before the answer is checked: the
// common schemas (with zod's own modules), then the schema modules it builds on (`first`, in
// order), then its own. Importing and checking in one go was one task of 60–100 ms on a 4×
// slowed processor (the fleet on the landing page, a boat's month on its page), enough to hold
// up a tap (Total Blocking Time).
export async function loadSchemas<T>(
  load: () => Promise<T>,
  first: (() => Promise<unknown>)[] = [],
): Promise<T> {
  // Not schemas/zod.ts as a step of its own: imported alone, it re-exports zod's whole namespace,
  // and the build then ships all of zod (380 KB) instead of what the schemas use.
  for (const step of [() => import('@boats/domain/schemas/common'), ...first]) {
    await step();
    await nextTask();
  }
  const schemas = await load();
  await nextTask();
  return schemas;
}

/**
 * The boat schemas and the schema modules they build on, a step each: the fleet's answer is made
 * of them, and a month's and the reviews' build on them.
 */
export const BOAT_SCHEMAS = [
  () => import('@boats/domain/schemas/price-rules'),
  () => import('@boats/domain/schemas/extras'),
  () => import('@boats/domain/schemas/boat'),
];

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
