import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { DayPrice } from '@boats/domain/boat-card';
import type { BoatListItem } from '@boats/domain/schemas/boat';
import { FleetCard } from './fleet-card';
import { setupTestI18n } from '../../shared/test/test-i18n';

beforeAll(setupTestI18n);

const item: BoatListItem = {
  id: '00000000-0000-4000-8000-000000000001',
  title: 'Sea Breeze 40',
  licenseNote: 'notRequired',
  // Sanitised already: the fleet is sanitised when fetched (api/get-boats.test.ts).
  description: 'A <b>fast</b> yacht',
  image: '/media/boats/sea-breeze-1-960.webp',
  images: [1, 2, 3].map((n) => `/media/boats/sea-breeze-${n}-960.webp`),
  location: 'Puerto Colón',
  priceFrom: 180,
  currency: '€',
};

function renderCard(
  overrides: Partial<BoatListItem> = {},
  descriptionIsHtml = true,
  sharedFrom?: number,
  dayPrices: DayPrice[] = [],
) {
  const onBook = vi.fn();
  const onFollow = vi.fn();
  render(
    <FleetCard
      item={{ ...item, ...overrides }}
      index={0}
      active
      language="en"
      descriptionIsHtml={descriptionIsHtml}
      sharedFrom={sharedFrom}
      dayPrices={dayPrices}
      onBook={onBook}
      onFollow={onFollow}
    />,
  );
  return { onBook, onFollow, card: screen.getByRole('article', { name: 'Sea Breeze 40' }) };
}

describe('FleetCard', () => {
  it('shows title, location, licence note and the price from in euros', () => {
    const { card } = renderCard();
    expect(card.textContent).toContain('Puerto Colón');
    expect(card.textContent).toContain('No boating licence needed');
    expect(card.textContent).toMatch(/from\s*€180\s*per hour/);
  });

  it('shows a translated description as HTML', () => {
    const { card } = renderCard();
    expect(card.querySelector('b')?.textContent).toBe('fast');
  });

  it('keeps an untranslated description as plain text', () => {
    const { card } = renderCard({}, false);
    expect(card.querySelector('b')).toBeNull();
    expect(card.textContent).toContain('A <b>fast</b> yacht');
  });

  it('books the boat on Enter and on Space, and follows its href when it has one', async () => {
    const user = userEvent.setup();
    const { onBook, card } = renderCard();
    card.focus();
    await user.keyboard('{Enter}');
    await user.keyboard(' ');
    expect(onBook).toHaveBeenCalledTimes(2);
    expect(onBook).toHaveBeenCalledWith('00000000-0000-4000-8000-000000000001');
  });

  it('follows the href instead of booking when the card has one', () => {
    const { onBook, onFollow, card } = renderCard({ href: '/boats/00000000-0000-4000-8000-000000000001' });
    fireEvent.keyDown(card, { key: 'Enter' });
    expect(onFollow).toHaveBeenCalledWith('/boats/00000000-0000-4000-8000-000000000001');
    expect(onBook).not.toHaveBeenCalled();
  });

  it('moves through the photos with the arrows, wrapping both ways, without booking', async () => {
    const user = userEvent.setup();
    const { onBook } = renderCard();
    expect(screen.getByRole('img', { name: 'Sea Breeze 40, photo 1 of 3' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Previous photo' }));
    expect(screen.getByRole('img', { name: 'Sea Breeze 40, photo 3 of 3' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Next photo' }));
    expect(screen.getByRole('img', { name: 'Sea Breeze 40, photo 1 of 3' })).toBeTruthy();
    expect(onBook).not.toHaveBeenCalled();
  });

  it('moves forward on a click in the right half of the photo and back in the left half, without booking', () => {
    const { onBook } = renderCard();
    const photo = (n: number) => screen.getByRole('img', { name: `Sea Breeze 40, photo ${n} of 3` });
    // jsdom lays nothing out: the photo's area gets the 300 px wide box a browser would give it.
    const area = photo(1).closest('[data-carousel] > div')!;
    vi.spyOn(area, 'getBoundingClientRect').mockReturnValue(new DOMRect(100, 0, 300, 200));
    const clickAt = (n: number, fraction: number) =>
      fireEvent.click(photo(n), { clientX: 100 + 300 * fraction });
    clickAt(1, 0.8);
    expect(photo(2)).toBeTruthy(); // right half: forward
    clickAt(2, 0.2);
    expect(photo(1)).toBeTruthy(); // left half: back
    clickAt(1, 0.2);
    expect(photo(3)).toBeTruthy(); // and it wraps
    expect(onBook).not.toHaveBeenCalled();
  });

  it('adds the seat price of shared trips, and leads with it when there is no charter price', () => {
    const { card } = renderCard({}, true, 25);
    expect(card.textContent).toMatch(/from\s*€180\s*per hour/);
    expect(card.textContent).toContain('Shared trips: €25 per seat per hour');
  });

  it('shows the seat price as the "from" price of a boat without a charter price', () => {
    const { card } = renderCard({ priceFrom: 0 }, true, 20);
    expect(card.textContent).toMatch(/from\s*€20\s*per seat per hour/);
    expect(card.textContent).not.toContain('€0');
  });

  it('shows the published half-day and full-day prices beside the hourly one', () => {
    const { card } = renderCard({}, true, undefined, [
      { rate: 'halfDay', euros: 640, hours: 4 },
      { rate: 'fullDay', euros: 1200, hours: 8 },
    ]);
    expect(card.textContent).toContain('Half day (4 h) €640 · Full day (8 h) €1,200');
    expect(card.textContent).toMatch(/from\s*€180\s*per hour/);
  });
});
