/**
 * The platform's commission invoices (docs/payments.md#commission-invoices). Issuing a month, by
 * the monthly job or the admin's action, per owner under the owner's row lock and in one
 * transaction: the owner's earning lines earned before the end of the month (only a month that has
 * ended) that no document carries yet go on the month's invoice, or, when they lower the fee
 * of a booking already invoiced (a refund after the invoice), on a credit note correcting that
 * invoice (domain planInvoices). Each document takes its number from its gap-free series inside
 * the transaction, carries both parties' legal details as they are at the issue and IGIC at
 * IGIC_PERCENT rounded once, and queues its e-mail to the owner in their language with the document
 * as a PDF (its VERI*FACTU QR code from the record written in the same transaction). Issuing again
 * finds nothing left: a line is on one document at most (the unique index of owner_invoice_lines).
 */
import {
  agentCommissionsOfLines,
  invoiceNumber,
  invoiceSeries,
  invoiceTotals,
  lineAmountCents,
  planInvoices,
  type InvoiceKind,
} from '@boats/domain/commission-invoice';
import { canaryDateKey, canaryPeriodRange, canaryYearMonth, monthHasEnded } from '@boats/domain/canary-time';
import { percentToBps } from '@boats/domain/fee-split';
import { aeatAmount, aeatDate, type AltaContent, type RecordId } from '@boats/domain/verifactu';
import { languageOf } from '@boats/domain/languages';
import { adminInvoicePath } from '@boats/domain/public-paths';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { invalidField } from '../../http/errors';
import type { InvoiceParty } from './schema';
import { withholdCommissionIgic } from '../earnings/earnings';
import { enqueueEmail } from '../mail/outbox';
import { ownerInvoiceEmail } from '../mail/owner-invoice-emails';
import { operatorIdentity } from '../operator/operator-identity';
import { EVERY_OWNER } from '../owner-scope/owner-scope';
import { lockOwner, type OwnerRow } from '../owners/owner-repository';
import { appendRecord } from '../verifactu/billing-records';
import { invoiceDetail } from './invoice-detail';
import { invoicePdf } from './invoice-pdf';
import { taxLine } from '../verifactu/issued-invoice-record';
import { platformIssuer, type Issuer } from '../verifactu/issuers';
import { recordParty } from '../verifactu/record-parties';
import {
  agentSalesOf,
  findInvoice,
  insertInvoice,
  invoiceOfBookings,
  ownersToInvoice,
  takeNumber,
  uninvoicedLines,
  type InvoiceRow,
  type UninvoicedLineRow,
} from './invoice-repository';

/**
 * Refuses a month that has not ended (Canary time) before anything is issued or numbered: a
 * month's invoice carries the whole month, so the month under way and those after wait
 * (docs/invoicing.md#invoices-for-a-month-that-has-ended). `field` is the request's.
 */
export function refuseUnendedMonth(period: string, now: Date, field: string): void {
  if (monthHasEnded(period, now)) return;
  const nextDay = canaryDateKey(new Date(canaryPeriodRange(period).end.getTime() + 1));
  throw invalidField(
    field,
    'month_not_ended',
    `The month ${period} has not ended yet (Canary time): its invoices can be issued from ${nextDay}.`,
  );
}

/** Issues `period`'s invoices and credit notes to every owner with fees not yet invoiced. */
export async function issueInvoices(
  ctx: AppContext,
  request: { period: string; actor: string },
): Promise<InvoiceRow[]> {
  refuseUnendedMonth(request.period, ctx.now(), 'body.period');
  // Lines earned before the month's end, this month's or earlier months' left uninvoiced.
  const before = new Date(canaryPeriodRange(request.period).end.getTime() + 1);
  const issued: InvoiceRow[] = [];
  for (const ownerId of await ownersToInvoice(ctx.db, before)) {
    issued.push(...(await ctx.db.transaction((tx) => issueOwner(ctx, tx, ownerId, before, request))));
  }
  return issued;
}

