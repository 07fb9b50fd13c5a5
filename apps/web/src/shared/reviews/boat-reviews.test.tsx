// A boat's reviews as a reader sees them: the reviewer's country in the reader's language, not as
// the reviewer typed it in theirs, and an owner's answer in another language marked with it.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import i18n from 'i18next';
import type { PublicReview } from '@boats/domain/schemas/review';
import { setupTestI18n } from '../test/test-i18n';
import { WithQueryClient } from '../test/with-query-client';
import { BoatReviews } from './boat-reviews';

beforeAll(setupTestI18n);
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

const review = (over: Partial<PublicReview>): PublicReview => ({
  id: '00000000-0000-4000-8000-000000000001',
  stars: 5,
  text: 'Wunderbar.',
  firstName: 'Hans',
  country: 'Deutschland',
  tripDate: '2026-08-14',
  language: 'de',
  createdAt: '2026-08-15T10:00:00.000Z',
  helpful: 0,
  reply: null,
  ...over,
});

function renderReviews(items: PublicReview[]) {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify({ rating: { average: 5, count: items.length }, items }), {
          status: 200,
        }),
    ),
  );
  render(
    <WithQueryClient>
      <BoatReviews boatId="00000000-0000-4000-8000-0000000000b1" />
    </WithQueryClient>,
  );
}

describe('a boat’s reviews', () => {
  it('names the reviewer’s country in the reader’s language: "Hans, Germany" on the English page', async () => {
    renderReviews([
      review({}),
      review({ id: '00000000-0000-4000-8000-000000000002', firstName: 'Ana', country: 'España' }),
      review({ id: '00000000-0000-4000-8000-000000000003', firstName: 'Lou', country: 'Tenerife' }),
    ]);
    expect(await screen.findByText(/^Hans, Germany ·/)).toBeTruthy();
    expect(screen.getByText(/^Ana, Spain ·/)).toBeTruthy();
    // Not a country: as typed.
    expect(screen.getByText(/^Lou, Tenerife ·/)).toBeTruthy();
    expect(screen.queryByText(/Deutschland/)).toBeNull();
  });

  it('and in Spanish on the Spanish page', async () => {
    await i18n.changeLanguage('es');
    renderReviews([review({})]);
    expect(await screen.findByText(/^Hans, Alemania ·/)).toBeTruthy();
  });

  it('marks an owner’s answer in Spanish under an English review as written in Spanish', async () => {
    renderReviews([
      review({
        language: 'en',
        text: 'Lovely trip.',
        reply: { text: 'Gracias por venir.', at: '2026-08-16T10:00:00.000Z', language: 'es' },
      }),
      review({
        id: '00000000-0000-4000-8000-000000000002',
        language: 'en',
        text: 'Great crew.',
        reply: { text: 'Thank you!', at: '2026-08-16T10:00:00.000Z', language: 'en' },
      }),
    ]);
    const spanish = (await screen.findByText('Gracias por venir.')).closest('li')!;
    expect(spanish.textContent).toContain('Answer from the boat · Written in Spanish');
    expect(screen.getByText('Gracias por venir.').getAttribute('lang')).toBe('es');
    const english = screen.getByText('Thank you!').closest('li')!;
    expect(english.textContent).not.toContain('Written in');
  });
});
