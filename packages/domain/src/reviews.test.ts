import { describe, expect, it } from 'vitest';
import {
  firstNameOf,
  formatRating,
  orderReviews,
  ratingOf,
  ratingOfSum,
  reviewEditable,
  reviewLinkExpiry,
  showsRatingOnCard,
} from './reviews';

describe('a boat’s rating', () => {
  it('is the average to one decimal and the count', () => {
    expect(ratingOf([5, 5, 4])).toEqual({ average: 4.7, count: 3 });
    expect(ratingOf([5, 4])).toEqual({ average: 4.5, count: 2 });
    expect(ratingOfSum(97, 20)).toEqual({ average: 4.9, count: 20 });
    expect(ratingOf([])).toEqual({ average: 0, count: 0 });
  });

  it('is written the reader’s way', () => {
    expect(formatRating(4.9, 'en')).toBe('4.9');
    expect(formatRating(4.9, 'de')).toBe('4,9');
    expect(formatRating(5, 'fr')).toBe('5,0');
  });

  it('shows on the card from three reviews', () => {
    expect(showsRatingOnCard({ average: 5, count: 2 })).toBe(false);
    expect(showsRatingOnCard({ average: 4, count: 3 })).toBe(true);
    expect(showsRatingOnCard(undefined)).toBe(false);
  });
});

describe('time limits', () => {
  const created = new Date('2026-07-01T10:00:00Z');
  it('lets a review be changed for 48 hours, not at the limit', () => {
    expect(reviewEditable(created, new Date('2026-07-03T09:59:59Z'))).toBe(true);
    expect(reviewEditable(created, new Date('2026-07-03T10:00:00Z'))).toBe(false);
  });
  it('keeps the link 30 days', () => {
    expect(reviewLinkExpiry(created).toISOString()).toBe('2026-07-31T10:00:00.000Z');
  });
});

describe('reading order', () => {
  const r = (id: string, language: string, createdAt: string, helpful = 0) => ({
    id,
    language,
    createdAt,
    helpful,
  });
  const reviews = [
    r('es-old', 'es', '2026-06-01T00:00:00Z', 9),
    r('de-new', 'de', '2026-06-20T00:00:00Z'),
    r('de-old', 'de', '2026-06-02T00:00:00Z', 3),
    r('en-new', 'en', '2026-06-30T00:00:00Z', 1),
  ];
  it('puts the visitor’s language first, then the latest', () => {
    expect(orderReviews(reviews, 'de', 'latest').map((x) => x.id)).toEqual([
      'de-new',
      'de-old',
      'en-new',
      'es-old',
    ]);
  });
  it('or the most helpful', () => {
    expect(orderReviews(reviews, 'de', 'helpful').map((x) => x.id)).toEqual([
      'de-old',
      'de-new',
      'es-old',
      'en-new',
    ]);
  });
  it('signs with the first name', () => {
    expect(firstNameOf('  Lucía Hernández ')).toBe('Lucía');
  });
});
