import { expect, type Page } from '@playwright/test';

/**
 * Opens the site menu by its button. A prerendered page takes no taps until it has hydrated
 * (`html.booting`, styles/global.css); on a loaded machine a tap can still land in the instant the page settles,
 * and a visitor would tap again, so the journey does too (a few times, 15 s in all).
 */
export async function openSiteMenu(page: Page, buttonName: string, menuName: string) {
  const menu = page.getByRole('dialog', { name: menuName });
  await expect(page.locator('html')).not.toHaveClass(/booting/);
  await expect(async () => {
    if (!(await menu.isVisible())) await page.getByRole('button', { name: buttonName }).click();
    await expect(menu).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 15_000 });
  return menu;
}
