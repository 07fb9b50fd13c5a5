/**
 * A company's tax id on a full invoice (docs/invoicing.md#records): a Spanish NIF, NIE
 * or CIF, checked by its check character (spanish-tax-id.ts), or another EU country's VAT number,
 * checked against that country's format (the European Commission's VIES formats). The format
 * catches a mistyped or made-up number where it is typed; whether it is registered is VIES's
 * business, not ours.
 */
import { normalizeTaxId, spanishTaxIdKind } from './spanish-tax-id';

/** Each EU country's VAT number after its two-letter prefix (Greece's prefix is EL). */
const EU_VAT_FORMATS: Record<string, RegExp> = {
  AT: /^U\d{8}$/,
  BE: /^[01]\d{9}$/,
  BG: /^\d{9,10}$/,
  CY: /^\d{8}[A-Z]$/,
  CZ: /^\d{8,10}$/,
  DE: /^\d{9}$/,
  DK: /^\d{8}$/,
  EE: /^\d{9}$/,
  EL: /^\d{9}$/,
  FI: /^\d{8}$/,
  FR: /^[0-9A-HJ-NP-Z]{2}\d{9}$/,
  HR: /^\d{11}$/,
  HU: /^\d{8}$/,
  IE: /^(\d{7}[A-W][A-I]?|\d[A-Z+*]\d{5}[A-W])$/,
  IT: /^\d{11}$/,
  LT: /^(\d{9}|\d{12})$/,
  LU: /^\d{8}$/,
  LV: /^\d{11}$/,
  MT: /^\d{8}$/,
  NL: /^\d{9}B\d{2}$/,
  PL: /^\d{10}$/,
  PT: /^\d{9}$/,
  RO: /^\d{2,10}$/,
  SE: /^\d{12}$/,
  SI: /^\d{8}$/,
  SK: /^\d{10}$/,
};

/** A recipient's tax id, classified: Spanish (a NIF the AEAT knows) or another EU VAT number. */
export type RecipientTaxId = { kind: 'es'; nif: string } | { kind: 'eu'; country: string; vatNumber: string };

/** The tax id typed in (spaces, dots and dashes ignored), or undefined when it is neither kind. */
export function recipientTaxId(raw: string): RecipientTaxId | undefined {
  const id = normalizeTaxId(raw);
  const withoutEs = id.startsWith('ES') ? id.slice(2) : id;
  if (spanishTaxIdKind(withoutEs)) return { kind: 'es', nif: withoutEs };
  const prefix = id.slice(0, 2);
  const format = EU_VAT_FORMATS[prefix];
  if (format?.test(id.slice(2))) {
    // The AEAT names countries by ISO code: Greece's VAT prefix EL is GR there.
    return { kind: 'eu', country: prefix === 'EL' ? 'GR' : prefix, vatNumber: id };
  }
  return undefined;
}

/** Whether a two-letter country code (ISO, Greece GR) is an EU member's. */
export function isEuCountry(code: string): boolean {
  const prefix = code === 'GR' ? 'EL' : code;
  return prefix in EU_VAT_FORMATS || code === 'ES';
}

export function isRecipientTaxId(raw: string): boolean {
  return recipientTaxId(raw) !== undefined;
}
