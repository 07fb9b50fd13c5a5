// A commission invoice or credit note as the owner's screens, its printable page and its PDF
// show it (docs/payments.md#commission-invoices): summary, both parties, lines and the VERI*FACTU
// QR code from its billing record. One builder, so the page and the e-mailed PDF cannot differ.
import { bookingReference } from '@boats/domain/booking-reference';
import { bpsToPercent } from '@boats/domain/fee-split';
import { languageOf } from '@boats/domain/languages';
import { centsToEuros } from '@boats/domain/money';
import type { Invoice, InvoiceSummary } from '@boats/domain/schemas/invoices';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { OwnerScope } from '../owner-scope/owner-scope';
import { verifactuQrOf } from './invoice-qr';
import { findInvoice, linesOfInvoice, type InvoiceView } from './invoice-repository';

export const toSummary = (i: InvoiceView): InvoiceSummary => ({
  _id: i.id,
  kind: i.kind,
  number: i.number,
  ownerId: i.ownerId,
  ownerName: i.ownerName,
  period: i.period,
  corrects: i.correctsId && i.correctsNumber ? { _id: i.correctsId, number: i.correctsNumber } : null,
  language: languageOf(i.language),
  base: centsToEuros(i.baseCents),
  igicPercent: bpsToPercent(i.igicBps),
  igic: centsToEuros(i.igicCents),
  total: centsToEuros(i.totalCents),
  issuedAt: i.issuedAt.toISOString(),
});

/** One document of the scope with its parties, lines and QR code; nothing for another owner's. */
export async function invoiceDetail(
  db: Db,
  config: Config,
  scope: OwnerScope,
  id: string,
): Promise<Invoice | undefined> {
  const invoice = await findInvoice(db, scope, id);
  if (!invoice) return undefined;
  const lines = await linesOfInvoice(db, invoice.id);
  return {
    ...toSummary(invoice),
    seller: invoice.seller,
    buyer: invoice.buyer,
    lines: lines.map((l) => ({
      bookingId: l.bookingId,
      reference: bookingReference(l.bookingId),
      tripStartsAt: l.tripStartsAt.toISOString(),
      net: centsToEuros(l.netCents),
      fee: centsToEuros(l.feeCents),
      commissionPercent: bpsToPercent(l.commissionBps),
    })),
    verifactu: await verifactuQrOf(db, config, { kind: 'commission_invoice', id: invoice.id }),
  };
}
