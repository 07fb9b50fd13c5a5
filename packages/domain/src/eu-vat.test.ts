import { describe, expect, it } from 'vitest';
import { isRecipientTaxId, recipientTaxId } from './eu-vat';

describe('a company’s tax id on a full invoice', () => {
  it('takes a Spanish NIF, NIE or CIF by its check character, with or without the ES prefix', () => {
    expect(recipientTaxId('B-12345674')).toEqual({ kind: 'es', nif: 'B12345674' });
    expect(recipientTaxId('ES b12345674')).toEqual({ kind: 'es', nif: 'B12345674' });
    expect(recipientTaxId('12345678Z')).toEqual({ kind: 'es', nif: '12345678Z' });
    expect(recipientTaxId('X1234567L')).toEqual({ kind: 'es', nif: 'X1234567L' });
    // One digit off: the check letter no longer matches.
    expect(isRecipientTaxId('12345679Z')).toBe(false);
    expect(isRecipientTaxId('B12345675')).toBe(false);
  });

  it('takes another EU country’s VAT number in that country’s format', () => {
    expect(recipientTaxId('DE 123 456 789')).toEqual({ kind: 'eu', country: 'DE', vatNumber: 'DE123456789' });
    expect(recipientTaxId('FRXX123456789')).toEqual({
      kind: 'eu',
      country: 'FR',
      vatNumber: 'FRXX123456789',
    });
    expect(recipientTaxId('NL123456789B01')).toEqual({
      kind: 'eu',
      country: 'NL',
      vatNumber: 'NL123456789B01',
    });
    expect(recipientTaxId('EL123456789')).toEqual({ kind: 'eu', country: 'GR', vatNumber: 'EL123456789' });
    expect(isRecipientTaxId('DE12345678')).toBe(false);
    expect(isRecipientTaxId('GB123456789')).toBe(false);
    expect(isRecipientTaxId('hello')).toBe(false);
  });
});
