// @vitest-environment node
// One term per thing per language, on every page and e-mail: a reader who meets two words for
// one thing wonders whether they are two things. And one way of addressing the reader (Spanish: tú; German: Sie).
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const dir = (lang: string) => fileURLToPath(new URL(`../../../public/locales/${lang}/`, import.meta.url));

/** Every text of a language, each with the file and key it is found under. */
function texts(lang: string): { where: string; text: string }[] {
  const out: { where: string; text: string }[] = [];
  const walk = (node: unknown, where: string) => {
    if (typeof node === 'string') out.push({ where, text: node });
    else if (node && typeof node === 'object')
      for (const [k, v] of Object.entries(node)) walk(v, `${where}.${k}`);
  };
  for (const file of readdirSync(dir(lang)).filter((f) => f.endsWith('.json')))
    walk(JSON.parse(readFileSync(`${dir(lang)}${file}`, 'utf8')), file.replace('.json', ''));
  return out;
}

describe('one term per thing', () => {
  it.each([
    ['en', /cancell(ed|ing)/i, 'the site writes "canceled", "canceling"'],
    ['es', /\bentradas?\b/i, 'a ticket is a "billete"'],
    ['de', /Geschenkgutschein/, 'a gift voucher is a "Gutschein"'],
    [
      'es',
      /\b(Introduzca|Seleccione|Indique|Escriba|Elija|Revise|Inténtelo)\b/,
      'the site says tú: "Introduce"',
    ],
    ['de', /\b(du|dich|dir|dein|deine|deinem|deinen|deiner|deines)\b/i, 'the site says Sie: "Ihr Konto"'],
  ])('in %s nothing says %s: %s', (lang, other) => {
    expect(texts(lang).filter((x) => other.test(x.text))).toEqual([]);
  });
});

describe('a label and its value', () => {
  it('are joined with the language’s colon: French puts a no-break space before it', () => {
    const joined = (lang: string) => texts(lang).find((x) => x.where === 'common.labelled')?.text;
    expect(joined('fr')).toBe('{{label}}\u00a0: {{value}}');
    expect(joined('en')).toBe('{{label}}: {{value}}');
  });
});
