// The whole flow on a 360 px phone, by keyboard alone, with an axe scan of every step.
import { type Locator, type Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { expectNoSeriousA11yIssues } from '../support/booking-axe';
import { boatByTitle, dayKey, dayName, monthLabel, sharedTrip, timeLabel } from '../support/booking-helpers';

test.use({ viewport: { width: 360, height: 740 }, hasTouch: false });

/** Tabs forward until `target` has focus (at most `max` presses), as a keyboard user would. */
async function tabTo(page: Page, target: Locator, max = 80): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Could not reach ${target.toString()} with Tab`);
}

async function noSideScroll(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
}

/** The README's 360 px pictures of the flow (docs/screenshots with UPDATE_SCREENSHOTS=1). */
async function shot(page: Page, name: string, testInfo: { outputPath: (n: string) => string }) {
  const path = process.env.UPDATE_SCREENSHOTS ? `../docs/screenshots/${name}` : testInfo.outputPath(name);
  await page.screenshot({ path, type: 'png' });
}

test('keyboard-only booking at 360 px with no serious accessibility issue on any step', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  const boat = await boatByTitle(request, 'Gigantes Explorer');
  const trip = await sharedTrip(request, boat._id, 11, 2);
  await page.goto(`/booking?boatId=${boat._id}`);
  await expect(page.getByRole('group', { name: 'Kind of trip' })).toBeVisible();
  await noSideScroll(page);

  await tabTo(page, page.getByRole('button', { name: 'Tickets' }));
  await page.keyboard.press('Enter');
  const heading = page.locator('#booking-calendar-label');
  for (let i = 0; i < 3 && (await heading.textContent()) !== monthLabel(dayKey(trip.start)); i++) {
    const before = (await heading.textContent()) ?? '';
    await tabTo(page, page.getByRole('button', { name: 'Next month' }));
    await page.keyboard.press('Enter');
    await expect(heading).not.toHaveText(before);
  }
  await tabTo(page, page.getByRole('button', { name: dayName(dayKey(trip.start)), exact: true }));
  await page.keyboard.press('Enter');
  await tabTo(page, page.getByRole('button', { name: new RegExp(`^${timeLabel(trip.start)}–`) }));
  await page.keyboard.press('Enter');
  await tabTo(page, page.getByRole('button', { name: 'Add one: Adult' }));
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('pax-adults')).toHaveText('2');
  await noSideScroll(page);
  await expectNoSeriousA11yIssues(page, 'selection at 360 px');
  await page.getByTestId('review-total').scrollIntoViewIfNeeded();
  await shot(page, 'booking-select-360.png', testInfo);

  await tabTo(page, page.getByRole('button', { name: 'Continue' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Contact and payment' })).toBeVisible();
  await tabTo(page, page.getByLabel('Name'));
  await page.keyboard.type('Kim Keyboard');
  await page.keyboard.press('Tab');
  await page.keyboard.type('kim@example.com');
  await tabTo(page, page.getByLabel('Card number'));
  await page.keyboard.type('4242424242424242');
  await page.keyboard.press('Tab');
  await page.keyboard.type('12/34');
  await page.keyboard.press('Tab');
  await page.keyboard.type('123');
  await noSideScroll(page);
  await expectNoSeriousA11yIssues(page, 'payment at 360 px');
  await shot(page, 'booking-pay-360.png', testInfo);
  await page.keyboard.press('Enter');

  await expect(page.getByRole('heading', { name: 'Booking confirmed' })).toBeVisible();
  await expect(page.getByTestId('ticket-card')).toHaveCount(2);
  await noSideScroll(page);
  await expectNoSeriousA11yIssues(page, 'confirmation at 360 px');
  await page.getByTestId('ticket-card').first().scrollIntoViewIfNeeded();
  await shot(page, 'booking-confirmed-360.png', testInfo);
  await tabTo(page, page.getByRole('button', { name: /^Download SVG/ }).first());
  const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
  expect(download.suggestedFilename()).toMatch(/\.svg$/);
});
