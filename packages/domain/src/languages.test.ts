import { describe, expect, it } from 'vitest';
import {
  FALLBACK_LANGUAGE,
  LANGUAGES,
  TRANSLATED_LANGUAGES,
  intlLocale,
  languageFromAcceptLanguage,
  languageName,
  languageOf,
  supportedLanguage,
} from './languages';
import { languageCode } from './schemas/common';

describe('the one list of languages', () => {
  it('starts with English, the fallback, and the API accepts exactly these', () => {
    expect(LANGUAGES[0]).toBe(FALLBACK_LANGUAGE);
    expect(languageCode.options).toEqual(LANGUAGES);
    expect(TRANSLATED_LANGUAGES).toEqual(LANGUAGES.slice(1));
  });

  it('names each language in itself, with an Intl locale that formats', () => {
    for (const lng of LANGUAGES) {
      expect(languageName(lng)).not.toBe('');
      expect(Intl.DateTimeFormat.supportedLocalesOf([intlLocale(lng)])).toEqual([intlLocale(lng)]);
    }
  });

  it('reduces tags to ours, and anything else to undefined or English', () => {
    expect(supportedLanguage('es-MX')).toBe('es');
    expect(supportedLanguage(' RU ')).toBe('ru');
    expect(supportedLanguage('xx')).toBeUndefined();
    expect(supportedLanguage(undefined)).toBeUndefined();
    expect(languageOf('xx-YY')).toBe('en');
    expect(languageOf(null)).toBe('en');
  });
});

describe('languageFromAcceptLanguage', () => {
  it('takes the best weighted language we have', () => {
    expect(languageFromAcceptLanguage('es-ES,es;q=0.9,en;q=0.8')).toBe('es');
    expect(languageFromAcceptLanguage('xx-XX, ru;q=0.5, en;q=0.4')).toBe('ru');
    expect(languageFromAcceptLanguage('en;q=0.2, es;q=0.8')).toBe('es');
  });

  it('keeps the header order between equal weights and ignores q=0', () => {
    expect(languageFromAcceptLanguage('ru, es')).toBe('ru');
    expect(languageFromAcceptLanguage('es;q=0, ru;q=0.1')).toBe('ru');
  });

  it('is undefined when it names none of ours', () => {
    expect(languageFromAcceptLanguage('xx, yy;q=0.9')).toBeUndefined();
    expect(languageFromAcceptLanguage('')).toBeUndefined();
    expect(languageFromAcceptLanguage(undefined)).toBeUndefined();
  });
});
