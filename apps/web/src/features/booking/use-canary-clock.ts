// "Now" for the booking screen, refreshed every 60 s (docs/product.md §9), so past start times disappear
// and a chosen start that has passed is cleared while the visitor is still looking.
import { useEffect, useState } from 'react';

const CLOCK_TICK_MS = 60_000;

export function useNow(tickMs = CLOCK_TICK_MS): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const id = window.setInterval(() => setNow(new Date()), tickMs);
    return () => window.clearInterval(id);
  }, [tickMs]);
  return now;
}
