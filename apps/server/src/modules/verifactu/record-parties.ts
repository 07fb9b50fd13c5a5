// A party of a billing record from the tax id a document carries (docs/invoicing.md#records): a
// Spanish NIF as NIF; another EU VAT number as IDOtro type 02 (NIF-IVA) with its country; any
// other id as IDOtro ES type 07 (not in the census), the one type besides a passport the AEAT
// takes with ES (its validation 1234), so a record is never refused for a recipient the platform
// could not classify.
import { isEuCountry, recipientTaxId } from '@boats/domain/eu-vat';
import { normalizeTaxId } from '@boats/domain/spanish-tax-id';
import type { RecordParty } from '@boats/domain/verifactu';

export function recordParty(name: string, taxId: string): RecordParty {
  const id = recipientTaxId(taxId);
  const shortName = name.slice(0, 120);
  if (id?.kind === 'es') return { name: shortName, nif: id.nif };
  if (id?.kind === 'eu')
    return { name: shortName, idOtro: { country: id.country, idType: '02', id: id.vatNumber } };
  return notInCensus(shortName, taxId);
}

/**
 * A recipient the AEAT's census does not know, as it asks them identified: IDOtro, country ES,
 * type 07 (No censado), the id as given.
 */
export function notInCensus(name: string, taxId: string): RecordParty {
  return { name: name.slice(0, 120), idOtro: { country: 'ES', idType: '07', id: taxId.slice(0, 20) } };
}

/**
 * A reseller named by the platform's invoices to it: its Spanish NIF; its EU VAT number as IDOtro
 * type 02; another country's tax id as IDOtro type 04 (an official document of its country of
 * residence) with that country's code.
 */
export function resellerRecordParty(reseller: { name: string; taxId: string; country: string }): RecordParty {
  if (reseller.country === 'ES' || isEuCountry(reseller.country))
    return recordParty(reseller.name, reseller.taxId);
  return {
    name: reseller.name.slice(0, 120),
    idOtro: { country: reseller.country, idType: '04', id: normalizeTaxId(reseller.taxId).slice(0, 20) },
  };
}
