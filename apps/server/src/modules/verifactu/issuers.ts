// Who issues a document and which software records it (docs/invoicing.md#records). The platform
// issues its commission invoices in its own name (OPERATOR_LEGAL_NAME, OPERATOR_TAX_ID); outside
// production a demo company with a made-up NIF of the right form stands in, as the legal pages
// do. The system's identity goes into every record (SistemaInformatico).
import { normalizeTaxId } from '@boats/domain/spanish-tax-id';
import type { SystemIdentity } from '@boats/domain/verifactu';
import type { Config } from '../../config';
import { RELEASE_VERSION } from '../../release';
import { operatorIdentity } from '../operator/operator-identity';

/** A NIF of the right form for the demo company (a CIF whose check digit is right). */
const DEMO_NIF = 'B00000000';

/** The issuer of a chain: its NIF (the chain's key) and its name as the records carry it. */
export type Issuer = { nif: string; name: string };

export function platformIssuer(config: Config): Issuer {
  return {
    nif: config.OPERATOR_TAX_ID ? normalizeTaxId(config.OPERATOR_TAX_ID) : DEMO_NIF,
    name: operatorIdentity(config).legalName.slice(0, 120),
  };
}

/**
 * This software as the AEAT knows it: produced by the platform, one installation per site, in the
 * release that generates the record (stored with it: a record keeps the version that made it).
 */
export function systemIdentity(config: Config): SystemIdentity {
  const producer = platformIssuer(config);
  return {
    producerName: producer.name,
    producerNif: producer.nif,
    name: 'Tenerife Boats',
    id: 'TB',
    version: RELEASE_VERSION,
    installation: config.VERIFACTU_INSTALLATION,
  };
}