async function issueOwner(
  ctx: AppContext,
  tx: Db,
  ownerId: string,
  before: Date,
  request: { period: string; actor: string },
): Promise<InvoiceRow[]> {
  const owner = await lockOwner(tx, ownerId);
  if (!owner || owner.isPlatform) return [];
  const lines = await withAgentCommissions(tx, await uninvoicedLines(tx, ownerId, before), before);
  const plan = planInvoices(lines, await invoiceOfBookings(tx, [...new Set(lines.map((l) => l.bookingId))]));
  const issued: InvoiceRow[] = [];
  if (plan.invoice.length > 0) {
    issued.push(await issueDocument(ctx, tx, owner, 'invoice', plan.invoice, null, request));
  }
  for (const credit of plan.creditNotes) {
    issued.push(
      await issueDocument(ctx, tx, owner, 'credit_note', credit.lines, credit.correctsInvoiceId, request),
    );
  }
  return issued;
}

/** A line to invoice, with the agent's commission it carries and that agent's name (decision 36). */
type LineToInvoice = UninvoicedLineRow & { agentCommissionCents: number; agentName: string | null };

/**
 * Each line with the agent's commission it carries: on a booking an agent sold on commission in
 * the owner's name, what the booking bears after the line less what its documents and its
 * earlier lines already carry (domain agentCommissionsOfLines); 0 on any other.
 */
async function withAgentCommissions(
  tx: Db,
  lines: UninvoicedLineRow[],
  before: Date,
): Promise<LineToInvoice[]> {
  const facts = await agentSalesOf(tx, [...new Set(lines.map((l) => l.bookingId))], before);
  const carried = new Map<string, number[]>();
  for (const [bookingId, f] of facts) {
    const nets = lines.filter((l) => l.bookingId === bookingId).map((l) => l.netCents);
    carried.set(bookingId, agentCommissionsOfLines(f.sale, f, nets));
  }
  return lines.map((l) => {
    const f = facts.get(l.bookingId);
    return {
      ...l,
      agentCommissionCents: carried.get(l.bookingId)?.shift() ?? 0,
      agentName: f?.agentName ?? null,
    };
  });
}

async function issueDocument(
  ctx: AppContext,
  tx: Db,
  owner: OwnerRow,
  kind: InvoiceKind,
  lines: LineToInvoice[],
  correctsId: string | null,
  request: { period: string; actor: string },
): Promise<InvoiceRow> {
  const issuedAt = ctx.now();
  const { year } = canaryYearMonth(issuedAt);
  const number = invoiceNumber(kind, year, await takeNumber(tx, invoiceSeries(kind, year)));
  const platform = operatorIdentity(ctx.config);
  const seller: InvoiceParty = { name: platform.legalName, taxId: platform.taxId, address: platform.address };
  const buyer: InvoiceParty = {
    name: owner.legalName || owner.displayName,
    taxId: owner.taxId,
    address: owner.address,
  };
  const totals = invoiceTotals(lines.map(lineAmountCents), percentToBps(ctx.config.IGIC_PERCENT));
  const invoice = await insertInvoice(
    tx,
    {
      kind,
      number,
      ownerId: owner.id,
      period: request.period,
      correctsId,
      language: languageOf(owner.language),
      seller,
      buyer,
      ...totals,
      issuedBy: request.actor,
      issuedAt,
    },
    lines.map((l) => ({
      invoiceId: '',
      earningLineId: l.id,
      bookingId: l.bookingId,
      tripStartsAt: l.tripStartsAt,
      netCents: l.netCents,
      feeCents: l.feeCents,
      commissionBps: l.commissionBps,
      agentCommissionCents: l.agentCommissionCents,
      agentName: l.agentName,
    })),
  );
  await withholdCommissionIgic(tx, invoice);
  const corrects = correctsId ? await findInvoice(tx, EVERY_OWNER, correctsId) : undefined;
  const withAgents = lines.some((l) => l.agentCommissionCents !== 0);
  await recordAndSend(ctx, tx, owner, invoice, corrects, withAgents);
  return invoice;
}

/**
 * The rectifying invoice by substitution of the commission invoice `rectified` to the owner's
 * corrected name, tax id or address (docs/invoicing.md#changing-the-recipients-data): the same
 * month, amounts and lines (those of the invoice it replaces, which it carries: an earning line is
 * on one document's rows at most), numbered in the rectifying series, its record an R1 by
 * substitution naming the replaced invoice with its base and quota, e-mailed to the owner with its
 * PDF. The caller holds the owner's row lock and has checked that `rectified` may be substituted.
 */
