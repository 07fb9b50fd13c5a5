/**
 * The platform's commission invoices to owners (docs/payments.md#commission-invoices): what an
 * invoice or a credit note carries, its IGIC (the Canary Islands' indirect tax) rounded once on
 * the document's base, and its number in a gap-free series per kind and year.
 *
 * An owner's earning lines are invoiced once each, each for its fee and, on a booking an agent
 * sold in the owner's name, the agent's commission it bears (decision 36: the platform engaged the
 * agent and invoices its service on). A run takes the lines not yet on a document: those of a
 * booking already invoiced whose amount went down (a refund after the invoice) go on a credit note
 * correcting that booking's invoice; every other line goes on the month's invoice. So the amounts
 * on invoices minus the credit notes equal the fees and agents' commissions of the lines
 * invoiced, to the cent.
 */
import { shareAtBps } from './fee-split';
import { centsToEuros, eurosToCents } from './money';

/** The IGIC rate unless IGIC_PERCENT says otherwise (the general rate). */
export const DEFAULT_IGIC_PERCENT = 7;

/**
 * An invoice, a credit note (a rectifying invoice by differences: a fee refunded), or a rectifying
 * invoice by substitution (the same invoice to the owner's corrected name or tax id: it replaces
 * the invoice it rectifies; docs/invoicing.md#changing-the-recipients-data).
 */
export type InvoiceKind = 'invoice' | 'credit_note' | 'substitution';
export const INVOICE_KINDS = [
  'invoice',
  'credit_note',
  'substitution',
] as const satisfies readonly InvoiceKind[];

/**
 * The texts keys (owner-invoices.json) of a commission document's title, of the invoice it
 * corrects or replaces, and of its closing note: one rule for its page and its PDF.
 */
export function commissionDocumentKeys(kind: InvoiceKind): { title: string; corrects: string; note: string } {
  return {
    invoice: { title: 'document.invoice', corrects: 'document.corrects', note: 'document.invoiceNote' },
    credit_note: {
      title: 'document.creditNote',
      corrects: 'document.corrects',
      note: 'document.creditNoteNote',
    },
    substitution: {
      title: 'document.substitution',
      corrects: 'document.substitutes',
      note: 'document.substitutionNote',
    },
  }[kind];
}

/**
 * A commission document's agents' line (decision 36), one rule for its page and its PDF: the lines
 * carrying an agent's commission, and the base split into the platform's fees and the agents'
 * commissions (in euros, summed in cents: fees + commissions = the base).
 */
export function agentsLine<L extends { fee: number; agentCommission: number }>(document: {
  lines: readonly L[];
}): { lines: L[]; fees: number; commissions: number } {
  const sum = (pick: (l: L) => number) =>
    centsToEuros(document.lines.reduce((s, l) => s + eurosToCents(pick(l)), 0));
  return {
    lines: document.lines.filter((l) => l.agentCommission !== 0),
    fees: sum((l) => l.fee),
    commissions: sum((l) => l.agentCommission),
  };
}

export interface InvoiceTotals {
  baseCents: number;
  igicBps: number;
  igicCents: number;
  totalCents: number;
}

/**
 * A document's totals: the sum of its lines' amounts (each line's fee plus the agent's commission
 * it carries: lineAmountCents), IGIC on that sum, and both together.
 */
export function invoiceTotals(lineAmountsCents: readonly number[], igicBps: number): InvoiceTotals {
  const baseCents = lineAmountsCents.reduce((sum, amount) => sum + amount, 0);
  const igicCents = shareAtBps(baseCents, igicBps);
  return { baseCents, igicBps, igicCents, totalCents: baseCents + igicCents };
}

/**
 * The series a number is taken from: invoices `F-2027`, and the rectifying ones (credit notes and
 * substitutions) `R-2027`, each without gaps.
 */
export function invoiceSeries(kind: InvoiceKind, year: number): string {
  return `${kind === 'invoice' ? 'F' : 'R'}-${String(year)}`;
}

/** `2026-000123` for an invoice, `R2026-000004` for a credit note. */
export function invoiceNumber(kind: InvoiceKind, year: number, n: number): string {
  if (!Number.isSafeInteger(n) || n < 1) throw new RangeError('invoice numbers start at 1');
  return `${kind === 'invoice' ? '' : 'R'}${String(year)}-${String(n).padStart(6, '0')}`;
}

