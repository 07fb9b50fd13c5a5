// Loads the boat and one Canary month of slots; refetches when the month or boat changes.
// While a new month loads, the previous answer stays on screen (the calendar marks itself busy).
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

type Result = { key: string; data: AvailabilityResponse | null; error: string | null };

export function useMonthAvailability(boatId: string, year: number, month: number): MonthAvailability {
  const [version, setVersion] = useState(0);
  const key = `${boatId}|${year}|${month}|${version}`;
  const [result, setResult] = useState<Result>({ key: '', data: null, error: null });

  useEffect(() => {
    const controller = new AbortController();
    fetchMonthAvailability(boatId, year, month, controller.signal)
      .then((data) => setResult({ key, data, error: null }))
      .catch((err: unknown) => {
        if (controller.signal.aborted) return;
        // Spec §8: the boat load failure goes to the console; the screen offers a retry.
        console.error(`Failed to load /api/boat/${boatId}:`, err);
        setResult((prev) => ({ key, data: prev.data, error: errorText(err) }));
      });
    return () => controller.abort();
  }, [boatId, year, month, key]);

  return {
    data: result.data,
    loading: result.key !== key,
    error: result.key === key ? result.error : null,
    reload: () => setVersion((v) => v + 1),
  };
}
