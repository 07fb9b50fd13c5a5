// No English sentence of the site's flow left on a page shown in another language: the English
// texts of the locale files that read differently in that language, looked for as whole phrases.
import { expect, type Page } from '@playwright/test';
import { localeTexts, type LanguageCode } from './locale-texts';

/** The English texts of these namespaces that read differently in `lng` (placeholders skipped). */
function englishOnly(lng: LanguageCode, namespaces: string[]): string[] {
  return namespaces.flatMap((ns) => {
    const other = localeTexts(lng, ns);
    return [...localeTexts('en', ns)]
      .filter(([key, text]) => !text.includes('{{') && text.length >= 8 && other.get(key) !== text)
      .map(([, text]) => text);
  });
}

/** No English sentence of the flow anywhere on the page (whole phrases, not inside words). */
export async function expectNoEnglish(page: Page, lng: LanguageCode, namespaces: string[]) {
  // The brand is the same in every language ("AD BOAT RENTAL" holds the English "BOAT RENTAL").
  const text = (await page.evaluate(() => document.body.innerText)).replace(
    /AD BOAT RENTAL|AD Boat Rental/g,
    '',
  );
  const found = englishOnly(lng, namespaces).filter((english) => {
    const escaped = english.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    return new RegExp(`(?<![\\p{L}])${escaped}(?![\\p{L}])`, 'u').test(text);
  });
  expect(found, `English left on the page in ${lng}`).toEqual([]);
}
