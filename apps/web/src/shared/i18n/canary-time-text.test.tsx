// Every time a customer reads names its zone, in each of the six languages.
import i18n from 'i18next';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderHook } from '@testing-library/react';
import type { LanguageCode } from '@boats/domain/languages';
import { setupTestI18n } from '../test/test-i18n';
import { useCanaryTimeText } from './canary-time-text';

beforeAll(setupTestI18n);
afterAll(() => i18n.changeLanguage('en'));

// 22:00 UTC in November is 22:00 in the Canaries (UTC+0 in winter); 09:00 UTC in July is 10:00.
const cutoff = '2026-11-25T22:00:00Z';
const trip = { start: '2026-07-14T09:00:00Z', end: '2026-07-14T11:00:00Z' };

describe('useCanaryTimeText', () => {
  it.each<[LanguageCode, string, string]>([
    ['en', '25/11/2026 22:00 (Canary time)', '14/07/2026 10:00–12:00 (Canary time)'],
    ['es', '25/11/2026 22:00 (hora de Canarias)', '14/07/2026 10:00–12:00 (hora de Canarias)'],
    ['de', '25.11.2026 22:00 (kanarische Zeit)', '14.07.2026 10:00–12:00 (kanarische Zeit)'],
    ['fr', '25/11/2026 22:00 (heure des Canaries)', '14/07/2026 10:00–12:00 (heure des Canaries)'],
    ['it', '25/11/2026 22:00 (ora delle Canarie)', '14/07/2026 10:00–12:00 (ora delle Canarie)'],
    [
      'ru',
      '25.11.2026 22:00 (время Канарских островов)',
      '14.07.2026 10:00–12:00 (время Канарских островов)',
    ],
  ])('in %s a moment and a trip say Canary time', async (lang, at, span) => {
    await i18n.changeLanguage(lang);
    const { result } = renderHook(() => useCanaryTimeText(lang));
    expect(result.current.at(cutoff)).toBe(at);
    expect(result.current.span(trip.start, trip.end)).toBe(span);
  });
});
