// The banner every page shows while the operator runs the sandbox on purpose (PAYMENTS=sandbox):
// the server writes it into the page (apps/server/test/api/http/prerendered-pages.test.ts), and the app
// takes it over where it stands.
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import i18n from 'i18next';
import { LANGUAGES } from '@boats/domain/languages';
import { setupTestI18n } from '../shared/test/test-i18n';
import { AppRoutes } from './app';
import { pageHasTestBookingsBanner, TestBookingsBanner } from './test-bookings-banner';

beforeAll(setupTestI18n);
afterEach(async () => {
  cleanup();
  document.body.innerHTML = '';
  await i18n.changeLanguage('en');
});

describe('TestBookingsBanner', () => {
  it('says the bookings are tests', () => {
    render(<TestBookingsBanner />);
    expect(screen.getByRole('alert').textContent).toContain('Test bookings only');
    expect(screen.getByRole('alert').textContent).toContain('no card is charged');
  });

  it('says it in every language of the site', async () => {
    const titles = new Set<string>();
    for (const lng of LANGUAGES) {
      await i18n.changeLanguage(lng);
      render(<TestBookingsBanner />);
      const text = screen.getByRole('alert').textContent ?? '';
      expect(text).toContain(i18n.t('testBookings.title'));
      expect(text).toContain(i18n.t('testBookings.banner'));
      titles.add(i18n.t('testBookings.title'));
      cleanup();
    }
    expect(titles.size).toBe(LANGUAGES.length);
  });

  it('is known to the app by its presence in the page the server sent', () => {
    expect(pageHasTestBookingsBanner()).toBe(false);
    document.body.innerHTML = `<div id="root">${renderToString(<TestBookingsBanner />)}</div>`;
    expect(pageHasTestBookingsBanner()).toBe(true);
  });

  it('is hydrated where the server wrote it, first inside #root, without a mismatch', async () => {
    // The page as the server sends it: the app's own render, the banner written before it.
    const page = () => (
      <MemoryRouter initialEntries={['/no-such-page']}>
        <AppRoutes testBookings={pageHasTestBookingsBanner()} />
      </MemoryRouter>
    );
    const drawn = renderToString(page());
    document.body.innerHTML = `<div id="root">${renderToString(<TestBookingsBanner />)}${drawn}</div>`;
    const root = document.getElementById('root')!;
    const banner = root.firstElementChild;
    const mismatches = vi.fn();
    await act(async () => void hydrateRoot(root, page(), { onRecoverableError: mismatches }));
    expect(mismatches).not.toHaveBeenCalled();
    expect(root.firstElementChild).toBe(banner);
    expect(root.querySelector('h1')?.textContent).toBe(i18n.t('notFound.title'));
  });
});
