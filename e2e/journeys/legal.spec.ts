// The privacy policy, the terms (with the cancellation and weather policy) and the legal
// notice in en, es and ru, reached from the footer and the consent window; axe-clean at 360 px.
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';

test.use({ viewport: { width: 360, height: 780 } });

test('legal pages from the footer, in three languages, axe clean', async ({ page }) => {
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  await footer.getByRole('link', { name: 'Terms and cancellation' }).click();
  await expect(page).toHaveURL(/\/legal\/terms$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Terms and cancellation policy' })).toBeVisible();
  await expect(page.getByText('48 hours or more before departure: 100% of the price')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Weather and operator cancellations' })).toBeVisible();
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

  await page.getByRole('navigation', { name: 'Legal' }).getByRole('link', { name: 'Privacy policy' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy policy' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Cookies and your choices' })).toBeVisible();

  await page.goto('/legal/notice?lng=es');
  await expect(page.getByRole('heading', { level: 1, name: 'Aviso legal' })).toBeVisible();
  await expect(page.locator('main')).not.toContainText('Owner');
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

  await page.goto('/legal/terms?lng=ru');
  await expect(page.getByRole('heading', { level: 1, name: 'Условия и правила отмены' })).toBeVisible();
  await expect(page.getByText('за 48 часов и более до отправления — 100 % стоимости')).toBeVisible();
  await page.getByRole('link', { name: 'Вернуться на главную страницу' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('the consent window links the privacy policy', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Language and cookie preferences' }).click();
  const modal = page.locator('#gdprLangModal');
  await expect(modal.getByRole('link', { name: 'Privacy policy' })).toHaveAttribute('href', '/legal/privacy');
});

test('an unknown legal page is the not-found page', async ({ page }) => {
  await page.goto('/legal/nothing');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/legal\/nothing$/);
  await expect(page.getByRole('heading', { name: 'Terms and cancellation policy' })).toHaveCount(0);
});
