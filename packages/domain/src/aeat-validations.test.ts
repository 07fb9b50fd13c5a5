// Each of the AEAT's record validations kept in aeat-validations.ts, broken on purpose once, beside
// the records this system issues, which pass them all.
import { describe, expect, it } from 'vitest';
import {
  AEAT_RULES,
  altaBreaches,
  chainBreaches,
  GENERATION_MARGIN_SECONDS,
  isAdmissible,
  recipientBreaches,
  type AltaRuleInput,
  type LineRuleInput,
} from './aeat-validations';
import { sha256Hex } from './sha256';
import { altaHashInput } from './verifactu';

const issuer = 'B12345674';
const company = { name: 'Acme Eventos S.L.', nif: 'B38111118' };
/** 4 January 2027, 10:00 in the Canaries. */
const now = new Date('2027-01-04T10:00:00Z');
/** IGIC at 7 % on 100.00 €. */
const taxed: LineRuleInput = {
  tax: '03',
  regimeKey: '01',
  qualification: 'S1',
  rate: '7.00',
  base: '100.00',
  quota: '7.00',
};
/** A consumer's F2 within the limit, issued by the platform in an owner's name. */
const f2: AltaRuleInput = {
  issuerNif: issuer,
  issueDate: '04-01-2027',
  operationDate: null,
  invoiceType: 'F2',
  rectificationType: null,
  rectifiedCount: 0,
  substitutedCount: 0,
  hasRectifiedAmounts: false,
  withoutRecipientId: false,
  thirdParty: { name: 'AD Boat Rental S.L.', nif: 'B76543217' },
  recipients: [],
  lines: [taxed],
  totalQuota: '7.00',
  totalAmount: '107.00',
};
const codes = (r: AltaRuleInput) => altaBreaches(r, now).map((b) => b.code);

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
    // A refund by differences after the trip: negative amounts, the trip's day before the issue.
    const refund = { ...taxed, base: '-50.00', quota: '-3.50' };
    expect(
      codes({
        ...f2,
        invoiceType: 'R5',
        rectificationType: 'I',
        rectifiedCount: 1,
        operationDate: '02-01-2027',
        lines: [refund],
        totalQuota: '-3.50',
        totalAmount: '-53.50',
      }),
    ).toEqual([]);
    // An owner exempt from IGIC (E6), and a commission invoice at 7 % and rounding cents.
    const exempt = { ...taxed, qualification: 'E6', rate: null, quota: null };
    expect(codes({ ...f2, lines: [exempt], totalQuota: '0.00', totalAmount: '100.00' })).toEqual([]);
    const rounded = { ...taxed, base: '12.35', quota: '0.86' };
    expect(
      codes({
        ...f2,
        invoiceType: 'F1',
        recipients: [company],
        lines: [rounded],
        totalQuota: '0.86',
        totalAmount: '13.21',
      }),
    ).toEqual([]);
  });

  it('refuses the art. 6.1.d flag on anything but F2 and R5 (1185)', () => {
    const f1 = { ...f2, invoiceType: 'F1', withoutRecipientId: true, recipients: [] };
    expect(codes(f1)).toEqual([1185, 1189]);
    expect(altaBreaches({ ...f1, recipients: [company] }, now)).toEqual([
      { code: 1185, text: AEAT_RULES[1185] },
    ]);
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
    expect(altaBreaches(toItself, now)).toEqual([{ code: 1193, text: AEAT_RULES[1193] }]);
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

  it('asks a rectification by substitution for the amounts it replaces (1118), and refuses them on any other record (1119)', () => {
    // A company's full invoice substituted to correct its recipient: R1, S, the F3's base and quota.
    const substitution = {
      ...f2,
      invoiceType: 'R1',
      rectificationType: 'S',
      rectifiedCount: 1,
      recipients: [company],
      hasRectifiedAmounts: true,
    };
    expect(codes(substitution)).toEqual([]);
    expect(codes({ ...substitution, hasRectifiedAmounts: false })).toEqual([1118]);
    expect(codes({ ...substitution, rectificationType: 'I' })).toEqual([1119]);
    expect(codes({ ...f2, hasRectifiedAmounts: true })).toEqual([1119]);
  });

  it('refuses an issue date after today (1112) or before 28 October 2024 (1152), in Canary days', () => {
    expect(codes({ ...f2, issueDate: '05-01-2027' })).toEqual([1112]);
    // 23:30 on 4 January in the Canaries is already the 5th in UTC: the 4th is still today.
    expect(altaBreaches(f2, new Date('2027-01-04T23:30:00Z'))).toEqual([]);
    expect(codes({ ...f2, issueDate: '27-10-2024' })).toEqual([1152]);
    expect(codes({ ...f2, issueDate: '28-10-2024' })).toEqual([]);
  });

  it('refuses an operation after its invoice (1146) or after today (1173), too late (1125) or too old (1134)', () => {
    expect(codes({ ...f2, issueDate: '03-01-2027', operationDate: '04-01-2027' })).toEqual([1146]);
    expect(codes({ ...f2, operationDate: '05-01-2027' })).toEqual([1146, 1173]);
    expect(codes({ ...f2, operationDate: '01-01-2029' })).toEqual([1125, 1146, 1173]);
    expect(codes({ ...f2, operationDate: '03-01-2007' })).toEqual([1134]);
    expect(codes({ ...f2, operationDate: '04-01-2007' })).toEqual([]);
    // VAT pending accrual (regime 14) may invoice before the operation.
    const pending = { ...taxed, regimeKey: '14' };
    expect(codes({ ...f2, lines: [pending], operationDate: '05-01-2027' })).toEqual([]);
  });

  it('refuses a quota beyond ±10.00 € of base × rate (1142) or of another sign than its base (1143)', () => {
    const at = (quota: string, base = '1000.00') => ({
      ...f2,
      invoiceType: 'F1',
      recipients: [company],
      lines: [{ ...taxed, base, quota }],
      totalQuota: quota,
      totalAmount: ((Number(base) * 100 + Number(quota) * 100) / 100).toFixed(2),
    });
    expect(codes(at('80.00'))).toEqual([]);
    expect(codes(at('60.00'))).toEqual([]);
    expect(codes(at('80.01'))).toEqual([1142]);
    expect(codes(at('59.99'))).toEqual([1142]);
    expect(codes(at('-0.50', '5.00'))).toEqual([1143]);
    // Not checked on a rectifying invoice by differences (TipoRectificativa I), as the AEAT says.
    expect(codes({ ...at('90.00'), invoiceType: 'R1', rectificationType: 'I', rectifiedCount: 1 })).toEqual(
      [],
    );
  });

  it('refuses a taxed line without rate or quota (1208), an exempt one with them (1238), E2/E3 in the general regime (1199), a line without its regime (1245)', () => {
    expect(codes({ ...f2, lines: [{ ...taxed, rate: null }] })).toEqual([1208]);
    const exempt = { ...taxed, qualification: 'E6', rate: null, quota: null };
    const exemptTotals = { totalQuota: '0.00', totalAmount: '100.00' };
    expect(codes({ ...f2, ...exemptTotals, lines: [{ ...exempt, rate: '7.00' }] })).toEqual([1238]);
    expect(codes({ ...f2, ...exemptTotals, lines: [{ ...exempt, qualification: 'E2' }] })).toEqual([1199]);
    expect(codes({ ...f2, ...exemptTotals, lines: [{ ...exempt, qualification: 'E3' }] })).toEqual([1199]);
    expect(codes({ ...f2, ...exemptTotals, lines: [{ ...exempt, qualification: 'E5' }] })).toEqual([]);
    expect(codes({ ...f2, lines: [{ ...taxed, regimeKey: null }] })).toEqual([1245]);
  });

  it('refuses an F2 above 3,000.00 € + 10.00 € unless flagged art. 6.1.d (1150)', () => {
    const big = (base: string, quota: string) => ({
      ...f2,
      lines: [{ ...taxed, base, quota }],
      totalQuota: quota,
      totalAmount: ((Number(base) * 100 + Number(quota) * 100) / 100).toFixed(2),
    });
    expect(codes(big('2813.08', '196.92'))).toEqual([]);
    expect(codes(big('2813.09', '196.92'))).toEqual([1150]);
    expect(codes({ ...big('2813.09', '196.92'), withoutRecipientId: true })).toEqual([]);
  });

  it('answers totals beyond ±10.00 € of the lines as admissible errors (2005, 2006)', () => {
    expect(codes({ ...f2, totalAmount: '117.00' })).toEqual([]);
    expect(codes({ ...f2, totalAmount: '117.01' })).toEqual([2005]);
    expect(codes({ ...f2, totalQuota: '17.01', totalAmount: '107.00' })).toEqual([2006]);
    expect(isAdmissible(2005) && isAdmissible(2006)).toBe(true);
    expect(isAdmissible(1142)).toBe(false);
  });

  describe('the hash, the chain and the instant (the fake AEAT’s)', () => {
    const fields = {
      id: { issuerNif: issuer, numSerie: 'F-1', issueDate: '04-01-2027' },
      invoiceType: 'F1' as const,
      totalQuota: '7.00',
      totalAmount: '107.00',
      previousHash: 'A'.repeat(64),
      generatedAt: '2027-01-04T10:00:00+00:00',
    };
    const hashInput = altaHashInput(fields);
    const record = {
      hashInput,
      hash: sha256Hex(hashInput),
      previousHash: fields.previousHash,
      generatedAt: fields.generatedAt,
    };
    const chainCodes = (r: typeof record | { previousHash: null }, held = 1, at = now) =>
      chainBreaches({ ...record, ...r }, held, at).map((b) => b.code);

    it('passes a record whose hash computes, chained after the ones held', () => {
      expect(chainCodes(record)).toEqual([]);
      expect(chainCodes({ ...record, previousHash: null }, 0)).toEqual([]);
    });

    it('finds a hash that does not compute (2000) and a malformed previous hash (2002, 2003)', () => {
      expect(chainCodes({ ...record, hash: sha256Hex(`${hashInput}x`) })).toEqual([2000]);
      expect(chainCodes({ ...record, previousHash: 'A'.repeat(63) })).toEqual([2002]);
      expect(chainCodes({ ...record, previousHash: 'a'.repeat(64) })).toEqual([2003]);
    });

    it('finds a first record where the AEAT holds the issuer’s records (2007)', () => {
      expect(chainCodes({ previousHash: null }, 3)).toEqual([2007]);
    });

    it('finds an instant ahead of the AEAT’s clock beyond the margin (2004)', () => {
      const ahead = new Date(now.getTime() - GENERATION_MARGIN_SECONDS * 1000);
      expect(chainCodes(record, 1, ahead)).toEqual([]);
      expect(chainCodes(record, 1, new Date(ahead.getTime() - 1000))).toEqual([2004]);
    });
  });
});
