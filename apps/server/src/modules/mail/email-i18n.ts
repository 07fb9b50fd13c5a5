// The customer e-mails' texts come from the site's own locale resources
// (apps/web/public/locales/{lang}/email.json): one dictionary for site and mail, translated and
// checked for parity in one place. Loaded once, with i18next for plurals and interpolation.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import i18next, { type TFunction } from 'i18next';
import type { Locale } from '@boats/domain/canary-time';
import { SERVER_ROOT } from '../../server-root';

const LOCALES: readonly Locale[] = ['en', 'es', 'ru'];
// Found from the server folder, so the bundle (dist/server.js) reads the same files.
const DIR = join(SERVER_ROOT, '../web/public/locales');

function load(lang: Locale): Record<string, unknown> {
  return JSON.parse(readFileSync(`${DIR}/${lang}/email.json`, 'utf8')) as Record<string, unknown>;
}

const instance = i18next.createInstance();
void instance.init({
  initAsync: false,
  fallbackLng: 'en',
  ns: ['email'],
  defaultNS: 'email',
  // Values are escaped by the renderer where it builds HTML, not here.
  interpolation: { escapeValue: false },
  resources: Object.fromEntries(LOCALES.map((lang) => [lang, { email: load(lang) }])),
});

export function emailLocale(language: string): Locale {
  return language === 'es' || language === 'ru' ? language : 'en';
}

/** The e-mail texts in one language. */
export function emailTexts(language: string): TFunction {
  return instance.getFixedT(emailLocale(language), 'email');
}
