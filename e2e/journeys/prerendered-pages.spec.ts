// The landing page and /booking arrive as finished HTML in the visitor's language (the landing
// page prerendered at build time, /booking drawn on request): without JavaScript a visitor reads the hero, the navigation and the booking
// page's heading in their language; with JavaScript the page is hydrated in place — the
// prerendered nodes stay, and React reports no mismatch.
import { type Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { openSiteMenu } from '../support/site-menu';
import { LANGUAGES, localeText as text, type LanguageCode as Language } from '../support/locale-texts';

async function expectLanding(page: Page, lng: Language) {
  await expect(page.locator('html')).toHaveAttribute('lang', lng);
  await expect(page).toHaveTitle(text(lng, 'common', 'meta.title'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(lng, 'landing', 'hero.headline'));
  await expect(page.getByText(text(lng, 'landing', 'hero.subheadline'))).toBeVisible();
  // The top bar: the menu button and "book now"; the menu's links are in the page, closed.
  await expect(page.getByRole('button', { name: text(lng, 'common', 'menu.open') })).toBeVisible();
  await expect(
    page.getByRole('banner').getByRole('link', { name: text(lng, 'common', 'actions.bookNow') }),
  ).toBeVisible();
  await expect(page.locator('#site-menu nav a')).toContainText([
    text(lng, 'common', 'menu.home'),
    text(lng, 'common', 'menu.fleet'),
    text(lng, 'common', 'menu.why'),
    text(lng, 'common', 'menu.contact'),
  ]);
  await expect(
    page.getByRole('heading', { level: 2, name: text(lng, 'landing', 'fleet.title') }),
  ).toBeVisible();
}

async function expectBookingShell(page: Page, lng: Language) {
  await expect(page.locator('html')).toHaveAttribute('lang', lng);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(lng, 'booking', 'dialog.titleAll'));
  await expect(page.getByRole('link', { name: text(lng, 'common', 'brand.name') })).toBeVisible();
  await expect(page.getByRole('button', { name: text(lng, 'common', 'menu.open') })).toBeVisible();
  await expect(page.getByRole('button', { name: lng.toUpperCase(), pressed: true })).toBeVisible();
}

/** The public pages of text and forms, prerendered at build time: address and their heading's text. */
const TEXT_PAGES = [
  ['/booking/manage', 'manage', 'title'],
  ['/list-your-boat', 'list-your-boat', 'title'],
  ['/gift', 'gift', 'title'],
  ['/legal/terms', 'legal', 'terms.title'],
  ['/legal/privacy', 'legal', 'privacy.title'],
] as const;

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  // Which language a browser gets by its Accept-Language, its cookie or ?lng= is the server's API
  // test (apps/server/test/api/http/prerendered-pages.test.ts); here, each language's page itself.

  // One journey (three until 2026-11-29, the text pages' with them): each language's landing page,
  // booking page and pages of text and forms, one after another.
  test('the landing page, /booking and the pages of text and forms read in the language asked for', async ({
    page,
  }) => {
    await page.goto('/');
    await expectLanding(page, 'en');
    // Styled from the first byte: the hero's stylesheet is there, not only its text.
    const heroHeight = await page.locator('#home').evaluate((el) => el.getBoundingClientRect().height);
    expect(heroHeight).toBeGreaterThan(300);
    for (const lng of LANGUAGES.slice(1)) {
      await page.goto(`/?lng=${lng}`);
      await expectLanding(page, lng);
    }

    // /booking: its heading, header and navigation.
    for (const lng of LANGUAGES) {
      await page.goto(`/booking?lng=${lng}`);
      await expectBookingShell(page, lng);
      // The server draws the page with the fleet as it is now (booking-server-rendered.spec.ts).
      await expect(
        page.getByRole('heading', { level: 3, name: text(lng, 'booking', 'picker.title') }),
      ).toBeVisible();
      await expect(page.getByText(text(lng, 'booking', 'loading'))).toHaveCount(0);
    }

    // My booking, list your boat, the gift page and the legal pages.
    for (const [path, ns, key] of TEXT_PAGES) {
      for (const lng of ['en', 'ru', 'de'] as const) {
        await page.goto(`${path}?lng=${lng}`);
        await expect(page.locator('html')).toHaveAttribute('lang', lng);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(lng, ns, key));
      }
    }
  });
});

/**
 * Collects console errors and warnings and uncaught errors, and counts prerendered headings the
 * page removed (a failed hydration, or a render from scratch, replaces them).
 */
