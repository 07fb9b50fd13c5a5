import { describe, expect, it } from 'vitest';
import { countryCode, countryName } from './country-names';

describe('a reviewer’s country in the reader’s language', () => {
  it('recognises a country typed in any site language, with or without accents and capitals', () => {
    expect(countryCode('Deutschland')).toBe('DE');
    expect(countryCode('españa')).toBe('ES');
    expect(countryCode('Espana')).toBe('ES');
    expect(countryCode(' Россия ')).toBe('RU');
    expect(countryCode('Royaume-Uni')).toBe('GB');
    expect(countryCode('Irlanda')).toBe('IE');
    expect(countryCode('UK')).not.toBeNull();
    expect(countryCode('NL')).toBe('NL');
  });

  it('names it in the reader’s language: "Deutschland" on the English page is "Germany"', () => {
    expect(countryName('Deutschland', 'en')).toBe('Germany');
    expect(countryName('Germany', 'es')).toBe('Alemania');
    expect(countryName('France', 'de')).toBe('Frankreich');
    expect(countryName('UK', 'en')).toBe('United Kingdom');
    expect(countryName('España', 'ru')).toBe('Испания');
  });

  it('leaves a text that names no country as it was typed', () => {
    expect(countryCode('Tenerife')).toBeNull();
    expect(countryName('Tenerife', 'de')).toBe('Tenerife');
    expect(countryName('  ', 'en')).toBe('');
  });
});
