// The software's declaración responsable (docs/invoicing.md#the-softwares-declaration): the admin
// reads it in the system itself, built from the identity every billing record carries, signed
// once VERIFACTU_DECLARATION_DATE and VERIFACTU_DECLARATION_PLACE say when and where.
import { describe, expect, it } from 'vitest';
import type { DeclarationResponse } from '@boats/domain/schemas/invoicing';
import { systemIdentity } from '../../../src/modules/verifactu/issuers';
import { bearer, tokenFor } from '../../helpers/admin-token';
import { buildTestApp } from '../../helpers/test-app';

describe('the declaración responsable', async () => {
  const t = await buildTestApp({
    template: 'empty',
    env: {
      OPERATOR_LEGAL_NAME: 'AD Boat Rental S.L.',
      OPERATOR_TAX_ID: 'B76543217',
      OPERATOR_ADDRESS: 'Calle del Puerto 1, 38650 Los Cristianos',
      VERIFACTU_DECLARATION_DATE: '2026-12-15',
      VERIFACTU_DECLARATION_PLACE: 'Santa Cruz de Tenerife, España',
    },
  });

  it('is the admin’s to read, with the system and producer every record names, signed', async () => {
    const res = await t.app.inject({
      url: '/api/admin/invoicing/declaration',
      headers: bearer(await tokenFor(t, 'admin')),
    });
    expect(res.statusCode, res.body).toBe(200);
    const declaration = res.json<DeclarationResponse>();
    expect(declaration.title).toBe('DECLARACIÓN RESPONSABLE DEL SISTEMA INFORMÁTICO DE FACTURACIÓN');
    expect(declaration.signed).toBe(true);
    const system = systemIdentity(t.ctx.config);
    const value = (letter: string) => declaration.items.find((i) => i.letter === letter)?.value;
    expect([value('a'), value('b'), value('c'), value('h'), value('i'), value('j'), value('l')]).toEqual([
      system.name,
      system.id,
      system.version,
      'AD Boat Rental S.L.',
      'B76543217',
      'Calle del Puerto 1, 38650 Los Cristianos',
      '15-12-2026, Santa Cruz de Tenerife, España',
    ]);
  });

  it('is not an owner’s', async () => {
    const res = await t.app.inject({
      url: '/api/admin/invoicing/declaration',
      headers: bearer(await tokenFor(t, 'owner')),
    });
    expect(res.statusCode).toBe(403);
  });
});
