import { useSyncExternalStore } from 'react';

const never = () => () => undefined;

/**
 * False while a prerendered page is being built or hydrated, true afterwards (and at once in a
 * page the browser renders itself). For parts a prerendered page leaves out on purpose, so
 * hydration finds exactly what the build wrote.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
