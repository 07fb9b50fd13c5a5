// Preferences modal (id gdprLangModal) and consent, docs/product.md §4, in the browser: no third-party
// script loads without consent, and the modal works from the keyboard and passes axe. What it
// stores (off while nothing is saved, Close keeping nothing, Enable all, Save settings, an unreadable
// saved value) is its component test, apps/web/src/features/consent/preferences-modal.test.tsx,
// and consent-store.test.ts.
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '../support/test';

// One journey (two until 2026-11-29): the page load the script check watches is the one the
// modal opens on.
test('no analytics or marketing script loads without consent; the preferences modal is keyboard-usable and has no serious accessibility violations', async ({
  page,
}, testInfo) => {
  const thirdParty: string[] = [];
  page.on('request', (req) => {
    if (req.resourceType() === 'script' && !req.url().startsWith('http://127.0.0.1'))
      thirdParty.push(req.url());
  });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  expect(thirdParty).toEqual([]);

  const opener = page.getByRole('button', { name: 'Language and cookie preferences' });
  await opener.focus();
  await page.keyboard.press('Enter');
  const modal = page.locator('#gdprLangModal');
  await expect(modal).toBeVisible();
  const path = process.env.UPDATE_SCREENSHOTS
    ? '../docs/screenshots/preferences-1440.jpg'
    : testInfo.outputPath('preferences-1440.jpg');
  await page.screenshot({ path, type: 'jpeg', quality: 80 });
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => v.id)).toEqual([]);
  // Escape closes it and focus returns to the button that opened it.
  await page.keyboard.press('Escape');
  await expect(modal).toBeHidden();
  await expect(opener).toBeFocused();
  // Still nothing from a third party once the page has been used.
  expect(thirdParty).toEqual([]);
});
