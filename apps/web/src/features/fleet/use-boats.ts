// The fleet is fetched once per page load (spec §7) and shared by every component that asks.
import { useCallback, useEffect, useState } from 'react';
import type { Boat } from '@boats/domain/schemas/boat';
import { apiFetch } from '../../shared/api/http';

let request: Promise<Boat[]> | null = null;

function loadBoats(): Promise<Boat[]> {
  // The schema (and zod with it) loads beside the request, not with the landing page's code.
  request ??= import('@boats/domain/schemas/boat')
    .then(({ boatsListResponseSchema }) => apiFetch('/api/boats', { schema: boatsListResponseSchema }))
    .then((answer) => answer.items)
    .catch((err: unknown) => {
      request = null; // a later retry asks again
      throw err;
    });
  return request;
}

export type BoatsState =
  { status: 'loading' } | { status: 'ready'; boats: Boat[] } | { status: 'error'; error: unknown };

export function useBoats(): BoatsState & { retry: () => void } {
  const [state, setState] = useState<BoatsState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    loadBoats().then(
      (boats) => live && setState({ status: 'ready', boats }),
      (error: unknown) => {
        console.error('Failed to load /api/boats', error);
        if (live) setState({ status: 'error', error });
      },
    );
    return () => {
      live = false;
    };
  }, [attempt]);

  const retry = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((n) => n + 1);
  }, []);
  return { ...state, retry };
}
