// The journeys' `test`: Playwright's, with a client address of its own and a page whose `goto`
// and `reload` return once the app has started.
//
// Each journey is its own visitor. Its page, the contexts it opens and its `request` send its
// own address through the journeys' trusted proxy (X-Forwarded-For, support/start-servers.js), so
// a per-address limit (ten booking look-ups, twenty review-form reads in ten minutes) counts only
// this journey's requests, whatever the journeys before it on the same server sent. CI once
// failed on that: which journeys shared a server decided whose look-up met a 429.
//
// The page's start: A prerendered page shows its buttons before its JavaScript runs, and a tap or a
// key pressed then does nothing (`html.booting` marks that time, styles/global.css); a visitor
// would press again, a journey would fail. Without JavaScript nothing starts, and nothing waits.
//
// The visitor asks for less data (Data Saver: navigator.connection.saveData), so the landing
// page's hero keeps its poster and never plays its video (apps/web/src/app/landing/hero.tsx). The
// looping video, decoded without a GPU, kept a sixth of a core busy for as long as a journey stayed
// on the landing page, and about sixty journeys pass through it; none is about the video but
// landing.spec.ts's, which turns it back on (`heroVideo`).
import { createHash } from 'node:crypto';
import { expect, test as base, type Page, type TestInfo } from '@playwright/test';

/** An address in 10.0.0.0/8 of this journey's try (a retry is another visitor). */
export function clientAddress(testInfo: TestInfo): string {
  const [a, b, c] = createHash('sha256').update(`${testInfo.testId}:${testInfo.retry}`).digest();
  return `10.${a}.${b}.${(c! % 254) + 1}`;
}

async function appStarted(page: Page) {
  await expect(page.locator('html')).not.toHaveClass(/\bbooting\b/, { timeout: 15_000 });
}

export const test = base.extend<{ heroVideo: boolean }>({
  heroVideo: [false, { option: true }],
  context: async ({ context, heroVideo }, use) => {
    if (!heroVideo)
      await context.addInitScript(() => {
        const connection = (navigator as Navigator & { connection?: object }).connection;
        if (connection) Object.defineProperty(connection, 'saveData', { value: true });
      });
    await use(context);
  },
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use, testInfo) => {
    await use({ ...extraHTTPHeaders, 'x-forwarded-for': clientAddress(testInfo) });
  },
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