export async function issueSubstitution(
  ctx: AppContext,
  tx: Db,
  owner: OwnerRow,
  rectified: InvoiceRow,
  buyer: InvoiceParty,
  actor: string,
): Promise<InvoiceRow> {
  const issuedAt = ctx.now();
  const { year } = canaryYearMonth(issuedAt);
  const number = invoiceNumber(
    'substitution',
    year,
    await takeNumber(tx, invoiceSeries('substitution', year)),
  );
  const invoice = await insertInvoice(
    tx,
    {
      kind: 'substitution',
      number,
      ownerId: rectified.ownerId,
      period: rectified.period,
      correctsId: rectified.id,
      language: rectified.language,
      seller: rectified.seller,
      buyer,
      baseCents: rectified.baseCents,
      igicBps: rectified.igicBps,
      igicCents: rectified.igicCents,
      totalCents: rectified.totalCents,
      issuedBy: actor,
      issuedAt,
    },
    [],
  );
  await recordAndSend(ctx, tx, owner, invoice, rectified, false);
  return invoice;
}

/**
 * A commission document's VERI*FACTU record, chained in its transaction (after the series'
 * counter), and its e-mail to the owner with its PDF.
 */
async function recordAndSend(
  ctx: AppContext,
  tx: Db,
  owner: OwnerRow,
  invoice: InvoiceRow,
  corrects: InvoiceRow | undefined,
  /** The document carries agents' commissions (decision 36): its record's description says so. */
  withAgents: boolean,
): Promise<void> {
  const issuer = platformIssuer(ctx.config);
  await appendRecord(
    tx,
    ctx.config,
    issuer,
    commissionRecord(issuer, invoice, corrects ?? null, withAgents),
    { kind: 'commission_invoice', id: invoice.id },
    invoice.issuedAt,
  );
  if (owner.email) {
    const link = `${ctx.config.publicUrl}${adminInvoicePath(invoice.id)}`;
    // The PDF is the printable page's detail, its QR code from the record just written.
    const detail = await invoiceDetail(tx, ctx.config, EVERY_OWNER, invoice.id);
    if (!detail) throw new Error(`invoice ${invoice.id} not found after its insert`);
    const pdf = await invoicePdf(detail);
    await enqueueEmail(tx, ownerInvoiceEmail(invoice, owner, link, corrects?.number ?? null, pdf));
  }
}

/**
 * The billing record of a commission invoice (F1), credit note (R1 by differences, naming the
 * invoice it corrects) or substitution (R1 by substitution, naming the invoice it replaces with its
 * base and quota): the platform issues it to the owner, IGIC (tax 03) in the general regime.
 */
function commissionRecord(
  issuer: Issuer,
  invoice: InvoiceRow,
  corrects: InvoiceRow | null,
  withAgents: boolean,
): AltaContent {
  const id = (numSerie: string, issuedAt: Date): RecordId => ({
    issuerNif: issuer.nif,
    numSerie,
    issueDate: aeatDate(issuedAt),
  });
  // Its base (and so the record's base, quota and total) covers the fees and, on an agent's sale
  // in the owner's name, the agent's commission the platform invoices on (decision 36).
  const agents = withAgents ? ' y comisiones de agentes por ventas en su nombre' : '';
  const description = {
    invoice: `Comisión de intermediación de reservas${agents}, ${invoice.period}`,
    credit_note: `Rectificación de la comisión de intermediación${agents}, ${invoice.period}`,
    substitution: `Rectificación por sustitución, datos del destinatario: comisión de intermediación de reservas, ${invoice.period}`,
  }[invoice.kind];
  return {
    kind: 'alta',
    id: id(invoice.number, invoice.issuedAt),
    issuerName: issuer.name,
    invoiceType: invoice.kind === 'invoice' ? 'F1' : 'R1',
    rectificationType: { invoice: null, credit_note: 'I' as const, substitution: 'S' as const }[invoice.kind],
    rectified: corrects ? [id(corrects.number, corrects.issuedAt)] : [],
    substituted: [],
    ...(invoice.kind === 'substitution' &&
      corrects && {
        rectifiedAmounts: { base: aeatAmount(corrects.baseCents), quota: aeatAmount(corrects.igicCents) },
      }),
    // The AEAT's records are in Spanish, whatever language the owner reads.
    description,
    withoutRecipientId: false,
    thirdParty: null,
    recipients: [recordParty(invoice.buyer.name, invoice.buyer.taxId)],
    lines: [taxLine(invoice)],
    totalQuota: aeatAmount(invoice.igicCents),
    totalAmount: aeatAmount(invoice.totalCents),
    correctsRejected: false,
  };
}
