// The journeys' `test`: Playwright's, with a page whose `goto` and `reload` return once the app
// has started. A prerendered page shows its buttons before its JavaScript runs, and a tap or a
// key pressed then does nothing (`html.booting` marks that time, styles/global.css); a visitor
// would press again, a journey would fail. Without JavaScript nothing starts, and nothing waits.
import { expect, test as base, type Page } from '@playwright/test';

async function appStarted(page: Page) {
  await expect(page.locator('html')).not.toHaveClass(/\bbooting\b/, { timeout: 15_000 });
}

export const test = base.extend({
  page: async ({ page, javaScriptEnabled }, use) => {
    if (!javaScriptEnabled) return use(page);
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = async (...args) => {
      const response = await goto(...args);
      await appStarted(page);
      return response;
    };
    page.reload = async (...args) => {
      const response = await reload(...args);
      await appStarted(page);
      return response;
    };
    await use(page);
  },
});

export { expect };
