import { describe, expect, it } from 'vitest';
import {
  isResellerTaxId,
  missingBilling,
  monthInvoiceLines,
  resellerInvoiceNumber,
  resellerSeriesKey,
} from './reseller-invoice';

describe('the month’s invoice to a reseller', () => {
  it('invoices each sale at its net less what was refunded of it in the month, none refunded in full', () => {
    const lines = monthInvoiceLines([
      { bookingId: 'kept', netCents: 9_600, refundedInMonthCents: 0 },
      { bookingId: 'partly', netCents: 4_800, refundedInMonthCents: 2_400 },
      { bookingId: 'refunded', netCents: 4_800, refundedInMonthCents: 4_800 },
    ]);
    expect(lines.map((l) => [l.bookingId, l.amountCents])).toEqual([
      ['kept', 9_600],
      ['partly', 2_400],
    ]);
  });

  it('numbers them in the issuer’s own reseller series, apart from its customers’ invoices', () => {
    expect(resellerInvoiceNumber('F1', 2027, 1)).toBe('V2027-000001');
    expect(resellerInvoiceNumber('R1', 2027, 12)).toBe('RV2027-000012');
    expect(resellerSeriesKey('B12345674', 'F1', 2027)).toBe('C:B12345674:V-2027');
    expect(() => resellerInvoiceNumber('F1', 2027, 0)).toThrow(RangeError);
  });

  it('checks the tax id against the country: a Spanish NIF, that EU country’s VAT number, another id', () => {
    expect(isResellerTaxId('B12345674', 'ES')).toBe(true);
    expect(isResellerTaxId('B12345670', 'ES')).toBe(false);
    expect(isResellerTaxId('DE123456789', 'DE')).toBe(true);
    // A French VAT number for a German company, or a German one missing a digit.
    expect(isResellerTaxId('FR12345678901', 'DE')).toBe(false);
    expect(isResellerTaxId('DE12345678', 'DE')).toBe(false);
    expect(isResellerTaxId('EL123456789', 'GR')).toBe(true);
    expect(isResellerTaxId('12-3456789', 'US')).toBe(true);
    expect(isResellerTaxId('?', 'US')).toBe(false);
  });

  it('names what a reseller’s billing details lack', () => {
    expect(missingBilling({ legalName: '', taxId: '', country: '', address: '' })).toEqual([
      'legalName',
      'taxId',
      'country',
      'address',
    ]);
    expect(
      missingBilling({
        legalName: 'Viator GmbH',
        taxId: 'DE123456789',
        country: 'DE',
        address: 'Berlin 1, 10117',
      }),
    ).toEqual([]);
    expect(
      missingBilling({
        legalName: 'Viator GmbH',
        taxId: 'B12345670',
        country: 'ES',
        address: 'Madrid 1, 28001',
      }),
    ).toEqual(['taxId']);
  });
});
