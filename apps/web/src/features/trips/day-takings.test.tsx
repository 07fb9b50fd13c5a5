// The day's hand-over: deposits taken at the harbour are a line of their own, never in the takings.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import i18n from 'i18next';
import { setupTestI18n } from '../../shared/test/test-i18n';
import { DayTakings } from './day-takings';

beforeAll(setupTestI18n);
afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('en');
});

const takings = [{ method: 'cash' as const, amount: 120, payments: 2 }];
const deposits = [{ method: 'cash' as const, taken: 600, deposits: 2, handedBack: 300, kept: 50 }];

describe("the day's takings", () => {
  it('show deposits held at the harbour apart, with what was handed back or kept', () => {
    render(<DayTakings takings={takings} deposits={deposits} />);
    const till = screen.getByRole('region', { name: 'Taken in person this day' });
    expect(within(till).getByText('Cash').nextSibling?.textContent).toBe('€120.00 (2 payments)');
    const held = screen.getByRole('region', { name: 'Security deposits held at the harbour' });
    expect(within(held).getByText('Cash').nextSibling?.textContent).toBe(
      '€600.00 taken (2 deposits) · €300.00 handed back · €50.00 kept for damage',
    );
    expect(held.textContent).toContain('not takings');
  });

  it('say nothing of deposits on a day without any, in German too', async () => {
    await i18n.changeLanguage('de');
    render(<DayTakings takings={takings} deposits={[]} />);
    expect(screen.queryByRole('region', { name: 'Im Hafen entgegengenommene Kautionen' })).toBeNull();
    cleanup();
    render(<DayTakings takings={takings} deposits={deposits} />);
    expect(screen.getByRole('region', { name: 'Im Hafen entgegengenommene Kautionen' }).textContent).toMatch(
      /600,00\s€ entgegengenommen \(2 Kautionen\)/,
    );
  });
});
