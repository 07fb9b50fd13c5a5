// Which sale invoice stands for a booking (customer-invoices.ts's standingInvoice): the one a
// refund rectifies, the one the confirmation e-mail attaches: a sale, the full invoice replacing
// it, or the rectifying invoice by substitution replacing that one.
import { describe, expect, it } from 'vitest';
import { standingInvoice, type BookingInvoice } from './customer-invoices';

const ISSUED = new Date('2027-07-01T09:00:00Z');
let next = 0;
function invoice(over: Partial<BookingInvoice>): BookingInvoice {
  next++;
  return {
    id: `00000000-0000-4000-8000-${String(next).padStart(12, '0')}`,
    bookingId: '00000000-0000-4000-8000-999999999999',
    ownerId: 'marta',
    issuerNif: 'B12345674',
    issuer: { name: 'Marta S.L.', taxId: 'B12345674', address: 'Puerto 1', igicRegime: 'general' },
    byThirdParty: true,
    invoiceType: 'F2',
    number: `S2027-${String(next).padStart(6, '0')}`,
    correctsId: null,
    refundId: null,
    bySubstitution: false,
    recipient: null,
    language: 'en',
    baseCents: 0,
    igicBps: null,
    igicCents: 0,
    totalCents: 5000,
    issuedAt: ISSUED,
    cancelled: false,
    ...over,
  } as BookingInvoice;
}

describe('the invoice that stands for a booking', () => {
  it('is the sale, or the F3 that replaced it', () => {
    const sale = invoice({});
    expect(standingInvoice([sale])).toBe(sale);
    const full = invoice({ invoiceType: 'F3', correctsId: sale.id });
    expect(standingInvoice([sale, full])).toBe(full);
    expect(
      standingInvoice([sale, invoice({ invoiceType: 'R5', correctsId: sale.id, totalCents: -1000 })]),
    ).toBe(sale);
  });

  it('is the simplified invoice again once the F3 that replaced it is cancelled as issued by mistake', () => {
    const sale = invoice({});
    const refund = invoice({ invoiceType: 'R5', correctsId: sale.id, totalCents: -1000 });
    const wrongCompany = invoice({
      invoiceType: 'F3',
      correctsId: sale.id,
      totalCents: 4000,
      cancelled: true,
    });
    expect(standingInvoice([sale, refund, wrongCompany])).toBe(sale);
    const rightCompany = invoice({ invoiceType: 'F3', correctsId: sale.id, totalCents: 4000 });
    expect(standingInvoice([sale, refund, wrongCompany, rightCompany])).toBe(rightCompany);
  });

  it('after a move to another owner’s boat, is the new owner’s sale, whatever order two sales of one instant come in', () => {
    const marta = invoice({});
    const martaToNothing = invoice({ invoiceType: 'R5', correctsId: marta.id, totalCents: -5000 });
    const boris = invoice({ ownerId: 'boris', issuerNif: 'B76543210' });
    for (const order of [
      [marta, martaToNothing, boris],
      [boris, marta, martaToNothing],
    ]) {
      expect(standingInvoice(order)).toBe(boris);
    }
  });

  it('is the rectifying invoice by substitution that replaced the full invoice (the recipient’s data corrected), and the next one', () => {
    const sale = invoice({});
    const full = invoice({ invoiceType: 'F3', correctsId: sale.id });
    const substitute = invoice({ invoiceType: 'R1', correctsId: full.id, bySubstitution: true });
    expect(standingInvoice([sale, full, substitute])).toBe(substitute);
    // A refund after it rectifies it by differences: it still stands, for what is left.
    const refund = invoice({ invoiceType: 'R1', correctsId: substitute.id, totalCents: -1000 });
    expect(standingInvoice([sale, full, substitute, refund])).toBe(substitute);
    const again = invoice({ invoiceType: 'R1', correctsId: substitute.id, bySubstitution: true });
    expect(standingInvoice([sale, full, substitute, again])).toBe(again);
  });

  it('is still the sale when a refund took it all back', () => {
    const sale = invoice({});
    expect(
      standingInvoice([sale, invoice({ invoiceType: 'R5', correctsId: sale.id, totalCents: -5000 })]),
    ).toBe(sale);
  });
});
