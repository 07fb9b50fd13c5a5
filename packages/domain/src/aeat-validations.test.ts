// Each of the AEAT's record validations kept in aeat-validations.ts, broken on purpose once, beside
// the records this system issues, which pass them all.
import { describe, expect, it } from 'vitest';
import { AEAT_RULES, altaBreaches, recipientBreaches, type AltaRuleInput } from './aeat-validations';

const issuer = 'B12345674';
const company = { name: 'Acme Eventos S.L.', nif: 'B38111118' };
/** A consumer's F2 within the limit, issued by the platform in an owner's name. */
const f2: AltaRuleInput = {
  issuerNif: issuer,
  invoiceType: 'F2',
  rectificationType: null,
  rectifiedCount: 0,
  substitutedCount: 0,
  withoutRecipientId: false,
  thirdParty: { name: 'AD Boat Rental S.L.', nif: 'B76543217' },
  recipients: [],
};
const codes = (r: AltaRuleInput) => altaBreaches(r).map((b) => b.code);

describe('the AEAT’s record validations', () => {
  it('passes every kind of record the platform issues', () => {
    expect(codes(f2)).toEqual([]);
    // A consumer above the limit: F2 with the art. 6.1.d flag; its refund: R5 keeping it.
    expect(codes({ ...f2, withoutRecipientId: true })).toEqual([]);
    expect(
      codes({
        ...f2,
        invoiceType: 'R5',
        rectificationType: 'I',
        rectifiedCount: 1,
        withoutRecipientId: true,
      }),
    ).toEqual([]);
    // A company's F3 replacing the F2, and its refund's R1, both naming the company.
    expect(codes({ ...f2, invoiceType: 'F3', substitutedCount: 1, recipients: [company] })).toEqual([]);
    expect(
      codes({ ...f2, invoiceType: 'R1', rectificationType: 'I', rectifiedCount: 1, recipients: [company] }),
    ).toEqual([]);
    // An EU company by its VAT number; a foreign passport.
    const eu = { name: 'Acme GmbH', idOtro: { country: 'DE', idType: '02' as const, id: 'DE123456789' } };
    expect(codes({ ...f2, invoiceType: 'F3', substitutedCount: 1, recipients: [eu] })).toEqual([]);
  });

  it('refuses the art. 6.1.d flag on anything but F2 and R5 (1185)', () => {
    const f1 = { ...f2, invoiceType: 'F1', withoutRecipientId: true, recipients: [] };
    expect(codes(f1)).toEqual([1185, 1189]);
    expect(altaBreaches({ ...f1, recipients: [company] })).toEqual([{ code: 1185, text: AEAT_RULES[1185] }]);
    expect(
      codes({
        ...f2,
        invoiceType: 'R1',
        rectificationType: 'I',
        rectifiedCount: 1,
        withoutRecipientId: true,
        recipients: [company],
      }),
    ).toEqual([1185]);
  });

  it('refuses F1, F3 and R1–R4 naming no recipient (1189), and F2 or R5 naming one (1190)', () => {
    for (const type of ['F1', 'F3', 'R1', 'R2', 'R3', 'R4']) {
      const r = type.startsWith('R')
        ? { ...f2, invoiceType: type, rectificationType: 'I', rectifiedCount: 1 }
        : { ...f2, invoiceType: type, substitutedCount: type === 'F3' ? 1 : 0 };
      expect(codes(r), type).toEqual([1189]);
    }
    expect(codes({ ...f2, recipients: [company] })).toEqual([1190]);
    expect(
      codes({ ...f2, invoiceType: 'R5', rectificationType: 'I', rectifiedCount: 1, recipients: [company] }),
    ).toEqual([1190]);
  });

  it('refuses a recipient whose NIF is the issuer’s (1193), and a Spanish IDOtro but passport or not censused (1234)', () => {
    const toItself = {
      ...f2,
      invoiceType: 'F3',
      substitutedCount: 1,
      recipients: [{ name: 'Marlin', nif: issuer }],
    };
    expect(altaBreaches(toItself)).toEqual([{ code: 1193, text: AEAT_RULES[1193] }]);
    expect(recipientBreaches(issuer, [{ name: 'Marlin', nif: issuer }]).map((b) => b.code)).toEqual([1193]);
    const es06 = { name: 'Someone', idOtro: { country: 'ES', idType: '06' as const, id: 'X' } };
    expect(codes({ ...f2, invoiceType: 'F3', substitutedCount: 1, recipients: [es06] })).toEqual([1234]);
    const es07 = { name: 'Someone', idOtro: { country: 'ES', idType: '07' as const, id: '12345678Z' } };
    expect(codes({ ...f2, invoiceType: 'F3', substitutedCount: 1, recipients: [es07] })).toEqual([]);
  });

  it('refuses a third party that is the issuer (1188)', () => {
    expect(codes({ ...f2, thirdParty: { name: 'Marlin', nif: issuer } })).toEqual([1188]);
  });

  it('refuses rectification and substitution blocks on the wrong types (1114–1117)', () => {
    expect(codes({ ...f2, invoiceType: 'R5', rectifiedCount: 1 })).toEqual([1114]);
    expect(codes({ ...f2, rectificationType: 'I' })).toEqual([1115]);
    expect(codes({ ...f2, substitutedCount: 1 })).toEqual([1116]);
    expect(codes({ ...f2, rectifiedCount: 1 })).toEqual([1117]);
  });
});
