import { describe, expect, it } from 'vitest';
import {
  customerInvoiceNumber,
  customerSeriesKey,
  refundInvoiceType,
  customerInvoiceTitleKey,
  isWithoutRecipientId,
  linesTotalCents,
  saleInvoice,
  saleLines,
  serviceInSpanish,
  SIMPLIFIED_LIMIT_CENTS,
  splitTaxIncluded,
} from './customer-invoice';

describe('customer invoices', () => {
  it('is an F2 for a consumer: simplified up to 400 € with tax, with the art. 6.1.d flag one cent above', () => {
    expect(saleInvoice(SIMPLIFIED_LIMIT_CENTS)).toEqual({ type: 'F2', withoutRecipientId: false });
    expect(saleInvoice(40_001)).toEqual({ type: 'F2', withoutRecipientId: true });
    expect(saleInvoice(1)).toEqual({ type: 'F2', withoutRecipientId: false });
    // Its rectifying invoice (R5) keeps the flag of the F2 it rectifies, whatever its own amount.
    const above = { invoiceType: 'F2' as const, totalCents: 45_000 };
    expect(isWithoutRecipientId({ invoiceType: 'R5', totalCents: -1_000 }, above)).toBe(true);
    expect(
      isWithoutRecipientId({ invoiceType: 'R5', totalCents: 50_000 }, { ...above, totalCents: 100 }),
    ).toBe(false);
    expect(isWithoutRecipientId({ invoiceType: 'F3', totalCents: 45_000 })).toBe(false);
    expect(
      isWithoutRecipientId({ invoiceType: 'R1', totalCents: -45_000 }, { ...above, invoiceType: 'F3' }),
    ).toBe(false);
    // The document above the limit is a full invoice, titled as one.
    expect(customerInvoiceTitleKey(above)).toBe('document.invoice');
    expect(customerInvoiceTitleKey({ invoiceType: 'F2', totalCents: 100 })).toBe('customer.simplified');
    expect(customerInvoiceTitleKey({ invoiceType: 'R5', totalCents: -100 })).toBe('customer.rectifying');
  });

  it('numbers each issuer’s series apart', () => {
    expect(customerSeriesKey('B76543210', 'F2', 2027)).toBe('C:B76543210:S-2027');
    expect(customerSeriesKey('B76543210', 'R5', 2027)).toBe('C:B76543210:RC-2027');
    expect(customerInvoiceNumber('R1', 2027, 3)).toBe('RC2027-000003');
    expect(refundInvoiceType('F2')).toBe('R5');
    expect(refundInvoiceType('F1')).toBe('R1');
    expect(refundInvoiceType('F3')).toBe('R1');
    expect(customerInvoiceNumber('F2', 2027, 12)).toBe('S2027-000012');
    expect(customerInvoiceNumber('F1', 2027, 1)).toBe('F2027-000001');
    expect(() => customerInvoiceNumber('F2', 2027, 0)).toThrow(RangeError);
  });

  it('splits a price with IGIC into base and quota that add up to the cent', () => {
    expect(splitTaxIncluded(10_700, 700)).toEqual({ baseCents: 10_000, quotaCents: 700 });
    expect(splitTaxIncluded(9_999, 700)).toEqual({ baseCents: 9_345, quotaCents: 654 });
    expect(splitTaxIncluded(12_345, null)).toEqual({ baseCents: 12_345, quotaCents: 0 });
    for (let total = 1; total < 5_000; total += 37) {
      const { baseCents, quotaCents } = splitTaxIncluded(total, 950);
      expect(baseCents + quotaCents).toBe(total);
      expect(Math.abs(quotaCents - Math.round((baseCents * 950) / 10_000))).toBeLessThanOrEqual(1);
    }
  });

  it('tells a sale in lines that add up to its total: the trip, each extra, the promo code taken off', () => {
    const startsAt = new Date('2027-06-20T09:00:00Z');
    const charter = saleLines({
      type: 'private',
      boat: 'Marlin Explorer',
      startsAt,
      endsAt: new Date('2027-06-20T12:00:00Z'),
      seats: 6,
      amountGrossCents: 46_800,
      extras: [{ name: 'Prosecco', quantity: 2, totalCents: 7_000 }],
      promoCode: 'SUMMER-10',
      discountCents: 5_200,
    });
    expect(charter).toEqual([
      {
        kind: 'charter',
        boat: 'Marlin Explorer',
        startsAt: startsAt.toISOString(),
        hours: 3,
        amountCents: 45_000,
      },
      { kind: 'extra', name: 'Prosecco', quantity: 2, amountCents: 7_000 },
      { kind: 'promo', code: 'SUMMER-10', amountCents: -5_200 },
    ]);
    expect(linesTotalCents(charter)).toBe(46_800);
    expect(serviceInSpanish(charter)).toBe('alquiler de embarcación');

    const seats = saleLines({
      type: 'shared',
      boat: 'Teide',
      startsAt,
      endsAt: startsAt,
      seats: 2,
      amountGrossCents: 10_000,
      extras: [],
      promoCode: null,
      discountCents: 0,
    });
    expect(seats).toEqual([
      { kind: 'seats', boat: 'Teide', startsAt: startsAt.toISOString(), seats: 2, amountCents: 10_000 },
    ]);
    // A seat on a shared trip is not the rental of a boat, in the record as on the PDF.
    expect(serviceInSpanish(seats)).toBe('plazas en excursión compartida en barco');
  });
});