export interface UninvoicedLine {
  id: string;
  bookingId: string;
  feeCents: number;
  /** The agent's commission the line carries (agentCommissionsOfLines); 0 on any other sale. */
  agentCommissionCents: number;
}

/** What a line adds to its document's base: the platform's fee and the agent's commission. */
export const lineAmountCents = (line: Pick<UninvoicedLine, 'feeCents' | 'agentCommissionCents'>): number =>
  line.feeCents + line.agentCommissionCents;

/**
 * An agent's cash sale (docs/channels.md#agents): what the agent took on the platform's account (the
 * net, its `agent_cash` payments) and the commission it kept of the retail price at the rate
 * recorded with the sale.
 */
export interface AgentSale {
  netCents: number;
  commissionCents: number;
}

/**
 * The agent's commission a booking still bears when its money is `netCents` (decision 36): the
 * whole commission while the sale's net is kept, none once it is all refunded (the agent hands the
 * cash back, its commission with it), in proportion between, rounded half away from zero. Money
 * paid on top of the agent's sale (a dearer date paid by card) carries no agent's commission.
 */
export function agentCommissionAtNet(sale: AgentSale, netCents: number): number {
  if (sale.netCents <= 0 || sale.commissionCents <= 0 || netCents <= 0) return 0;
  if (netCents >= sale.netCents) return sale.commissionCents;
  return Number(
    (2n * BigInt(sale.commissionCents) * BigInt(netCents) + BigInt(sale.netCents)) /
      (2n * BigInt(sale.netCents)),
  );
}

/**
 * The agent's commission each of a booking's lines not yet invoiced carries, in the lines' order:
 * what the booking bears after the line (its nets so far, `booking.netCents` after the last line)
 * less what it bore before, starting from what its documents already carry
 * (`booking.invoicedCents`). So a booking's documents carry, after every run, what it bears at its
 * net, whatever its refunds: a refund after the trip gives its part back.
 */
export function agentCommissionsOfLines(
  sale: AgentSale | null,
  booking: { netCents: number; invoicedCents: number },
  lineNetsCents: readonly number[],
): number[] {
  if (!sale) return lineNetsCents.map(() => 0);
  let net = booking.netCents - lineNetsCents.reduce((sum, n) => sum + n, 0);
  let carried = booking.invoicedCents;
  return lineNetsCents.map((lineNet) => {
    net += lineNet;
    const bears = agentCommissionAtNet(sale, net);
    const line = bears - carried;
    carried = bears;
    return line;
  });
}

export interface InvoicePlan<L extends UninvoicedLine> {
  /** Lines on the month's invoice (issued when their amounts add up to more than nothing). */
  invoice: L[];
  /** Per invoice corrected, the lines of its credit note (each a lower amount, negative). */
  creditNotes: { correctsInvoiceId: string; lines: L[] }[];
}

/**
 * Which document each line not yet invoiced goes on. `invoiceOfBooking` says on which issued
 * invoice a booking's earlier lines are. A line that changes nothing (fee and agent's commission
 * 0) is left out.
 */
export function planInvoices<L extends UninvoicedLine>(
  lines: readonly L[],
  invoiceOfBooking: ReadonlyMap<string, string>,
): InvoicePlan<L> {
  const invoice: L[] = [];
  const corrections = new Map<string, L[]>();
  for (const line of lines) {
    if (line.feeCents === 0 && line.agentCommissionCents === 0) continue;
    const invoiced = invoiceOfBooking.get(line.bookingId);
    if (invoiced && lineAmountCents(line) < 0) {
      corrections.set(invoiced, [...(corrections.get(invoiced) ?? []), line]);
    } else {
      invoice.push(line);
    }
  }
  const total = invoice.reduce((sum, l) => sum + lineAmountCents(l), 0);
  return {
    // A month whose amounts net to nothing (a trip refunded in full the same month) has no invoice;
    // its lines wait, and add up to nothing with whatever comes later.
    invoice: total > 0 ? invoice : [],
    creditNotes: [...corrections].map(([correctsInvoiceId, l]) => ({ correctsInvoiceId, lines: l })),
  };
}

/** 'YYYY-MM' of a year and month. */
export const periodKey = (year: number, month: number): string =>
  `${String(year)}-${String(month).padStart(2, '0')}`;
