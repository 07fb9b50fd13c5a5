// On a 360 × 740 phone no floating control covers a fleet card's photo arrows, price or Book
// button, and at most two Book buttons are on screen at once, wherever the page is scrolled.
// At 1440 px the last fleet card can become the active one. Screenshots go to the test output
// (and to docs/screenshots with UPDATE_SCREENSHOTS=1, for the README).
import { type Page } from '@playwright/test';
import { expect, test } from '../support/test';

type Seen = { books: string[]; covered: string[] };

/**
 * What a visitor sees right now, measured in the page in one go: the Book links and buttons on
 * screen, and which parts of a fleet card (photo arrows, price, Book) a floating control covers.
 * An element counts only for the part that shows: cut by every scrolling ancestor (a card half
 * out of the fleet track) and by the viewport.
 */
function measure(page: Page): Promise<Seen> {
  return page.evaluate(() => {
    type Rect = { l: number; t: number; r: number; b: number };
    const shown = (el: Element): Rect | null => {
      if (!(el as HTMLElement).checkVisibility?.({ visibilityProperty: true })) return null;
      const box = el.getBoundingClientRect();
      let rect = { l: box.left, t: box.top, r: box.right, b: box.bottom };
      for (let p = el.parentElement; p; p = p.parentElement) {
        const style = getComputedStyle(p);
        if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
        const c = p.getBoundingClientRect();
        rect = {
          l: Math.max(rect.l, c.left),
          t: Math.max(rect.t, c.top),
          r: Math.min(rect.r, c.right),
          b: Math.min(rect.b, c.bottom),
        };
      }
      rect = {
        l: Math.max(rect.l, 0),
        t: Math.max(rect.t, 0),
        r: Math.min(rect.r, innerWidth),
        b: Math.min(rect.b, innerHeight),
      };
      return rect.r - rect.l > 1 && rect.b - rect.t > 1 ? rect : null;
    };
    const overlap = (a: Rect, b: Rect) => a.l < b.r && b.l < a.r && a.t < b.b && b.t < a.b;
    const name = (el: Element) => (el.getAttribute('aria-label') ?? el.textContent ?? '').trim();
    const books = Array.from(document.querySelectorAll('a, button'))
      .filter((el) => /^book/i.test(name(el)) && shown(el))
      .map((el) => (el.textContent ?? '').trim());
    const floating = Array.from(
      document.querySelectorAll('[data-placement="floating"], [data-placement="side-rail"]'),
    )
      .map((el) => ({ what: el.getAttribute('data-placement')!, rect: shown(el) }))
      .filter((f): f is { what: string; rect: Rect } => f.rect !== null);
    const covered: string[] = [];
    document.querySelectorAll('#fleet article').forEach((card, i) => {
      const parts = [
        ...Array.from(card.querySelectorAll('button')),
        ...Array.from(card.querySelectorAll('p')),
      ].filter((el) => /photo|^book/i.test(name(el)) || /from/i.test(el.textContent ?? ''));
      for (const part of parts) {
        const rect = shown(part);
        if (!rect) continue;
        for (const f of floating)
          if (overlap(rect, f.rect)) covered.push(`${f.what} covers "${name(part)}" of card ${i + 1}`);
      }
    });
    return { books, covered };
  });
}

async function shot(page: Page, name: string, testInfo: { outputPath: (n: string) => string }) {
  const path = process.env.UPDATE_SCREENSHOTS ? `../docs/screenshots/${name}` : testInfo.outputPath(name);
  await page.screenshot({ path, type: 'png' });
}

test.describe('at 360 × 740', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('no floating control covers a card, and at most two Book buttons show at once', async ({
    page,
  }, testInfo) => {
    test.setTimeout(120_000);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await shot(page, 'landing-360.png', testInfo);

    const fleet = page.locator('#fleet');
    const track = page.getByRole('region', { name: /boats/i });
    const cards = track.getByRole('article');
    await fleet.scrollIntoViewIfNeeded();
    await expect(cards.first()).toBeVisible();
    const count = await cards.count();
    expect(count).toBeGreaterThan(1);

    // Walk the page from top to bottom, and the fleet track card by card.
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    const checks: string[] = [];
    const check = async (where: string) => {
      const seen = await measure(page);
      expect(
        seen.books.length,
        `Book buttons on screen ${where}: ${seen.books.join(', ')}`,
      ).toBeLessThanOrEqual(2);
      expect(seen.covered, where).toEqual([]);
      checks.push(where);
    };
    for (let y = 0; y < height; y += 370) {
      await page.evaluate((top) => window.scrollTo(0, top), y);
      await page.waitForTimeout(150);
      await check(`at y=${y}`);
    }
    await fleet.scrollIntoViewIfNeeded();
    await page.evaluate(() => document.getElementById('fleet')!.scrollIntoView({ block: 'start' }));
    await page.waitForTimeout(200);
    await shot(page, 'fleet-360.png', testInfo);
    for (let i = 0; i < count; i++) {
      await cards.nth(i).evaluate((el) => el.scrollIntoView({ inline: 'center', block: 'nearest' }));
      await page.waitForTimeout(400);
      await check(`with card ${i + 1} in the middle of the track`);
    }
    expect(checks.length).toBeGreaterThan(count);

    // Away from the hero and the fleet the floating Book buttons are back.
    await page.locator('#contact').scrollIntoViewIfNeeded();
    await expect(page.locator('[data-placement="floating"]')).toBeVisible();
    await expect(page.locator('[data-placement="side-rail"]')).toBeVisible();
  });
});

test.describe('at 1440 px', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('the last fleet card becomes the active one when scrolled to', async ({ page }) => {
    await page.goto('/#fleet');
    const track = page.getByRole('region', { name: /boats/i });
    const cards = track.getByRole('article');
    await expect(cards.first()).toBeVisible();
    await expect(cards.first()).toHaveAttribute('data-active');
    const next = page.getByRole('button', { name: /next boats/i });
    for (let i = 0; i < (await cards.count()); i++) {
      await next.click();
      await page.waitForTimeout(400);
    }
    await expect(cards.last()).toHaveAttribute('data-active');
    await expect(track.locator('[data-active]')).toHaveCount(1);
  });
});
