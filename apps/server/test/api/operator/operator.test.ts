// GET /api/operator: the company the legal pages name, from the OPERATOR_* variables; without
// them (outside production) a demo company that says it is one.
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../helpers/test-app';
import { testConfig } from '../../helpers/test-config';

describe('the operator identity', () => {
  it('is the configured company, with its optional lines', async () => {
    const t = await buildTestApp({
      env: {
        OPERATOR_NAME: 'Blue Tenerife Boats',
        OPERATOR_LEGAL_NAME: 'Blue Tenerife Boats S.L.',
        OPERATOR_TAX_ID: 'B38123456',
        OPERATOR_ADDRESS: 'Calle del Muelle 4, 38660 Costa Adeje',
        OPERATOR_REGISTRY: 'Registro Mercantil de Santa Cruz de Tenerife, tomo 1234, folio 56',
        OPERATOR_PUBLIC_EMAIL: 'info@bluetenerife.es',
        OPERATOR_PHONE: '+34 922 000 111',
      },
    });
    const res = await t.app.inject('/api/operator');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      name: 'Blue Tenerife Boats',
      legalName: 'Blue Tenerife Boats S.L.',
      taxId: 'B38123456',
      address: 'Calle del Muelle 4, 38660 Costa Adeje',
      registry: 'Registro Mercantil de Santa Cruz de Tenerife, tomo 1234, folio 56',
      email: 'info@bluetenerife.es',
      phone: '+34 922 000 111',
    });
  });

  it('is a demo company, named as such, when nothing is configured outside production', async () => {
    const t = await buildTestApp();
    const body = (await t.app.inject('/api/operator')).json() as Record<string, string | null>;
    expect(body.legalName).toMatch(/demo/i);
    expect(body.taxId).toMatch(/demo/i);
    expect(body.registry).toBeNull();
  });

  it('refuses a public e-mail that is not one, naming the variable', () => {
    expect(() => testConfig({ OPERATOR_PUBLIC_EMAIL: 'not-an-address' })).toThrow(/OPERATOR_PUBLIC_EMAIL/);
  });
});
