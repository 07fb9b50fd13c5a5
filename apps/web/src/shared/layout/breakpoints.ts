import { useSyncExternalStore } from 'react';

// The spec's breakpoints (§9): extra small < 576, small < 768 (mobile), medium < 992, large ≥ 992.
export const BREAKPOINTS = { sm: 576, md: 768, lg: 992 } as const;

export type Breakpoint = 'xs' | 'sm' | 'md' | 'lg';

function current(): Breakpoint {
  const w = window.innerWidth;
  if (w < BREAKPOINTS.sm) return 'xs';
  if (w < BREAKPOINTS.md) return 'sm';
  if (w < BREAKPOINTS.lg) return 'md';
  return 'lg';
}

function subscribe(onChange: () => void) {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

/** The current breakpoint, for the few decisions CSS media queries cannot make. */
export function useBreakpoint(): Breakpoint {
  return useSyncExternalStore(subscribe, current, () => 'lg');
}
