import { describe, expect, it } from 'vitest';
import {
  centsToEuros,
  eurosToCents,
  formatEuros,
  formatMoney,
  formatNumber,
  hasWholeCents,
  typedEurosToCents,
} from './money';

// Intl separates groups and the symbol with (narrow) no-break spaces; compare on plain spaces.
const norm = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('eurosToCents', () => {
  it('rounds binary noise away', () => {
    expect(eurosToCents(0.29)).toBe(29);
    expect(eurosToCents(1.15)).toBe(115);
    expect(eurosToCents(19.99)).toBe(1999);
    expect(eurosToCents(100)).toBe(10000);
    expect(eurosToCents(0)).toBe(0);
  });

  it('rounds a third decimal half up', () => {
    expect(eurosToCents(1.236)).toBe(124);
    expect(eurosToCents(1.234)).toBe(123);
  });

  it('never returns -0', () => {
    expect(Object.is(eurosToCents(-0.001), 0)).toBe(true);
  });

  it('rejects NaN and infinities', () => {
    expect(() => eurosToCents(NaN)).toThrow(RangeError);
    expect(() => eurosToCents(Infinity)).toThrow(RangeError);
  });
});

describe('typedEurosToCents', () => {
  it('reads what a person types: a decimal comma or point, a euro sign, spaces', () => {
    expect(typedEurosToCents('85,50')).toBe(8550);
    expect(typedEurosToCents(' 120 € ')).toBe(12_000);
    expect(typedEurosToCents('0.29')).toBe(29);
  });

  it('is NaN for more than two decimals or anything not an amount', () => {
    expect(typedEurosToCents('12.345')).toBeNaN();
    expect(typedEurosToCents('-5')).toBeNaN();
    expect(typedEurosToCents('twelve')).toBeNaN();
    expect(typedEurosToCents('')).toBeNaN();
  });
});

describe('hasWholeCents', () => {
  it('takes two decimals despite binary noise, refuses a third', () => {
    expect(hasWholeCents(0.29)).toBe(true);
    expect(hasWholeCents(12.5)).toBe(true);
    expect(hasWholeCents(12.345)).toBe(false);
  });
});

describe('centsToEuros', () => {
  it('divides exactly for odd cents', () => {
    expect(centsToEuros(1999)).toBe(19.99);
    expect(centsToEuros(1)).toBe(0.01);
    expect(centsToEuros(0)).toBe(0);
    expect(eurosToCents(centsToEuros(123457))).toBe(123457);
  });

  it('rejects NaN', () => {
    expect(() => centsToEuros(NaN)).toThrow(RangeError);
  });
});

describe('formatMoney', () => {
  it('follows each locale', () => {
    expect(formatMoney(123450, 'en')).toBe('€1,234.50');
    expect(norm(formatMoney(123450, 'es'))).toBe('1234,50 €');
    expect(norm(formatMoney(1234550, 'es'))).toBe('12.345,50 €');
    expect(norm(formatMoney(123450, 'ru'))).toBe('1 234,50 €');
  });

  it('puts the euro after the number with a decimal comma in German, French and Italian', () => {
    expect(norm(formatMoney(123450, 'de'))).toBe('1.234,50 €');
    expect(norm(formatMoney(123450, 'fr'))).toBe('1 234,50 €');
    expect(norm(formatMoney(123450, 'it'))).toBe('1234,50 €'); // Italian groups from five digits
    expect(norm(formatMoney(1234550, 'it'))).toBe('12.345,50 €');
    expect(norm(formatMoney(4950, 'de', { decimals: false }))).toBe('50 €');
  });

  it('can drop decimals', () => {
    expect(formatMoney(10000, 'en', { decimals: false })).toBe('€100');
    expect(formatMoney(10050, 'en', { decimals: false })).toBe('€101');
    expect(formatMoney(5, 'en')).toBe('€0.05');
  });
});

describe('formatEuros', () => {
  it('writes euros from the wire to the cent, one way per language', () => {
    expect(formatEuros(100.5, 'en')).toBe('€100.50');
    expect(norm(formatEuros(100.5, 'es'))).toBe('100,50 €');
    expect(norm(formatEuros(6290, 'ru'))).toBe('6 290,00 €');
    expect(norm(formatEuros(0.29, 'de'))).toBe('0,29 €');
  });
});

describe('formatNumber', () => {
  it('writes decimals the way each language does', () => {
    expect(formatNumber(2.5, 'en')).toBe('2.5');
    expect(formatNumber(2.5, 'es')).toBe('2,5');
    expect(formatNumber(1.5, 'ru')).toBe('1,5');
    expect(formatNumber(3, 'es')).toBe('3');
  });
});
