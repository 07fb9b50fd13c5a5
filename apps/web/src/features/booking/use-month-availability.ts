// Loads the boat and one Canary month of slots; refetches when the month or boat changes.
import { useEffect, useState } from 'react';
import type { AvailabilityResponse } from '@boats/domain/schemas/slot';
import { errorText } from '../../shared/api/http';
import { fetchMonthAvailability } from './booking-api';

export type MonthAvailability = {
  data: AvailabilityResponse | null;
  loading: boolean;
  error: string | null;
  reload: () => void;
};

export function useMonthAvailability(boatId: string, year: number, month: number): MonthAvailability {
  const [data, setData] = useState<AvailabilityResponse | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [version, setVersion] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setLoading(true);
    setError(null);
    fetchMonthAvailability(boatId, year, month, controller.signal)
      .then((answer) => {
        setData(answer);
        setLoading(false);
      })
      .catch((err: unknown) => {
        if (controller.signal.aborted) return;
        // Spec §8: the boat load failure is logged; the screen shows a short retry notice.
        console.error(`Failed to load /api/boat/${boatId}:`, err);
        setError(errorText(err));
        setLoading(false);
      });
    return () => controller.abort();
  }, [boatId, year, month, version]);

  return { data, loading, error, reload: () => setVersion((v) => v + 1) };
}
