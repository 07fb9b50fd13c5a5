// @vitest-environment node
// Every history code the server writes must read as a sentence in each back-office language;
// a missing one shows the bare "Paid → Canceled" fallback and hides what happened.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { HISTORY_CODES } from '@boats/domain/booking-history';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@boats/domain/languages';
import { historyTextOptions } from './history-text';

function historyTexts(lang: string): Record<string, unknown> {
  const file = fileURLToPath(new URL(`../../../public/locales/${lang}/admin-bookings.json`, import.meta.url));
  return (JSON.parse(readFileSync(file, 'utf8')) as { history: Record<string, unknown> }).history;
}

describe('booking history texts', () => {
  it.each([...LANGUAGES])('has a sentence for every history code in %s', (lang) => {
    const texts = historyTexts(lang);
    const missing = HISTORY_CODES.filter(
      (code) => typeof texts[code] !== 'string' || !String(texts[code]).trim(),
    );
    expect(missing).toEqual([]);
  });

  it.each([...LANGUAGES])('has a sentence for each cause of a trip cancellation in %s', (lang) => {
    const texts = historyTexts(lang);
    expect(typeof texts.trip_canceled_weather).toBe('string');
    expect(typeof texts.trip_canceled_minimum).toBe('string');
  });

  it('shows money in euros, instants in Canary time and the cause as the context', () => {
    expect(
      historyTextOptions({ code: 'customer_canceled', params: { refundPercent: 50, refund: 40 } }, 'en'),
    ).toMatchObject({ refundPercent: 50, refund: expect.stringContaining('40') });
    const moved = historyTextOptions(
      { code: 'trip_moved', params: { from: '2026-07-01T09:00:00.000Z', to: '2026-07-02T09:00:00.000Z' } },
      'en',
    );
    expect(moved.from).toMatch(/10:00/);
    expect(moved.to).toMatch(/10:00/);
    expect(historyTextOptions({ code: 'trip_canceled', params: { cause: 'weather' } }, 'en')).toMatchObject({
      context: 'weather',
    });
  });

  it.each([...LANGUAGES])('says a walk-in sold below the trip’s minimum waived it, in %s', (lang) => {
    const entry = { code: 'operator_booked', params: { method: 'cash', belowMinimum: 3 } } as const;
    expect(historyTextOptions(entry, 'en')).toMatchObject({ context: 'below_minimum', belowMinimum: 3 });
    expect(historyTexts(lang).operator_booked_below_minimum).toContain('{{belowMinimum}}');
  });
});
