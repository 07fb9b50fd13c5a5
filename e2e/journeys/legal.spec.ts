// The privacy policy, the terms (with the cancellation and weather policy) and the legal
// notice in every language, reached from the footer; axe-clean at 360 px. The consent window's link to
// the privacy policy is its component test (apps/web/src/features/consent/preferences-modal.test.tsx).
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '../support/test';
import { LANGUAGES, localeText } from '../support/locale-texts';

test.use({ viewport: { width: 360, height: 780 } });

test('legal pages from the footer, in every language, axe clean', async ({ page }) => {
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

  for (const [lng, document] of [
    ['de', 'notice'],
    ['fr', 'terms'],
    ['it', 'privacy'],
  ] as const) {
    await page.goto(`/legal/${document}?lng=${lng}`);
    const title = localeText(lng, 'legal', `${document}.title`);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: localeText(lng, 'common', 'legalNav.label') }),
    ).toBeVisible();
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  }
});

// What support/start-servers.js configures as OPERATOR_*.
const OPERATOR = {
  legalName: 'Mar Azul Charters S.L.',
  taxId: 'B38765432',
  address: 'Muelle Pesquero 2, 38660 Costa Adeje, Santa Cruz de Tenerife',
  registry: 'Registro Mercantil de Santa Cruz de Tenerife, hoja TF-12345',
  email: 'hola@marazulcharters.es',
};
/**
 * Text that must never reach a visitor: draft markers (upper case: Spanish "todo" means "all"),
 * filler, unfilled placeholders and example addresses.
 */
const UNFINISHED = [
  /\bTODO\b|\bFIXME\b|\bTBD\b|XXX/,
  /lorem|ipsum|placeholder|\{\{|\}\}|\bundefined\b|\bnull\b|\.example\b/i,
];

// One journey for every language (each was its own until 2026-11-29: seven starts for three pages
// a language), then the not-found page.
test('the legal pages in every language name the configured operator and hold no placeholder text; an unknown one is the not-found page', async ({
  page,
}) => {
  for (const lng of LANGUAGES) {
    for (const document of ['notice', 'privacy', 'terms']) {
      await page.goto(`/legal/${document}?lng=${lng}`);
      const main = page.locator('main');
      await expect(main.getByRole('heading', { level: 2 }).first()).toBeVisible();
      const text = await main.innerText();
      for (const unfinished of UNFINISHED) expect(text, `${document} in ${lng}`).not.toMatch(unfinished);
      if (document === 'notice') {
        for (const value of Object.values(OPERATOR)) expect(text, `${document} in ${lng}`).toContain(value);
        if (lng === 'en' && process.env.UPDATE_SCREENSHOTS) {
          // The README's picture: the operator's details on the legal notice at 360 px.
          await main.getByRole('heading', { level: 2 }).first().scrollIntoViewIfNeeded();
          await page.screenshot({ path: '../docs/screenshots/legal-360.png' });
        }
      }
      if (document === 'privacy') {
        expect(text, `${document} in ${lng}`).toContain(OPERATOR.legalName);
        expect(text, `${document} in ${lng}`).toContain(OPERATOR.email);
      }
    }
  }

  await page.goto('/legal/nothing');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/legal\/nothing$/);
  await expect(page.getByRole('heading', { name: 'Terms and cancellation policy' })).toHaveCount(0);
});
