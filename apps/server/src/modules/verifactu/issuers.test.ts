// The system's version in every record (SistemaInformatico/Version) is the release's: the server
// package's version, here made a release the code cannot have written down.
import { describe, expect, it, vi } from 'vitest';
import { chainRecord, type AltaContent } from '@boats/domain/verifactu';
import { loadConfig } from '../../config';
import { systemIdentity } from './issuers';
import { messageXml } from './record-xml';
import { xsdErrors } from '../../dev/xsd-validator';

vi.mock('../../../package.json', () => ({ default: { name: '@boats/server', version: '2.7.0-rc.1' } }));

const content: AltaContent = {
  kind: 'alta',
  id: { issuerNif: 'B76543217', numSerie: 'C2027-000001', issueDate: '20-01-2027' },
  issuerName: 'AD Boat Rental S.L.',
  invoiceType: 'F1',
  rectificationType: null,
  rectified: [],
  substituted: [],
  description: 'Comisión de intermediación de reservas',
  withoutRecipientId: false,
  thirdParty: null,
  recipients: [{ name: 'Marlin Charters S.L.', nif: 'B12345674' }],
  lines: [{ tax: '03', regimeKey: '01', qualification: 'S1', rate: '7.00', base: '100.00', quota: '7.00' }],
  totalQuota: '7.00',
  totalAmount: '107.00',
  correctsRejected: false,
};

describe('the system identity in the records', () => {
  it("carries the release's version, not a constant, in the record's XML", () => {
    const config = loadConfig({ OPERATOR_LEGAL_NAME: 'AD Boat Rental S.L.', OPERATOR_TAX_ID: 'B76543217' });
    const system = systemIdentity(config);
    expect(system.version).toBe('2.7.0-rc.1');
    const xml = messageXml(
      { issuer: { name: 'AD Boat Rental S.L.', nif: 'B76543217' }, representative: null },
      [{ record: chainRecord(content, null, new Date('2027-01-20T12:00:00Z')), system }],
    );
    expect(xml).toContain('<sf:Version>2.7.0-rc.1</sf:Version>');
    expect(xsdErrors('SuministroLR.xsd', xml)).toEqual([]);
  });
});
