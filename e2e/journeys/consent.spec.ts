// Preferences modal (id gdprLangModal) and consent, docs/product.md §4: analytics and marketing off
// when nothing is saved (the AEPD's rule), Enable All, Save Settings storing `app.consent` with
// its moment and policy version, all surviving a reload.
import AxeBuilder from '@axe-core/playwright';
import { type Page } from '@playwright/test';
import { expect, test } from '../support/test';

async function openPreferences(page: Page) {
  await page.getByRole('button', { name: 'Language and cookie preferences' }).click();
  const modal = page.locator('#gdprLangModal');
  await expect(modal).toBeVisible();
  await expect(modal.getByRole('heading', { name: 'Preferences' })).toBeVisible();
  return {
    modal,
    necessary: modal.getByRole('checkbox', { name: /Strictly necessary/ }),
    analytics: modal.getByRole('checkbox', { name: /Analytics/ }),
    marketing: modal.getByRole('checkbox', { name: /Marketing/ }),
  };
}

const storedConsent = (page: Page) =>
  page.evaluate(() => {
    const raw = localStorage.getItem('app.consent');
    return raw === null ? null : (JSON.parse(raw) as unknown);
  });

test('consent defaults, Enable All and Save Settings, kept across reloads', async ({ page }) => {
  await page.goto('/');
  let prefs = await openPreferences(page);
  // Nothing saved: necessary locked on, analytics and marketing off; nothing stored yet.
  await expect(prefs.necessary).toBeChecked();
  await expect(prefs.necessary).toBeDisabled();
  await expect(prefs.analytics).not.toBeChecked();
  await expect(prefs.marketing).not.toBeChecked();
  expect(await storedConsent(page)).toBeNull();

  // Close keeps nothing.
  await prefs.marketing.check();
  await prefs.modal.getByRole('button', { name: 'Close' }).last().click();
  await expect(prefs.modal).toBeHidden();
  expect(await storedConsent(page)).toBeNull();

  // Enable All sets both on; Save Settings stores them and closes.
  prefs = await openPreferences(page);
  await expect(prefs.marketing).not.toBeChecked();
  await prefs.modal.getByRole('button', { name: 'Enable all' }).click();
  await expect(prefs.analytics).toBeChecked();
  await expect(prefs.marketing).toBeChecked();
  await prefs.modal.getByRole('button', { name: 'Save settings' }).click();
  await expect(prefs.modal).toBeHidden();
  expect(await storedConsent(page)).toEqual({
    analytics: true,
    marketing: true,
    savedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    policyVersion: expect.any(String),
  });

  await page.reload();
  prefs = await openPreferences(page);
  await expect(prefs.analytics).toBeChecked();
  await expect(prefs.marketing).toBeChecked();

  // A saved choice overrides the defaults, also after a reload.
  await prefs.analytics.uncheck();
  await prefs.modal.getByRole('button', { name: 'Save settings' }).click();
  expect(await storedConsent(page)).toMatchObject({ analytics: false, marketing: true });
  await page.reload();
  prefs = await openPreferences(page);
  await expect(prefs.analytics).not.toBeChecked();
  await expect(prefs.marketing).toBeChecked();
});

test('an unreadable saved consent counts as nothing saved', async ({ page }) => {
  await page.goto('/');
  await page.evaluate(() => localStorage.setItem('app.consent', '{broken'));
  await page.reload();
  const prefs = await openPreferences(page);
  await expect(prefs.analytics).not.toBeChecked();
  await expect(prefs.marketing).not.toBeChecked();
});

test('no analytics or marketing script loads without consent', async ({ page }) => {
  const thirdParty: string[] = [];
  page.on('request', (req) => {
    if (req.resourceType() === 'script' && !req.url().startsWith('http://127.0.0.1'))
      thirdParty.push(req.url());
  });
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  expect(thirdParty).toEqual([]);
});

test('the preferences modal is keyboard-usable and has no serious accessibility violations', async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/');
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
});
