// The Gift page's tab says what it is in the reader's language, not index.html's English title.
import i18n from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { setupTestI18n } from '../../shared/test/test-i18n';
import { WithQueryClient } from '../../shared/test/with-query-client';
import GiftPage from './gift-page';

beforeAll(setupTestI18n);
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

describe('the Gift page', () => {
  it.each([
    ['en', 'Give a boat trip · AD Boat Rental'],
    ['de', 'Eine Bootstour verschenken · AD Boat Rental'],
    ['es', 'Regala un paseo en barco · AD Boat Rental'],
  ])('in %s the tab title is the page title', async (lang, title) => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ items: [] }), { status: 200 })),
    );
    document.title = 'AD Boat Rental · Private charters and shared boat trips in Tenerife';
    await i18n.changeLanguage(lang);
    render(
      <WithQueryClient>
        <MemoryRouter initialEntries={['/gift']}>
          <GiftPage />
        </MemoryRouter>
      </WithQueryClient>,
    );
    expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy();
    expect(document.title).toBe(title);
  });
});
