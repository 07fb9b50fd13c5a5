// Switching the language in the preferences modal changes every visible string at once, sets
// <html lang>, the title and the meta description, and survives a reload. The contact form's
// validation messages in the page's language are its component test
// (apps/web/src/features/contact/contact-form.test.tsx; a journey here until 2026-11-29).
import { readFileSync } from 'node:fs';
import { type Page } from '@playwright/test';
import { expect, test } from '../support/test';

type Json = { [key: string]: string | Json };
const LOCALES = new URL('../../apps/web/public/locales/', import.meta.url);
const load = (lang: string, ns: string) =>
  JSON.parse(readFileSync(new URL(`${lang}/${ns}.json`, LOCALES), 'utf8')) as Json;

function flatten(value: Json, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, child] of Object.entries(value)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof child === 'string') out.set(path, child);
    else for (const [k, v] of flatten(child, path)) out.set(k, v);
  }
  return out;
}

/**
 * English texts of the landing page that must not be left on the page in another language:
 * every landing/common value that differs from its translation (skipping interpolated ones and
 * the few words that are the same, such as the brand).
 */
function englishLeftovers(lang: string): string[] {
  const leftovers: string[] = [];
  for (const ns of ['landing', 'common']) {
    const en = flatten(load('en', ns));
    const other = flatten(load(lang, ns));
    for (const [key, text] of en) {
      if (key.startsWith('validation.') || key.startsWith('notFound.')) continue;
      if (text.includes('{{') || text.length < 5 || other.get(key) === text) continue;
      leftovers.push(text);
    }
  }
  return leftovers;
}

async function chooseLanguage(page: Page, openLabel: RegExp, language: string) {
  await page.getByRole('button', { name: openLabel }).click();
  const modal = page.locator('#gdprLangModal');
  await expect(modal).toBeVisible();
  const radio = modal.getByRole('radio', { name: language });
  await radio.click();
  await expect(radio).toBeChecked();
  return modal;
}

/** The page's visible text without the brand name, which is the same in every language. */
async function visibleText(page: Page): Promise<string> {
  const text = await page.evaluate(() => document.body.innerText);
  return text.replace(/AD BOAT RENTAL|AD Boat Rental/g, '');
}

/** Whole-word occurrence, so 'Contact' is not found inside 'Contacto'. */
function containsPhrase(text: string, phrase: string): boolean {
  const escaped = phrase.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(?<![\\p{L}])${escaped}(?![\\p{L}])`, 'u').test(text);
}

test('switching to Spanish and Russian translates the whole landing page and survives a reload', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 2, name: 'Our fleet' })).toBeVisible();
  // The check below is meaningful: in English it finds plenty of these texts on the page.
  const enText = await visibleText(page);
  expect(englishLeftovers('es').filter((text) => containsPhrase(enText, text)).length).toBeGreaterThan(30);

  // Spanish, chosen in the preferences modal: the modal itself switches at once.
  const modal = await chooseLanguage(page, /Language and cookie preferences/, 'Español');
  await expect(modal.getByRole('heading', { name: 'Preferencias' })).toBeVisible();
  await expect(modal.getByRole('button', { name: 'Guardar ajustes' })).toBeVisible();
  await modal.getByRole('button', { name: 'Cerrar' }).last().click();

  await expect(page.getByRole('heading', { level: 2, name: 'Nuestra flota' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: 'Yate a motor Sea Breeze 40' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page).toHaveTitle(/Chárteres privados/);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute(
    'content',
    /Reserva un barco privado/,
  );
  expect(await page.evaluate(() => localStorage.getItem('app.lang'))).toBe('es');
  // Prices in the Spanish format: 180 €.
  await expect(
    page
      .locator('#fleet')
      .getByText(/180\s€/)
      .first(),
  ).toBeVisible();
  // The contact form loads as the visitor scrolls towards it: its words are checked too.
  await page.locator('#contact').scrollIntoViewIfNeeded();
  await expect(page.locator('#contact').getByRole('button', { name: 'Enviar' })).toBeVisible();
  const esText = await visibleText(page);
  expect(englishLeftovers('es').filter((text) => containsPhrase(esText, text))).toEqual([]);

  await page.reload();
  await expect(page.getByRole('heading', { level: 2, name: 'Nuestra flota' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');

  // Russian.
  const ru = await chooseLanguage(page, /Preferencias de idioma y cookies/, 'Русский');
  await expect(ru.getByRole('heading', { name: 'Настройки' })).toBeVisible();
  await ru.getByRole('button', { name: 'Закрыть' }).last().click();
  await expect(page.getByRole('heading', { level: 2, name: 'Наш флот' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: 'Моторная яхта Sea Breeze 40' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
  await expect(page).toHaveTitle(/Частные чартеры/);
  // The contact form loads as the visitor scrolls towards it: its words are checked too.
  await page.locator('#contact').scrollIntoViewIfNeeded();
  await expect(page.getByRole('button', { name: 'Отправить' })).toBeVisible();
  const ruText = await visibleText(page);
  expect(englishLeftovers('ru').filter((text) => containsPhrase(ruText, text))).toEqual([]);

  // Russian words are long: the phone layout still fits.
  await page.setViewportSize({ width: 360, height: 740 });
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
    .toBeLessThanOrEqual(0);

  await page.reload();
  await expect(page.getByRole('heading', { level: 2, name: 'Наш флот' })).toBeVisible();
  await page.locator('#contact').scrollIntoViewIfNeeded();
  await expect(page.getByRole('button', { name: 'Отправить' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('app.lang'))).toBe('ru');
});
