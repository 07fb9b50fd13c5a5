// A party of a billing record from the tax id a document carries (docs/invoicing.md#records): a
// Spanish NIF as NIF; another EU VAT number as IDOtro type 02 (NIF-IVA) with its country; any
// other id as IDOtro type 06 (another supporting document), so a record is never refused for a
// recipient the platform could not classify.
import { recipientTaxId } from '@boats/domain/eu-vat';
import type { RecordParty } from '@boats/domain/verifactu';

export function recordParty(name: string, taxId: string): RecordParty {
  const id = recipientTaxId(taxId);
  const shortName = name.slice(0, 120);
  if (id?.kind === 'es') return { name: shortName, nif: id.nif };
  if (id?.kind === 'eu')
    return { name: shortName, idOtro: { country: id.country, idType: '02', id: id.vatNumber } };
  return { name: shortName, idOtro: { country: 'ES', idType: '06', id: taxId.slice(0, 20) } };
}
