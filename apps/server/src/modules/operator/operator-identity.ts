// The operator's identity from the OPERATOR_* variables. Production refuses to start without
// the legal name, tax number and address (config.ts); outside production a made-up demo company
// stands in, named as a demo so nobody mistakes it for a real one.
import type { OperatorIdentity } from '@boats/domain/schemas/operator';
import type { Config } from '../../config';

const DEMO = {
  legalName: 'AD Boat Rental Demo S.L. (demo company)',
  taxId: 'B00000000 (demo)',
  address: 'Puerto Colón, 38660 Costa Adeje, Santa Cruz de Tenerife, Spain (demo address)',
  email: 'hello@adboatrental.example',
};

export function operatorIdentity(config: Config): OperatorIdentity {
  return {
    name: config.OPERATOR_NAME,
    legalName: config.OPERATOR_LEGAL_NAME ?? DEMO.legalName,
    taxId: config.OPERATOR_TAX_ID ?? DEMO.taxId,
    address: config.OPERATOR_ADDRESS ?? DEMO.address,
    registry: config.OPERATOR_REGISTRY ?? null,
    email: config.OPERATOR_PUBLIC_EMAIL ?? DEMO.email,
    phone: config.OPERATOR_PHONE ?? null,
  };
}