async function watch(page: Page) {
  const problems: string[] = [];
  page.on('console', (message) => {
    // Not a page problem: DOMPurify parsing a stored attack payload (admin-boats.spec types
    // `<img onerror>` into a description) makes Chromium report that the CSP refused the
    // handler; the sanitiser then drops it (security-xss.spec checks nothing runs).
    if (/inline event handler violates .*Content Security Policy/.test(message.text())) return;
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  await page.addInitScript(() => {
    const w = window as unknown as { removedHeadings: number };
    w.removedHeadings = 0;
    new MutationObserver((records) => {
      for (const record of records)
        for (const node of Array.from(record.removedNodes))
          if (node instanceof Element && (node.matches('h1') || node.querySelector('h1')))
            w.removedHeadings++;
    }).observe(document, { childList: true, subtree: true });
  });
  return {
    problems,
    removedHeadings: () =>
      page.evaluate(() => (window as unknown as { removedHeadings: number }).removedHeadings),
  };
}

// One journey (two until 2026-11-29): the landing page and /booking in every language, then the
// pages of text and forms, watched by one observer.
test('with JavaScript, / and /booking in every language, and the pages of text and forms, hydrate in place with no error, and work', async ({
  page,
}) => {
  const watched = await watch(page);
  for (const lng of LANGUAGES) {
    await page.goto(`/?lng=${lng}`);
    await expectLanding(page, lng);
    // Interactive once hydrated: the menu opens.
    await openSiteMenu(page, text(lng, 'common', 'menu.open'), text(lng, 'common', 'menu.title'));
    // The fleet arrives from the API after hydration.
    await expect(page.getByRole('heading', { level: 3 }).first()).toBeVisible();
    expect(await watched.removedHeadings()).toBe(0);

    await page.goto(`/booking?lng=${lng}`);
    await expectBookingShell(page, lng);
    // The picker comes with its boats, no "loading".
    await expect(
      page.getByRole('heading', { level: 3, name: text(lng, 'booking', 'picker.title') }),
    ).toBeVisible();
    await expect(page.getByText(text(lng, 'booking', 'loading'))).toHaveCount(0);
    expect(await watched.removedHeadings()).toBe(0);
  }

  // My booking, list your boat, the gift page and the legal pages.
  for (const [path, ns, key] of TEXT_PAGES) {
    for (const lng of ['es', 'it'] as const) {
      await page.goto(`${path}?lng=${lng}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(lng, ns, key));
      // Interactive once hydrated: the menu opens.
      await openSiteMenu(page, text(lng, 'common', 'menu.open'), text(lng, 'common', 'menu.title'));
      expect(await watched.removedHeadings()).toBe(0);
    }
  }
  expect(watched.problems).toEqual([]);
});

test('a language kept only in this browser wins over the prerendered one', async ({ page }) => {
  // Chosen before the language cookie existed: the server cannot see it and sends English.
  await page.addInitScript(() => localStorage.setItem('app.lang', 'ru'));
  await page.context().clearCookies();
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
  await expect(page.getByText(text('ru', 'landing', 'hero.subheadline'))).toBeVisible();
  // …and is now remembered in the cookie, so the next page comes prerendered in Russian.
  const cookies = await page.context().cookies();
  expect(cookies.find((cookie) => cookie.name === 'lng')?.value).toBe('ru');
});

test("the landing page and the booking page ask for the app's code only after their first paint", async ({
  page,
}) => {
  /** When the page first painted, and when it asked for its first and its last script. */
  const timings = () =>
    page.evaluate(() => {
      const paint = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null;
      const scripts = performance
        .getEntriesByType('resource')
        .filter((entry) => /\/assets\/.*\.js$/.test(entry.name))
        .map((entry) => entry.startTime);
      return { paint, firstScript: Math.min(...scripts), scripts: scripts.length };
    });

  await page.goto('/');
  // Started: the app has rendered and the fleet has come.
  await expect(page.locator('html')).not.toHaveClass(/booting/);
  await expect(page.getByRole('heading', { level: 3 }).first()).toBeVisible();
  const landing = await timings();
  expect(landing.paint).not.toBeNull();
  expect(landing.scripts).toBeGreaterThan(5);
  expect(landing.firstScript).toBeGreaterThan(landing.paint!);

  // The booking page's own split-out code too: its first photo, the largest paint, has the
  // connection to itself (docs/performance.md#the-booking-page-drawn-on-the-server).
  await page.goto('/booking');
  await expect(page.locator('html')).not.toHaveClass(/booting/);
  const booking = await timings();
  expect(booking.paint).not.toBeNull();
  expect(booking.scripts).toBeGreaterThan(5);
  expect(booking.firstScript).toBeGreaterThan(booking.paint!);
});
