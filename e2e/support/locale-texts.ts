// The site's own texts, read from its locale files, so a journey checks what a visitor reads in
// any language against what the translators wrote (not against English copied into the test).
import { readFileSync } from 'node:fs';
import { LANGUAGES, type LanguageCode } from '@boats/domain/languages';

export { LANGUAGES, type LanguageCode };

type Json = { [key: string]: string | Json };
const LOCALES = new URL('../../apps/web/public/locales/', import.meta.url);

function localeFile(lng: LanguageCode, ns: string): Json {
  return JSON.parse(readFileSync(new URL(`${lng}/${ns}.json`, LOCALES), 'utf8')) as Json;
}

/**
 * A text of the locale files by namespace and dotted key, with `{{name}}` filled from `values`;
 * `count` picks the plural form the language's rules choose (`key_one`, `key_other`…).
 */
export function localeText(
  lng: LanguageCode,
  ns: string,
  key: string,
  values: Record<string, string | number> = {},
): string {
  const file = localeFile(lng, ns);
  const find = (k: string) =>
    k.split('.').reduce<Json | string | undefined>((node, part) => {
      return typeof node === 'object' ? node[part] : undefined;
    }, file);
  const plural =
    typeof values.count === 'number'
      ? find(`${key}_${new Intl.PluralRules(lng).select(values.count)}`)
      : undefined;
  const value = plural ?? find(key);
  if (typeof value !== 'string') throw new Error(`no text ${lng}/${ns}:${key}`);
  return value.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? `{{${name}}}`));
}

/** Every text of a namespace by dotted key. */
export function localeTexts(lng: LanguageCode, ns: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (node: Json, prefix: string) => {
    for (const [key, child] of Object.entries(node)) {
      const path = prefix ? `${prefix}.${key}` : key;
      if (typeof child === 'string') out.set(path, child);
      else walk(child, path);
    }
  };
  walk(localeFile(lng, ns), '');
  return out;
}
