import { describe, expect, it } from 'vitest';
import { isSpanishTaxId, normalizeTaxId, spanishTaxIdKind } from './spanish-tax-id';

describe('Spanish tax ids', () => {
  it('accepts a DNI-based NIF whose letter matches its number', () => {
    expect(spanishTaxIdKind('12345678Z')).toBe('nif');
    expect(spanishTaxIdKind('00000000T')).toBe('nif');
    expect(spanishTaxIdKind(' 12.345.678-z ')).toBe('nif');
  });

  it('refuses a NIF with the wrong letter', () => {
    expect(isSpanishTaxId('12345678A')).toBe(false);
  });

  it('accepts NIEs (X, Y, Z stand for 0, 1, 2)', () => {
    expect(spanishTaxIdKind('X1234567L')).toBe('nie');
    expect(spanishTaxIdKind('Y1234567X')).toBe('nie');
    expect(spanishTaxIdKind('Z1234567R')).toBe('nie');
    expect(isSpanishTaxId('X1234567A')).toBe(false);
  });

  it('accepts CIFs with a control digit or letter as the organisation letter requires', () => {
    expect(spanishTaxIdKind('B12345674')).toBe('cif'); // a limited company: digit
    expect(spanishTaxIdKind('A58818501')).toBe('cif');
    expect(spanishTaxIdKind('Q2826000H')).toBe('cif'); // a public body: letter
    expect(spanishTaxIdKind('G1234567D')).toBe('cif'); // an association: either
    expect(spanishTaxIdKind('G12345674')).toBe('cif');
  });

  it('refuses a CIF whose control is wrong or of the wrong kind', () => {
    expect(isSpanishTaxId('B12345675')).toBe(false);
    expect(isSpanishTaxId('B1234567D')).toBe(false); // an S.L. takes the digit only
    expect(isSpanishTaxId('Q28260008')).toBe(false); // a public body takes the letter only
  });

  it('refuses anything else', () => {
    for (const bad of ['', 'B', '1234567Z', '123456789Z', 'I1234567A', 'hello', 'B00000000 (demo)']) {
      expect(isSpanishTaxId(bad), bad).toBe(false);
    }
  });

  it('normalises spacing and case', () => {
    expect(normalizeTaxId(' b-1234.5674 ')).toBe('B12345674');
  });
});
