// @vitest-environment node
// Plural forms of the party and seat texts for 1, 2 and 5 in every language (ru has one/few/many).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { partySummary } from './party-summary';

const load = (lang: string) =>
  JSON.parse(
    readFileSync(
      fileURLToPath(new URL(`../../../public/locales/${lang}/booking.json`, import.meta.url)),
      'utf8',
    ),
  ) as Record<string, unknown>;

const i18n = i18next.createInstance();
await i18n.init({
  initAsync: false,
  fallbackLng: false,
  ns: ['booking'],
  defaultNS: 'booking',
  resources: { en: { booking: load('en') }, es: { booking: load('es') }, ru: { booking: load('ru') } },
});

const party = (lang: string, n: number) =>
  partySummary(i18n.getFixedT(lang, 'booking'), { adults: n, child_u13: n, child_u6: n });

describe('plural forms for 1, 2 and 5', () => {
  it.each([
    ['en', 1, '1 adult, 1 child 6–12, 1 child under 6'],
    ['en', 2, '2 adults, 2 children 6–12, 2 children under 6'],
    ['en', 5, '5 adults, 5 children 6–12, 5 children under 6'],
    ['es', 1, '1 adulto, 1 niño de 6 a 12, 1 menor de 6'],
    ['es', 2, '2 adultos, 2 niños de 6 a 12, 2 menores de 6'],
    ['es', 5, '5 adultos, 5 niños de 6 a 12, 5 menores de 6'],
    ['ru', 1, '1 взрослый, 1 ребёнок 6–12 лет, 1 ребёнок до 6 лет'],
    ['ru', 2, '2 взрослых, 2 ребёнка 6–12 лет, 2 ребёнка до 6 лет'],
    ['ru', 5, '5 взрослых, 5 детей 6–12 лет, 5 детей до 6 лет'],
  ])('%s, %i of each', (lang, n, text) => {
    expect(party(lang, n)).toBe(text);
  });

  it.each([
    ['en', 1, 'Only 1 seat left.'],
    ['en', 5, 'Only 5 seats left.'],
    ['es', 1, 'Solo queda 1 plaza.'],
    ['es', 2, 'Solo quedan 2 plazas.'],
    ['ru', 1, 'Осталось только 1 место.'],
    ['ru', 2, 'Осталось только 2 места.'],
    ['ru', 5, 'Осталось только 5 мест.'],
  ])('%s seats left: %i', (lang, n, text) => {
    expect(i18n.getFixedT(lang, 'booking')('blockers.tooManySeats', { count: n })).toBe(text);
  });

  it('a party of nobody but adults names only the adults', () => {
    expect(partySummary(i18n.getFixedT('en', 'booking'), { adults: 2, child_u13: 0, child_u6: 0 })).toBe(
      '2 adults',
    );
  });
});
