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
import { EVERY_OWNER, type OwnerScope } from '../owner-scope/owner-scope';
import { verifactuQrOf } from './invoice-qr';
import { findInvoice, linesOfInvoice, type InvoiceView } from './invoice-repository';

export const toSummary = (i: InvoiceView): InvoiceSummary => ({
  _id: i.id,
  kind: i.kind,
  number: i.number,
  ownerId: i.ownerId,
  ownerName: i.ownerName,
  period: i.period,
  corrects:
    i.correctsId && i.correctsNumber && i.correctsIssuedAt
      ? { _id: i.correctsId, number: i.correctsNumber, issuedAt: i.correctsIssuedAt.toISOString() }
      : null,
  language: languageOf(i.language),
  base: centsToEuros(i.baseCents),
  igicPercent: bpsToPercent(i.igicBps),
  igic: centsToEuros(i.igicCents),
  total: centsToEuros(i.totalCents),
  issuedAt: i.issuedAt.toISOString(),
});

/**
 * The invoice whose rows hold a document's lines: its own, or for a substitution (which carries
 * the lines of the invoice it replaces: an earning line is on one document's rows at most) the
 * first invoice of its chain of substitutions.
 */
async function linesHolder(db: Db, invoice: InvoiceView): Promise<string> {
  let holder: InvoiceView | undefined = invoice;
  while (holder?.kind === 'substitution' && holder.correctsId) {
    holder = await findInvoice(db, EVERY_OWNER, holder.correctsId);
  }
  if (!holder) throw new Error(`invoice ${invoice.id}'s substitution chain is broken`);
  return holder.id;
}

/** One document of the scope with its parties, lines and QR code; nothing for another owner's. */
export async function invoiceDetail(
  db: Db,
  config: Config,
  scope: OwnerScope,
  id: string,
): Promise<Invoice | undefined> {
  const invoice = await findInvoice(db, scope, id);
  if (!invoice) return undefined;
  const lines = await linesOfInvoice(db, await linesHolder(db, invoice));
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
      agentCommission: centsToEuros(l.agentCommissionCents),
      agentName: l.agentName,
    })),
    verifactu: await verifactuQrOf(db, config, { kind: 'commission_invoice', id: invoice.id }),
  };
}
